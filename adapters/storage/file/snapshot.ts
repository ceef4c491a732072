import { createHash } from 'node:crypto'
import type { Dict } from '../../../src/model/dict.js'
import type { State } from '../../../src/model/state.js'
import { bucketAt, DeferredBucket, deferredSlot, isTable } from '../../../src/store/table.js'
import { corruptSnapshot, io, StoreFault } from './errors.js'
import { Chunks } from './chunks.js'
import { type FileSystem, fsyncDir, writeAll } from './fs.js'
import { parseJson } from './json.js'
import { parseSharedRows } from './shared-rows.js'
import type { StateDecoder } from './journal.js'
import { FILE_MODE, type Layout } from './layout.js'

/**
 * A snapshot is:
 *
 *   {"format":"flagport-snapshot","formatVersion":2,"version":<n>}
 *   <the state as JSON, each bucket of a top-level table standing as the number of its line>
 *   <one line per bucket: its rows as JSON>
 *   {"bytes":<length of the lines above>,"sha256":"<hex of the lines above>"}
 *
 * Buckets on lines of their own let a reader keep each one as text until it is used, so
 * opening a large store costs reading and checking bytes rather than building every row
 * (format 1, still read, had the whole state on one line). The trailer comes last, so a
 * file cut short anywhere lacks it or fails it. Snapshots are written under a temp name and
 * renamed only once fsynced, so a half-written one is never under its real name; the
 * checksum covers what rename ordering cannot (bit rot, a copy gone wrong).
 */
export const SNAPSHOT_FORMAT = 'flagport-snapshot'
const NEWLINE = 0x0a
const FLUSH_AT = 1 << 20
/** Bucket lines shorter than this are copied out of the chunk they were read in. */
const SMALL_LINE = 4096

/**
 * JSON text in pieces, one piece per value below `depth` levels. At depth 3 the state's
 * event log splits into pages (up to 4,096 events each), so writing a large store yields to
 * the event loop between pieces instead of stalling it for one giant `JSON.stringify`.
 */
export function* jsonPieces(value: unknown, depth = 3): Generator<string> {
  if (depth === 0 || value === null || typeof value !== 'object' || typeof (value as { toJSON?: unknown }).toJSON === 'function') {
    yield JSON.stringify(value) ?? 'null'
    return
  }
  if (Array.isArray(value)) {
    yield '['
    for (let i = 0; i < value.length; i++) {
      if (i > 0) yield ','
      const item: unknown = value[i]
      yield* item === undefined || typeof item === 'function' || typeof item === 'symbol' ? ['null'] : jsonPieces(item, depth - 1)
    }
    yield ']'
    return
  }
  yield '{'
  let first = true
  for (const key of Object.keys(value)) {
    const item = (value as Record<string, unknown>)[key]
    if (item === undefined || typeof item === 'function' || typeof item === 'symbol') continue
    yield `${first ? '' : ','}${JSON.stringify(key)}:`
    yield* jsonPieces(item, depth - 1)
    first = false
  }
  yield '}'
}

/**
 * The state line, then one line per bucket of each top-level table, in the order the state
 * line numbers them (from 1). A bucket never used since it was read is written back as the
 * text it was read from.
 */
function* snapshotPieces(state: State): Generator<string | Buffer> {
  const buckets: unknown[] = []
  yield '{'
  let first = true
  for (const key of Object.keys(state)) {
    const value: unknown = (state as unknown as Record<string, unknown>)[key]
    if (value === undefined) continue
    yield `${first ? '' : ','}${JSON.stringify(key)}:`
    first = false
    if (isTable(value) && Object.keys(value).length === 2) {
      const shards = value.shards.map((shard) => `[${shard.map((slot) => (slot === null ? 'null' : String(buckets.push(slot)))).join(',')}]`)
      yield `{"size":${value.size},"shards":[${shards.join(',')}]}`
    } else yield* jsonPieces(value, 2)
  }
  yield '}\n'
  for (const bucket of buckets) {
    const source = bucket instanceof DeferredBucket ? (bucket as DeferredBucket<unknown, Buffer>).source : undefined
    yield source ?? `${JSON.stringify(bucket)}\n`
  }
}

/** A bucket line (its newline included) as rows. */
const parseLine = (line: Buffer): Dict<unknown> => parseSharedRows(line.toString('utf8', 0, line.length - 1)) as Dict<unknown>

/** Puts each numbered bucket of the state's tables back in its slot, deferred: built when first used. */
const attachBuckets = (state: unknown, lines: readonly Buffer[]): string | null => {
  if (state === null || typeof state !== 'object') return null
  const used = new Set<number>()
  for (const value of Object.values(state)) {
    if (!isTable(value)) continue
    for (const shard of value.shards as unknown[][]) {
      for (let b = 0; b < shard.length; b++) {
        const slot = shard[b]
        if (typeof slot !== 'number') continue
        const text = lines[slot - 1]
        if (text === undefined || used.has(slot)) return `bucket line ${slot} is missing or used twice`
        used.add(slot)
        shard[b] = deferredSlot(text, parseLine)
      }
    }
  }
  return used.size === lines.length ? null : `${lines.length - used.size} bucket lines belong to no table`
}

/** Builds every deferred bucket of the state's tables (for a caller that checks the whole state). */
export const materialize = (state: unknown): unknown => {
  if (state !== null && typeof state === 'object') {
    for (const value of Object.values(state)) {
      if (isTable(value)) for (const shard of value.shards) for (let b = 0; b < shard.length; b++) bucketAt(shard, b)
    }
  }
  return state
}

/**
 * Writes the state at `version` as `snapshot-<version>.json`: unique temp file, fsync,
 * rename, fsync of the directory. Returns the snapshot's size. The temp file is removed if
 * anything fails.
 */
export const writeSnapshot = async (fs: FileSystem, layout: Layout, version: number, state: State, mode = FILE_MODE): Promise<number> => {
  const target = layout.snapshot(version)
  const temp = layout.temp(target)
  const fd = await io(temp, () => fs.open(temp, 'wx', mode))
  const hash = createHash('sha256')
  let written = 0
  let pending = ''
  const flush = async (): Promise<void> => {
    const buffer = Buffer.from(pending, 'utf8')
    pending = ''
    hash.update(buffer)
    await io(temp, () => writeAll(fs, fd, buffer, written))
    written += buffer.length
  }
  const push = async (piece: string | Buffer): Promise<void> => {
    if (typeof piece === 'string') pending += piece
    else {
      await flush()
      hash.update(piece)
      await io(temp, () => writeAll(fs, fd, piece, written))
      written += piece.length
    }
    if (pending.length >= FLUSH_AT) await flush()
  }
  let closed = false
  try {
    await push(`${JSON.stringify({ format: SNAPSHOT_FORMAT, formatVersion: 2, version })}\n`)
    for (const piece of snapshotPieces(state)) await push(piece)
    await flush()
    const trailer = Buffer.from(`${JSON.stringify({ bytes: written, sha256: hash.digest('hex') })}\n`, 'utf8')
    await io(temp, () => writeAll(fs, fd, trailer, written))
    written += trailer.length
    await io(temp, () => fs.fsync(fd))
    closed = true
    await io(temp, () => fs.close(fd))
    await io(target, () => fs.rename(temp, target))
    await io(layout.dir, () => fsyncDir(fs, layout.dir))
    return written
  } catch (e) {
    if (!closed) await fs.close(fd).catch(() => undefined)
    await fs.unlink(temp).catch(() => undefined)
    throw e
  }
}

/** Reads and checks `snapshot-<version>.json`; anything but a whole, matching file is a CorruptSnapshot. */
export const readSnapshot = async (
  fs: FileSystem,
  layout: Layout,
  version: number,
  decodeState: StateDecoder,
): Promise<{ readonly state: State; readonly bytes: number }> => {
  const file = layout.snapshot(version)
  const bytes = await io(file, () => Chunks.read(fs, file))
  const bad = (reason: string) => new StoreFault(corruptSnapshot(file, reason))
  if (bytes.length === 0 || bytes.byteAt(bytes.length - 1) !== NEWLINE) throw bad('the file is incomplete')
  const trailerStart = bytes.lastIndexOf(NEWLINE, bytes.length - 2) + 1
  let trailer: { bytes?: unknown; sha256?: unknown }
  try {
    trailer = JSON.parse(bytes.slice(trailerStart, bytes.length - 1).toString('utf8')) as typeof trailer
  } catch {
    throw bad('the trailer is missing')
  }
  const bodyLength = trailerStart
  if (trailer.bytes !== bodyLength) throw bad(`the trailer says ${String(trailer.bytes)} bytes, found ${bodyLength}`)
  if (trailer.sha256 !== bytes.hash(createHash('sha256'), 0, bodyLength).digest('hex')) throw bad('checksum mismatch')
  const headerEnd = bytes.indexOf(NEWLINE, 0)
  let header: { format?: unknown; formatVersion?: unknown; version?: unknown }
  try {
    header = JSON.parse(bytes.slice(0, headerEnd).toString('utf8')) as typeof header
  } catch {
    throw bad('the header is not JSON')
  }
  if (header.format !== SNAPSHOT_FORMAT || (header.formatVersion !== 1 && header.formatVersion !== 2)) throw bad('not a flagport snapshot of a known format')
  if (header.version !== version) throw bad(`it holds version ${String(header.version)}, its name says ${version}`)
  const stateEnd = header.formatVersion === 1 ? bodyLength - 1 : bytes.indexOf(NEWLINE, headerEnd + 1)
  let parsed: unknown
  try {
    parsed = parseJson(bytes.slice(headerEnd + 1, stateEnd).toString('utf8'))
  } catch (e) {
    throw bad(`the state is not JSON (${(e as Error).message})`)
  }
  if (header.formatVersion === 2) {
    // Kept as bytes, newline included: a bucket is decoded when it is used, and one never
    // used is written back by the next snapshot as it was read. A large line is a view of
    // its chunk; a small one (a small table's bucket) is copied, so that it alone does not
    // keep 8 MB of read features in memory.
    const lines: Buffer[] = []
    for (let at = stateEnd + 1; at < bodyLength; ) {
      const end = bytes.indexOf(NEWLINE, at) + 1
      const line = bytes.slice(at, end)
      lines.push(line.length < SMALL_LINE ? Buffer.from(line) : line)
      at = end
    }
    const problem = attachBuckets(parsed, lines)
    if (problem !== null) throw bad(problem)
  }
  const state = decodeState(parsed)
  if (!state.ok) throw bad(`invalid state: ${state.reason}`)
  return { state: state.value, bytes: bytes.length }
}

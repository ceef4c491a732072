import { createHash } from 'node:crypto'
import * as E from 'fp-ts/lib/Either.js'
import type * as t from 'io-ts'
import {
  SCHEMA,
  TABLE_NAMES,
  bucketAt,
  decodeStoredState,
  deferredTable,
  emptyTable,
  isTable,
  parseJson,
  parseSharedRows,
  rowProblem,
  rowsForWriting,
  toStored,
  type Dict,
  type State,
  type StoredRows,
  type Table,
  type TableName,
} from '../../../src/storage/index.js'
import { corruptSnapshot, io, StoreFault, unsupportedFormat } from './errors.js'
import { Chunks } from './chunks.js'
import { type FileSystem, fsyncDir, writeAll } from './fs.js'
import type { StateDecoder } from './journal.js'
import { FILE_MODE, type Layout } from './layout.js'
import { attachBuckets } from './legacy-snapshot.js'

/**
 * A snapshot is:
 *
 *   {"format":"flagport-snapshot","formatVersion":3,"version":<n>}
 *   {"state":<the state, every table empty>,"tables":[["features",<rows>],…]}
 *   <one line per row of each table listed, in that order: "<key>":<row>>
 *   {"bytes":<length of the lines above>,"sha256":"<hex of the lines above>"}
 *
 * The state is in its stored form (src/store/stored-state.ts): rows by key, events as a
 * list; nothing of the engine's layout. A row line is a key and its row as one member of a
 * JSON object, so a reader can take the key alone and keep the row as text until it is used:
 * opening a large store costs reading and checking bytes rather than building every row. The
 * trailer comes last, so a file cut short anywhere lacks it or fails it. Snapshots are written
 * under a temp name and renamed only once fsynced, so a half-written one is never under its
 * real name; the checksum covers what rename ordering cannot (bit rot, a copy gone wrong).
 * Formats 1 and 2 (the engine's buckets) are read to upgrade a store of journal format 1.
 */
export const SNAPSHOT_FORMAT = 'flagport-snapshot'
export const SNAPSHOT_VERSION = 3
const NEWLINE = 0x0a
const QUOTE = 0x22
const BACKSLASH = 0x5c
const COLON = 0x3a
const FLUSH_AT = 1 << 20
/** Row lines shorter than this, of a table of fewer rows than `LARGE_TABLE`, are copied out of the chunk they were read in. */
const SMALL_LINE = 4096
const LARGE_TABLE = 1024

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

const tablesOf = (state: State): [TableName, Table<unknown>][] =>
  [...TABLE_NAMES].flatMap((name) => {
    const table = (state as unknown as Record<string, unknown>)[name]
    return isTable(table) ? [[name as TableName, table]] : []
  })

/**
 * The state line, then the rows of each table in the order the state line lists them. Rows of
 * a bucket never used since they were read are written back as the text they were read from.
 */
function* snapshotPieces(state: State): Generator<string | Buffer> {
  const tables = tablesOf(state)
  const skeleton = toStored({ ...state, ...Object.fromEntries(tables.map(([name]) => [name, emptyTable()])) })
  yield '{"state":'
  yield* jsonPieces(skeleton, 3)
  yield `,"tables":${JSON.stringify(tables.map(([name, table]) => [name, table.size]))}}\n`
  for (const [, table] of tables) {
    for (const part of rowsForWriting<unknown, Buffer>(table)) {
      if (Array.isArray(part)) yield `${JSON.stringify(part[0])}:${JSON.stringify(part[1])}\n`
      else yield* (part as StoredRows<Buffer>).sources
    }
  }
}

/** The key a row line starts with, and where its row begins; null when the line does not start with one. */
const keyOfLine = (line: Buffer): { readonly key: string; readonly rowAt: number } | null => {
  if (line[0] !== QUOTE) return null
  // A key's UTF-8 never holds a quote or a backslash byte inside a multi-byte character.
  let escaped = false
  for (let i = 1; i < line.length; i++) {
    const byte = line[i]
    if (byte === BACKSLASH) {
      escaped = true
      i++
    } else if (byte === QUOTE) {
      if (line[i + 1] !== COLON) return null
      // Most keys hold no escape: their text is the key.
      if (!escaped) return { key: line.toString('utf8', 1, i), rowAt: i + 2 }
      try {
        const key: unknown = JSON.parse(line.toString('utf8', 0, i + 1))
        return typeof key === 'string' ? { key, rowAt: i + 2 } : null
      } catch {
        return null
      }
    }
  }
  return null
}

/** A row line's text, its newline left out. */
const textOf = (line: Buffer): string => line.toString('utf8', 0, line.length - 1)

/** Why a bucket's lines did not parse: the first line that is no JSON object member, by its key. */
const unparsed = (table: TableName, lines: readonly Buffer[]): string => {
  for (const line of lines) {
    try {
      JSON.parse(`{${textOf(line)}}`)
    } catch (e) {
      return `a row line of the table ${table} (${JSON.stringify(keyOfLine(line)?.key)}) is not JSON: ${(e as Error).message}`
    }
  }
  return `the row lines of the table ${table} are not JSON`
}

/**
 * How the rows of one bucket's lines are built when one of them is first read: the lines are
 * members of one JSON object, and each row is checked by its table's row codec, as the rows of
 * a stored state read whole are. A line that is not JSON, or a row that does not fit, is thrown
 * as a CorruptSnapshot naming the file, the table, the key and the field
 * (`invalid row: /tagTypes/t/description must be string`): the checksum held, so the file was
 * written so, by something else than this store.
 */
const rowLinesOf =
  (file: string, table: TableName) =>
  (lines: readonly Buffer[]): Dict<unknown> => {
    let rows: Dict<unknown>
    try {
      rows = parseSharedRows(`{${lines.map(textOf).join(',')}}`) as Dict<unknown>
    } catch {
      throw new StoreFault(corruptSnapshot(file, unparsed(table, lines)))
    }
    const codec = SCHEMA[table].row as t.Mixed
    for (const key in rows) {
      if (codec.is(rows[key])) continue
      throw new StoreFault(corruptSnapshot(file, `invalid row: ${rowProblem(table, key, rows[key]) ?? `/${table}/${key}`}`))
    }
    return rows
  }

/** Reads the stored state line and the row lines after it (format 3). */
const readRows = (file: string, bytes: Chunks, stateEnd: number, bodyLength: number, stateLine: unknown): E.Either<string, State> => {
  const line = stateLine as { state?: unknown; tables?: unknown } | null
  if (line === null || typeof line !== 'object' || !Array.isArray(line.tables)) return E.left('the state line lists no tables')
  const decoded = decodeStoredState(line.state)
  if (E.isLeft(decoded)) return E.left(`invalid state: ${decoded.left}`)
  const state = decoded.right as unknown as Record<string, unknown>
  let at = stateEnd + 1
  for (const listed of line.tables as unknown[]) {
    if (!Array.isArray(listed) || !TABLE_NAMES.includes(listed[0] as TableName) || !Number.isSafeInteger(listed[1]) || (listed[1] as number) < 0) return E.left(`the tables list holds ${JSON.stringify(listed)}`)
    const [name, count] = listed as [TableName, number]
    const entries: [string, Buffer][] = []
    const seen = new Set<string>()
    for (let n = 0; n < count; n++) {
      if (at >= bodyLength) return E.left(`the table ${name} has ${n} of its ${count} rows`)
      const end = bytes.indexOf(NEWLINE, at) + 1
      const text = bytes.slice(at, end)
      at = end
      const found = keyOfLine(text)
      if (found === null) return E.left(`a row line of the table ${name} does not start with a key`)
      if (seen.has(found.key)) return E.left(`the table ${name} holds the key ${JSON.stringify(found.key)} twice`)
      seen.add(found.key)
      // The rows of a large table stay views of their chunks, which they fill (copying them all
      // costs as much as reading them); those of a small table are copied, so that one unread
      // row does not keep a whole chunk in memory.
      entries.push([found.key, count < LARGE_TABLE && text.length < SMALL_LINE ? Buffer.from(text) : text])
    }
    state[name] = deferredTable(entries, rowLinesOf(file, name))
  }
  if (at !== bodyLength) return E.left('row lines belong to no table')
  return E.right(state as unknown as State)
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
    await push(`${JSON.stringify({ format: SNAPSHOT_FORMAT, formatVersion: SNAPSHOT_VERSION, version })}\n`)
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
): Promise<{ readonly state: State; readonly bytes: number; readonly formatVersion: number }> => {
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
  if (header.format !== SNAPSHOT_FORMAT || typeof header.formatVersion !== 'number' || header.formatVersion < 1) throw bad('not a flagport snapshot')
  if (header.formatVersion > SNAPSHOT_VERSION) throw new StoreFault(unsupportedFormat(file, header.formatVersion, SNAPSHOT_VERSION))
  if (header.version !== version) throw bad(`it holds version ${String(header.version)}, its name says ${version}`)
  const stateEnd = header.formatVersion === 1 ? bodyLength - 1 : bytes.indexOf(NEWLINE, headerEnd + 1)
  let parsed: unknown
  try {
    parsed = parseJson(bytes.slice(headerEnd + 1, stateEnd).toString('utf8'))
  } catch (e) {
    throw bad(`the state is not JSON (${(e as Error).message})`)
  }
  if (header.formatVersion === SNAPSHOT_VERSION) {
    const read = readRows(file, bytes, stateEnd, bodyLength, parsed)
    if (E.isLeft(read)) throw bad(read.left)
    parsed = read.right
  } else if (header.formatVersion === 2) {
    // Kept as bytes, newline included: a bucket is decoded when it is used.
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
  return { state: state.value, bytes: bytes.length, formatVersion: header.formatVersion }
}

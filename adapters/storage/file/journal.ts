import { applyChanges, decodeChanges, decodeStoredState, rowProblem, type RowChange, type State } from '../../../src/storage/index.js'
import * as E from 'fp-ts/lib/Either.js'
import { corruptJournal, io, StoreFault, unsupportedFormat } from './errors.js'
import { type FileSystem, readAt } from './fs.js'
import { type Decoded, decodeEntry, decodeHeader, decodeLine, FORMAT_VERSION, JOURNAL_FORMAT, type JournalHeader } from './line.js'
import { Replay } from './replay.js'

const NEWLINE = 0x0a
const CHUNK = 1 << 20

/** Where a reader stands in one journal file. */
export interface Position {
  /** Byte offset just after the last line read. */
  readonly offset: number
  /** Lines read so far, the header included. */
  readonly line: number
  readonly version: number
  readonly state: State | null
  /** The journal's format version (its header's). */
  readonly format: number
}

export interface ScanResult extends Position {
  /** Commits applied by this scan. */
  readonly read: number
  /**
   * Bytes after `offset` that are not (yet) a good line: a torn tail left by a crash, or, when
   * read without the lock, an append still in progress. Never applied.
   */
  readonly tail: boolean
}

/** Checks a whole state read from the store (the host's `decodeState`), every row built. */
export type StateDecoder = (u: unknown) => Decoded<State>

/** Reads the state a format 2 line holds (its stored form), then lets `decodeState` check it. */
export const storedStateDecoder =
  (decodeState: StateDecoder): StateDecoder =>
  (u) => {
    const decoded = decodeStoredState(u)
    return E.isLeft(decoded) ? { ok: false, reason: decoded.left } : decodeState(decoded.right)
  }

/**
 * Where a commit's patched rows no longer fit their tables' row codecs, or null: a row put
 * whole is checked as it is decoded (`decodeChanges`), a patched one only once the patches
 * are applied to the row they change.
 */
const patchedRowProblem = (state: State, changes: readonly RowChange[]): string | null => {
  for (const change of changes) {
    if (change.op !== 'patch') continue
    // Gone when a later change of the same commit deleted it.
    const row = state[change.table].get(change.key)
    const problem = row === undefined ? null : rowProblem(change.table, change.key, row)
    if (problem !== null) return `the patched row does not fit: ${problem}`
  }
  return null
}

const changesDecoder = (u: unknown): Decoded<readonly RowChange[]> => {
  const decoded = decodeChanges(u)
  return E.isLeft(decoded) ? { ok: false, reason: decoded.left } : { ok: true, value: decoded.right }
}

/** Reads and checks the first line. Journals are created whole (temp file, rename), so a bad header is corruption. */
export const readHeader = async (fs: FileSystem, fd: number, file: string): Promise<JournalHeader & { readonly offset: number }> => {
  const head = await io(file, () => readAt(fs, fd, 0, 4096))
  const nl = head.indexOf(NEWLINE)
  if (nl === -1) throw new StoreFault(corruptJournal(file, 1, head.length === 0 ? 'the file is empty' : 'the header line is incomplete'))
  const line = decodeLine(head.subarray(0, nl))
  if (line.ok) {
    const { format, formatVersion } = (line.value ?? {}) as { format?: unknown; formatVersion?: unknown }
    if (format === JOURNAL_FORMAT && typeof formatVersion === 'number' && formatVersion > FORMAT_VERSION) throw new StoreFault(unsupportedFormat(file, formatVersion, FORMAT_VERSION))
  }
  const header = line.ok ? decodeHeader(line.value) : line
  if (!header.ok) throw new StoreFault(corruptJournal(file, 1, header.reason))
  return { ...header.value, offset: nl + 1 }
}

/**
 * Reads the commits after `from` to the end of the file and applies them to its state.
 *
 * A line whose checksum fails is the torn tail of a crashed append only if nothing follows
 * it; anywhere else it is corruption, reported with its file and line rather than skipped. A
 * line whose checksum holds but that does not fit (wrong version, patches that do not apply)
 * is corruption wherever it is: it was written whole.
 */
export const scanJournal = async (
  fs: FileSystem,
  fd: number,
  file: string,
  from: Position,
  decodeState: StateDecoder,
  /** Lines up to this version are checked but not applied: `from.state` already holds them. */
  appliedThrough = from.version,
): Promise<ScanResult> => {
  const replay = new Replay(from.state)
  const readState = from.format === FORMAT_VERSION ? storedStateDecoder(decodeState) : decodeState
  let { offset, line, version } = from
  let read = 0
  let suspect: { line: number; reason: string } | null = null
  // The pieces of a line not yet ended, joined once its newline comes: joining at each chunk
  // would copy a long line (a large first commit) once per chunk, quadratic in its length.
  let pending: Buffer[] = []
  let position = from.offset

  for (;;) {
    const chunk = await io(file, () => readAt(fs, fd, position, CHUNK))
    if (chunk.length === 0) break
    const chunkStart = position
    position += chunk.length
    let start = 0
    for (let nl = chunk.indexOf(NEWLINE, start); nl !== -1; nl = chunk.indexOf(NEWLINE, start)) {
      // A bad line with another line after it is not a torn tail.
      if (suspect) throw new StoreFault(corruptJournal(file, suspect.line, suspect.reason))
      const lineNo = line + 1
      const piece = chunk.subarray(start, nl)
      const bytes = pending.length > 0 ? Buffer.concat([...pending, piece]) : piece
      pending = []
      const decoded = decodeLine(bytes)
      if (!decoded.ok) suspect = { line: lineNo, reason: decoded.reason }
      else {
        const entry = decodeEntry(decoded.value, version + 1, from.format, readState, changesDecoder)
        if (!entry.ok) throw new StoreFault(corruptJournal(file, lineNo, entry.reason))
        if (entry.value.version <= appliedThrough) {
          // Copied from the previous journal by a compaction; already applied.
        } else if (entry.value.state !== undefined) replay.reset(entry.value.state)
        else if (entry.value.changes !== undefined) {
          const applied = applyChanges(replay.finish() as State | null, entry.value.changes)
          if (E.isLeft(applied)) throw new StoreFault(corruptJournal(file, lineNo, `the changes do not apply: ${applied.left}`))
          const unfit = patchedRowProblem(applied.right, entry.value.changes)
          if (unfit !== null) throw new StoreFault(corruptJournal(file, lineNo, unfit))
          replay.reset(applied.right)
        } else {
          const applied = replay.apply(entry.value.patches)
          if (!applied.ok) throw new StoreFault(corruptJournal(file, lineNo, `the patches do not apply: ${applied.reason}`))
        }
        version += 1
        line = lineNo
        offset = chunkStart + nl + 1
        if (version > appliedThrough) read += 1
      }
      start = nl + 1
    }
    // A part is copied: a slice would keep the whole chunk alive.
    if (start < chunk.length) pending.push(start === 0 ? chunk : Buffer.from(chunk.subarray(start)))
  }
  const unended = pending.length > 0
  if (suspect && unended) throw new StoreFault(corruptJournal(file, suspect.line, suspect.reason))
  const state = read > 0 ? (replay.finish() as State | null) : from.state
  return { offset, line, version, state, read, tail: suspect !== null || unended, format: from.format }
}

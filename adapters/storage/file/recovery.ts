import { basename, dirname } from 'node:path'
import { corruptSnapshot, io, ioError, missingJournal, StoreFault } from './errors.js'
import { type FileSystem, fsyncDir, isCode, readAt, writeAll } from './fs.js'
import { readHeader, scanJournal, type ScanResult, type StateDecoder } from './journal.js'
import { FILE_MODE, type Layout, SNAPSHOT_NAME } from './layout.js'
import { encodeHeader } from './line.js'
import { readSnapshot } from './snapshot.js'

/** An open journal file and how far it has been read. */
export interface Cursor extends ScanResult {
  readonly fd: number
  readonly ino: number
  readonly dev: number
  /** The version of the snapshot this journal continues. */
  readonly base: number
  /** Size of that snapshot, for the compaction threshold. */
  readonly snapshotBytes: number
}

/** The journal does not exist: a new store, or a broken one if snapshots exist. */
export class NoJournal extends Error {}

/** Rotation may remove the snapshot a reader is about to open; it then starts over. */
const ATTEMPTS = 5

/**
 * Opens the current journal, loads the snapshot its header names and replays every whole
 * line. A torn last line is left unread (and unapplied); the next writer truncates it under
 * the lock. Takes no lock: rotation replaces the journal by rename, so what is opened is
 * always a whole journal.
 */
export const loadStore = async (fs: FileSystem, layout: Layout, decodeState: StateDecoder): Promise<Cursor> => {
  for (let attempt = 1; ; attempt++) {
    let fd: number
    try {
      fd = await fs.open(layout.journal, 'r+')
    } catch (e) {
      if (isCode(e, 'ENOENT')) throw new NoJournal()
      throw new StoreFault(ioError(e, layout.journal))
    }
    try {
      const stats = await io(layout.journal, () => fs.fstat(fd))
      const header = await readHeader(fs, fd, layout.journal)
      let snapshot = { state: null as ScanResult['state'], bytes: 0 }
      if (header.base > 0) {
        try {
          snapshot = await readSnapshot(fs, layout, header.base, decodeState)
        } catch (e) {
          if (!isCode(e, 'ENOENT')) throw e
          if (attempt >= ATTEMPTS) throw new StoreFault(corruptSnapshot(layout.snapshot(header.base), 'missing, but the journal starts from it'))
          await fs.close(fd).catch(() => undefined)
          continue
        }
      }
      const scan = await scanJournal(
        fs,
        fd,
        layout.journal,
        { offset: header.offset, line: 1, version: header.base, state: snapshot.state, format: header.formatVersion },
        decodeState,
      )
      return { ...scan, fd, ino: stats.ino, dev: stats.dev, base: header.base, snapshotBytes: snapshot.bytes }
    } catch (e) {
      await fs.close(fd).catch(() => undefined)
      throw e
    }
  }
}

export const listSnapshots = async (fs: FileSystem, layout: Layout): Promise<number[]> => {
  const names = await io(layout.dir, () => fs.readdir(layout.dir))
  return names.flatMap((name) => {
    const match = SNAPSHOT_NAME.exec(name)
    return match ? [Number(match[1])] : []
  })
}

/**
 * Writes a journal whose header continues from `base`, followed by `lines` (commits after
 * `base` copied from the journal it replaces), and renames it into place. Call with the lock
 * held. Returns the new journal's descriptor, open for appends.
 */
export const installJournal = async (
  fs: FileSystem,
  layout: Layout,
  base: number,
  lines: Buffer,
  mode = FILE_MODE,
): Promise<{ readonly fd: number; readonly ino: number; readonly dev: number; readonly offset: number }> => {
  const temp = layout.temp(layout.journal)
  const fd = await io(temp, () => fs.open(temp, 'wx+', mode))
  try {
    const header = encodeHeader(base)
    await io(temp, () => writeAll(fs, fd, header, 0))
    await io(temp, () => writeAll(fs, fd, lines, header.length))
    await io(temp, () => fs.fsync(fd))
    await io(layout.journal, () => fs.rename(temp, layout.journal))
    // The rename is the moment the new journal takes over; make it survive a power loss.
    await io(layout.dir, () => fsyncDir(fs, layout.dir))
    const stats = await io(layout.journal, () => fs.fstat(fd))
    return { fd, ino: stats.ino, dev: stats.dev, offset: header.length + lines.length }
  } catch (e) {
    await fs.close(fd).catch(() => undefined)
    await fs.unlink(temp).catch(() => undefined)
    throw e
  }
}

/** The files that show a store lived in `layout.dir`: its marker and its snapshots. */
export const storeFiles = async (fs: FileSystem, layout: Layout): Promise<string[]> => {
  const marker = basename(layout.marker)
  const names = await io(layout.dir, () => fs.readdir(layout.dir))
  return names.filter((name) => name === marker || SNAPSHOT_NAME.test(name)).sort()
}

/**
 * Writes the store's marker unless it is there. Its content is never read: that it exists
 * says a journal was made here. Written after the first journal, so a crash in between leaves
 * a journal without a marker (added on the next open), never a marker without a journal.
 */
export const ensureMarker = async (fs: FileSystem, layout: Layout, mode = FILE_MODE): Promise<void> => {
  let fd: number
  try {
    fd = await fs.open(layout.marker, 'wx', mode)
  } catch (e) {
    if (isCode(e, 'EEXIST')) return
    throw new StoreFault(ioError(e, layout.marker))
  }
  try {
    const text = Buffer.from('{"store":"flagport","journal":"journal.jsonl"}\n')
    await io(layout.marker, () => writeAll(fs, fd, text, 0))
    await io(layout.marker, () => fs.fsync(fd))
  } finally {
    await fs.close(fd).catch(() => undefined)
  }
}

/**
 * Creates the journal of an empty store, unless another handle did first. Call with the lock
 * held. A directory holding the store's other files but no journal is refused (`MissingJournal`)
 * unless `allowMissing`: starting afresh would hide the loss.
 */
export const createJournal = async (fs: FileSystem, layout: Layout, mode = FILE_MODE, allowMissing = false): Promise<void> => {
  try {
    await fs.stat(layout.journal)
    return
  } catch (e) {
    if (!isCode(e, 'ENOENT')) throw new StoreFault(ioError(e, layout.journal))
  }
  const found = await storeFiles(fs, layout)
  if (found.length > 0 && !allowMissing) throw new StoreFault(missingJournal(layout.journal, found))
  const { fd } = await installJournal(fs, layout, 0, Buffer.alloc(0), mode)
  await fs.close(fd).catch(() => undefined)
  await ensureMarker(fs, layout, mode)
  await io(layout.dir, () => fsyncDir(fs, layout.dir))
  // The store's directory may be new too: make its entry durable. Best effort: the parent
  // may not be ours to open.
  await fsyncDir(fs, dirname(layout.dir)).catch(() => undefined)
}

/** The bytes of the lines between `from` and `to` of a journal, to carry over into the next one. */
export const copyLines = (fs: FileSystem, fd: number, file: string, from: number, to: number): Promise<Buffer> =>
  io(file, () => readAt(fs, fd, from, to - from))

/** The current journal's permission bits, for the files that replace it (an operator's `chmod 600` stays). */
export const journalMode = async (fs: FileSystem, layout: Layout, fallback = FILE_MODE): Promise<number> => {
  try {
    return (await fs.stat(layout.journal)).mode & 0o777
  } catch {
    return fallback
  }
}

/** Removes every snapshot but `keep`. Call with the lock held, after the journal naming `keep` is in place. */
export const removeSnapshotsExcept = async (fs: FileSystem, layout: Layout, keep: number): Promise<void> => {
  for (const version of await listSnapshots(fs, layout)) {
    if (version !== keep) await fs.unlink(layout.snapshot(version)).catch(() => undefined)
  }
}

import type { LoggerPort } from '../../../src/storage/index.js'
import { io } from './errors.js'
import type { FileSystem } from './fs.js'
import { readHeader, scanJournal, type StateDecoder } from './journal.js'
import type { Layout } from './layout.js'
import { type Cursor, loadStore } from './recovery.js'

export interface FollowSettings {
  readonly fs: FileSystem
  readonly layout: Layout
  readonly decodeState: StateDecoder
  /** Told what a recovery drops. */
  readonly logger: LoggerPort
}

/** Cuts the torn tail after `offset` (with the lock held) and logs what was dropped. */
const cutTornTail = async (settings: FollowSettings, fd: number, line: number, offset: number, size: number): Promise<void> => {
  const { fs, layout, logger } = settings
  await io(layout.journal, () => fs.ftruncate(fd, offset))
  logger.warn(
    `flagport: the journal ${layout.journal} ended in a torn line left by a crash mid-write: dropped 1 incomplete line (line ${line + 1}, ${size - offset} bytes), which was never acknowledged.`,
  )
}

/**
 * Where the store stands now, seen from `c`: `null` when nothing changed (one `stat`), or a
 * new cursor holding what other handles committed, whose `read` counts their commits. When
 * the journal was replaced by a compaction, reads the rest of the old one through its open
 * descriptor, then goes on in the new one; the descriptor of `c` is closed when replaced.
 *
 * With the lock held nobody is appending, so bytes after the last whole line are a torn tail
 * left by a crash: they are cut, or the next append would follow them and look corrupt.
 * Without the lock they may be an append in progress and are left alone.
 */
export const follow = async (settings: FollowSettings, c: Cursor, locked: boolean): Promise<Cursor | null> => {
  const { fs, layout, decodeState } = settings
  const stats = await io(layout.journal, () => fs.stat(layout.journal))
  if (stats.ino === c.ino && stats.dev === c.dev) {
    if (stats.size === c.offset) return null
    // Shorter than what was read: not something this store does. Read it afresh.
    if (stats.size < c.offset) return reload(settings, c)
    const scan = await scanJournal(fs, c.fd, layout.journal, c, decodeState)
    if (scan.tail && locked) await cutTornTail(settings, c.fd, scan.line, scan.offset, (await io(layout.journal, () => fs.fstat(c.fd))).size)
    return { ...c, ...scan }
  }
  const rest = await scanJournal(fs, c.fd, layout.journal, c, decodeState)
  const fd = await io(layout.journal, () => fs.open(layout.journal, 'r+'))
  try {
    const next = await io(layout.journal, () => fs.fstat(fd))
    const header = await readHeader(fs, fd, layout.journal)
    // Compacted more than once since we looked: the commits in between are only in a snapshot.
    const skipped = header.base > rest.version
    const scan = skipped
      ? null
      : await scanJournal(fs, fd, layout.journal, { offset: header.offset, line: 1, version: header.base, state: rest.state, format: header.formatVersion }, decodeState, rest.version)
    if (scan === null || scan.version < rest.version) {
      await fs.close(fd).catch(() => undefined)
      return reload(settings, c)
    }
    if (scan.tail && locked) await cutTornTail(settings, fd, scan.line, scan.offset, (await io(layout.journal, () => fs.fstat(fd))).size)
    await fs.close(c.fd).catch(() => undefined)
    return { ...c, ...scan, read: rest.read + scan.read, fd, ino: next.ino, dev: next.dev, base: header.base }
  } catch (e) {
    await fs.close(fd).catch(() => undefined)
    throw e
  }
}

/** Reads the whole store again (after a failed write, or when the journal moved too far); closes `c`'s descriptor. */
export const reload = async (settings: FollowSettings, c: Cursor): Promise<Cursor> => {
  const next = await loadStore(settings.fs, settings.layout, settings.decodeState)
  await settings.fs.close(c.fd).catch(() => undefined)
  return { ...next, read: Math.abs(next.version - c.version) }
}

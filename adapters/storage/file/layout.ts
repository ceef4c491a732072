import { randomBytes } from 'node:crypto'
import { join } from 'node:path'

/**
 * Where each file of a store lives. One directory per store:
 *
 *   journal.jsonl              the current journal; its header names the snapshot it starts from
 *   store.json                 written once the first journal is: a store lives here, so a
 *                              missing journal is a loss, not a new store
 *   snapshot-<version>.json    the state after <version> commits (none for version 0)
 *   LOCK                       present while a handle writes; a hard link to its holder file
 *   lock.<pid>.<id>.holder     one per open handle: who would be holding LOCK
 *   *.<pid>.<id>.tmp           files being written; never read, removed when their writer is gone
 */
export interface Layout {
  readonly dir: string
  readonly journal: string
  readonly marker: string
  readonly lock: string
  /** Taken while a stale LOCK is removed, so two handles never remove each other's fresh lock. */
  readonly lockBreak: string
  snapshot(version: number): string
  temp(target: string): string
}

/** The store's files hold password hashes, e-mail addresses and token digests: its owner's alone. */
export const FILE_MODE = 0o600
export const DIR_MODE = 0o700

const pad = (version: number): string => String(version).padStart(12, '0')

export const MARKER_NAME = 'store.json'
export const SNAPSHOT_NAME = /^snapshot-(\d{12})\.json$/
export const TEMP_NAME = /\.(\d+)\.[0-9a-f]+\.tmp$/
export const HOLDER_NAME = /^lock\.(\d+)\.[0-9a-f]+\.holder$/

export const layoutOf = (dir: string): Layout => ({
  dir,
  journal: join(dir, 'journal.jsonl'),
  marker: join(dir, MARKER_NAME),
  lock: join(dir, 'LOCK'),
  lockBreak: join(dir, 'LOCK.break'),
  snapshot: (version) => join(dir, `snapshot-${pad(version)}.json`),
  // Next to its target: rename is atomic only within one file system.
  temp: (target) => `${target}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`,
})

export const holderPath = (dir: string): string => join(dir, `lock.${process.pid}.${randomBytes(6).toString('hex')}.holder`)

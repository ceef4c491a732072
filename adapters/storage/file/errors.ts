import { type StorageFailure, StorageFault } from '../../../src/storage/index.js'

/**
 * Why the file store could not be opened, read or written. Every variant names the file, so
 * an operator can find what to repair; none of them means data was silently dropped.
 */
export type FileStoreError = CorruptJournal | CorruptSnapshot | FileStoreIoError | LockTimeout | MissingJournal | UnsupportedFormat

/**
 * The store was written in a format newer than this version reads (by a later flagport): it
 * is left as it is, never read as far as it happens to fit.
 */
export interface UnsupportedFormat {
  readonly _tag: 'UnsupportedFormat'
  readonly file: string
  /** The format version the file says it is in. */
  readonly found: unknown
  /** The newest format version this version reads. */
  readonly supported: number
  readonly message: string
}

export const unsupportedFormat = (file: string, found: unknown, supported: number): UnsupportedFormat => ({
  _tag: 'UnsupportedFormat',
  file,
  found,
  supported,
  message: `${file} is in format ${JSON.stringify(found)}; this version of flagport reads formats up to ${supported}. Open it with the version that wrote it, or a later one.`,
})

/** A journal line that is not the last one fails its checksum, does not parse or is out of order. */
export interface CorruptJournal {
  readonly _tag: 'CorruptJournal'
  readonly file: string
  /** 1-based; the header is line 1. 0 when the file as a whole is wrong (e.g. missing). */
  readonly line: number
  readonly reason: string
  readonly message: string
}

/** The snapshot the journal starts from is missing, truncated or fails its checksum. */
export interface CorruptSnapshot {
  readonly _tag: 'CorruptSnapshot'
  readonly file: string
  readonly reason: string
  readonly message: string
}

/**
 * The journal is gone but the directory holds the store's other files (its marker, snapshots):
 * opening would start an empty store and hide the loss, so it is refused unless
 * `allowMissingJournal` says to start afresh.
 */
export interface MissingJournal {
  readonly _tag: 'MissingJournal'
  /** The journal's path: what is missing. */
  readonly file: string
  /** The store's files found beside it. */
  readonly found: readonly string[]
  readonly message: string
}

export const missingJournal = (file: string, found: readonly string[]): MissingJournal => ({
  _tag: 'MissingJournal',
  file,
  found,
  message: `The journal ${file} is missing, but its directory holds the store's other files (${found.join(', ')}). Restore the journal, or open with allowMissingJournal to start an empty store there.`,
})

/** The operating system refused: ENOSPC, EACCES, EROFS, ENOTDIR, EIO ... */
export interface FileStoreIoError {
  readonly _tag: 'FileStoreIoError'
  readonly code: string
  readonly syscall: string | undefined
  readonly path: string
  readonly message: string
}

/** Another handle held the store's lock for longer than `lockTimeoutMs` and looks alive. */
export interface LockTimeout {
  readonly _tag: 'LockTimeout'
  readonly file: string
  /** What the lock file says about its holder, if it could be read. */
  readonly holder: string | null
  readonly waitedMs: number
  readonly message: string
}

export const corruptJournal = (file: string, line: number, reason: string): CorruptJournal => ({
  _tag: 'CorruptJournal',
  file,
  line,
  reason,
  message: line > 0 ? `Corrupt journal ${file}, line ${line}: ${reason}` : `Corrupt journal ${file}: ${reason}`,
})

export const corruptSnapshot = (file: string, reason: string): CorruptSnapshot => ({
  _tag: 'CorruptSnapshot',
  file,
  reason,
  message: `Corrupt snapshot ${file}: ${reason}`,
})

export const lockTimeout = (file: string, holder: string | null, waitedMs: number): LockTimeout => ({
  _tag: 'LockTimeout',
  file,
  holder,
  waitedMs,
  message: `Timed out after ${waitedMs} ms waiting for the store lock ${file}` + (holder ? ` held by ${holder}` : ''),
})

export const ioError = (cause: unknown, path: string): FileStoreIoError => {
  const e = cause as NodeJS.ErrnoException | undefined
  const code = typeof e?.code === 'string' ? e.code : 'EUNKNOWN'
  const text = e instanceof Error ? e.message : String(cause)
  return {
    _tag: 'FileStoreIoError',
    code,
    syscall: typeof e?.syscall === 'string' ? e.syscall : undefined,
    path,
    // Node's own messages start with their code already.
    message: `${text.startsWith(`${code}:`) ? text : `${code}: ${text}`} (${path})`,
  }
}

/**
 * Inside the adapter, faults travel as this exception so every step need not thread an
 * Either; the port's methods turn it back into a value at the boundary. One met while a row
 * kept as bytes is read late leaves through the core's read instead: a `StorageFault`, which
 * the runner answers as a StorageError.
 */
export class StoreFault extends StorageFault {
  constructor(readonly error: FileStoreError) {
    super(error.message)
  }
}

/** Runs one file-system step and names the path if it fails. */
export const io = async <T>(path: string, step: () => Promise<T>): Promise<T> => {
  try {
    return await step()
  } catch (e) {
    throw e instanceof StoreFault ? e : new StoreFault(ioError(e, path))
  }
}

export const faultOf = (e: unknown): FileStoreError => {
  if (e instanceof StoreFault) return e.error
  // A bug, not an I/O fault: still report it as a value rather than crash the host.
  return { _tag: 'FileStoreIoError', code: 'EINTERNAL', syscall: undefined, path: '', message: String((e as Error)?.stack ?? e) }
}

/** What the system's codes mean for the store, in words a client may read. */
const IO_WORDS: Readonly<Record<string, string>> = {
  ENOSPC: 'the disk holding the store is full',
  EDQUOT: 'the disk quota of the store is used up',
  ENOENT: "the store's directory or one of its files is missing",
  ENOTDIR: "the store's directory is missing",
  EACCES: "the store's files may not be written",
  EPERM: "the store's files may not be written",
  EROFS: "the store's file system is read-only",
  EIO: 'the disk reported an I/O error',
  EMFILE: 'the server has too many open files',
  ENFILE: 'the system has too many open files',
}

/** `error` in words a client may read: no path, no system message. */
export const inWords = (error: FileStoreError): string => {
  switch (error._tag) {
    case 'FileStoreIoError':
      return `${IO_WORDS[error.code] ?? "the store's files could not be written or read"}.`
    case 'CorruptJournal':
      return "the store's journal is damaged."
    case 'CorruptSnapshot':
      return "the store's snapshot is damaged."
    case 'LockTimeout':
      return "another process held the store's lock for too long."
    case 'MissingJournal':
      return "the store's journal is missing."
    case 'UnsupportedFormat':
      return "the store was written by a newer version of flagport."
  }
}

/** The port's failure: the words for clients, the path and the system's message for the log. */
export const storageFailure = (error: FileStoreError): StorageFailure => ({
  _tag: 'StorageFailure',
  message: inWords(error),
  detail: error.message,
  cause: error,
})

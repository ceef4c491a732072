import * as nodeFs from 'node:fs'
import { promisify } from 'node:util'

/**
 * The file-system calls the store makes, by descriptor, so tests can replace one of them
 * (a `write` that fails with ENOSPC, an `open` that fails with EACCES) without touching disk
 * permissions, which do not bind when tests run as root.
 */
export interface FileSystem {
  open(path: string, flags: string, mode?: number): Promise<number>
  close(fd: number): Promise<void>
  read(fd: number, buffer: Buffer, offset: number, length: number, position: number): Promise<number>
  write(fd: number, buffer: Buffer, offset: number, length: number, position: number): Promise<number>
  /** Data and the metadata needed to read it back (the size): enough for appends. */
  fdatasync(fd: number): Promise<void>
  fsync(fd: number): Promise<void>
  ftruncate(fd: number, length: number): Promise<void>
  fstat(fd: number): Promise<nodeFs.Stats>
  stat(path: string): Promise<nodeFs.Stats>
  /**
   * Synchronous, for the one check every read makes (has the journal changed?): a microsecond,
   * where a trip through libuv's thread pool cost four of CPU. `fstatSync` on the open journal
   * where a replaced file shows no links (not Windows), else `statSync` of its path.
   */
  fstatSync(fd: number): nodeFs.Stats
  statSync(path: string): nodeFs.Stats
  rename(from: string, to: string): Promise<void>
  link(existing: string, newPath: string): Promise<void>
  unlink(path: string): Promise<void>
  readdir(path: string): Promise<string[]>
  /** Creates `path` and its missing parents with `mode`; an existing directory is left as it is. */
  mkdir(path: string, mode?: number): Promise<void>
  readFile(path: string): Promise<Buffer>
}

const readP = promisify(nodeFs.read)
const writeP = promisify(nodeFs.write)

export const nodeFileSystem: FileSystem = {
  open: promisify(nodeFs.open) as FileSystem['open'],
  close: promisify(nodeFs.close),
  read: async (fd, buffer, offset, length, position) => (await readP(fd, buffer, offset, length, position)).bytesRead,
  write: async (fd, buffer, offset, length, position) => (await writeP(fd, buffer, offset, length, position)).bytesWritten,
  fdatasync: promisify(nodeFs.fdatasync),
  fsync: promisify(nodeFs.fsync),
  ftruncate: promisify(nodeFs.ftruncate) as FileSystem['ftruncate'],
  fstat: promisify(nodeFs.fstat) as FileSystem['fstat'],
  stat: promisify(nodeFs.stat) as FileSystem['stat'],
  fstatSync: (fd) => nodeFs.fstatSync(fd),
  statSync: (path) => nodeFs.statSync(path),
  rename: promisify(nodeFs.rename),
  link: promisify(nodeFs.link),
  unlink: promisify(nodeFs.unlink),
  readdir: promisify(nodeFs.readdir) as FileSystem['readdir'],
  mkdir: async (path, mode) => {
    await nodeFs.promises.mkdir(path, { recursive: true, ...(mode !== undefined ? { mode } : {}) })
  },
  readFile: promisify(nodeFs.readFile) as FileSystem['readFile'],
}

/** Writes all of `buffer` at `position`; a short write is retried, not mistaken for success. */
export const writeAll = async (fs: FileSystem, fd: number, buffer: Buffer, position: number): Promise<void> => {
  let done = 0
  while (done < buffer.length) {
    const n = await fs.write(fd, buffer, done, buffer.length - done, position + done)
    if (n <= 0) throw Object.assign(new Error('write made no progress'), { code: 'EIO', syscall: 'write' })
    done += n
  }
}

/** Reads up to `length` bytes at `position`; fewer only at the end of the file. */
export const readAt = async (fs: FileSystem, fd: number, position: number, length: number): Promise<Buffer> => {
  const buffer = Buffer.allocUnsafe(length)
  let done = 0
  while (done < length) {
    const n = await fs.read(fd, buffer, done, length - done, position + done)
    if (n === 0) break
    done += n
  }
  return buffer.subarray(0, done)
}

/**
 * Makes a rename or a new file in `dir` durable. Windows cannot open a directory; there the
 * rename itself is the best we get (docs/file-store.md).
 */
export const fsyncDir = async (fs: FileSystem, dir: string): Promise<void> => {
  let fd: number
  try {
    fd = await fs.open(dir, 'r')
  } catch (e) {
    if (process.platform === 'win32') return
    throw e
  }
  try {
    await fs.fsync(fd)
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code
    // Some file systems refuse fsync on a directory; they also do not need it.
    if (code !== 'EINVAL' && code !== 'EISDIR' && code !== 'EPERM') throw e
  } finally {
    await fs.close(fd).catch(() => undefined)
  }
}

/** Whether `e` (a raw errno error, or one already wrapped as a store fault) has one of `codes`. */
export const isCode = (e: unknown, ...codes: string[]): boolean => {
  const inner = (e as { error?: { code?: unknown } } | undefined)?.error
  const code = (e as NodeJS.ErrnoException | undefined)?.code ?? inner?.code
  return typeof code === 'string' && codes.includes(code)
}

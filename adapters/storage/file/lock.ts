import { hostname } from 'node:os'
import { join } from 'node:path'
import { ioError, lockTimeout, StoreFault } from './errors.js'
import { type FileSystem, isCode, readAt } from './fs.js'
import { FILE_MODE, HOLDER_NAME, holderPath, type Layout, TEMP_NAME } from './layout.js'

/**
 * The store's write lock, shared by handles in this and other processes on this machine.
 *
 * Each handle writes a holder file naming itself once; taking the lock is one `link(holder,
 * LOCK)`, which is atomic and fails if LOCK exists, so the lock file is never seen half
 * written. A lock whose holder process is gone (SIGKILL, power loss), or that is older than
 * `staleMs`, is removed, under a second lock so that two handles clearing the same stale lock
 * cannot remove a fresh one taken in between.
 */
export class StoreLock {
  private holder: string | null = null
  private holderIno = -1
  private readonly host = hostname()

  constructor(
    private readonly fs: FileSystem,
    private readonly layout: Layout,
    private readonly timeoutMs: number,
    private readonly staleMs: number,
    private readonly fileMode = FILE_MODE,
  ) {}

  async acquire(): Promise<void> {
    const started = Date.now()
    let delay = 1
    for (;;) {
      const holder = await this.ensureHolder()
      try {
        await this.fs.link(holder, this.layout.lock)
        return
      } catch (e) {
        // Our holder file was cleared away: write a new one.
        if (isCode(e, 'ENOENT')) this.holder = null
        else if (!isCode(e, 'EEXIST')) throw new StoreFault(ioError(e, this.layout.lock))
      }
      if (this.holder === null) continue
      const current = await this.inspect(this.layout.lock)
      if (current === null) continue
      // Ours, left by a release whose unlink failed: this handle does one disk task at a time.
      if (current.ino === this.holderIno) return
      if (this.isStale(current, this.staleMs)) {
        await this.breakStale(current)
        continue
      }
      const waited = Date.now() - started
      if (waited >= this.timeoutMs) throw new StoreFault(lockTimeout(this.layout.lock, current.text, waited))
      await sleep(delay + Math.random() * delay)
      delay = Math.min(delay * 2, 16)
    }
  }

  /** Whether LOCK is still ours: a holder slower than `staleMs` may have lost it. */
  async held(): Promise<boolean> {
    try {
      return (await this.fs.stat(this.layout.lock)).ino === this.holderIno
    } catch {
      return false
    }
  }

  async release(): Promise<void> {
    // Never remove a lock that another handle took over from us.
    if (await this.held()) await this.fs.unlink(this.layout.lock).catch(() => undefined)
  }

  /** Removes this handle's holder file; called on close. */
  async dispose(): Promise<void> {
    if (this.holder !== null) await this.fs.unlink(this.holder).catch(() => undefined)
    this.holder = null
  }

  private async ensureHolder(): Promise<string> {
    if (this.holder !== null) return this.holder
    const path = holderPath(this.layout.dir)
    const text = JSON.stringify({ pid: process.pid, host: this.host, since: new Date().toISOString() })
    try {
      const fd = await this.fs.open(path, 'wx', this.fileMode)
      try {
        await this.fs.write(fd, Buffer.from(text), 0, Buffer.byteLength(text), 0)
        this.holderIno = (await this.fs.fstat(fd)).ino
      } finally {
        await this.fs.close(fd)
      }
    } catch (e) {
      throw new StoreFault(ioError(e, path))
    }
    this.holder = path
    return path
  }

  private async inspect(path: string): Promise<Held | null> {
    let fd: number
    try {
      fd = await this.fs.open(path, 'r')
    } catch (e) {
      if (isCode(e, 'ENOENT')) return null
      throw new StoreFault(ioError(e, path))
    }
    try {
      const stats = await this.fs.fstat(fd)
      const text = (await readAt(this.fs, fd, 0, 1024)).toString('utf8')
      return { ino: stats.ino, ctimeMs: stats.ctimeMs, text, owner: parseOwner(text) }
    } catch (e) {
      throw new StoreFault(ioError(e, path))
    } finally {
      await this.fs.close(fd).catch(() => undefined)
    }
  }

  private isStale(lock: Held, staleMs: number): boolean {
    if (lock.owner && lock.owner.host === this.host && !isAlive(lock.owner.pid)) return true
    return Date.now() - lock.ctimeMs > (lock.owner ? staleMs : Math.min(staleMs, 1000))
  }

  private async breakStale(stale: Held): Promise<void> {
    try {
      await this.fs.link(this.holder!, this.layout.lockBreak)
    } catch (e) {
      if (!isCode(e, 'EEXIST')) throw new StoreFault(ioError(e, this.layout.lockBreak))
      // Another handle is clearing it; its own lock is held for two system calls unless it died.
      const breaker = await this.inspect(this.layout.lockBreak)
      if (breaker && this.isStale(breaker, 2000)) await this.fs.unlink(this.layout.lockBreak).catch(() => undefined)
      else await sleep(1)
      return
    }
    try {
      const now = await this.fs.stat(this.layout.lock)
      // Only the file we judged stale: if LOCK changed meanwhile, judge again.
      if (now.ino === stale.ino && now.ctimeMs === stale.ctimeMs) await this.fs.unlink(this.layout.lock)
    } catch (e) {
      if (!isCode(e, 'ENOENT')) throw new StoreFault(ioError(e, this.layout.lock))
    } finally {
      await this.fs.unlink(this.layout.lockBreak).catch(() => undefined)
    }
  }
}

interface Held {
  readonly ino: number
  readonly ctimeMs: number
  readonly text: string
  readonly owner: { readonly pid: number; readonly host: string } | null
}

const parseOwner = (text: string): Held['owner'] => {
  try {
    const value = JSON.parse(text) as { pid?: unknown; host?: unknown }
    return Number.isSafeInteger(value.pid) && typeof value.host === 'string' ? { pid: value.pid as number, host: value.host } : null
  } catch {
    return null
  }
}

export const isAlive = (pid: number): boolean => {
  try {
    process.kill(pid, 0)
    return true
  } catch (e) {
    // EPERM: alive, but another user's.
    return isCode(e, 'EPERM')
  }
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

/**
 * Removes what dead processes of this machine left behind: holder files and temp files. Best
 * effort; a file in use by a live process is never touched.
 */
export const removeLeftovers = async (fs: FileSystem, layout: Layout): Promise<void> => {
  let names: string[]
  try {
    names = await fs.readdir(layout.dir)
  } catch {
    return
  }
  const host = hostname()
  for (const name of names) {
    const path = join(layout.dir, name)
    const holder = HOLDER_NAME.exec(name)
    const temp = TEMP_NAME.exec(name)
    if (holder && !isAlive(Number(holder[1]))) {
      const owner = await fs.readFile(path).then((b) => parseOwner(b.toString('utf8')), () => null)
      if (owner === null || owner.host === host) await fs.unlink(path).catch(() => undefined)
    } else if (temp && !isAlive(Number(temp[1]))) {
      await fs.unlink(path).catch(() => undefined)
    }
  }
}

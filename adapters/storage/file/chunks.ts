import type { Hash } from 'node:crypto'
import { type FileSystem, readAt } from './fs.js'

const CHUNK = 8 << 20

/**
 * A whole file read as a row of buffers of `chunkSize` bytes, addressed by offset in the file.
 * A snapshot's row lines are kept as views into these chunks rather than copies (copying a
 * large file costs a noticeable pause); a view keeps only its own chunk in memory, so the
 * buckets nobody reads keep about their own size, not the whole file.
 */
export class Chunks {
  private constructor(
    private readonly chunks: readonly Buffer[],
    private readonly chunkSize: number,
    readonly length: number,
  ) {}

  static async read(fs: FileSystem, path: string, chunkSize = CHUNK): Promise<Chunks> {
    const fd = await fs.open(path, 'r')
    try {
      const size = (await fs.fstat(fd)).size
      const chunks: Buffer[] = []
      for (let at = 0; at < size; at += chunkSize) {
        const chunk = await readAt(fs, fd, at, Math.min(chunkSize, size - at))
        chunks.push(chunk)
        if (chunk.length < Math.min(chunkSize, size - at)) break // the file shrank: read as short
      }
      const length = chunks.reduce((n, c) => n + c.length, 0)
      return new Chunks(chunks, chunkSize, length)
    } finally {
      await fs.close(fd)
    }
  }

  byteAt(offset: number): number {
    return this.chunks[Math.floor(offset / this.chunkSize)]![offset % this.chunkSize]!
  }

  /** The offset of the first `byte` at or after `from`, or -1. */
  indexOf(byte: number, from: number): number {
    for (let i = Math.floor(from / this.chunkSize); i < this.chunks.length; i++) {
      const base = i * this.chunkSize
      const found = this.chunks[i]!.indexOf(byte, Math.max(0, from - base))
      if (found !== -1) return base + found
    }
    return -1
  }

  /** The offset of the last `byte` at or before `from`, or -1. */
  lastIndexOf(byte: number, from: number): number {
    for (let i = Math.floor(from / this.chunkSize); i >= 0; i--) {
      const base = i * this.chunkSize
      const found = this.chunks[i]!.lastIndexOf(byte, Math.min(this.chunkSize - 1, from - base))
      if (found !== -1) return base + found
    }
    return -1
  }

  /** Bytes `start` to `end`: a view when they lie in one chunk, else a copy. */
  slice(start: number, end: number): Buffer {
    if (end <= start) return Buffer.alloc(0)
    const first = Math.floor(start / this.chunkSize)
    const last = Math.floor((end - 1) / this.chunkSize)
    if (first === last) return this.chunks[first]!.subarray(start - first * this.chunkSize, end - first * this.chunkSize)
    return Buffer.concat(this.pieces(start, end))
  }

  /** Feeds bytes `start` to `end` to `hash`. */
  hash(hash: Hash, start: number, end: number): Hash {
    for (const piece of this.pieces(start, end)) hash.update(piece)
    return hash
  }

  private pieces(start: number, end: number): Buffer[] {
    const out: Buffer[] = []
    for (let i = Math.floor(start / this.chunkSize); i < this.chunks.length && i * this.chunkSize < end; i++) {
      const base = i * this.chunkSize
      out.push(this.chunks[i]!.subarray(Math.max(0, start - base), Math.min(this.chunkSize, end - base)))
    }
    return out
  }
}

import { createHash } from 'node:crypto'
import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import t from 'tap'
import { nodeFileSystem } from '../../adapters/storage/file.js'
import { Chunks } from '../../adapters/storage/file/chunks.js'
import { tempDir } from './fixtures/helpers.js'

const NEWLINE = 0x0a
const text = 'first line\nsecond, a longer line\n\nfourth\nlast one, with é and 🚩\n'

t.test('a file read in small chunks answers as the whole buffer would, across chunk boundaries', async (t) => {
  const file = join(await tempDir(t), 'lines.txt')
  await writeFile(file, text)
  const whole = Buffer.from(text)
  for (const chunkSize of [1, 3, 7, 16, 1024]) {
    const chunks = await Chunks.read(nodeFileSystem, file, chunkSize)
    t.equal(chunks.length, whole.length, `${chunkSize}: length`)
    const starts = [0, 5, 11, 12, 33, 34, whole.length - 1]
    t.same(starts.map((i) => chunks.indexOf(NEWLINE, i)), starts.map((i) => whole.indexOf(NEWLINE, i)), `${chunkSize}: indexOf`)
    t.same(starts.map((i) => chunks.lastIndexOf(NEWLINE, i)), starts.map((i) => whole.lastIndexOf(NEWLINE, i)), `${chunkSize}: lastIndexOf`)
    t.same(starts.map((i) => chunks.byteAt(i)), starts.map((i) => whole[i]), `${chunkSize}: byteAt`)
    const lines: string[] = []
    for (let at = 0; at < chunks.length; ) {
      const end = chunks.indexOf(NEWLINE, at) + 1
      lines.push(chunks.slice(at, end).toString('utf8'))
      at = end
    }
    t.same(lines.join(''), text, `${chunkSize}: slices join into the file, multi-byte characters whole`)
    t.equal(chunks.hash(createHash('sha256'), 3, 40).digest('hex'), createHash('sha256').update(whole.subarray(3, 40)).digest('hex'), `${chunkSize}: hash of a range`)
  }
})

t.test('a slice inside one chunk is a view of it, not a copy', async (t) => {
  const file = join(await tempDir(t), 'lines.txt')
  await writeFile(file, text)
  const chunks = await Chunks.read(nodeFileSystem, file, 16)
  const a = chunks.slice(0, 10)
  const b = chunks.slice(2, 8)
  t.equal(a.buffer, b.buffer, 'two slices of chunk 0 share its memory')
  t.equal(chunks.slice(14, 20).toString(), text.slice(14, 20), 'a slice across chunks is still right')
})

t.test('an empty file is zero chunks', async (t) => {
  const file = join(await tempDir(t), 'empty')
  await writeFile(file, '')
  const chunks = await Chunks.read(nodeFileSystem, file)
  t.equal(chunks.length, 0)
  t.equal(chunks.indexOf(NEWLINE, 0), -1)
})

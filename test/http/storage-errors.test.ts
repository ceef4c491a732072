import { readdir, rm } from 'node:fs/promises'
import t from 'tap'
import { nodeFileSystem, type FileSystem } from '../../adapters/storage/file.js'
import { mustOpen, tempDir, until } from '../storage/fixtures/helpers.js'
import { FEATURES, serve } from './support.js'

/** A write that fails as a full disk does, with node's own message, once armed. */
const diskFull = () => {
  let armed = false
  const write: FileSystem['write'] = async (fd, buffer, offset, length, position) => {
    if (!armed) return nodeFileSystem.write(fd, buffer, offset, length, position)
    throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC', syscall: 'write', errno: -28 })
  }
  return { write, arm: (on: boolean) => (armed = on) }
}

const logged = () => {
  const lines: string[] = []
  return { lines, logger: { error: (line: string) => lines.push(line), warn: (line: string) => lines.push(line) } }
}

t.test('a full disk answers 503 in words with the error id; the path and the system message go to the log under that id', async (t) => {
  const dir = await tempDir(t)
  const disk = diskFull()
  const storage = await mustOpen({ path: dir, fs: { write: disk.write } })
  const log = logged()
  const s = await serve('node', { storage, logger: log.logger })
  t.teardown(async () => {
    await s.close()
    await storage.close()
  })
  disk.arm(true)
  const answer = await s.call('POST', FEATURES, { body: { name: 'checkout' } })
  disk.arm(false)
  t.equal(answer.status, 503)
  const id: string = answer.json.id
  t.match(id, /^error-\d+$/)
  t.same(answer.json, {
    id,
    name: 'StorageError',
    message: `The change could not be saved: the disk holding the store is full. The error was logged with id ${id}.`,
    details: [{ message: 'The change could not be saved: the disk holding the store is full.' }],
  })
  t.notMatch(answer.text, dir, 'no path in the answer')
  t.notMatch(answer.text, /ENOSPC|no space left/, 'no system message in the answer')
  t.equal(log.lines.length, 1)
  t.match(log.lines[0], `flagport: storage error ${id}: ENOSPC: no space left on device, write (${dir}/journal.jsonl)`)
  t.notMatch(log.lines[0], /ENOSPC: ENOSPC/, 'the code is not doubled')
  t.equal((await s.call('GET', `${FEATURES}/checkout`)).status, 404, 'nothing was stored')
  t.equal((await s.call('POST', FEATURES, { body: { name: 'checkout' } })).status, 201, 'once there is space, writes go on')
})

t.test('a deleted data directory answers 503 in words, its path only in the log', async (t) => {
  const dir = await tempDir(t)
  const storage = await mustOpen({ path: dir })
  const log = logged()
  const s = await serve('node', { storage, logger: log.logger })
  t.teardown(async () => {
    await s.close()
    await storage.close()
  })
  t.equal((await s.call('POST', FEATURES, { body: { name: 'before' } })).status, 201)
  await until(async () => !(await readdir(dir)).includes('LOCK'))
  await rm(dir, { recursive: true, force: true, maxRetries: 5 })
  const answer = await s.call('POST', FEATURES, { body: { name: 'after' } })
  t.equal(answer.status, 503)
  t.equal(answer.json.name, 'StorageError')
  t.notMatch(answer.text, dir, 'no path in the answer')
  t.match(answer.json.message, /missing/)
  t.match(answer.json.message, `logged with id ${answer.json.id}`)
  t.ok(log.lines.some((line) => line.includes(answer.json.id) && line.includes(dir)), 'the log names the path under the id')
})

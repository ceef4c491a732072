import * as E from 'fp-ts/lib/Either.js'
import { appendFile, readdir, readFile, stat, unlink } from 'node:fs/promises'
import { join } from 'node:path'
import t from 'tap'
import { openFileStorage } from '../../adapters/storage/file.js'
import { change, mustOpen, seed, tempDir } from './fixtures/helpers.js'

const logged = () => {
  const lines: string[] = []
  return { lines, logger: { error: (line: string) => lines.push(`error: ${line}`), warn: (line: string) => lines.push(`warn: ${line}`) } }
}

/** A store with two commits, closed. */
const closedStore = async (dir: string) => {
  const store = await mustOpen({ path: dir })
  await seed(store)
  await change(store, (d) => void (d.counters.user = 1))
  await store.close()
}

t.test('opening a journal torn mid-line logs what it drops, its line and bytes, and cuts it', async (t) => {
  const dir = await tempDir(t)
  await closedStore(dir)
  const journal = join(dir, 'journal.jsonl')
  const whole = (await stat(journal)).size
  const torn = '0123456789abcdef {"v":3,"p":[{"op":"replace","path":["coun'
  await appendFile(journal, torn)
  const log = logged()
  const store = await mustOpen({ path: dir, logger: log.logger })
  t.teardown(() => store.close())
  t.equal(store.head().version, 2)
  t.same(log.lines, [
    `warn: flagport: the journal ${journal} ended in a torn line left by a crash mid-write: dropped 1 incomplete line (line 4, ${Buffer.byteLength(torn)} bytes), which was never acknowledged.`,
  ])
  t.equal((await stat(journal)).size, whole, 'the torn bytes are gone')
})

t.test('a torn line that ends in a newline (zeros from a lost block) is reported too', async (t) => {
  const dir = await tempDir(t)
  await closedStore(dir)
  await appendFile(join(dir, 'journal.jsonl'), Buffer.concat([Buffer.alloc(300), Buffer.from('\n')]))
  const log = logged()
  const store = await mustOpen({ path: dir, logger: log.logger })
  t.teardown(() => store.close())
  t.equal(log.lines.length, 1)
  t.match(log.lines[0], /dropped 1 incomplete line \(line 4, 301 bytes\)/)
})

t.test('a whole journal opens without a word', async (t) => {
  const dir = await tempDir(t)
  await closedStore(dir)
  const log = logged()
  const store = await mustOpen({ path: dir, logger: log.logger })
  await store.close()
  t.same(log.lines, [])
})

t.test('a store whose journal was deleted is refused, naming what is missing, unless told to start afresh', async (t) => {
  const dir = await tempDir(t)
  await closedStore(dir)
  const journal = join(dir, 'journal.jsonl')
  await unlink(journal)
  const before = (await readdir(dir)).sort()
  t.same(before, ['store.json'], 'no snapshot: only the store\'s marker is left')
  const refused = await openFileStorage({ path: dir })
  t.ok(E.isLeft(refused))
  if (E.isLeft(refused)) {
    t.match(refused.left, { _tag: 'MissingJournal', file: journal, found: ['store.json'] })
    t.match(refused.left.message, `The journal ${journal} is missing`)
  }
  t.same((await readdir(dir)).sort(), before, 'nothing was created')
  const notCreated = await openFileStorage({ path: dir, create: false })
  t.equal(E.isLeft(notCreated) && notCreated.left._tag, 'MissingJournal', 'with create: false too')

  const afresh = await mustOpen({ path: dir, allowMissingJournal: true })
  t.same([afresh.head().version, afresh.head().state], [0, null], 'allowMissingJournal starts an empty store')
  await afresh.close()
})

t.test('a store made without a marker gets one when opened, and a new or unrelated directory opens as a new store', async (t) => {
  const dir = await tempDir(t)
  await closedStore(dir)
  await unlink(join(dir, 'store.json'))
  await (await mustOpen({ path: dir })).close()
  t.ok((await readdir(dir)).includes('store.json'))
  await unlink(join(dir, 'journal.jsonl'))
  t.equal(E.isLeft(await openFileStorage({ path: dir })) ? 'refused' : 'opened', 'refused')

  const other = await tempDir(t)
  await appendFile(join(other, 'README'), 'not a store file')
  const fresh = await mustOpen({ path: other })
  t.equal(fresh.head().version, 0)
  await fresh.close()
  t.same((await readdir(other)).sort(), ['README', 'journal.jsonl', 'store.json'])
  t.match(await readFile(join(other, 'store.json'), 'utf8'), /flagport/)
})

import { chmod, mkdir, readdir, stat } from 'node:fs/promises'
import { join } from 'node:path'
import t from 'tap'
import { change, mustOpen, seed, tempDir, until } from './fixtures/helpers.js'

const modeOf = async (path: string): Promise<number> => (await stat(path)).mode & 0o777

/** Every file in `dir` with its mode, while the store is open (holder files included) or after. */
const modes = async (dir: string): Promise<Record<string, number>> => {
  const out: Record<string, number> = {}
  for (const name of await readdir(dir)) out[name.replace(/^lock\..*\.holder$/, 'lock.<pid>.holder').replace(/^snapshot-\d+\.json$/, 'snapshot')] = await modeOf(join(dir, name))
  return out
}

const SNAPSHOT = /^snapshot-\d+\.json$/

t.test('a new store is its owner\'s alone: its directories 0700, every file it writes 0600', async (t) => {
  const root = await tempDir(t)
  const dir = join(root, 'parent', 'store')
  const store = await mustOpen({ path: dir, compactAfterBytes: 1 })
  t.teardown(() => store.close())
  t.equal(await modeOf(join(root, 'parent')), 0o700, 'a parent it creates')
  t.equal(await modeOf(dir), 0o700)
  await seed(store)
  await until(async () => (await readdir(dir)).some((name) => SNAPSHOT.test(name)) && !(await readdir(dir)).includes('LOCK'))
  // compactAfterBytes: 1 lets a later compaction take its LOCK again meanwhile: 0600 as well.
  const { LOCK, ...found } = await modes(dir)
  t.ok(LOCK === undefined || LOCK === 0o600, 'a compaction lock, while one is held, is 0600 too')
  t.same(found, { 'journal.jsonl': 0o600, 'lock.<pid>.holder': 0o600, snapshot: 0o600, 'store.json': 0o600 })
})

t.test('fileMode and dirMode choose other modes', async (t) => {
  const root = await tempDir(t)
  const dir = join(root, 'store')
  const store = await mustOpen({ path: dir, dirMode: 0o750, fileMode: 0o640, compactAfterBytes: 1 })
  t.teardown(() => store.close())
  await seed(store)
  await until(async () => (await readdir(dir)).some((name) => SNAPSHOT.test(name)) && !(await readdir(dir)).includes('LOCK'))
  t.equal(await modeOf(dir), 0o750)
  t.same(await modes(dir), { 'journal.jsonl': 0o640, 'lock.<pid>.holder': 0o640, snapshot: 0o640, 'store.json': 0o640 })
})

t.test('an existing directory keeps its mode', async (t) => {
  const root = await tempDir(t)
  const dir = join(root, 'shared')
  await mkdir(dir)
  await chmod(dir, 0o755)
  const store = await mustOpen({ path: dir })
  t.teardown(() => store.close())
  await seed(store)
  await change(store, (draft) => void (draft.settings.maintenanceMode = true))
  t.equal(await modeOf(dir), 0o755)
  t.equal(await modeOf(join(dir, 'journal.jsonl')), 0o600, 'its files are still private')
})

/**
 * `npm run bench:compare` in miniature, from source: both sides are this build, on a small
 * store, a few short blocks a row. It checks the seeding and the interleaving, not speed.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import t from 'tap'
import { loadBaseline, thisBuild } from './builds.js'
import { compareOrder } from './compare.js'
import { openCompareStore, seedOf } from './compare-stores.js'
import { IN_PROCESS_OPERATIONS } from './operations.js'

const SIZE = 120

t.test('a file store is seeded with every feature, its strategies in both environments and its tag', async (t) => {
  const store = await openCompareStore(thisBuild, 'file', await seedOf(SIZE))
  t.teardown(() => store.dispose())
  for (const environment of ['development', 'production']) {
    const exported = await store.api.batch.exportFeatures({ params: {}, body: { environment, features: [] } })
    if (exported._tag === 'Left') return t.fail(JSON.stringify(exported.left))
    t.equal(exported.right.body.features.length, SIZE, `${environment}: every feature`)
    t.equal(exported.right.body.featureStrategies.length, 2 * SIZE, `${environment}: two strategies a feature`)
    t.equal(exported.right.body.featureTags.length, SIZE, `${environment}: a tag a feature`)
  }
})

t.test('every row runs in both builds, in blocks of equal calls, with a p50 for each', async (t) => {
  const baseline = { ...thisBuild, name: 'baseline' }
  const figures = await compareOrder(thisBuild, baseline, 'memory', await seedOf(SIZE), SIZE, { blocks: 2, blockMs: 1, rows: new Set() })
  t.same([...figures.keys()], IN_PROCESS_OPERATIONS.map((o) => o.name))
  for (const [name, f] of figures) {
    t.ok(f.callsPerBlock >= 1 && f.baselineP50us > 0 && f.thisP50us > 0, `${name}: ${JSON.stringify(f)}`)
  }
})

t.test('a baseline without a build is refused with the command that builds it', async (t) => {
  const dir = await mkdtemp(join(tmpdir(), 'flagport-unbuilt-'))
  t.teardown(() => rm(dir, { recursive: true, force: true }))
  const entry = (file: string) => ({ types: `./dist/${file}.d.ts`, default: `./dist/${file}.js` })
  const exports = { '.': entry('src/index'), './storage/memory': entry('adapters/storage/memory'), './storage/file': entry('adapters/storage/file'), './auth/open': entry('adapters/auth/open') }
  await writeFile(join(dir, 'package.json'), JSON.stringify({ name: 'flagport', exports }))
  await t.rejects(loadBaseline(dir), { message: /is not built .*npm run build/ })
})

import * as E from 'fp-ts/lib/Either.js'
import t from 'tap'
import { openAuth } from '../../adapters/auth/open.js'
import { createAdminApi } from '../../src/api/admin-api.js'
import { getRow } from '../../src/store/table.js'
import { databaseUrl, freshStoreName, openStore } from './fixtures/postgres.js'

/**
 * 16 writers through two instances on the same few features: every write lands (no 503
 * because another client wrote at the same time), and the store holds exactly one commit per
 * acknowledged write.
 */
const url = databaseUrl(t)
const FEATURES = ['alpha', 'beta', 'gamma', 'delta']
const WRITERS = 16
const SECONDS = 2

if (url !== null) {
  t.test('16 writers through two instances on the same features: 0 x 5xx, 0 lost', async (t) => {
    const store = freshStoreName('contention')
    const a = await openStore(url, store)
    t.teardown(() => a.close())
    const apiA = await createAdminApi({ storage: a, auth: openAuth() })
    for (const name of FEATURES) t.ok(E.isRight(await apiA.features.create({ params: { projectId: 'default' }, body: { name } })))
    const b = await openStore(url, store)
    t.teardown(() => b.close())
    const apiB = await createAdminApi({ storage: b, auth: openAuth() })
    await a.sync()
    const before = a.head().version
    const last = new Map<string, string>()
    const refused: unknown[] = []
    let acknowledged = 0
    const deadline = performance.now() + SECONDS * 1000
    const writer = async (w: number) => {
      const api = w % 2 === 0 ? apiA : apiB
      for (let i = 0; performance.now() < deadline; i++) {
        const featureName = FEATURES[(w + i) % FEATURES.length]!
        const description = `writer ${w} write ${i}`
        const r = await api.features.update({ params: { projectId: 'default', featureName }, body: { description } })
        if (E.isLeft(r)) refused.push(r.left)
        else {
          acknowledged++
          last.set(`${featureName} ${w}`, description)
        }
      }
    }
    await Promise.all(Array.from({ length: WRITERS }, (_, w) => writer(w)))
    t.comment(`${acknowledged} updates in ${SECONDS} s through two instances`)
    t.same(refused, [], 'no write refused')
    t.ok(acknowledged > WRITERS, 'every writer wrote')
    await b.sync()
    t.equal(b.head().version - before, acknowledged, 'one commit per acknowledged update: none lost, none doubled')
    const reader = await openStore(url, store, { listen: false })
    t.teardown(() => reader.close())
    const events = reader.head().state!
    const descriptions = new Set(FEATURES.map((name) => (getRow(events.features, name) as { description: string }).description))
    const newest = new Set([...last.values()])
    t.ok([...descriptions].every((d) => newest.has(d)), 'each feature holds one writer’s newest acknowledged update')
  })
}

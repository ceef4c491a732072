/**
 * A host app's unit test: it drives flagport's admin API through the fetch handler, in
 * process, with no socket, and checks its own code's behaviour against the flags it set.
 * Run: npx tap examples/host-app.test.ts
 */
import t from 'tap'
import { openAuth } from 'flagport/auth/open'
import { toFetchHandler } from 'flagport/http/fetch'
import { createMemoryStorage } from 'flagport/storage/memory'
import { createAdminApi } from 'flagport'
import { createHttpHandler } from 'flagport/http'

/** The host app's own code under test: it asks flagport whether the new checkout is on. */
const checkoutPage = (isEnabled: (flag: string, context: { userId: string }) => boolean, userId: string) =>
  isEnabled('new-checkout', { userId }) ? 'new checkout' : 'old checkout'

const flagport = async () => {
  const api = await createAdminApi({ storage: createMemoryStorage(), auth: openAuth() })
  const fetch = toFetchHandler(createHttpHandler(api))
  const admin = (method: string, path: string, body?: unknown) =>
    fetch(
      new Request(`http://flags.test${path}`, {
        method,
        ...(body === undefined ? {} : { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } }),
      }),
    )
  return { api, admin }
}

t.test('the new checkout is shown to the users the flag names, and only to them', async (t) => {
  const { api, admin } = await flagport()
  const feature = '/api/admin/projects/default/features'
  t.equal((await admin('POST', feature, { name: 'new-checkout' })).status, 201)
  const strategy = await admin('POST', `${feature}/new-checkout/environments/development/strategies`, {
    name: 'default',
    constraints: [{ contextName: 'userId', operator: 'IN', values: ['42'] }],
  })
  t.equal(strategy.status, 200)
  t.equal((await admin('POST', `${feature}/new-checkout/environments/development/on`)).status, 200)

  const flags = api.evaluator('development')
  t.equal(checkoutPage(flags.isEnabled, '42'), 'new checkout')
  t.equal(checkoutPage(flags.isEnabled, '7'), 'old checkout')

  t.equal((await admin('POST', `${feature}/new-checkout/environments/development/off`)).status, 200)
  t.equal(checkoutPage(flags.isEnabled, '42'), 'old checkout', 'the evaluator follows the store')
})

t.test('a typo in the test set-up is a 400 naming the field, not a silent pass', async (t) => {
  const { admin } = await flagport()
  const answer = await admin('POST', '/api/admin/projects/default/features', { name: 'new checkout' })
  t.equal(answer.status, 400)
  const body = (await answer.json()) as { details: { path: string }[] }
  t.same(body.details.map((d) => d.path), ['/body/name'])
})

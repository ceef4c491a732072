import t from 'tap'
import { plain } from '../support/api.js'
import { FEATURES, serve } from './support.js'

t.test("PUT and PATCH of a feature's environment variants are 403 while it has none, with Unleash's words", async (t) => {
  const s = await serve('fetch')
  await s.call('POST', FEATURES, { body: { name: 'legacy' } })
  const before = plain(s.api.state())
  const path = `${FEATURES}/legacy/environments/development/variants`
  const message = 'Environment variants deprecated for feature: legacy. Use strategy variants instead.'
  for (const [method, body] of [
    ['PUT', [{ name: 'a', weight: 1000, weightType: 'variable', stickiness: 'default' }]],
    ['PATCH', [{ op: 'add', path: '/-', value: { name: 'a', weight: 1000, weightType: 'variable', stickiness: 'default' } }]],
  ] as const) {
    const r = await s.call(method, path, { body })
    t.equal(r.status, 403, method)
    t.match(r.json, { name: 'InvalidOperationError', message, details: [{ message }] })
  }
  t.same(plain(s.api.state()), before, 'nothing stored')
  t.equal((await s.call('PUT', `${FEATURES}/missing/environments/development/variants`, { body: [] })).status, 404, 'an unknown feature is still 404')
})

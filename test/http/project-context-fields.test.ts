import t from 'tap'
import { plain } from '../support/api.js'
import { serve } from './support.js'

const P = '/api/admin/projects/default/context'

t.test("a project's own context fields: created, read, changed, used and deleted through the project", async (t) => {
  const s = await serve('fetch')
  t.teardown(s.close)
  t.equal((await s.call('POST', '/api/admin/projects', { body: { id: 'other', name: 'Other' } })).status, 201)
  const created = await s.call('POST', P, { body: { name: 'tier', legalValues: [{ value: 'gold' }] } })
  t.equal(created.status, 201)
  t.match(created.json, { name: 'tier', project: 'default' })
  t.equal(s.api.state().contextFields.get('tier')?.project, 'default', 'the store holds it as the project\'s')

  t.equal((await s.call('GET', `${P}/tier`)).json.name, 'tier')
  t.equal((await s.call('GET', '/api/admin/projects/other/context/tier')).status, 404, "another project's path does not find it")
  t.equal((await s.call('GET', `${P}/appName`)).status, 404, "an instance field is not the project's")

  t.equal((await s.call('POST', `${P}/validate`, { body: { name: 'tier' } })).status, 409, 'the name is taken')
  t.equal((await s.call('POST', `${P}/validate`, { body: { name: 'fresh' } })).status, 200)

  t.equal((await s.call('PUT', `${P}/tier`, { body: { description: 'the plan' } })).status, 200)
  t.equal(s.api.state().contextFields.get('tier')?.description, 'the plan')
  t.equal((await s.call('POST', `${P}/tier/legal-values`, { body: { value: 'silver' } })).status, 200)
  t.equal((await s.call('DELETE', `${P}/tier/legal-values/gold`)).status, 200)
  t.same(s.api.state().contextFields.get('tier')?.legalValues.map((v) => v.value), ['silver'])

  t.equal((await s.call('POST', '/api/admin/projects/default/features', { body: { name: 'paid' } })).status, 201)
  const strategy = await s.call('POST', '/api/admin/projects/default/features/paid/environments/development/strategies', {
    body: { name: 'default', constraints: [{ contextName: 'tier', operator: 'IN', values: ['silver'] }] },
  })
  t.equal(strategy.status, 200)
  const used = await s.call('GET', `${P}/tier/strategies`)
  t.same(used.json.strategies.map((x: { featureName: string }) => x.featureName), ['paid'])
  t.same((await s.call('GET', '/api/admin/projects/other/context/tier/strategies')).json.strategies, [], "another project's strategies only")

  const before = plain(s.api.state())
  t.equal((await s.call('DELETE', '/api/admin/projects/other/context/tier')).status, 404)
  t.same(plain(s.api.state()), before, 'a refusal changes nothing')
  t.equal((await s.call('DELETE', `${P}/tier`)).status, 409, 'a field in use stays')
})

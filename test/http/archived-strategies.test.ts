import t from 'tap'
import { plain } from '../support/api.js'
import { FEATURES, serve, strategiesOf } from './support.js'

t.test("an archived feature's strategies are not added, replaced, patched, removed or sorted", async (t) => {
  const s = await serve('fetch')
  t.teardown(s.close)
  await s.call('POST', FEATURES, { body: { name: 'old' } })
  const id = (await s.call('POST', strategiesOf('old'), { body: { name: 'default', title: 'kept' } })).json.id as string
  t.equal((await s.call('DELETE', `${FEATURES}/old`)).status, 202)
  const before = plain(s.api.state())

  const edits: [what: string, method: string, path: string, body?: unknown][] = [
    ['add', 'POST', strategiesOf('old'), { name: 'default' }],
    ['replace', 'PUT', `${strategiesOf('old')}/${id}`, { name: 'default', title: 'changed' }],
    ['patch', 'PATCH', `${strategiesOf('old')}/${id}`, [{ op: 'replace', path: '/title', value: 'changed' }]],
    ['remove', 'DELETE', `${strategiesOf('old')}/${id}`],
    ['sort', 'POST', `${FEATURES}/old/environments/development/strategies/set-sort-order`, [{ id, sortOrder: 3 }]],
  ]
  for (const [what, method, path, body] of edits) {
    const answer = await s.call(method, path, body === undefined ? {} : { body })
    t.same(
      [answer.status, answer.json?.name, answer.json?.details?.[0]?.path],
      [400, 'ValidationError', '/params/featureName'],
      `${what}: ${answer.json?.message}`,
    )
    t.match(answer.json?.message, /archived features: revive "old"/, what)
  }
  t.same(plain(s.api.state()), before, 'nothing changed, nothing recorded')

  t.equal((await s.call('POST', '/api/admin/archive/revive/old')).status, 200)
  const replaced = await s.call('PUT', `${strategiesOf('old')}/${id}`, { body: { name: 'default', title: 'changed' } })
  t.same([replaced.status, replaced.json.title], [200, 'changed'], 'revived, it can be changed again')
})

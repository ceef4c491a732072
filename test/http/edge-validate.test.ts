import t from 'tap'
import { serve } from './support.js'

t.test('POST /edge/validate confirms the live SDK tokens among those sent, and no other', async (t) => {
  const s = await serve('fetch')
  t.teardown(s.close)
  const made = async (body: object) => (await s.call('POST', '/api/admin/api-tokens', { body })).json.secret as string
  const client = await made({ tokenName: 'edge-client', type: 'client', environment: 'development', projects: ['*'] })
  const frontend = await made({ tokenName: 'edge-front', type: 'frontend', environment: 'production', projects: ['default'] })
  const admin = await made({ tokenName: 'edge-admin', type: 'admin' })
  const answer = await s.call('POST', '/edge/validate', { body: { tokens: [client, frontend, admin, 'default:development.bogus'] } })
  t.equal(answer.status, 200)
  t.same(answer.json, {
    tokens: [
      { token: client, type: 'client', projects: ['*'], environment: 'development' },
      { token: frontend, type: 'frontend', projects: ['default'], environment: 'production' },
    ],
  })
  t.equal((await s.call('POST', '/edge/validate', { token: client, body: { tokens: [client] } })).json.tokens.length, 1, 'Edge may ask with its client token')
  t.equal((await s.call('POST', '/edge/validate', { token: null, body: { tokens: [client] } })).status, 401)
  t.equal((await s.call('POST', '/edge/validate', { body: { tokens: 'x' } })).status, 400)
})

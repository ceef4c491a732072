import { createHash } from 'node:crypto'
import t from 'tap'
import { FEATURES, serve, strategiesOf } from './support.js'

// Unleash's image for a user without an e-mail: the gravatar of its lower-cased name's SHA-256.
const gravatar = (name: string) => `https://gravatar.com/avatar/${createHash('sha256').update(name.toLowerCase()).digest('hex')}?s=42&d=retro&r=g`

t.test("a feature changed with an admin token shows Unleash's admin token user as its creator and collaborator", async (t) => {
  const s = await serve('fetch')
  t.teardown(s.close)
  await s.call('POST', FEATURES, { body: { name: 'checkout' } })
  await s.call('POST', strategiesOf('checkout'), { body: { name: 'default' } })
  const feature = await s.call('GET', `${FEATURES}/checkout`)
  const tokenUser = { id: -42, name: 'Unleash Admin Token User', imageUrl: gravatar('Unleash Admin Token User') }
  t.same(feature.json.createdBy, tokenUser)
  t.same(feature.json.collaborators, { users: [tokenUser] })
  const events = await s.call('GET', '/api/admin/events/checkout')
  t.same(
    events.json.events.map((e: { createdBy: string; createdByUserId: number }) => [e.createdBy, e.createdByUserId]),
    [['admin', -42], ['admin', -42]],
    "events name the token as Unleash names the tokens it is started with: `admin`",
  )
})

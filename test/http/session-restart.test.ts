import t from 'tap'
import { tempDir, mustOpen } from '../storage/fixtures/helpers.js'
import { fixedClock } from '../../src/ports/clock.js'
import { cookieOf, GOOD_PASSWORD, serveWithSessions } from './session-support.js'

t.test('a session survives a restart: a new facade over the same file store knows it, until logout', async (t) => {
  const dir = await tempDir(t)
  const clock = fixedClock('2026-01-01T00:00:00.000Z')
  const first = await serveWithSessions({ storage: await mustOpen({ path: dir }), clock })
  await first.createUser('ed', 'Editor')
  const cookie = cookieOf(await first.login('ed', GOOD_PASSWORD))
  t.equal((await first.call('GET', '/api/admin/user', { headers: { cookie } })).json.user.username, 'ed')
  await first.storage.close()

  const second = await serveWithSessions({ storage: await mustOpen({ path: dir }), clock })
  t.teardown(() => second.storage.close())
  const me = await second.call('GET', '/api/admin/user', { headers: { cookie } })
  t.equal(me.status, 200)
  t.equal(me.json.user.username, 'ed')
  t.equal((await second.call('POST', '/logout', { headers: { cookie } })).status, 302)
  await second.storage.close()

  const third = await serveWithSessions({ storage: await mustOpen({ path: dir }), clock })
  t.teardown(() => third.storage.close())
  t.equal((await third.call('GET', '/api/admin/user', { headers: { cookie } })).status, 401, 'the logout was stored too')
})

import t from 'tap'
import { LOGIN_BACKOFF } from '../../src/api/login-backoff.js'
import { rows } from '../../src/store/table.js'
import { GOOD_PASSWORD, serveWithSessions } from './session-support.js'

// Each attempt from its own address: the per-address limit (10 a minute) never comes into it.
let address = 0
const fresh = () => ({ remoteAddress: `10.1.${Math.floor(++address / 250)}.${address % 250}` })

t.test('failed logins are counted in loginAttempts; past the free ones the account waits, doubling, whatever the address', async (t) => {
  const s = await serveWithSessions()
  const ed = await s.createUser('ed', 'Editor')
  const attempts = async () => (await s.call('GET', `/api/admin/user-admin/${ed.id}`, { headers: s.asAdmin })).json.loginAttempts
  for (let i = 1; i <= LOGIN_BACKOFF.freeAttempts + 1; i++) {
    const wrong = await s.login('ed', `wrong-${i}`, fresh())
    t.equal(wrong.status, 401, `attempt ${i}`)
    t.equal(await attempts(), i)
  }
  for (const password of ['wrong-again', GOOD_PASSWORD]) {
    const waiting = await s.login('ed', password, fresh())
    t.equal(waiting.status, 429, 'the password is not checked while the account waits, a right one neither')
    t.equal(waiting.body, 'Too many failed logins for this account. Try again in 1 seconds.', "text, as the limiter's 429")
  }
  t.equal(await attempts(), LOGIN_BACKOFF.freeAttempts + 1, 'a refused attempt is not a failure')
  s.clock.advance(LOGIN_BACKOFF.firstWaitMs)
  t.equal((await s.login('ed', 'wrong-7', fresh())).status, 401, 'once the wait is over, one more guess')
  const doubled = await s.login('ed', GOOD_PASSWORD, fresh())
  t.equal(doubled.status, 429)
  t.match(doubled.body, /Try again in 2 seconds/, 'the wait doubles')
  s.clock.advance(2 * LOGIN_BACKOFF.firstWaitMs)
  const right = await s.login('ed', GOOD_PASSWORD, fresh())
  t.equal(right.status, 200)
  t.equal(await attempts(), 0, 'a login clears the count')
  t.equal((await s.login('ed', 'wrong', fresh())).status, 401, 'and the free attempts are there again')
})

t.test('a name no account has is answered as one that has: the same 401s, then the same waits', async (t) => {
  const s = await serveWithSessions()
  const before = rows(s.api.state().users).length
  for (let i = 1; i <= LOGIN_BACKOFF.freeAttempts + 1; i++) t.equal((await s.login('ghost', `wrong-${i}`, fresh())).status, 401)
  const waiting = await s.login('GHOST', 'wrong', fresh())
  t.equal(waiting.status, 429)
  t.match(waiting.body, /^Too many failed logins for this account/)
  t.equal(rows(s.api.state().users).length, before, 'nothing stored for it')
})

import * as crypto from 'node:crypto'
import t from 'tap'
import { createMemoryStorage } from '../../adapters/storage/memory.js'
import { HASHING, hashingStats, verifyPassword } from '../../src/api/password-hash.js'
import { LOGIN_BACKOFF } from '../../src/api/login-backoff.js'
import type { State, UserState } from '../../src/model/state.js'
import { rows, tableFrom } from '../../src/store/table.js'
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

t.test('a hash of the older cost verifies, and the login stores the password at today\'s cost', async (t) => {
  const seeding = await serveWithSessions()
  const old = await seeding.createUser('old', 'Editor')
  const salt = crypto.randomBytes(16)
  // As hashes were made before their cost was written: Node's default (N = 2^14, r = 8, p = 1).
  const legacy = `scrypt$${salt.toString('hex')}$${crypto.scryptSync(GOOD_PASSWORD.normalize('NFKC'), salt, 32).toString('hex')}`
  const seeded = seeding.storage.head().state!
  const users = rows(seeded.users).map((u): [string, UserState] => [String(u.id), u.id === old.id ? { ...u, passwordHash: legacy } : u])
  const state: State = { ...seeded, users: tableFrom(users) }
  const s = await serveWithSessions({ storage: createMemoryStorage({ state, version: seeding.storage.head().version }) })
  const stored = () => s.api.state().users.get(String(old.id))!.passwordHash!
  t.equal(stored(), legacy)
  t.equal((await s.login('old', 'wrong', fresh())).status, 401)
  t.equal(stored(), legacy, 'a failed login changes no hash')
  t.equal((await s.login('old', GOOD_PASSWORD, fresh())).status, 200, 'the old hash verifies')
  t.match(stored(), /^scrypt\$17,8,1\$[0-9a-f]{32}\$[0-9a-f]{64}$/, 'and is replaced by one at N = 2^17')
  t.ok(await verifyPassword(GOOD_PASSWORD, stored()))
  t.equal((await s.login('old', GOOD_PASSWORD, fresh())).status, 200, 'the new hash verifies')
})

t.test('a wrong-password flood from 100 addresses: one hash at a time, the excess refused at once, writes go on', async (t) => {
  const s = await serveWithSessions()
  await s.call('POST', '/api/admin/projects/default/features', { headers: s.asAdmin, body: { name: 'during-the-flood' } })
  // Distinct names: no backoff comes into it, every attempt wants a hash.
  const flood = Array.from({ length: 100 }, (_, i) => s.login(`guess-${i}`, 'wrong', { remoteAddress: `10.2.0.${i}` }))
  const write = await s.call('POST', '/api/admin/projects/default/features/during-the-flood/environments/development/on', { headers: s.asAdmin })
  t.equal(write.status, 200, 'a write in the middle of the flood')
  t.equal(hashingStats().running, HASHING.concurrency, 'hashing is busy meanwhile')
  t.ok(hashingStats().waiting <= HASHING.maxWaiting)
  const answers = await Promise.all(flood)
  const statuses = answers.map((a) => a.status)
  t.ok(hashingStats().peak <= HASHING.concurrency, `at most ${HASHING.concurrency} hash at once (peak ${hashingStats().peak})`)
  const checked = statuses.filter((x) => x === 401).length
  const refused = answers.filter((a) => a.status === 429 && /^Too many logins are being checked at once/.test(a.body ?? '')).length
  t.equal(checked + refused, 100, 'every attempt a 401 or a 429, none a 5xx')
  t.ok(checked <= HASHING.concurrency + HASHING.maxWaiting, `at most the running and the waiting ones checked (${checked})`)
  t.ok(refused >= 100 - HASHING.concurrency - HASHING.maxWaiting)
  t.equal(s.api.state().features.get('during-the-flood')?.environments['development']?.enabled, true)
})

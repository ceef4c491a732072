import * as crypto from 'node:crypto'
import t from 'tap'
import { createMemoryStorage } from '../../adapters/storage/memory.js'
import { HASHING, hashingStats, SCRYPT_COST, verifyPassword } from '../../src/api/password-hash.js'

/** This file holds hashing at the cost a host gets by default, which the other tests lower. */
const DEFAULT_COST = { passwordHashCost: SCRYPT_COST.log2N }
import type { State, UserState } from '../../src/model/state.js'
import { rows, tableFrom } from '../../src/store/table.js'
import { GOOD_PASSWORD, serveWithSessions } from './session-support.js'

// Each attempt from its own address: the per-address limit (10 a minute) never comes into it.
let address = 0
const fresh = () => ({ remoteAddress: `10.1.${Math.floor(++address / 250)}.${address % 250}` })

t.test('a hash of the older cost verifies, and the login stores the password at today\'s cost', async (t) => {
  const seeding = await serveWithSessions()
  const old = await seeding.createUser('old', 'Editor')
  const salt = crypto.randomBytes(16)
  // As hashes were made before their cost was written: Node's default (N = 2^14, r = 8, p = 1).
  const legacy = `scrypt$${salt.toString('hex')}$${crypto.scryptSync(GOOD_PASSWORD.normalize('NFKC'), salt, 32).toString('hex')}`
  const seeded = seeding.storage.head().state!
  const users = rows(seeded.users).map((u): [string, UserState] => [String(u.id), u.id === old.id ? { ...u, passwordHash: legacy } : u])
  const state: State = { ...seeded, users: tableFrom(users) }
  const s = await serveWithSessions({ storage: createMemoryStorage({ state, version: seeding.storage.head().version }), config: DEFAULT_COST })
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
  const s = await serveWithSessions({ config: DEFAULT_COST })
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

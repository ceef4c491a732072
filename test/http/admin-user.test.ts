import t from 'tap'
import { createMemoryStorage } from '../../adapters/storage/memory.js'
import { createAdminApi } from '../../src/api/admin-api.js'
import { openAuth } from '../../adapters/auth/open.js'
import { initialState } from '../../src/domain/seed.js'
import { gravatarUrl } from '../../src/api/operations/users.js'
import { emptyTable, getRow, rows } from '../../src/store/table.js'
import type { State } from '../../src/model/state.js'
import type { StoragePort } from '../../src/ports/storage.js'
import { plain } from '../support/api.js'
import { cookieOf, GOOD_PASSWORD, serveWithSessions } from './session-support.js'

t.test('a fresh store starts with Unleash\'s admin: user 1, Admin, no password yet; the first user created is 2', async (t) => {
  const s = await serveWithSessions()
  const listed = await s.call('GET', '/api/admin/user-admin', { headers: s.asAdmin })
  t.equal(listed.status, 200)
  t.same(listed.json.users, [
    {
      accountType: 'User', id: 1, username: 'admin', imageUrl: gravatarUrl('admin'), seenAt: null, loginAttempts: 0, createdAt: '2026-01-01T00:00:00.000Z',
      scimId: null, seatType: null, companyRole: null, productUpdatesEmailConsent: null, rootRole: 1, inviteLink: '',
    },
  ])
  t.same((await s.call('GET', '/api/admin/user-admin/admin-count', { headers: s.asAdmin })).json, { password: 0, noPassword: 1, service: 0 })
  t.equal((await s.createUser('ed', 'Editor')).id, 2)
  t.equal((await s.login('admin', '')).status, 401, 'nobody logs in as admin before a password is set')
  const taken = await s.call('POST', '/api/admin/user-admin', { headers: s.asAdmin, body: { username: 'admin', rootRole: 'Viewer' } })
  t.equal(taken.status, 400, 'its username is taken')
})

t.test("an admin sets a user's password: Unleash's strength rule, a 404 for no user, and the user's sessions end", async (t) => {
  const s = await serveWithSessions()
  const before = plain(s.api.state())
  const weak = await s.call('POST', '/api/admin/user-admin/1/change-password', { headers: s.asAdmin, body: { password: 'short' } })
  t.equal(weak.status, 400)
  t.same(weak.json.details.map((d: { path: string }) => d.path), ['/body/password', '/body/password', '/body/password', '/body/password'])
  t.same(weak.json.details.map((d: { message: string }) => d.message), [
    'The password must be at least 10 characters long.',
    'The password must contain at least one uppercase letter.',
    'The password must contain at least one number.',
    'The password must contain at least one special character.',
  ])
  const missing = await s.call('POST', '/api/admin/user-admin/99/change-password', { headers: s.asAdmin, body: { password: GOOD_PASSWORD } })
  t.equal(missing.status, 404)
  t.same(plain(s.api.state()), before, 'refusals change nothing')

  const set = await s.call('POST', '/api/admin/user-admin/1/change-password', { headers: s.asAdmin, body: { password: GOOD_PASSWORD } })
  t.equal(set.status, 200)
  t.equal(set.body, undefined)
  t.match(getRow(s.api.state().users, '1')?.passwordHash, /^scrypt\$/)
  const cookie = cookieOf(await s.login('admin', GOOD_PASSWORD))
  t.same((await s.call('GET', '/api/admin/user', { headers: { cookie } })).json.permissions, [{ permission: 'ADMIN' }])
  await s.call('POST', '/api/admin/user-admin/1/change-password', { headers: s.asAdmin, body: { password: 'Another-Pass-9' } })
  t.equal((await s.call('GET', '/api/admin/user', { headers: { cookie } })).status, 401, 'a new password ends the sessions')
  t.equal((await s.login('admin', GOOD_PASSWORD)).status, 401)
  t.equal((await s.login('admin', 'Another-Pass-9')).status, 200)
  const asEditor = await s.createUser('ed', 'Editor')
  const editorCookie = cookieOf(await s.login('ed', GOOD_PASSWORD))
  const refused = await s.call('POST', `/api/admin/user-admin/${asEditor.id}/change-password`, { headers: { cookie: editorCookie }, body: { password: GOOD_PASSWORD } })
  t.equal(refused.status, 403, 'ADMIN only')
})

/** A store as an earlier version seeded it: no built-in admin, and `accounts` created (and maybe deleted) since. */
const storeWithoutAdmin = async (accounts: number): Promise<StoragePort> => {
  const storage = createMemoryStorage()
  const seeded = initialState('earlier', '2025-06-01T00:00:00.000Z')
  const state: State = { ...seeded, users: emptyTable(), identities: emptyTable(), counters: { ...seeded.counters, user: accounts } }
  await storage.commit({ baseVersion: 0, changes: [{ op: 'state', state }], state })
  return storage
}

t.test('a store that never held an account gains the admin when a facade opens it; one that did is left alone', async (t) => {
  const never = await storeWithoutAdmin(0)
  const api = await createAdminApi({ storage: never, auth: openAuth(), clock: { now: () => Date.parse('2026-02-01T00:00:00.000Z') } })
  t.same(
    rows(api.state().users).map((u) => [u.id, u.username, u.rootRole, u.createdAt]),
    [[1, 'admin', 1, '2026-02-01T00:00:00.000Z']],
  )
  t.equal(getRow(api.state().identities, 'username:admin'), 1)
  t.equal(api.state().counters.user, 1)
  const version = never.head().version
  await createAdminApi({ storage: never, auth: openAuth() })
  t.equal(never.head().version, version, 'opened again: nothing more is written')

  const had = await storeWithoutAdmin(3)
  const before = plain(had.head())
  const other = await createAdminApi({ storage: had, auth: openAuth() })
  t.same(rows(other.state().users), [], 'its deleted accounts stay deleted; no admin appears')
  t.same(plain(had.head()), before)
})

t.test("a user's questionnaire answers and seen splash screens are kept on their row and listed with who they are", async (t) => {
  const s = await serveWithSessions()
  await s.createUser('ed', 'Editor')
  const cookie = cookieOf(await s.login('ed', GOOD_PASSWORD))
  const given = await s.call('POST', '/api/admin/feedback', { headers: { cookie }, body: { feedbackId: 'pnps' } })
  t.equal(given.status, 200)
  t.same(given.json, { userId: 2, feedbackId: 'pnps', neverShow: false, given: '2026-01-01T00:00:00.000Z' })
  s.clock.advance(60_000)
  const dismissed = await s.call('PUT', '/api/admin/feedback/pnps', { headers: { cookie }, body: { neverShow: true } })
  t.same(dismissed.json, { userId: 2, feedbackId: 'pnps', neverShow: true, given: '2026-01-01T00:01:00.000Z' })
  const kept = await s.call('PUT', '/api/admin/feedback/pnps', { headers: { cookie }, body: {} })
  t.equal(kept.json.neverShow, true, 'what a PUT leaves out is kept')
  const seen = await s.call('POST', '/api/admin/splash/new-splash-screen', { headers: { cookie } })
  t.equal(seen.status, 200)
  t.same(seen.json, { userId: 2, splashId: 'new-splash-screen', seen: true })
  const me = await s.call('GET', '/api/admin/user', { headers: { cookie } })
  t.same(me.json.feedback, [{ userId: 2, feedbackId: 'pnps', neverShow: true, given: '2026-01-01T00:01:00.000Z' }])
  t.same(me.json.splash, { 'new-splash-screen': true })
  t.same(getRow(s.api.state().users, '2')?.splash, ['new-splash-screen'])

  const before = plain(s.api.state())
  const noId = await s.call('POST', '/api/admin/feedback', { headers: { cookie }, body: { neverShow: true } })
  t.equal(noId.status, 400)
  t.equal(noId.json.details[0].path, '/body/feedbackId')
  const token = await s.call('POST', '/api/admin/feedback', { headers: s.asAdmin, body: { feedbackId: 'pnps' } })
  t.equal(token.status, 403, 'an admin token is no user (Unleash answers 500)')
  t.equal(token.json.message, 'Feedback answers require an authenticated user.')
  t.equal((await s.call('POST', '/api/admin/splash/x', { headers: s.asAdmin })).status, 403)
  t.same(plain(s.api.state()), before, 'refusals change nothing')
})

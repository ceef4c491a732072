import t from 'tap'
import { plain } from '../support/api.js'
import { cookieOf, GOOD_PASSWORD, serveWithSessions } from './session-support.js'
import type { LoggerPort } from '../../src/ports/logger.js'

const NEW_PASSWORD = 'Fresh-Battery-42'

/** A logger that keeps what it is told, so a test can read the reset links it was given. */
const keptLog = () => {
  const lines: string[] = []
  const logger: LoggerPort = { warn: (m) => void lines.push(m), error: (m) => void lines.push(m) }
  const lastLink = () => /(http\S+reset-password\?token=\S+)/.exec(lines.at(-1) ?? '')?.[1]
  return { logger, lines, lastLink }
}

const tokenOf = (link: string): string => decodeURIComponent(new URL(link).searchParams.get('token') ?? '')

t.test('validate-password answers 200 for a strong password and names every rule a weak one breaks', async (t) => {
  const s = await serveWithSessions()
  for (const path of ['/api/admin/user-admin/validate-password', '/auth/reset/validate-password']) {
    const headers = path.startsWith('/api') ? s.asAdmin : {}
    const ok = await s.call('POST', path, { headers, body: { password: NEW_PASSWORD } })
    t.equal(ok.status, 200, path)
    const weak = await s.call('POST', path, { headers, body: { password: 'abc' } })
    t.equal(weak.status, 400)
    t.equal(weak.json.name, 'ValidationError')
    t.same(
      weak.json.details.map((d: { message: string }) => d.message),
      [
        'The password must be at least 10 characters long.',
        'The password must contain at least one uppercase letter.',
        'The password must contain at least one number.',
        'The password must contain at least one special character.',
      ],
    )
    t.equal(weak.json.details[0].path, '/body/password')
    t.same(weak.json.details[0].validationErrors, weak.json.details.map((d: { message: string }) => d.message), 'the list the UI ticks off')
  }
  t.equal((await s.call('POST', '/api/admin/user-admin/validate-password', { body: { password: NEW_PASSWORD } })).status, 401, 'the admin one needs credentials')
})

t.test('the fixed user-admin paths are not taken for ids', async (t) => {
  const s = await serveWithSessions()
  const access = await s.call('GET', '/api/admin/user-admin/access', { headers: s.asAdmin })
  t.equal(access.status, 200)
  t.same(access.json, { users: [{ id: 1, username: 'admin', accountType: 'User' }], groups: [] })
  const inactive = await s.call('GET', '/api/admin/user-admin/inactive', { headers: s.asAdmin })
  t.same(inactive.json, { version: 1, inactiveUsers: [] })
  t.equal((await s.call('DELETE', '/api/admin/user-admin/scim-users', { headers: s.asAdmin })).status, 200)
})

t.test('an admin reset link lets the user set a password once, checked by the rule; their sessions end', async (t) => {
  const s = await serveWithSessions()
  const user = await s.createUser('ed', 'Editor')
  await s.call('PUT', `/api/admin/user-admin/${user.id}`, { headers: s.asAdmin, body: { email: 'ed@example.com', name: 'Ed' } })
  const session = cookieOf(await s.login('ed', GOOD_PASSWORD))

  t.equal((await s.call('POST', '/api/admin/user-admin/reset-password', { headers: s.asAdmin, body: { id: 'nobody@example.com' } })).status, 404)
  const made = await s.call('POST', '/api/admin/user-admin/reset-password', { headers: s.asAdmin, body: { id: 'ed@example.com' } })
  t.equal(made.status, 200)
  t.match(made.json.resetPasswordUrl, /^http:\/\/localhost:4242\/reset-password\?token=/)
  const token = tokenOf(made.json.resetPasswordUrl)

  const checked = await s.call('GET', `/auth/reset/validate?token=${encodeURIComponent(token)}`)
  t.equal(checked.status, 200)
  t.same(checked.json, { token, createdBy: null, email: 'ed@example.com', name: 'Ed', id: user.id, role: { id: 2, name: 'Editor', type: 'root', description: checked.json.role.description } })
  const bad = await s.call('GET', '/auth/reset/validate?token=nope')
  t.same([bad.status, bad.json.name, bad.json.message], [401, 'InvalidTokenError', 'Token was not valid'])

  const before = plain(s.api.state())
  const weak = await s.call('POST', '/auth/reset/password', { body: { token, password: 'short' } })
  t.equal(weak.status, 400)
  t.same(plain(s.api.state()), before, 'a weak password changes nothing')
  const wrong = await s.call('POST', '/auth/reset/password', { body: { token: 'nope', password: NEW_PASSWORD } })
  t.same([wrong.status, wrong.json.name], [401, 'InvalidTokenError'])

  t.equal((await s.call('POST', '/auth/reset/password', { body: { token, password: NEW_PASSWORD } })).status, 200)
  t.equal((await s.call('GET', '/api/admin/user', { headers: { cookie: session } })).status, 401, 'the old session ended')
  t.equal((await s.login('ed', GOOD_PASSWORD)).status, 401, 'the old password no longer works')
  t.equal((await s.login('ed', NEW_PASSWORD)).status, 200)
  const again = await s.call('POST', '/auth/reset/password', { body: { token, password: 'Another-Pass-99' } })
  t.equal(again.status, 401, 'a token works once')
  t.equal((await s.call('GET', `/auth/reset/validate?token=${encodeURIComponent(token)}`)).status, 401)
})

t.test('the invite link of a new user is accepted by the reset pages, and expires after 24 hours', async (t) => {
  const s = await serveWithSessions()
  const created = await s.call('POST', '/api/admin/user-admin', { headers: s.asAdmin, body: { email: 'new@example.com', rootRole: 'Viewer' } })
  const link: string = created.json.inviteLink
  t.match(link, /\/new-user\?token=/)
  const token = tokenOf(link)
  t.equal((await s.call('GET', `/auth/reset/validate?token=${encodeURIComponent(token)}`)).json.email, 'new@example.com')
  s.clock.advance(24 * 3_600_000)
  t.equal((await s.call('GET', `/auth/reset/validate?token=${encodeURIComponent(token)}`)).status, 401, 'expired')
})

t.test('a forgotten password: the link goes to the log when no mail is sent; unknown addresses answer the same', async (t) => {
  const log = keptLog()
  const sent: { to: string; resetLink: string }[] = []
  const s = await serveWithSessions({ logger: log.logger })
  await s.call('POST', '/api/admin/user-admin', { headers: s.asAdmin, body: { email: 'ann@example.com', rootRole: 'Editor' } })
  const unknown = await s.call('POST', '/auth/reset/password-email', { body: { email: 'nobody@example.com' } })
  t.equal(unknown.status, 200)
  t.equal(log.lines.length, 0, 'nothing made for an unknown address')
  const asked = await s.call('POST', '/auth/reset/password-email', { body: { email: 'Ann@Example.com' } })
  t.equal(asked.status, 200)
  const link = log.lastLink()
  t.ok(link, 'the link is in the log')
  t.equal((await s.call('POST', '/auth/reset/password', { body: { token: tokenOf(link!), password: NEW_PASSWORD } })).status, 200)
  t.equal((await s.login('ann@example.com', NEW_PASSWORD)).status, 200)

  const mailed = await serveWithSessions({ logger: log.logger, email: { sendWelcome: async () => false, sendResetPassword: async (m) => (sent.push(m), true) } })
  await mailed.call('POST', '/api/admin/user-admin', { headers: mailed.asAdmin, body: { email: 'bo@example.com', rootRole: 'Editor' } })
  const lines = log.lines.length
  t.equal((await mailed.call('POST', '/auth/reset/password-email', { body: { email: 'bo@example.com' } })).status, 200)
  t.equal(sent.length, 1)
  t.equal(sent[0]!.to, 'bo@example.com')
  t.equal(log.lines.length, lines, 'a sent link is not logged')
})

t.test('users change their own password by proving the old one', async (t) => {
  const s = await serveWithSessions()
  await s.createUser('ed', 'Editor')
  const cookie = cookieOf(await s.login('ed', GOOD_PASSWORD))
  const path = '/api/admin/user/change-password'
  const before = plain(s.api.state())
  const mismatch = await s.call('POST', path, { headers: { cookie }, body: { password: NEW_PASSWORD, confirmPassword: 'Other-Pass-42', oldPassword: GOOD_PASSWORD } })
  t.same([mismatch.status, mismatch.json.details[0].path], [400, '/body/confirmPassword'])
  const noOld = await s.call('POST', path, { headers: { cookie }, body: { password: NEW_PASSWORD } })
  t.same([noOld.status, noOld.json.details[0].path], [400, '/body/oldPassword'])
  const wrongOld = await s.call('POST', path, { headers: { cookie }, body: { password: NEW_PASSWORD, oldPassword: 'Wrong-Pass-42' } })
  t.same([wrongOld.status, wrongOld.json.name], [401, 'PasswordMismatch'])
  t.match(wrongOld.json.message, /^The old password you provided is invalid/)
  t.same(plain(s.api.state()), before, 'refusals change nothing')
  const token = await s.call('POST', path, { headers: s.asAdmin, body: { password: NEW_PASSWORD, oldPassword: GOOD_PASSWORD } })
  t.equal(token.status, 403, 'a token is no user')
  const done = await s.call('POST', path, { headers: { cookie }, body: { password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD, oldPassword: GOOD_PASSWORD } })
  t.equal(done.status, 200)
  t.equal((await s.login('ed', NEW_PASSWORD)).status, 200)
})

t.test('roles in a project, and inactive users deleted on request (never the caller)', async (t) => {
  const s = await serveWithSessions()
  await s.createUser('ed', 'Editor')
  const cookie = cookieOf(await s.login('ed', GOOD_PASSWORD))
  const roles = await s.call('GET', '/api/admin/user/roles?projectId=default', { headers: { cookie } })
  t.same(roles.json, { version: 1, roles: [{ ...roles.json.roles[0], id: 2, name: 'Editor', type: 'root', project: 'default' }] })
  t.equal((await s.call('GET', '/api/admin/user/roles', { headers: { cookie } })).status, 400, 'the project is required')

  const old = await s.createUser('old', 'Viewer')
  s.clock.advance(181 * 24 * 3_600_000)
  const fresh = await s.createUser('fresh', 'Viewer')
  const inactive = await s.call('GET', '/api/admin/user-admin/inactive', { headers: s.asAdmin })
  t.same(inactive.json.inactiveUsers.map((u: { id: number }) => u.id), [1, 2, old.id], 'admin never seen, ed seen long ago, old never seen')
  const deleted = await s.call('POST', '/api/admin/user-admin/inactive/delete', { headers: s.asAdmin, body: { ids: [old.id, fresh.id] } })
  t.equal(deleted.status, 200)
  t.equal(s.api.state().users.get(String(old.id)), undefined, 'the inactive user is deleted')
  t.ok(s.api.state().users.get(String(fresh.id)), 'an active one is kept')
})

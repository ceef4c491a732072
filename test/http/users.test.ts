import t from 'tap'
import { plain } from '../support/api.js'
import { ADMIN_TOKEN, FEATURES, serve, TRANSPORTS } from './support.js'

for (const transport of TRANSPORTS) {
  t.test(`${transport}: users are created (201, location user-admin/<id>), listed, read, updated and deleted`, async (t) => {
    const s = await serve(transport)
    t.teardown(s.close)
    const created = await s.call('POST', '/api/admin/user-admin', { body: { email: 'Ada@Example.com', name: 'Ada', rootRole: 'Editor', password: 'correct horse battery' } })
    t.equal(created.status, 201)
    t.equal(created.headers['location'], `user-admin/${created.json.id}`)
    t.match(created.json, { email: 'ada@example.com', name: 'Ada', rootRole: 2, emailSent: false })
    t.notMatch(created.text, /correct horse/, 'the password is never returned')

    const list = await s.call('GET', '/api/admin/user-admin')
    t.same(list.json.users.map((u: { id: number }) => u.id), [1, created.json.id], 'the built-in admin, then the new user')
    t.same(list.json.rootRoles.map((r: { name: string }) => r.name), ['Admin', 'Editor', 'Viewer'])
    t.equal((await s.call('GET', `/api/admin/user-admin/${created.json.id}`)).json.email, 'ada@example.com')
    const updated = await s.call('PUT', `/api/admin/user-admin/${created.json.id}`, { body: { name: 'Ada L.' } })
    t.equal(updated.status, 200)
    t.equal(updated.json.name, 'Ada L.')

    const before = plain(s.api.state())
    const again = await s.call('POST', '/api/admin/user-admin', { body: { email: 'ada@example.com', rootRole: 1 } })
    t.equal(again.status, 400)
    t.equal(again.json.details[0].message, 'User already exists')
    const noRole = await s.call('POST', '/api/admin/user-admin', { body: { email: 'b@example.com' } })
    t.equal(noRole.status, 400)
    t.same(noRole.json.details.map((d: { path: string }) => d.path), ['/body/rootRole'])
    t.same(plain(s.api.state()), before)

    const deleted = await s.call('DELETE', `/api/admin/user-admin/${created.json.id}`)
    t.equal(deleted.status, 200)
    t.equal(deleted.text, '')
    const gone = await s.call('GET', `/api/admin/user-admin/${created.json.id}`)
    t.equal(gone.status, 404)
    t.equal(gone.json.name, 'NotFoundError')
  })

  t.test(`${transport}: groups are created (201), listed, updated, given members and deleted`, async (t) => {
    const s = await serve(transport)
    t.teardown(s.close)
    const user = (await s.call('POST', '/api/admin/user-admin', { body: { email: 'm@example.com', rootRole: 'Viewer' } })).json
    const created = await s.call('POST', '/api/admin/groups', { body: { name: 'Team', description: 'the team' } })
    t.equal(created.status, 201)
    t.equal(created.headers['location'], `groups/${created.json.id}`)
    t.same((await s.call('GET', '/api/admin/groups')).json.groups.map((g: { name: string }) => g.name), ['Team'])
    t.equal((await s.call('GET', `/api/admin/groups/${created.json.id}`)).json.name, 'Team')
    t.equal((await s.call('PUT', `/api/admin/groups/${created.json.id}`, { body: { description: 'renamed' } })).json.description, 'renamed')
    const joined = await s.call('POST', `/api/admin/groups/${created.json.id}/users`, { body: { users: [{ user: { id: user.id } }] } })
    t.equal(joined.status, 200)
    t.equal(joined.json.userCount, 1)
    const left = await s.call('DELETE', `/api/admin/groups/${created.json.id}/users`, { body: { users: [{ user: { id: user.id } }] } })
    t.equal(left.json.userCount, 0)
    t.equal((await s.call('DELETE', `/api/admin/groups/${created.json.id}`)).status, 200)
    t.equal((await s.call('GET', `/api/admin/groups/${created.json.id}`)).status, 404)
  })

  t.test(`${transport}: API tokens: 201 with the secret once, then listed without it, and usable`, async (t) => {
    const s = await serve(transport)
    t.teardown(s.close)
    const created = await s.call('POST', '/api/admin/api-tokens', { body: { tokenName: 'ci', type: 'admin' } })
    t.equal(created.status, 201)
    t.equal(created.headers['location'], 'api-tokens', 'as Unleash')
    t.type(created.json.secret, 'string')
    t.equal((await s.call('GET', FEATURES, { token: created.json.secret })).status, 200, 'the new admin token works')
    const listed = await s.call('GET', '/api/admin/api-tokens')
    t.equal(listed.status, 200)
    t.notMatch(listed.text, created.json.secret)
    t.equal((await s.call('DELETE', `/api/admin/api-tokens/${created.json.id}`)).status, 200)
    t.equal((await s.call('GET', FEATURES, { token: created.json.secret })).status, 401, 'a deleted token no longer works')
  })

  t.test(`${transport}: API tokens by their secret, as Unleash's paths name them: update the expiry, delete; by name`, async (t) => {
    const s = await serve(transport)
    t.teardown(s.close)
    const { secret } = (await s.call('POST', '/api/admin/api-tokens', { body: { tokenName: 'ci', type: 'admin' } })).json
    const path = `/api/admin/api-tokens/${encodeURIComponent(secret)}`
    const updated = await s.call('PUT', path, { body: { expiresAt: '2030-01-01T02:00:00+02:00' } })
    t.same([updated.status, updated.text, updated.headers['content-type']], [200, '', undefined], 'as Unleash: 200, no body')
    const named = await s.call('GET', '/api/admin/api-tokens/ci')
    t.equal(named.status, 200)
    t.same(named.json.tokens.map((x: { expiresAt: string }) => x.expiresAt), ['2030-01-01T00:00:00.000Z'])
    t.same((await s.call('GET', '/api/admin/api-tokens/nobody')).json, { tokens: [] })
    const refused = await s.call('PUT', path, { body: { expiresAt: 'soon' } })
    t.same([refused.status, refused.json.details.map((d: { path: string }) => d.path)], [400, ['/body/expiresAt']])
    const before = plain(s.api.state())
    t.equal((await s.call('PUT', '/api/admin/api-tokens/*:*.unknown', { body: { expiresAt: '2031-01-01T00:00:00.000Z' } })).status, 200, 'no such token: 200, nothing changed')
    t.same(plain(s.api.state()), before)
    const deleted = await s.call('DELETE', path)
    t.same([deleted.status, deleted.text], [200, ''])
    t.equal((await s.call('GET', FEATURES, { token: secret })).status, 401, 'deleted by its secret, it no longer works')
    t.same((await s.call('GET', '/api/admin/api-tokens/ci')).json, { tokens: [] })
  })

  t.test(`${transport}: API token routes check what Unleash's route asks first: 403 naming them, then 415, then the kind`, async (t) => {
    const s = await serve(transport)
    t.teardown(s.close)
    const tokenOf = async (rootRole: string) => {
      const user = (await s.call('POST', '/api/admin/user-admin', { body: { username: rootRole.toLowerCase(), rootRole } })).json
      return (await s.call('POST', `/api/admin/user-admin/${user.id}/tokens`, { body: { description: 'test', expiresAt: '2100-01-01T00:00:00.000Z' } })).json.secret as string
    }
    const [editor, viewer] = [await tokenOf('Editor'), await tokenOf('Viewer')]
    const admin = (await s.call('POST', '/api/admin/api-tokens', { body: { tokenName: 'ci', type: 'admin' } })).json
    const path = `/api/admin/api-tokens/${encodeURIComponent(admin.secret)}`
    const expiry = { expiresAt: '2031-01-01T00:00:00.000Z' }
    const before = plain(s.api.state())

    const byViewer = await s.call('PUT', path, { token: viewer, body: expiry, headers: { 'content-type': 'text/plain' } })
    t.same([byViewer.status, byViewer.json.name, byViewer.json.permissions], [403, 'NoAccessError', ['ADMIN', 'UPDATE_CLIENT_API_TOKEN', 'UPDATE_FRONTEND_API_TOKEN']])
    t.match(byViewer.json.message, /you need one of the following permissions: "ADMIN", "UPDATE_CLIENT_API_TOKEN", "UPDATE_FRONTEND_API_TOKEN"\.$/)
    t.equal((await s.call('PUT', path, { token: editor, body: expiry, headers: { 'content-type': 'text/plain' } })).status, 415, 'an Editor passes the route: the content type is next')
    const byEditor = await s.call('PUT', path, { token: editor, body: expiry })
    t.same([byEditor.status, byEditor.json.permissions], [403, ['ADMIN']], 'then the kind: an admin token needs ADMIN')
    t.equal((await s.call('DELETE', path, { token: editor })).json.permissions[0], 'ADMIN')
    t.same((await s.call('DELETE', '/api/admin/api-tokens/*:*.unknown', { token: viewer })).json.permissions, ['ADMIN', 'DELETE_CLIENT_API_TOKEN', 'DELETE_FRONTEND_API_TOKEN'])
    const unknown = await s.call('DELETE', '/api/admin/api-tokens/*:*.unknown', { token: editor })
    t.same([unknown.status, unknown.text], [200, ''], 'a token that is not there: 200 for an Editor, as in Unleash')
    t.equal((await s.call('PUT', '/api/admin/api-tokens/*:*.unknown', { token: editor, body: expiry })).status, 200)
    t.same(plain(s.api.state()), before, 'nothing changed')

    const listed = await s.call('GET', '/api/admin/api-tokens', { token: editor })
    t.same([listed.status, listed.json.tokens], [200, []], 'an admin token is not listed to an Editor')
    t.equal((await s.call('GET', '/api/admin/api-tokens/ci', { token: viewer })).status, 403)
  })

  t.test(`${transport}: service accounts and their tokens; personal access tokens`, async (t) => {
    const s = await serve(transport)
    t.teardown(s.close)
    const account = await s.call('POST', '/api/admin/service-account', { body: { username: 'robot', name: 'Robot', rootRole: 'Editor' } })
    t.equal(account.status, 201)
    t.equal(account.headers['location'], `service-account/${account.json.id}`)
    t.same((await s.call('GET', '/api/admin/service-account')).json.serviceAccounts.map((a: { username: string }) => a.username), ['robot'])
    t.equal((await s.call('GET', `/api/admin/service-account/${account.json.id}`)).json.username, 'robot')
    t.equal((await s.call('PUT', `/api/admin/service-account/${account.json.id}`, { body: { name: 'R2' } })).json.name, 'R2')

    const token = await s.call('POST', `/api/admin/service-account/${account.json.id}/token`, { body: { description: 'deploys', expiresAt: '2100-01-01T00:00:00.000Z' } })
    t.equal(token.status, 201)
    t.match(token.json.secret, /^user:/)
    t.equal((await s.call('POST', FEATURES, { token: token.json.secret, body: { name: 'by-robot' } })).status, 201, 'it acts as an Editor')
    t.same((await s.call('GET', `/api/admin/service-account/${account.json.id}/token`)).json.pats.map((p: { id: number }) => p.id), [token.json.id])
    t.equal((await s.call('DELETE', `/api/admin/service-account/${account.json.id}/token/${token.json.id}`)).status, 200)
    t.equal((await s.call('GET', FEATURES, { token: token.json.secret })).status, 401)
    t.equal((await s.call('DELETE', `/api/admin/service-account/${account.json.id}`)).status, 200)

    const user = (await s.call('POST', '/api/admin/user-admin', { body: { email: 'p@example.com', rootRole: 'Viewer' } })).json
    const pat = await s.call('POST', `/api/admin/user-admin/${user.id}/tokens`, { body: { description: 'laptop', expiresAt: '2100-01-01T00:00:00.000Z' } })
    t.equal(pat.status, 201)
    t.same((await s.call('GET', `/api/admin/user-admin/${user.id}/tokens`)).json.pats.map((p: { id: number }) => p.id), [pat.json.id])
    const own = await s.call('POST', '/api/admin/user/tokens', { token: pat.json.secret, body: { description: 'mine', expiresAt: '2100-01-01T00:00:00.000Z' } })
    t.equal(own.status, 201, 'a user manages their own tokens')
    t.same((await s.call('GET', '/api/admin/user/tokens', { token: pat.json.secret })).json.pats.map((p: { id: number }) => p.id).sort(), [pat.json.id, own.json.id].sort())
    t.equal((await s.call('DELETE', `/api/admin/user/tokens/${own.json.id}`, { token: pat.json.secret })).status, 200)
    t.equal((await s.call('DELETE', `/api/admin/user-admin/${user.id}/tokens/${pat.json.id}`)).status, 200)
  })

  t.test(`${transport}: user search, the admin count and the event creators answer Unleash's routes`, async (t) => {
    const s = await serve(transport)
    t.teardown(s.close)
    await s.call('POST', '/api/admin/user-admin', { body: { name: 'Ada Lovelace', email: 'ada@example.com', rootRole: 'Admin' } })
    const found = await s.call('GET', '/api/admin/user-admin/search?q=love')
    t.equal(found.status, 200)
    t.same(found.json.map((u: { name: string }) => u.name), ['Ada Lovelace'])
    t.same((await s.call('GET', '/api/admin/user-admin/admin-count')).json, { password: 0, noPassword: 2, service: 0 }, 'with the built-in admin')
    const creators = await s.call('GET', '/api/admin/event-creators')
    t.equal(creators.status, 200)
    t.same(creators.json, [{ id: -42, name: 'Unleash Admin Token' }])
  })

  t.test(`${transport}: a project's API tokens: 201 with the secret, listed, deleted through the project`, async (t) => {
    const s = await serve(transport)
    t.teardown(s.close)
    const made = await s.call('POST', '/api/admin/projects/default/api-tokens', { body: { tokenName: 'sdk', type: 'client' } })
    t.equal(made.status, 201)
    t.equal(made.headers['location'], 'api-tokens')
    t.match(made.json, { tokenName: 'sdk', projects: ['default'], secret: /^default:development\./ })
    t.same((await s.call('GET', '/api/admin/projects/default/api-tokens')).json.tokens.map((tk: { tokenName: string }) => tk.tokenName), ['sdk'])
    t.equal((await s.call('DELETE', `/api/admin/projects/default/api-tokens/${made.json.secret}`)).status, 200)
    t.same((await s.call('GET', '/api/admin/projects/default/api-tokens')).json.tokens, [])
    t.equal((await s.call('POST', '/api/admin/projects/ghost/api-tokens', { body: { tokenName: 'sdk', type: 'client' } })).status, 404)
  })

  t.test(`${transport}: GET /api/admin/user answers who the caller is, never cached, without the token's secret`, async (t) => {
    const s = await serve(transport)
    t.teardown(s.close)
    const me = await s.call('GET', '/api/admin/user')
    t.equal(me.status, 200)
    t.equal(me.headers['cache-control'], 'no-store')
    t.same(me.json.permissions, [{ permission: 'ADMIN' }])
    t.same([me.json.feedback, me.json.splash], [[], {}])
    t.notOk(me.text.includes(ADMIN_TOKEN.split('.')[1]!), "not the token's secret, which Unleash answers")
  })
}

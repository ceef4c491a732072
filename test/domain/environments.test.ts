import t from 'tap'
import * as E from 'fp-ts/lib/Either.js'
import { getRow } from '../../src/store/table.js'
import type { AuthPort } from '../../src/ports/auth.js'
import { ADMIN_TOKEN, makeApi, ok, err, plain } from '../support/api.js'
import { raw } from '../support/raw.js'

const holding = (permissions: string[]): AuthPort => ({
  authenticate: () => E.right({ kind: 'user', actor: { id: 9, name: 'limited' }, permissions }),
})

const names = (list: { name: string }[]) => list.map((e) => e.name)

/** A project `shop` on development only, with a live feature `cart` (with a strategy) and an archived one `old`. */
const shop = async () => {
  const { api } = await makeApi()
  ok(await api.projects.create({ params: {}, body: { id: 'shop', name: 'Shop', environments: ['development'] } }))
  ok(await api.features.create({ params: { projectId: 'shop' }, body: { name: 'cart' } }))
  ok(await api.features.create({ params: { projectId: 'shop' }, body: { name: 'old' } }))
  ok(await api.features.archive({ params: { projectId: 'shop', featureName: 'old' } }))
  ok(await api.features.create({ params: { projectId: 'default' }, body: { name: 'other' } }))
  return api
}

/** The environments a feature holds in the store, in insertion order. */
const featureEnvs = (api: Awaited<ReturnType<typeof shop>>, name: string) => Object.keys(getRow(api.state().features, name)!.environments)

t.test('create an environment: the record, its defaults, an event', async (t) => {
  const { api } = await makeApi()
  const env = ok(await api.environments.create({ params: {}, body: { name: 'staging', type: 'test' } }))
  t.same(Object.entries(env), Object.entries({ name: 'staging', type: 'test', sortOrder: 4, enabled: true, protected: false, requiredApprovals: null }), "after the last (development 2, production 3, as Unleash seeds them), in Unleash's key order")
  t.match(api.events(1)[0], { type: 'environment-created', environment: 'staging', data: { name: 'staging', type: 'test' } })
  const explicit = ok(await api.environments.create({ params: {}, body: { name: 'qa', type: 'test', enabled: false, sortOrder: 2.5, requiredApprovals: 12 } }))
  t.same(explicit, { name: 'qa', type: 'test', sortOrder: 2.5, enabled: false, protected: false, requiredApprovals: 10 }, 'approvals clamped to 1..10')
  const list = ok(await api.environments.list({ params: {} }))
  t.equal(list.version, 1)
  t.same(names(list.environments), ['development', 'qa', 'production', 'staging'], 'by sortOrder')
  t.same(list.environments[0], { ...ok(await api.environments.get({ params: { name: 'development' } })), projectCount: 1, apiTokenCount: 0, enabledToggleCount: 0 }, "listed with Unleash's counts")
  t.same(ok(await api.environments.get({ params: { name: 'qa' } })), explicit)
})

t.test("the list counts each environment's projects, API tokens and enabled features, as Unleash's does", async (t) => {
  const { api } = await makeApi({ tokens: true })
  const admin = { authorization: ADMIN_TOKEN }
  for (const name of ['a', 'b', 'c']) ok(await api.features.create({ ...admin, params: { projectId: 'default' }, body: { name } }))
  for (const name of ['a', 'b']) ok(await api.features.enableEnvironment({ ...admin, params: { projectId: 'default', featureName: name, environment: 'production' } }))
  ok(await api.features.enableEnvironment({ ...admin, params: { projectId: 'default', featureName: 'c', environment: 'development' } }))
  ok(await api.features.archive({ ...admin, params: { projectId: 'default', featureName: 'b' } }))
  for (const tokenName of ['sdk-1', 'sdk-2']) ok(await api.apiTokens.create({ ...admin, params: {}, body: { tokenName, type: 'client', environment: 'production' } }))
  ok(await api.apiTokens.create({ ...admin, params: {}, body: { tokenName: 'web', type: 'frontend', environment: 'development' } }))
  const user = ok(await api.users.create({ ...admin, params: {}, body: { email: 'u@example.com', rootRole: 2 } }))
  ok(await api.personalTokens.create({ ...admin, params: { id: String(user.id) }, body: { description: 'mine', expiresAt: '2100-01-01T00:00:00.000Z' } }))
  const counts = ok(await api.environments.list({ ...admin, params: {} })).environments.map((e) => [e.name, e.projectCount, e.apiTokenCount, e.enabledToggleCount])
  t.same(counts, [['development', 1, 1, 1], ['production', 1, 2, 2]], 'archived features counted, personal tokens not')
})

t.test('environment names: URL friendly, 1 to 100 characters, not *; a type is required', async (t) => {
  const { api } = await makeApi()
  const before = plain(api.state())
  for (const name of ['', 'has space', 'a/b', '*', '.', 'x'.repeat(101)]) {
    const e = err(await api.environments.create({ params: {}, body: { name, type: 'test' } }))
    t.same(e.details.map((d) => d.path), ['/body/name'], `name ${JSON.stringify(name)}`)
  }
  const e = err(await api.environments.create({ params: {}, body: raw({ name: 'ok', sortOrder: 'first' })}))
  t.same(e.details.map((d) => d.path), ['/body/type', '/body/sortOrder'])
  t.same(plain(api.state()), before)
})

t.test('an environment name in use is a 409 and changes nothing', async (t) => {
  const { api } = await makeApi()
  const before = plain(api.state())
  const e = err(await api.environments.create({ params: {}, body: { name: 'production', type: 'production' } }))
  t.equal(e._tag, 'NameExistsError')
  t.equal(e.message, 'An environment named "production" already exists.')
  t.same(plain(api.state()), before)
})

t.test("the instance's environment limit counts every environment, disabled ones too", async (t) => {
  const { api } = await makeApi({ config: { resourceLimits: { environments: 3 } } })
  ok(await api.environments.create({ params: {}, body: { name: 'staging', type: 'test', enabled: false } }))
  const before = plain(api.state())
  const e = err(await api.environments.create({ params: {}, body: { name: 'qa', type: 'test' } }))
  t.equal(e._tag, 'ExceedsLimitError')
  t.equal(e.message, "Failed to create environment. You can't create more than the established limit of 3.")
  t.same(plain(api.state()), before)
})

t.test('enable and disable an environment; the same state again is a no-op', async (t) => {
  const { api } = await makeApi()
  ok(await api.environments.disable({ params: { name: 'production' } }))
  t.equal(ok(await api.environments.get({ params: { name: 'production' } })).enabled, false)
  t.match(api.events(1)[0], { type: 'environment-updated', environment: 'production', data: { enabled: false } })
  const before = plain(api.state())
  ok(await api.environments.disable({ params: { name: 'production' } }))
  t.same(plain(api.state()), before, 'no change, no event')
  ok(await api.environments.enable({ params: { name: 'production' } }))
  t.equal(ok(await api.environments.get({ params: { name: 'production' } })).enabled, true)
  t.same(ok(await api.projects.get({ params: { projectId: 'default' } })).environments, ['development', 'production'], 'projects keep their environments')
})

t.test('unknown environments are 404s that change nothing', async (t) => {
  const { api } = await makeApi()
  const before = plain(api.state())
  const off = err(await api.environments.disable({ params: { name: 'nope' } }))
  t.equal(off._tag, 'NotFoundError')
  t.equal(off.message, 'Could not find environment nope')
  t.equal(err(await api.environments.get({ params: { name: 'nope' } })).message, 'Could not find environment with name: nope', "Unleash's words")
  t.same(plain(api.state()), before)
})

t.test('connecting an environment gives each of the project’s features a fresh, disabled copy', async (t) => {
  const api = await shop()
  // Unleash checks `changeRequestsEnabled` and `defaultStrategy`, and uses neither.
  const body = { environment: 'production', changeRequestsEnabled: true, defaultStrategy: { name: 'flexibleRollout', parameters: { rollout: '50' } } }
  ok(await api.projects.connectEnvironment({ params: { projectId: 'shop' }, body }))
  t.same(ok(await api.projects.get({ params: { projectId: 'shop' } })).environments, ['development', 'production'])
  const cart = ok(await api.features.get({ params: { projectId: 'shop', featureName: 'cart' } }))
  t.same(cart.environments.map((e) => [e.name, e.enabled, e.strategies.length]), [['development', false, 0], ['production', false, 0]])
  t.same(featureEnvs(api, 'old'), ['development', 'production'], 'archived features too')
  t.same(featureEnvs(api, 'other'), ['development', 'production'], 'features of other projects untouched')
  t.match(api.events(1)[0], { type: 'project-environment-added', project: 'shop', environment: 'production' })
  t.equal(ok(await api.environments.list({ params: {} })).environments.find((e) => e.name === 'production')!.projectCount, 2)
  const created = ok(await api.features.create({ params: { projectId: 'shop' }, body: { name: 'later' } }))
  t.same(names(created.environments), ['development', 'production'], 'new features follow the project')
})

t.test('a disabled environment can be connected when named', async (t) => {
  const api = await shop()
  ok(await api.environments.disable({ params: { name: 'production' } }))
  ok(await api.projects.connectEnvironment({ params: { projectId: 'shop' }, body: { environment: 'production' } }))
  t.same(featureEnvs(api, 'cart'), ['development', 'production'])
})

t.test('connect refuses an environment already connected, an unknown one, an unknown project', async (t) => {
  const api = await shop()
  const before = plain(api.state())
  const twice = err(await api.projects.connectEnvironment({ params: { projectId: 'shop' }, body: { environment: 'development' } }))
  t.equal(twice._tag, 'NameExistsError')
  t.equal(twice.message, 'shop already has the environment development enabled')
  const unknown = err(await api.projects.connectEnvironment({ params: { projectId: 'shop' }, body: { environment: 'nope' } }))
  t.equal(unknown._tag, 'ValidationError', 'bad input, as Unleash answers it (400)')
  t.same(unknown.details, [{ path: '/body/environment', message: 'Environment nope does not exist' }])
  const noProject = err(await api.projects.connectEnvironment({ params: { projectId: 'nope' }, body: { environment: 'production' } }))
  t.equal(noProject.message, 'Could not find project with id "nope".')
  const badBody = err(await api.projects.connectEnvironment({ params: { projectId: 'shop' }, body: raw({ env: 'production' })}))
  t.same(badBody.details.map((d) => d.path), ['/body/environment', '/body/env'], 'the name missing, and a property Unleash refuses too')
  const checked = err(await api.projects.connectEnvironment({ params: { projectId: 'shop' }, body: raw({ environment: 'production', changeRequestsEnabled: 'yes', defaultStrategy: {} })}))
  t.same(checked.details.map((d) => d.path), ['/body/changeRequestsEnabled', '/body/defaultStrategy/name'], "Unleash's other two properties are checked")
  t.same(plain(api.state()), before)
})

t.test("disconnecting removes the environment from the project's features, strategies and all", async (t) => {
  const api = await shop()
  ok(await api.projects.connectEnvironment({ params: { projectId: 'shop' }, body: { environment: 'production' } }))
  const path = { projectId: 'shop', featureName: 'cart', environment: 'production' }
  ok(await api.strategies.add({ params: path, body: { name: 'default' } }))
  ok(await api.projects.disconnectEnvironment({ params: { projectId: 'shop', environment: 'production' } }))
  t.same(ok(await api.projects.get({ params: { projectId: 'shop' } })).environments, ['development'])
  t.same(featureEnvs(api, 'cart'), ['development'])
  t.same(featureEnvs(api, 'old'), ['development'])
  t.same(featureEnvs(api, 'other'), ['development', 'production'])
  t.equal(err(await api.strategies.list({ params: path }))._tag, 'NotFoundError')
  t.match(api.events(1)[0], { type: 'project-environment-removed', project: 'shop', environment: 'production' })
  ok(await api.projects.connectEnvironment({ params: { projectId: 'shop' }, body: { environment: 'production' } }))
  t.same(ok(await api.strategies.list({ params: path })), [], 'reconnected fresh')
})

t.test('disconnect refuses the last environment, and leaves one not connected or an unknown project be', async (t) => {
  const api = await shop()
  const before = plain(api.state())
  const last = err(await api.projects.disconnectEnvironment({ params: { projectId: 'shop', environment: 'development' } }))
  t.equal(last._tag, 'ValidationError')
  t.same(last.details, [{ message: 'You must always have one active environment' }])
  // Nothing to disconnect is a success that changes nothing, as Unleash answers it.
  ok(await api.projects.disconnectEnvironment({ params: { projectId: 'shop', environment: 'production' } }))
  ok(await api.projects.disconnectEnvironment({ params: { projectId: 'nope', environment: 'development' } }))
  t.same(plain(api.state()), before)
})

t.test('permissions: creating needs CREATE_ENVIRONMENT, on/off ADMIN, connecting UPDATE_PROJECT; reads none', async (t) => {
  const { api } = await makeApi({ auth: holding(['CREATE_PROJECT']) })
  const before = plain(api.state())
  t.same(err(await api.environments.create({ params: {}, body: { name: 'qa', type: 'test' } })).extra, { permissions: ['CREATE_ENVIRONMENT'] })
  t.same(err(await api.environments.disable({ params: { name: 'production' } })).extra, { permissions: ['ADMIN'] })
  t.same(err(await api.projects.connectEnvironment({ params: { projectId: 'default' }, body: { environment: 'production' } })).extra, { permissions: ['UPDATE_PROJECT'] })
  t.same(err(await api.projects.disconnectEnvironment({ params: { projectId: 'default', environment: 'production' } })).extra, { permissions: ['UPDATE_PROJECT'] })
  t.same(plain(api.state()), before)
  t.same(names(ok(await api.environments.list({ params: {} })).environments), ['development', 'production'])
})

t.test('__proto__ and constructor are ordinary environment names', async (t) => {
  const api = await shop()
  for (const name of ['__proto__', 'constructor']) {
    ok(await api.environments.create({ params: {}, body: { name, type: 'test' } }))
    ok(await api.projects.connectEnvironment({ params: { projectId: 'shop' }, body: { environment: name } }))
    const env = ok(await api.features.getEnvironment({ params: { projectId: 'shop', featureName: 'cart', environment: name } }))
    t.equal(env.name, name)
    t.equal(env.enabled, false)
  }
  t.same(featureEnvs(api, 'cart'), ['development', '__proto__', 'constructor'])
  ok(await api.projects.disconnectEnvironment({ params: { projectId: 'shop', environment: '__proto__' } }))
  t.same(featureEnvs(api, 'cart'), ['development', 'constructor'])
  const p = ok(await api.projects.create({ params: {}, body: { name: 'All' } }))
  t.same(p.environments, ['development', 'production', '__proto__', 'constructor'], 'new projects get them when enabled')
})

t.test("environments are reordered by name, as Unleash's sort-order route does", async (t) => {
  const { api } = await makeApi()
  ok(await api.features.create({ params: { projectId: 'default' }, body: { name: 'flag' } }))
  ok(await api.environments.setSortOrder({ params: {}, body: { development: 6, production: 1, nope: 3 } }))
  t.same(ok(await api.environments.list({ params: {} })).environments.map((e) => [e.name, e.sortOrder]), [['production', 1], ['development', 6]], 'names of no environment are ignored')
  t.same(ok(await api.features.get({ params: { projectId: 'default', featureName: 'flag' } })).environments.map((e) => e.name), ['production', 'development'], "a feature's environments follow")
  t.same(api.events(2).map((e) => [e.type, e.environment, e.data]), [
    ['environment-updated', 'production', { name: 'production', sortOrder: 1 }],
    ['environment-updated', 'development', { name: 'development', sortOrder: 6 }],
  ])
  const before = plain(api.state())
  ok(await api.environments.setSortOrder({ params: {}, body: { production: 1 } }))
  t.same(plain(api.state()), before, 'an order it has already changes and records nothing')
  t.same(err(await api.environments.setSortOrder({ params: {}, body: { development: 1.5 } })).details.map((d) => d.path), ['/body/development'], 'an integer, as Unleash requires')
  t.same(plain(api.state()), before)
})

t.test('every environment as a project sees it: its counts for the project, and whether it is connected', async (t) => {
  const { api } = await makeApi()
  ok(await api.environments.create({ params: {}, body: { name: 'staging', type: 'test' } }))
  ok(await api.features.create({ params: { projectId: 'default' }, body: { name: 'flag' } }))
  ok(await api.features.enableEnvironment({ params: { projectId: 'default', featureName: 'flag', environment: 'development' } }))
  ok(await api.projects.create({ params: {}, body: { id: 'other', name: 'Other' } }))
  ok(await api.apiTokens.create({ params: {}, body: { tokenName: 'one', type: 'client', environment: 'development', projects: ['default'] } }))
  ok(await api.apiTokens.create({ params: {}, body: { tokenName: 'all', type: 'client', environment: 'production', projects: ['*'] } }))
  ok(await api.apiTokens.create({ params: {}, body: { tokenName: 'elsewhere', type: 'client', environment: 'development', projects: ['other'] } }))
  const seen = (projectId: string) => async () =>
    ok(await api.environments.ofProject({ params: { projectId } })).environments.map((e) => [e.name, e.projectApiTokenCount, e.projectEnabledToggleCount, e.visible])
  t.same(await seen('default')(), [['development', 1, 1, true], ['production', 1, 0, true], ['staging', 0, 0, false]])
  t.same(await seen('nope')(), [['development', 0, 0, false], ['production', 1, 0, false], ['staging', 0, 0, false]], 'an unknown project sees them all, none connected, as in Unleash')
  t.match(ok(await api.environments.ofProject({ params: { projectId: 'default' } })).environments[0], { name: 'development', type: 'development', sortOrder: 2, enabled: true, protected: false, requiredApprovals: null })
})

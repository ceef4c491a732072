import t from 'tap'
import { UNLEASH_FLAGS } from '../../src/domain/ui-flags.js'
import * as E from 'fp-ts/lib/Either.js'
import { createHash } from 'node:crypto'
import { readdirSync, readFileSync } from 'node:fs'
import type { Operation } from '../../src/api/operation.js'
import { VERSION } from '../../src/api/version.js'
import { DEFAULT_LIMITS } from '../../src/model/limits.js'
import type { AuthPort } from '../../src/ports/auth.js'
import { ADMIN_TOKEN, makeApi, ok, err, plain } from '../support/api.js'
import { raw } from '../support/raw.js'
import { internalsOf } from '../../src/api/internals.js'

const PACKAGE_VERSION = (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }).version

const holding = (permissions: string[]): AuthPort => ({
  authenticate: () => E.right({ kind: 'user', actor: { id: 9, name: 'limited' }, permissions }),
})

t.test("VERSION is the package's version", async (t) => {
  t.equal(VERSION, PACKAGE_VERSION)
})

t.test('the UI configuration with Unleash OSS defaults', async (t) => {
  const { api } = await makeApi()
  const config = ok(await api.instance.uiConfig({ params: {} }))
  t.same(config, {
    version: PACKAGE_VERSION,
    environment: 'Open Source',
    unleashUrl: 'http://localhost:4242',
    baseUriPath: '',
    disablePasswordAuth: false,
    emailEnabled: false,
    maintenanceMode: false,
    segmentValuesLimit: 1000,
    strategySegmentsLimit: 5,
    // Unleash 8.2's defaults, as its ui-config answered them (../shared/reference/unleash-samples/06-get-ui-config.txt).
    resourceLimits: {
      segmentValues: 1000,
      strategySegments: 5,
      signalEndpoints: 5,
      actionSetActions: 10,
      actionSetsPerProject: 5,
      actionSetFilters: 5,
      actionSetFilterValues: 25,
      signalTokensPerEndpoint: 5,
      featureEnvironmentStrategies: 30,
      constraintValues: 250,
      constraints: 30,
      environments: 50,
      projects: 500,
      apiTokens: 2000,
      segments: 300,
      featureFlags: 5000,
      releaseTemplates: 10,
    },
    networkViewEnabled: false,
    frontendApiOrigins: ['*'],
    flags: { ...UNLEASH_FLAGS, featuresExportImport: true },
    links: [],
    authenticationType: 'open-source',
    versionInfo: { current: { oss: PACKAGE_VERSION, enterprise: '' }, latest: {}, isLatest: true, instanceId: api.state().instanceId },
    oidcConfiguredThroughEnv: false,
    samlConfiguredThroughEnv: false,
    prometheusAPIAvailable: false,
    impactMetrics: 'disabled',
    maxSessionsCount: 0,
    unleashContext: {},
    storiesPageEnabled: false,
  })
  t.notOk('name' in config, 'name and slogan only when configured, as in Unleash')
  t.equal(Object.keys(config.resourceLimits).length, 17)
  t.same(ok(await api.instance.uiConfig({ params: {} })).versionInfo.instanceId, config.versionInfo.instanceId, 'stable per store')
})

t.test("the host's configuration shows through", async (t) => {
  const links = [{ value: 'Docs', icon: 'library_books', href: 'https://docs.example.com', title: 'Docs' }]
  const hostFlags: Record<string, unknown> = { messageBanner: { name: 'on', enabled: true }, custom: true }
  const { api } = await makeApi({
    config: {
      name: 'Flags',
      slogan: 'ship it',
      unleashUrl: 'https://flags.example.com/',
      baseUriPath: '/flags',
      links,
      flags: hostFlags,
      frontendApiOrigins: ['https://app.example.com'],
      authenticationType: 'none',
      resourceLimits: { segmentValues: 7, projects: 3 },
    },
  })
  const config = ok(await api.instance.uiConfig({ params: {} }))
  t.match(config, {
    name: 'Flags',
    slogan: 'ship it',
    unleashUrl: 'https://flags.example.com',
    baseUriPath: '/flags',
    links,
    flags: { featuresExportImport: true, messageBanner: { name: 'on', enabled: true }, custom: true },
    frontendApiOrigins: ['https://app.example.com'],
    authenticationType: 'none',
    disablePasswordAuth: true,
    segmentValuesLimit: 7,
    resourceLimits: { ...DEFAULT_LIMITS, segmentValues: 7, projects: 3 },
  })
  t.throws(() => ((config.flags as Record<string, unknown>).custom = false), TypeError, 'the record is deeply frozen')
  t.throws(() => (config.links as unknown[]).pop(), TypeError)
  t.throws(() => (config.frontendApiOrigins as string[]).push('https://evil.example.com'), TypeError)
  hostFlags['custom'] = 'changed later'
  links[0]!.href = 'https://changed.example.com'
  const again = ok(await api.instance.uiConfig({ params: {} }))
  t.match(again, { flags: { custom: true }, links: [{ href: 'https://docs.example.com' }] }, "the host's flags and links are taken when the facade is created")
})

t.test('one frozen record is shared until the instance settings change', async (t) => {
  const { api } = await makeApi()
  const first = ok(await api.instance.uiConfig({ params: {} }))
  t.equal(ok(await api.instance.uiConfig({ params: {} })), first, 'the same record while nothing changed')
  ok(await api.features.create({ params: { projectId: 'default' }, body: { name: 'unrelated' } }))
  t.equal(ok(await api.instance.uiConfig({ params: {} })), first, 'other changes keep it')

  ok(await api.instance.setMaintenance({ params: {}, body: { enabled: true } }))
  const maintained = ok(await api.instance.uiConfig({ params: {} }))
  t.not(maintained, first)
  t.equal(maintained.maintenanceMode, true)
  t.equal(first.maintenanceMode, false, 'a record handed out before keeps its values')
  ok(await api.instance.setMaintenance({ params: {}, body: { enabled: false } }))
  ok(await api.instance.setFrontendApiOrigins({ params: {}, body: { frontendApiOrigins: ['https://a.example.com'] } }))
  t.same(ok(await api.instance.uiConfig({ params: {} })).frontendApiOrigins, ['https://a.example.com'])

  // Each facade keeps its own record.
  const withEmail = await makeApi({ email: { sendWelcome: async () => true } })
  t.equal(ok(await withEmail.api.instance.uiConfig({ params: {} })).emailEnabled, true)
  t.equal(ok(await api.instance.uiConfig({ params: {} })).emailEnabled, false)
})

t.test('emailEnabled is true when the facade has an e-mail port', async (t) => {
  const { api } = await makeApi({ email: { sendWelcome: async () => true } })
  t.equal(ok(await api.instance.uiConfig({ params: {} })).emailEnabled, true)
})

t.test('any authenticated caller may read it; an unauthenticated one may not', async (t) => {
  const viewer = (await makeApi({ auth: holding([]) })).api
  t.equal(ok(await viewer.instance.uiConfig({ params: {} })).environment, 'Open Source')
  const { api } = await makeApi({ tokens: true })
  t.equal(err(await api.instance.uiConfig({ params: {} }))._tag, 'AuthenticationRequired')
})

/** The hex SHA-256 of a string, computed here apart from the code under test. */
const sha256 = (text: string): string => createHash('sha256').update(text, 'utf8').digest('hex')

t.test("unleashContext: a user's id and e-mail digest, as Unleash gives them; nothing for a token", async (t) => {
  const { api } = await makeApi({ tokens: true })
  const admin = { authorization: ADMIN_TOKEN }
  const tokenOf = async (id: number) => ok(await api.personalTokens.create({ ...admin, params: { id: String(id) }, body: { description: 'ui', expiresAt: '2100-01-01T00:00:00.000Z' } })).secret
  const ada = ok(await api.users.create({ ...admin, params: {}, body: { email: 'ada@example.com', rootRole: 'Viewer' } }))
  const bob = ok(await api.users.create({ ...admin, params: {}, body: { username: 'bob', rootRole: 'Editor' } }))
  const robot = ok(await api.serviceAccounts.create({ ...admin, params: {}, body: { username: 'robot', name: 'Robot', rootRole: 'Viewer' } }))
  const [adaToken, bobToken] = [await tokenOf(ada.id), await tokenOf(bob.id)]
  const robotToken = ok(await api.serviceAccounts.createToken({ ...admin, params: { id: String(robot.id) }, body: { description: 'ui', expiresAt: '2100-01-01T00:00:00.000Z' } })).secret
  const read = async (authorization: string) => ok(await api.instance.uiConfig({ authorization, params: {} }))

  const shared = await read(ADMIN_TOKEN)
  t.same(shared.unleashContext, {}, 'an admin token: nothing, as Unleash 8.2 answered one (06-get-ui-config.txt)')
  const asAda = await read(adaToken)
  t.same(asAda.unleashContext, { email: sha256('ada@example.com'), userId: ada.id })
  t.same(Object.keys(asAda.unleashContext), ['email', 'userId'], "Unleash's order")
  t.same((await read(bobToken)).unleashContext, { userId: bob.id }, 'no e-mail, no digest')
  t.same((await read(robotToken)).unleashContext, { userId: robot.id }, 'a service account through its personal token')
  const { unleashContext: _ada, ...adaRest } = asAda
  const { unleashContext: _shared, ...sharedRest } = shared
  t.same(adaRest, sharedRest, 'the rest of the record is the shared one')
  t.same(Object.keys(asAda), Object.keys(shared), 'in the same order')

  t.equal(await read(adaToken), asAda, "a user's record is kept while nothing it was made from changed")
  t.throws(() => ((asAda.unleashContext as { userId: number }).userId = 1), TypeError, 'and frozen, like the shared one')
  t.same((await read(ADMIN_TOKEN)).unleashContext, {}, "the shared record did not take a user's context")

  ok(await api.users.update({ ...admin, params: { id: String(ada.id) }, body: { email: 'ada@example.org' } }))
  t.same((await read(adaToken)).unleashContext, { email: sha256('ada@example.org'), userId: ada.id }, 'a changed e-mail shows at once')
  ok(await api.instance.setFrontendApiOrigins({ ...admin, params: {}, body: { frontendApiOrigins: ['https://app.example.com'] } }))
  const after = await read(adaToken)
  t.same(after.frontendApiOrigins, ['https://app.example.com'], "a user's record follows the shared one")
  t.same(after.unleashContext, { email: sha256('ada@example.org'), userId: ada.id })
})

t.test('front-end API origins: stored, reported, an event; duplicates dropped', async (t) => {
  const { api } = await makeApi()
  ok(await api.instance.setFrontendApiOrigins({ params: {}, body: { frontendApiOrigins: ['https://a.example.com', 'http://localhost:3000', 'https://a.example.com'] } }))
  t.same(ok(await api.instance.uiConfig({ params: {} })).frontendApiOrigins, ['https://a.example.com', 'http://localhost:3000'])
  t.match(api.events(1)[0], { type: 'setting-updated', data: { id: 'unleash.frontend', frontendApiOrigins: ['https://a.example.com', 'http://localhost:3000'] }, preData: { frontendApiOrigins: null } })
  const before = plain(api.state())
  ok(await api.instance.setFrontendApiOrigins({ params: {}, body: { frontendApiOrigins: ['https://a.example.com', 'http://localhost:3000'] } }))
  t.same(plain(api.state()), before, 'the same list again changes nothing')
  ok(await api.instance.setFrontendApiOrigins({ params: {}, body: { frontendApiOrigins: [] } }))
  t.same(ok(await api.instance.uiConfig({ params: {} })).frontendApiOrigins, [], 'an empty list allows none')
})

t.test('front-end API origins must be * or exact origins; the body is closed; ADMIN only', async (t) => {
  const { api } = await makeApi()
  const before = plain(api.state())
  const bad = err(await api.instance.setFrontendApiOrigins({ params: {}, body: { frontendApiOrigins: ['*', 'https://x.example.com/', 'x.example.com', 'https://ok.example.com:8443'] } }))
  t.equal(bad._tag, 'ValidationError')
  t.same(bad.details.map((d) => d.path), ['/body/frontendApiOrigins/1', '/body/frontendApiOrigins/2'])
  const extra = err(await api.instance.setFrontendApiOrigins({ params: {}, body: raw({ frontendApiOrigins: ['*'], other: 1 })}))
  t.same(extra.details.map((d) => d.path), ['/body/other'])
  t.same(err(await api.instance.setFrontendApiOrigins({ params: {}, body: raw({})})).details.map((d) => d.path), ['/body/frontendApiOrigins'])
  t.same(plain(api.state()), before)
  const editor = (await makeApi({ auth: holding(['CREATE_PROJECT', 'UPDATE_PROJECT']) })).api
  t.same(err(await editor.instance.setFrontendApiOrigins({ params: {}, body: { frontendApiOrigins: ['*'] } })).extra, { permissions: ['ADMIN'] })
})

t.test('maintenance mode: on, writes refused and nothing changed, reads work, off again', async (t) => {
  const { api } = await makeApi()
  ok(await api.instance.setMaintenance({ params: {}, body: raw({ enabled: true, note: 'upgrade' })}))
  t.equal(ok(await api.instance.uiConfig({ params: {} })).maintenanceMode, true)
  t.same(ok(await api.instance.maintenance({ params: {} })), { enabled: true }, 'other properties dropped (Unleash allows them)')
  t.match(api.events(1)[0], { type: 'setting-updated', data: { id: 'maintenance.mode', enabled: true } })

  const before = plain(api.state())
  const writes: (() => Promise<E.Either<{ readonly _tag: string; readonly message: string }, unknown>>)[] = [
    () => api.projects.create({ params: {}, body: { name: 'P' } }),
    () => api.projects.connectEnvironment({ params: { projectId: 'default' }, body: { environment: 'production' } }),
    () => api.projects.disconnectEnvironment({ params: { projectId: 'default', environment: 'production' } }),
    () => api.environments.create({ params: {}, body: { name: 'qa', type: 'test' } }),
    () => api.environments.disable({ params: { name: 'production' } }),
    () => api.instance.setFrontendApiOrigins({ params: {}, body: { frontendApiOrigins: ['*'] } }),
    () => api.features.create({ params: { projectId: 'default' }, body: { name: 'f' } }),
    // Deleting a token that is not there changes nothing, yet it is a write: refused too.
    () => api.apiTokens.delete({ params: { token: '*:*.unknown' } }),
    () => api.apiTokens.update({ params: { token: '*:*.unknown' }, body: { expiresAt: '2031-01-01T00:00:00.000Z' } }),
  ]
  for (const write of writes) {
    const e = err(await write())
    t.equal(e._tag, 'MaintenanceModeError')
    t.match(e.message, /maintenance mode/)
  }
  t.same(plain(api.state()), before)
  t.equal(ok(await api.projects.list({ params: {} })).projects.length, 1)
  t.equal(ok(await api.environments.list({ params: {} })).environments.length, 2)

  ok(await api.instance.setMaintenance({ params: {}, body: { enabled: false } }))
  t.equal(ok(await api.instance.uiConfig({ params: {} })).maintenanceMode, false)
  t.equal(ok(await api.projects.create({ params: {}, body: { name: 'P' } })).id, 'p', 'writes work again')
})

t.test('setting maintenance mode: its current value is a no-op; the body is checked; reading and setting it need ADMIN', async (t) => {
  const { api } = await makeApi()
  const before = plain(api.state())
  ok(await api.instance.setMaintenance({ params: {}, body: { enabled: false } }))
  t.same(plain(api.state()), before, 'no change, no event')
  t.same(err(await api.instance.setMaintenance({ params: {}, body: raw({ enabled: 'yes' })})).details.map((d) => d.path), ['/body/enabled'])
  t.same(err(await api.instance.setMaintenance({ params: {}, body: raw({})})).details.map((d) => d.path), ['/body/enabled'])
  t.same(plain(api.state()), before)
  const editor = (await makeApi({ auth: holding(['CREATE_PROJECT']) })).api
  t.same(err(await editor.instance.setMaintenance({ params: {}, body: { enabled: true } })).extra, { permissions: ['ADMIN'] })
  t.same(err(await editor.instance.maintenance({ params: {} })).extra, { permissions: ['ADMIN'] })
  t.equal(ok(await editor.instance.uiConfig({ params: {} })).maintenanceMode, false)
})

t.test('limits the host sets are raised to Unleash minimums, and reported as enforced', async (t) => {
  const { api } = await makeApi({ config: { resourceLimits: { projects: 0, featureFlags: 0, environments: 0, featureEnvironmentStrategies: 0, constraintValues: 0, constraints: 0, segments: 0, apiTokens: 0 } } })
  const limits = ok(await api.instance.uiConfig({ params: {} })).resourceLimits
  t.match(limits, { projects: 1, featureFlags: 1, environments: 1, featureEnvironmentStrategies: 1, constraintValues: 1, constraints: 0, segments: 0, apiTokens: 0 })
  t.equal(err(await api.projects.create({ params: {}, body: { name: 'P' } })).message, "Failed to create project. You can't create more than the established limit of 1.")
  for (const bad of [-1, Number.NaN, '5']) {
    await t.rejects(makeApi({ config: { resourceLimits: { projects: bad as number } } }), /resourceLimits\.projects must be a number of 0 or more/)
  }
})

t.test('flags that are not JSON values are refused when the facade is created', async (t) => {
  const circular: Record<string, unknown> = {}
  circular['self'] = circular
  await t.rejects(makeApi({ config: { flags: circular } }), /flags must be JSON values/)
  await t.rejects(makeApi({ config: { flags: { big: 1n } } }), /flags must be JSON values/)
})

t.test('feedbackUriPath is reported only when the host sets it', async (t) => {
  const { api } = await makeApi({ config: { feedbackUriPath: '/feedback' } })
  t.equal(ok(await api.instance.uiConfig({ params: {} })).feedbackUriPath, '/feedback')
  t.notOk('feedbackUriPath' in ok(await (await makeApi()).api.instance.uiConfig({ params: {} })))
})

t.test('maintenance mode refuses every write operation of the facade, reads answer, and the store is untouched', async (t) => {
  const { api } = await makeApi()
  ok(await api.instance.setMaintenance({ params: {}, body: { enabled: true } }))
  const before = plain(api.state())
  const dir = new URL('../../src/api/operations/', import.meta.url)
  const modules = await Promise.all(readdirSync(dir).map((file) => import(new URL(file, dir).href) as Promise<Record<string, unknown>>))
  // Operations are exported as `...Op`: values, or factories taking a flag (on/off, e-mail enabled).
  // Logging in and out and the password-reset pages are not admin API writes: Unleash's
  // maintenance mode refuses writes under /api/admin only, so it lets them through. The
  // instance's own writes (gathered usage, a kit's reset) are admitted as `system` only, never
  // for a caller, maintenance or not.
  const allowed = new Set(['setMaintenanceOp', 'loginOp', 'logoutOp', 'resetPasswordOp', 'resetEmailOp', 'usageWriteOp', 'replaceStateOp'])
  const operations = modules
    .flatMap((m) => Object.entries(m).filter(([name]) => name.endsWith('Op') && !allowed.has(name)))
    .map(([, x]) => (typeof x === 'function' ? (x as (flag: boolean) => unknown)(true) : x))
  const writes = operations.filter((op): op is Operation<unknown, unknown, unknown> => (op as { kind?: string })?.kind === 'write')
  t.ok(writes.length > 40, `found ${writes.length} write operations`)
  let refused = 0
  for (const op of writes) {
    const result = await internalsOf(api).run(op, { params: { projectId: 'default', featureName: 'f', environment: 'development', name: 'development' }, body: {} })
    if (E.isLeft(result) && result.left._tag === 'MaintenanceModeError') refused++
    else t.fail(`a write was not refused: ${JSON.stringify(result)}`)
  }
  t.equal(refused, writes.length, 'every write but turning maintenance off, logging in and out')
  t.same(plain(api.state()), before)
  t.equal(ok(await api.projects.get({ params: { projectId: 'default' } })).id, 'default', 'reads answer')
})

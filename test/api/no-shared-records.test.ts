import * as E from 'fp-ts/lib/Either.js'
import t from 'tap'
import { adminRoutes } from '../../src/http/routes/index.js'
import { makeApi, ok, plain } from '../support/api.js'

/**
 * No record the facade hands out is an object of the store, and no object a caller hands in
 * becomes one: a caller changing what it was given, or what it gave, must never change the
 * store. Every read route is called with names that exist, and the writes that answer a
 * record are called once; each answer is searched for any object that is also in the state.
 */

type Api = Awaited<ReturnType<typeof makeApi>>['api']

/** Every object and array reachable from `value`. */
const objectsIn = (value: unknown, into = new Set<object>()): Set<object> => {
  if (value === null || typeof value !== 'object' || into.has(value)) return into
  into.add(value)
  for (const key of Object.keys(value)) objectsIn((value as Record<string, unknown>)[key], into)
  return into
}

/** The paths in `answer` that lead to an object of `stored`. */
const sharedPaths = (answer: unknown, stored: Set<object>): string[] => {
  const found: string[] = []
  const visit = (value: unknown, path: string, seen: Set<object>) => {
    if (value === null || typeof value !== 'object' || seen.has(value)) return
    seen.add(value)
    if (stored.has(value)) found.push(path || '/')
    for (const key of Object.keys(value)) visit((value as Record<string, unknown>)[key], `${path}/${key}`, seen)
  }
  visit(answer, '', new Set())
  return found
}

const P = { projectId: 'default' }
const AT = { ...P, featureName: 'f', environment: 'development' }

/** A store with one of everything, and the answers of the writes that made it. */
const seeded = async () => {
  const { api } = await makeApi()
  const answers: [string, unknown][] = []
  const keep = async <A>(name: string, call: Promise<E.Either<unknown, A>>): Promise<A> => {
    const answer = ok(await call)
    answers.push([name, answer])
    return answer
  }
  await keep('contextFields.create', api.contextFields.create({ params: {}, body: { name: 'tenant', legalValues: [{ value: 'acme', description: 'Acme' }] } }))
  const segment = await keep('segments.create', api.segments.create({ params: {}, body: { name: 'beta', constraints: [{ contextName: 'tenant', operator: 'IN', values: ['acme'] }] } }))
  await keep('features.create', api.features.create({ params: P, body: { name: 'f', description: 'd' } }))
  await keep('features.create', api.features.create({ params: P, body: { name: 'g' } }))
  await keep('features.update', api.features.update({ params: { ...P, featureName: 'f' }, body: { description: 'e' } }))
  const strategy = await keep(
    'strategies.add',
    api.strategies.add({
      params: AT,
      body: { name: 'flexibleRollout', parameters: { rollout: '50', groupId: 'f' }, segments: [segment.id], constraints: [{ contextName: 'tenant', operator: 'IN', values: ['acme'] }], variants: [{ name: 'v', weight: 1000, weightType: 'variable', stickiness: 'default', payload: { type: 'string', value: 'x' } }] },
    }),
  )
  await keep('features.setVariants', api.features.setVariants({ params: { ...P, featureName: 'f' }, body: { environments: ['development'], variants: [{ name: 'red', weight: 0, overrides: [{ contextName: 'tenant', values: ['acme'] }] }] } }))
  await keep('features.addDependency', api.features.addDependency({ params: { ...P, featureName: 'g' }, body: { feature: 'f' } }))
  await keep('featureTags.add', api.featureTags.add({ params: { featureName: 'f' }, body: { type: 'simple', value: 'web' } }))
  await keep('projects.create', api.projects.create({ params: {}, body: { id: 'p2', name: 'P2' } }))
  const user = await keep('users.create', api.users.create({ params: {}, body: { email: 'a@example.com', rootRole: 2 } }))
  await keep('users.update', api.users.update({ params: { id: String(user.id) }, body: { name: 'A' } }))
  const group = await keep('groups.create', api.groups.create({ params: {}, body: { name: 'team', users: [{ user: { id: user.id } }] } }))
  const robot = await keep('serviceAccounts.create', api.serviceAccounts.create({ params: {}, body: { name: 'robot', username: 'robot', rootRole: 2 } }))
  await keep('apiTokens.create', api.apiTokens.create({ params: {}, body: { tokenName: 'sdk', type: 'client', environment: 'development' } }))
  await keep('strategies.update', api.strategies.update({ params: { ...AT, strategyId: strategy.id }, body: { name: 'flexibleRollout', parameters: { rollout: '60' }, constraints: [{ contextName: 'tenant', operator: 'IN', values: ['acme'] }] } }))
  await keep('segments.update', api.segments.update({ params: { segmentId: String(segment.id) }, body: { name: 'beta', constraints: [{ contextName: 'tenant', operator: 'IN', values: ['acme', 'globex'] }] } }))
  await keep('contextFields.update', api.contextFields.update({ params: { contextName: 'tenant' }, body: { description: 'who pays', legalValues: [{ value: 'acme' }] } }))
  await keep('groups.update', api.groups.update({ params: { id: String(group.id) }, body: { name: 'team', description: 'the team', users: [{ user: { id: user.id } }] } }))
  await keep('environments.create', api.environments.create({ params: {}, body: { name: 'qa', type: 'test' } }))
  await keep('tagTypes.create', api.tagTypes.create({ params: {}, body: { name: 'area' } }))
  await keep('tags.create', api.tags.create({ params: {}, body: { type: 'area', value: 'checkout' } }))
  await keep('serviceAccounts.createToken', api.serviceAccounts.createToken({ params: { id: String(robot.id) }, body: { description: 'ci', expiresAt: '2100-01-01T00:00:00.000Z' } }))
  // What later sessions added: a project's default strategy, a link, a lifecycle stage, a custom strategy type.
  await keep('projects.setDefaultStrategy', api.projects.setDefaultStrategy({ params: { ...P, environment: 'development' }, body: { name: 'flexibleRollout', parameters: { rollout: '30' }, segments: [segment.id], constraints: [{ contextName: 'tenant', operator: 'IN', values: ['acme'] }] } }))
  await keep('features.addLink', api.features.addLink({ params: { ...P, featureName: 'f' }, body: { url: 'example.com/docs', title: 'Docs' } }))
  ok(await api.features.complete({ params: { ...P, featureName: 'f' }, body: { status: 'kept', statusValue: 'v' } }))
  await keep('contextFields.createInProject', api.contextFields.createInProject({ params: P, body: { name: 'region', legalValues: [{ value: 'eu' }] } }))
  await keep('types.createStrategyType', api.types.createStrategyType({ params: {}, body: { name: 'custom', parameters: [{ name: 'p', type: 'list' }] } }))
  // What SDKs report, and a flag on for everyone (the project's default strategy has a constraint), which the frontend API answers.
  ok(await api.metrics.register({ params: {}, body: { appName: 'shop', instanceId: 'i', interval: 1, started: '2026-01-01T00:00:00.000Z', strategies: ['default'] } }))
  ok(await api.metrics.report({ params: {}, body: { appName: 'shop', bucket: { start: '2026-01-01T00:00:00.000Z', stop: '2026-01-01T00:00:00.000Z', toggles: { f: { yes: 1, variants: { v: 1 } } } } } }))
  ok(await api.features.create({ params: P, body: { name: 'on' } }))
  ok(await api.strategies.add({ params: { ...AT, featureName: 'on' }, body: { name: 'default' } }))
  ok(await api.features.enableEnvironment({ params: { ...P, featureName: 'on', environment: 'development' } }))
  const addon = await keep('addons.create', api.addons.create({ params: {}, body: { provider: 'webhook', enabled: true, parameters: { url: 'https://example.com/hook' }, events: ['feature-created'] } }))
  const ids = { id: [strategy.id, String(user.id), String(group.id), String(robot.id), String(addon.id)], strategyId: [strategy.id], segmentId: [String(segment.id)], appName: ['shop'] }
  return { api, answers, ids }
}

/** Values to try for each path parameter: names and ids that exist in the seeded store. */
const candidates = (ids: Record<string, string[]>): Record<string, string[]> => ({
  projectId: ['default'],
  featureName: ['f', 'g', 'on'],
  environment: ['development'],
  type: ['simple'],
  value: ['web'],
  name: ['tenant', 'development', 'simple', 'flexibleRollout', 'custom'],
  contextName: ['tenant'],
  contextField: ['region'],
  parent: ['f'],
  ...ids,
})

const combinations = (names: readonly string[], values: Record<string, string[]>): Record<string, string>[] =>
  names.reduce<Record<string, string>[]>((partial, name) => partial.flatMap((p) => (values[name] ?? []).map((v) => ({ ...p, [name]: v }))), [{}])

t.test('the answers of writes share no object with the store', async (t) => {
  const { api, answers } = await seeded()
  const stored = objectsIn(api.state())
  for (const [name, answer] of answers) t.same(sharedPaths(answer, stored), [], name)
})

t.test('the answers of every read route share no object with the store', async (t) => {
  const { api, ids } = await seeded()
  const stored = objectsIn(api.state())
  const values = candidates(ids)
  const unanswered: string[] = []
  let answered = 0
  for (const route of adminRoutes(api as Api)) {
    if (route.kind !== 'api' || route.method !== 'GET') continue
    const names = [...route.pattern.matchAll(/:(\w+)/g)].map((m) => m[1]!)
    let succeeded = false
    for (const params of combinations(names, values)) {
      const result = await route.call({ params, query: {} })
      if (E.isLeft(result)) continue
      succeeded = true
      answered += 1
      t.same(sharedPaths(result.right, stored), [], `GET ${route.pattern} ${JSON.stringify(params)}`)
    }
    if (!succeeded) unanswered.push(route.pattern)
  }
  // The caller is an admin token, no user: its tokens, profile and project roles are a user's; a reset link's token is not a path parameter.
  t.same(unanswered, ['/api/admin/user/roles', '/api/admin/user/tokens', '/api/admin/user/profile', '/auth/reset/validate'], 'every read route answered, but what only a user or a reset link has')
  t.ok(answered > 30, `${answered} answers searched`)
})

/** Changes every array and object in `value`, in place, as a careless caller might. */
const scribbleOn = (value: unknown): void => {
  if (value === null || typeof value !== 'object') return
  if (Array.isArray(value)) {
    for (const item of value) scribbleOn(item)
    value.push('scribbled')
  } else {
    for (const key of Object.keys(value)) scribbleOn((value as Record<string, unknown>)[key])
    ;(value as Record<string, unknown>)['scribbled'] = true
  }
}

t.test('a body changed by its caller after the call changes nothing stored', async (t) => {
  const { api } = await makeApi()
  const writes: [string, unknown, (body: never) => Promise<E.Either<unknown, unknown>>][] = [
    ['contextFields.create', { name: 'tenant', legalValues: [{ value: 'acme', description: 'Acme' }] }, (body) => api.contextFields.create({ params: {}, body })],
    ['segments.create', { name: 'beta', constraints: [{ contextName: 'tenant', operator: 'IN', values: ['acme'] }] }, (body) => api.segments.create({ params: {}, body })],
    ['features.create', { name: 'f', description: 'd' }, (body) => api.features.create({ params: P, body })],
    ['features.create', { name: 'g' }, (body) => api.features.create({ params: P, body })],
    [
      'strategies.add',
      { name: 'flexibleRollout', parameters: { rollout: '50', groupId: 'f' }, segments: [1], constraints: [{ contextName: 'tenant', operator: 'IN', values: ['acme'] }], variants: [{ name: 'v', weight: 1000, weightType: 'variable', stickiness: 'default', payload: { type: 'string', value: 'x' } }] },
      (body) => api.strategies.add({ params: AT, body }),
    ],
    ['features.setVariants', { environments: ['development'], variants: [{ name: 'red', weight: 0, overrides: [{ contextName: 'tenant', values: ['acme'] }] }] }, (body) => api.features.setVariants({ params: { ...P, featureName: 'f' }, body })],
    ['features.addDependency', { feature: 'f', variants: ['red'] }, (body) => api.features.addDependency({ params: { ...P, featureName: 'g' }, body })],
    ['featureTags.bulkUpdate', { features: ['f', 'g'], tags: { addedTags: [{ value: 'bulk' }], removedTags: [] } }, (body) => api.featureTags.bulkUpdate({ params: P, body })],
    ['groups.create', { name: 'team', users: [] }, (body) => api.groups.create({ params: {}, body })],
    ['instance.setFrontendApiOrigins', { frontendApiOrigins: ['https://a.example.com'] }, (body) => api.instance.setFrontendApiOrigins({ params: {}, body })],
    [
      'projects.setDefaultStrategy',
      { name: 'flexibleRollout', parameters: { rollout: '30' }, constraints: [{ contextName: 'tenant', operator: 'IN', values: ['acme'] }], variants: [{ name: 'v', weight: 1000, weightType: 'variable', stickiness: 'default' }] },
      (body) => api.projects.setDefaultStrategy({ params: { ...P, environment: 'development' }, body }),
    ],
    ['features.addLink', { url: 'example.com/docs', title: 'Docs' }, (body) => api.features.addLink({ params: { ...P, featureName: 'f' }, body })],
    ['types.createStrategyType', { name: 'custom', parameters: [{ name: 'p', type: 'list', description: 'd' }] }, (body) => api.types.createStrategyType({ params: {}, body })],
  ]
  for (const [name, body, call] of writes) {
    ok(await call(body as never))
    const before = plain(api.state())
    scribbleOn(body)
    t.same(plain(api.state()), before, name)
  }
  const exported = ok(await api.batch.exportFeatures({ params: {}, body: { environment: 'development', features: ['f', 'g'] } }))
  t.same(exported.body.featureStrategies[0]?.constraints, [{ contextName: 'tenant', operator: 'IN', values: ['acme'], caseInsensitive: false, inverted: false }], 'the store still reads as it was written')
})

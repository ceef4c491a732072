import t from 'tap'
import { ADMIN_TOKEN, makeApi, err, ok, plain } from '../support/api.js'
import { loadGroupModules } from '../../src/api/groups.js'

/**
 * What only a caller in the same process can send: values that throw when read, path
 * parameters left out, and path parameters, query values and headers that are not strings.
 * Each is a ValidationError naming it, never an exception, and the store is left as it was.
 */

const P = { projectId: 'default' }

t.test('a body that throws when read is refused as unreadable', async (t) => {
  const { api } = await makeApi()
  ok(await api.features.create({ params: P, body: { name: 'f' } }))
  const before = plain(api.state())
  const getter = Object.defineProperty({}, 'description', { enumerable: true, get: () => { throw new Error('boom') } })
  const trap = new Proxy({}, { get: () => { throw new Error('trap') }, ownKeys: () => { throw new Error('trap') } })
  for (const body of [getter, trap]) {
    const refused = err(await api.features.update({ params: { ...P, featureName: 'f' }, body: body as never }))
    t.equal(refused._tag, 'ValidationError')
    t.equal(refused.details[0]?.path, '/body')
    t.match(refused.details[0]?.message, /could not be read: (boom|trap)/)
  }
  const nested = { name: 'default', constraints: [Object.defineProperty({}, 'values', { enumerable: true, get: () => { throw new Error('deep') } })] }
  t.equal(err(await api.strategies.add({ params: { ...P, featureName: 'f', environment: 'development' }, body: nested as never }))._tag, 'ValidationError')
  t.same(plain(api.state()), before, 'the store is as it was')
})

t.test('path parameters that are not strings are named, for reads and writes', async (t) => {
  const { api } = await makeApi()
  ok(await api.features.create({ params: P, body: { name: 'f' } }))
  const before = plain(api.state())
  const toStringThrows = { toString: () => { throw new Error('x') } }
  for (const featureName of [undefined, 5, null, toStringThrows]) {
    const read = err(await api.features.get({ params: { ...P, featureName: featureName as never } }))
    t.same(read.details.map((d) => d.path), ['/params/featureName'], `get with ${String(typeof featureName)}`)
    const write = err(await api.features.update({ params: { ...P, featureName: featureName as never }, body: { description: 'x' } }))
    t.same(write.details.map((d) => d.path), ['/params/featureName'])
  }
  t.same(err(await api.features.get({ params: 'default/f' as never })).details.map((d) => d.path), ['/params'])
  t.same(plain(api.state()), before)
  t.equal(ok(await api.instance.uiConfig({} as never)).environment, 'Open Source', 'an operation without path parameters needs none')
})

t.test('an authorization that is not a string is named, not thrown on', async (t) => {
  const { api } = await makeApi({ tokens: true })
  for (const authorization of [5, {}, null, ['*:*.x']]) {
    const refused = err(await api.features.listInProject({ authorization: authorization as never, params: P }))
    t.same(refused.details.map((d) => d.path), ['/authorization'], JSON.stringify(authorization))
  }
  t.equal(err(await api.features.listInProject({ params: P }))._tag, 'AuthenticationRequired', 'none at all is still a 401')
})

t.test('path parameters left out: every method answers a typed error or its answer, never throws', async (t) => {
  const { api } = await makeApi()
  ok(await api.features.create({ params: P, body: { name: 'f' } }))
  const before = plain(api.state())
  // Loaded first: a group not yet used lists no methods.
  await loadGroupModules()
  const groups = Object.entries(api).filter(([name, value]) => name !== 'storage' && value !== null && typeof value === 'object' && !Array.isArray(value))
  let called = 0
  let named = 0
  for (const [group, methods] of groups) {
    for (const [name, method] of Object.entries(methods as Record<string, unknown>)) {
      if (typeof method !== 'function') continue
      called += 1
      type Answer = { _tag: string; left?: { details?: { path?: string }[] } }
      const answer: Answer = await (method as (request: unknown) => Promise<Answer>)({ params: {}, body: {} }).catch((e: unknown) => ({ _tag: `threw ${String(e)}` }))
      t.ok(answer._tag === 'Left' || answer._tag === 'Right', `${group}.${name}: ${answer._tag}`)
      if (answer.left?.details?.some((d) => d.path?.startsWith('/params/'))) named += 1
    }
  }
  t.ok(called > 80, `${called} methods called`)
  t.ok(named > 50, `${named} methods named a parameter left out`)
  const none = err(await api.features.get({ params: {} as never }))
  t.equal(none._tag, 'ValidationError')
  t.same(none.details.map((d) => d.path), ['/params/projectId', '/params/featureName'], 'each one left out is named')
  t.match(none.details[1]?.message, /`\/params\/featureName` property is required/)
  t.same(err(await api.features.get({ params: P as never })).details.map((d) => d.path), ['/params/featureName'])
  t.same(err(await api.strategies.list({ params: { ...P, featureName: 'f' } as never })).details.map((d) => d.path), ['/params/environment'])
  t.same(err(await api.features.update({ params: undefined as never, body: { description: 'x' } })).details.map((d) => d.path), ['/params/projectId', '/params/featureName'], 'no params at all')
  t.same(plain(api.state()), before, 'the store is as it was')
})

t.test('a request left out, or not an object: every method answers, never throws', async (t) => {
  const { api } = await makeApi()
  ok(await api.features.create({ params: P, body: { name: 'f' } }))
  const before = plain(api.state())
  // Loaded first: a group not yet used lists no methods.
  await loadGroupModules()
  const groups = Object.entries(api).filter(([name, value]) => name !== 'storage' && value !== null && typeof value === 'object' && !Array.isArray(value))
  for (const given of [undefined, null, 5, 'x']) {
    for (const [group, methods] of groups) {
      for (const [name, method] of Object.entries(methods as Record<string, unknown>)) {
        if (typeof method !== 'function') continue
        type Answer = { _tag: string; left?: { _tag: string } }
        const answer: Answer = await (method as (request: unknown) => Promise<Answer>)(given).catch((e: unknown) => ({ _tag: `threw ${String(e)}` }))
        if (answer._tag !== 'Left' && answer._tag !== 'Right') t.fail(`${group}.${name}(${String(given)}): ${answer._tag}`)
        if (given !== undefined && answer.left?._tag !== 'ValidationError') t.fail(`${group}.${name}(${String(given)}) is not refused as input`)
      }
    }
  }
  t.equal(ok(await api.instance.uiConfig(undefined as never)).environment, 'Open Source', 'left out, it is an empty request')
  t.equal(ok(await api.client.features(undefined as never)).notModified, false)
  const refused = err(await api.features.listInProject(null as never))
  t.match(refused.message, /request must be an object.*You sent null/)
  t.same(plain(api.state()), before, 'the store is as it was')
})

t.test('a parameter left out is refused after the credentials and the permission, as any input is', async (t) => {
  const { api } = await makeApi({ tokens: true })
  const admin = { authorization: ADMIN_TOKEN }
  const viewer = ok(await api.users.create({ ...admin, params: {}, body: { username: 'viewer', rootRole: 'Viewer' } }))
  const secret = ok(await api.personalTokens.create({ ...admin, params: { id: String(viewer.id) }, body: { description: 'x', expiresAt: '2100-01-01T00:00:00.000Z' } })).secret
  const before = plain(api.state())
  t.equal(err(await api.features.update({ params: {} as never, body: { description: 'x' } }))._tag, 'AuthenticationRequired')
  const refused = err(await api.strategies.add({ authorization: secret, params: { projectId: 'default' } as never, body: { name: 'default' } }))
  t.equal(refused._tag, 'NoAccessError', 'a viewer is refused before its parameters are read')
  const scoped = err(await api.strategies.add({ authorization: secret, params: { ...P, featureName: 'f', environment: 'production' }, body: { name: 'default' } }))
  t.match(scoped.message, /production/, 'with all of them, the 403 names the environment')
  t.same(err(await api.strategies.add({ ...admin, params: { projectId: 'default' } as never, body: { name: 'default' } })).details.map((d) => d.path), ['/params/featureName', '/params/environment'])
  t.same(plain(api.state()), before)
})

t.test('names an operation does not take are let be, and an optional one is read when given', async (t) => {
  const { api } = await makeApi()
  ok(await api.features.create({ params: P, body: { name: 'f' } }))
  t.equal(ok(await api.features.get({ params: { ...P, featureName: 'f', other: 5 } as never })).name, 'f')
  ok(await api.features.create({ params: P, body: { name: 'parent' } }))
  ok(await api.features.addDependency({ params: { ...P, featureName: 'f' }, body: { feature: 'parent' } }))
  const refused = err(await api.features.removeDependency({ params: { ...P, featureName: 'f', parent: 7 } as never }))
  t.same(refused.details.map((d) => d.path), ['/params/parent'])
  t.same(ok(await api.features.get({ params: { ...P, featureName: 'f' } })).dependencies.map((d) => d.feature), ['parent'], 'kept after the refusal')
  ok(await api.features.removeDependency({ params: { ...P, featureName: 'f', parent: 'parent' } }))
  t.same(ok(await api.features.get({ params: { ...P, featureName: 'f' } })).dependencies, [], 'removed by its parent')
})

t.test('a query that throws when read, or holds what is not a string, is named under /query', async (t) => {
  const { api } = await makeApi()
  ok(await api.features.create({ params: P, body: { name: 'f' } }))
  ok(await api.features.create({ params: P, body: { name: 'g' } }))
  const getter = Object.defineProperty({}, 'limit', { enumerable: true, get: () => { throw new Error('boom') } })
  const thrown = err(await api.instance.listEvents({ params: {}, query: getter as never }))
  t.equal(thrown._tag, 'ValidationError')
  t.same(thrown.details.map((d) => d.path), ['/query'])
  t.match(thrown.details[0]?.message, /could not be read: boom/)
  const number = err(await api.instance.listEvents({ params: {}, query: { limit: 5 } as never }))
  t.same(number.details.map((d) => d.path), ['/query/limit'])
  t.same(err(await api.instance.listEvents({ params: {}, query: 'limit=5' as never })).details.map((d) => d.path), ['/query'])
  t.equal(ok(await api.instance.listEvents({ params: {}, query: { limit: '1' } })).events.length, 1, 'a query of strings is read')

  t.same(err(await api.client.features({ query: getter as never })).details.map((d) => d.path), ['/query'], 'the client API too')
  t.same(err(await api.client.features({ query: { environment: ['production'] } as never })).details.map((d) => d.path), ['/query/environment'])
})

t.test('client API headers that are not strings are named, not thrown on', async (t) => {
  const { api } = await makeApi()
  for (const field of ['authorization', 'ifNoneMatch', 'clientSpec'] as const) {
    for (const value of [5, {}, null]) {
      const refused = err(await api.client.features({ [field]: value as never }))
      t.same(refused.details.map((d) => d.path), [`/${field}`], `${field}: ${JSON.stringify(value)}`)
    }
  }
  t.equal(ok(await api.client.features({ clientSpec: '5.0.0', ifNoneMatch: '"x"' })).notModified, false, 'strings are read')
})

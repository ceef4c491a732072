import * as E from 'fp-ts/lib/Either.js'
import t from 'tap'
import type { Admission } from '../../src/api/admission.js'
import { read } from '../../src/api/operation.js'
import { NoParams } from '../../src/model/params.js'
import { createClientCache } from '../../src/api/client-cache.js'
import { clientFeaturesOp } from '../../src/api/operations/client.js'
import { clientFeatures } from '../../src/domain/client-projection.js'
import { ADMIN_TOKEN, err, makeApi, ok, plain } from '../support/api.js'
import { raw } from '../support/raw.js'
import { internalsOf } from '../../src/api/internals.js'

const MODERN = '5.1.0'
const env = (featureName: string, environment = 'development', projectId = 'default') => ({ projectId, featureName, environment })

/** Token auth; features `a` (project default) and `b` (project other), each with a strategy in both environments. */
const setUp = async () => {
  const { api } = await makeApi({ tokens: true })
  const authorization = ADMIN_TOKEN
  ok(await api.projects.create({ authorization, params: {}, body: { id: 'other', name: 'Other' } }))
  for (const [name, projectId] of [['a', 'default'], ['b', 'other']] as const) {
    ok(await api.features.create({ authorization, params: { projectId }, body: { name } }))
    for (const environment of ['development', 'production']) ok(await api.strategies.add({ authorization, params: env(name, environment, projectId), body: { name: 'default' } }))
  }
  const token = async (body: Record<string, unknown>) => ok(await api.apiTokens.create({ authorization, params: {}, body: raw({ tokenName: 'sdk', ...body }) })).secret
  return { api, token }
}

t.test('an admin token reads any environment; development by default', async (t) => {
  const { api } = await setUp()
  ok(await api.features.enableEnvironment({ authorization: ADMIN_TOKEN, params: env('a', 'production') }))
  const dev = ok(await api.client.features({ authorization: ADMIN_TOKEN, clientSpec: MODERN }))
  const prod = ok(await api.client.features({ authorization: ADMIN_TOKEN, clientSpec: MODERN, query: { environment: 'production' } }))
  if (dev.notModified || prod.notModified) return t.fail('expected bodies')
  t.same(plain(dev.body), plain(clientFeatures(api.state(), 'development')))
  t.same(plain(prod.body), plain(clientFeatures(api.state(), 'production')))
  t.same(prod.body.features.map((f) => [f.name, f.enabled]), [['a', true], ['b', false]])
  t.equal(dev.json, JSON.stringify(dev.body), 'the JSON is the body, byte for byte')
  t.match(dev.etag, /^"[A-Za-z0-9_-]{27}"$/)
  t.not(dev.etag, prod.etag)
})

t.test('a client token gets its own environment and projects, whatever the query says', async (t) => {
  const { api, token } = await setUp()
  const scoped = await token({ type: 'client', environment: 'production', projects: ['other'] })
  const all = await token({ type: 'backend', environment: 'production', projects: ['*'] })
  const names = async (authorization: string, query: Record<string, string> = {}) => {
    const answer = ok(await api.client.features({ authorization, clientSpec: MODERN, query }))
    return answer.notModified ? [] : answer.body.features.map((f) => f.name)
  }
  t.same(await names(scoped, { environment: 'development', project: 'default' }), ['b'])
  t.same(await names(all), ['a', 'b'])
  t.same(await names(all, { project: 'default' }), ['a'], 'an all-projects token may narrow by query')
  t.same(await names(all, { project: 'default,other' }), ['a', 'b'])
  t.same(await names(ADMIN_TOKEN, { namePrefix: 'b' }), ['b'])
  ok(await api.features.enableEnvironment({ authorization: ADMIN_TOKEN, params: env('b', 'production', 'other') }))
  const answer = ok(await api.client.features({ authorization: scoped, query: { environment: 'development' } }))
  t.equal(!answer.notModified && answer.body.features[0]!.enabled, true, 'the token environment (production) was read')
})

t.test('frontend tokens and strangers are refused; nothing changes', async (t) => {
  const { api, token } = await setUp()
  const frontend = await token({ type: 'frontend', environment: 'development', projects: ['*'] })
  const before = plain(api.state())
  const refused = err(await api.client.features({ authorization: frontend }))
  t.equal(refused._tag, 'NoAccessError')
  t.equal(refused.message, 'invalid token: expected a different token type for this endpoint')
  t.equal(err(await api.client.features({}))._tag, 'AuthenticationRequired')
  t.equal(err(await api.client.features({ authorization: 'default:development.nope' }))._tag, 'AuthenticationRequired')
  t.same(plain(api.state()), before)
})

t.test('segments are sent by id to SDKs of client specification 4.2.0 and later, inlined for others', async (t) => {
  const { api } = await setUp()
  const segment = ok(await api.segments.create({ authorization: ADMIN_TOKEN, params: {}, body: { name: 's', constraints: [{ contextName: 'region', operator: 'IN', values: ['eu'] }] } }))
  ok(await api.strategies.add({ authorization: ADMIN_TOKEN, params: env('a'), body: { name: 'default', segments: [segment.id] } }))
  const read = async (clientSpec?: string) => {
    const answer = ok(await api.client.features({ authorization: ADMIN_TOKEN, ...(clientSpec ? { clientSpec } : {}) }))
    if (answer.notModified) throw new Error('expected a body')
    return answer.body
  }
  for (const spec of ['4.2.0', '5.1.9', ' 4.3.0 ']) t.same((await read(spec)).segments!.map((s) => s.id), [segment.id], `spec ${spec}`)
  for (const spec of [undefined, '4.1.9', 'four']) {
    const body = await read(spec)
    t.notOk('segments' in body, `spec ${spec}: no segment list`)
    t.same(body.features[0]!.strategies![1]!.constraints!.map((c) => c.values), [['eu']], `spec ${spec}: constraints inlined`)
  }
})

t.test('If-None-Match: 304 while the data is the same, and the ETag changes exactly when it changes', async (t) => {
  const { api } = await setUp()
  const read = (ifNoneMatch?: string, environment = 'development') =>
    api.client.features({ authorization: ADMIN_TOKEN, clientSpec: MODERN, query: { environment }, ...(ifNoneMatch ? { ifNoneMatch } : {}) }).then(ok)
  const first = await read()
  t.equal(first.notModified, false)
  for (const header of [first.etag, `W/${first.etag}`, `"other", ${first.etag}`, '*']) {
    t.same(await read(header), { notModified: true, etag: first.etag }, `If-None-Match: ${header}`)
  }
  t.equal((await read('"other"')).notModified, false)

  ok(await api.features.enableEnvironment({ authorization: ADMIN_TOKEN, params: env('a', 'production') }))
  t.equal((await read(first.etag)).notModified, true, 'a change to production leaves development as it was')
  ok(await api.features.enableEnvironment({ authorization: ADMIN_TOKEN, params: env('a') }))
  const changed = await read(first.etag)
  t.equal(changed.notModified, false)
  t.not(changed.etag, first.etag)
  ok(await api.features.disableEnvironment({ authorization: ADMIN_TOKEN, params: env('a') }))
  t.equal((await read()).etag, first.etag, 'the same data gives back the same ETag')
})

t.test('the client read runs through the runner like every read: it admits client tokens, admin operations do not', async (t) => {
  const { api, token } = await setUp()
  const client = await token({ type: 'client', environment: 'production', projects: ['*'] })
  const frontend = await token({ type: 'frontend', environment: 'production', projects: ['*'] })
  const op = clientFeaturesOp(createClientCache(), false)
  const read = ok(await internalsOf(api).run(op, { authorization: client, params: {} }))
  const direct = ok(await api.client.features({ authorization: client, clientSpec: MODERN }))
  t.equal(read.etag, direct.etag, 'the same answer as the facade method')
  t.same(plain(read.payload), plain(clientFeatures(api.state(), 'production')))
  t.same(err(await internalsOf(api).run(op, { authorization: frontend, params: {} })).message, 'invalid token: expected a different token type for this endpoint')
  t.equal(err(await internalsOf(api).run(op, { authorization: 'nope', params: {} }))._tag, 'AuthenticationRequired')
  t.equal(err(await api.features.get({ authorization: client, params: { projectId: 'default', featureName: 'a' } }))._tag, 'NoAccessError', 'an admin read still refuses a client token')
})

t.test('each operation is admitted as it declares: a token scope reaches its env, anyone needs no credentials, system never comes from a request', async (t) => {
  const { api, token } = await setUp()
  const scoped = await token({ type: 'client', environment: 'production', projects: ['default'] })
  const frontend = await token({ type: 'frontend', environment: 'production', projects: ['*'] })
  const seen: unknown[] = []
  const probe = (admits: Admission) =>
    read({ params: NoParams, requirement: admits === 'permission' || admits === 'anyone' ? 'ADMIN' : 'NONE', admits, run: (_state, env) => (seen.push([env.principal.kind, env.tokenScope]), E.right(undefined)) })
  const { run, runAsSystem } = internalsOf(api) as ReturnType<typeof internalsOf> & { runAsSystem?: never }
  ok(await run(probe('client-token'), { authorization: scoped, params: {} }))
  ok(await run(probe('frontend-token'), { authorization: frontend, params: {} }))
  t.same(seen, [
    ['client-token', { environment: 'production', projects: ['default'] }],
    ['frontend-token', { environment: 'production' }],
  ], 'each token its own scope; `*` fixes nothing')
  t.equal(err(await run(probe('client-token'), { authorization: frontend, params: {} })).message, 'invalid token: expected a different token type for this endpoint')
  t.equal(err(await run(probe('frontend-token'), { authorization: scoped, params: {} })).message, 'invalid token: expected a different token type for this endpoint')
  t.equal(err(await run(probe('permission'), { authorization: scoped, params: {} }))._tag, 'NoAccessError', 'an SDK token reaches no admin operation')
  ok(await run(probe('anyone'), { params: {} }))
  t.same(seen.at(-1), ['open', {}], 'anyone: no credentials read, no permission asked')
  t.equal(err(await run(probe('session'), { params: {} }))._tag, 'AuthenticationRequired', 'a session operation still needs a caller')
  t.equal(err(await run(probe('system'), { authorization: ADMIN_TOKEN, params: {} }))._tag, 'NoAccessError', 'not even an admin runs a system operation')
  t.equal(runAsSystem, undefined, 'the system entry is not on the internal handle')
})

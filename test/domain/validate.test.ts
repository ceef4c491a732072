import t from 'tap'
import * as E from 'fp-ts/lib/Either.js'
import type { AuthPort } from '../../src/ports/auth.js'
import { err, makeApi, ok, plain } from '../support/api.js'
import { raw } from '../support/raw.js'

/** A user who holds no permission (a Viewer). */
const noPermissions: AuthPort = { authenticate: () => E.right({ kind: 'user', actor: { id: 9, name: 'viewer' }, permissions: [] }) }

/*
 * The checks Unleash's UI runs before it creates or imports: each answers as the real call
 * would refuse, and none changes the store.
 */

t.test('a segment name and a context field name are checked as a create checks them', async (t) => {
  const { api } = await makeApi()
  ok(await api.segments.create({ params: {}, body: { name: 'beta', constraints: [] } }))
  const before = plain(api.state())
  t.equal(ok(await api.segments.validateName({ params: {}, body: { name: 'gamma' } })), undefined)
  t.match(err(await api.segments.validateName({ params: {}, body: { name: 'beta' } })), { _tag: 'NameExistsError', message: 'Segment name already exists' })
  t.same(err(await api.segments.validateName({ params: {}, body: { name: '  ' } })).details.map((d) => d.path), ['/body/name'])

  t.equal(ok(await api.contextFields.validateName({ params: {}, body: { name: 'tenant' } })), undefined)
  t.match(err(await api.contextFields.validateName({ params: {}, body: { name: 'userId' } })), { _tag: 'NameExistsError', message: 'A context field with that name already exist' })
  t.same(err(await api.contextFields.validateName({ params: {}, body: { name: 'bad name' } })).details.map((d) => d.path), ['/body/name'])
  t.same(plain(api.state()), before, 'nothing is created')

  const viewer = (await makeApi({ auth: noPermissions })).api
  t.equal(ok(await viewer.segments.validateName({ params: {}, body: { name: 'x' } })), undefined, 'any caller may check a segment name, as in Unleash')
  t.match(err(await viewer.contextFields.validateName({ params: {}, body: { name: 'x' } })), { _tag: 'NoAccessError' }, 'a context field name needs UPDATE_CONTEXT_FIELD, as in Unleash')
})

t.test('a constraint is checked as a strategy checks it, each problem at its path', async (t) => {
  const { api } = await makeApi()
  t.equal(ok(await api.strategies.validateConstraint({ params: {}, body: { contextName: 'anything', operator: 'IN', values: ['a'] } })), undefined, 'its context field need not exist')
  const problems = async (body: object) => err(await api.strategies.validateConstraint({ params: {}, body: body as never })).details.map((d) => d.path)
  t.same(await problems({ contextName: 'userId', operator: 'NUM_EQ', value: 'abc' }), ['/body/value'])
  t.same(await problems({ contextName: 'userId', operator: 'DATE_AFTER', value: 'nope' }), ['/body/value'])
  t.same(await problems({ contextName: 'userId', operator: 'SEMVER_EQ', value: '1.x' }), ['/body/value'])
  t.same(await problems({ contextName: 'userId', operator: 'NOPE', values: [] }), ['/body/operator'])
})

t.test("an import is checked by running it and dropping what it did: its refusals, the features it overwrites, the caller's missing permissions", async (t) => {
  const { api } = await makeApi({ config: { resourceLimits: { featureFlags: 3 } } })
  for (const name of ['a', 'b']) ok(await api.features.create({ params: { projectId: 'default' }, body: { name } }))
  const before = plain(api.state())
  const body = (data: object) => ({ project: 'default', environment: 'development', data: { featureStrategies: [], tagTypes: [], ...data } })

  const fine = ok(await api.batch.validateImport({ params: {}, body: raw(body({ features: [{ name: 'a' }, { name: 'c' }] }))}))
  t.same(fine, { errors: [], warnings: [{ message: 'The following features already exist in this project and will be overwritten:', affectedItems: ['a'] }], permissions: [] })

  const wrong = ok(await api.batch.validateImport({
    params: {},
    body: raw(body({ features: [{ name: 'c' }], featureStrategies: [{ featureName: 'c', name: 'flexibleRollout', parameters: { rollout: '400' } }], links: [{ feature: 'c', links: [{ url: 'javascript:x' }] }] })),
  }))
  t.same(wrong.errors.map((e) => e.affectedItems), [['/body/data/featureStrategies/0/parameters/rollout'], ['/body/data/links/0/links/0/url']], 'every problem of the check, at its path')

  const overLimit = ok(await api.batch.validateImport({ params: {}, body: raw(body({ features: [{ name: 'c' }, { name: 'd' }] }))}))
  t.match(overLimit.errors, [{ message: /Failed to create feature flag. You can't create more than the established limit of 3/ }], 'what only running it finds: the feature limit')
  t.same(plain(api.state()), before, 'nothing is imported, no event recorded')

  t.match(err(await api.batch.validateImport({ params: {}, body: raw({ ...body({ features: [] }), project: 'ghost' })})), { _tag: 'NotFoundError', message: 'Could not find project with id "ghost".' })

  const { api: asViewer } = await makeApi({ auth: noPermissions })
  const denied = ok(await asViewer.batch.validateImport({ params: {}, body: raw(body({ features: [{ name: 'x' }] }))}))
  t.same(denied.permissions, [{ message: 'We detected you are missing the following permissions:', affectedItems: ['CREATE_FEATURE'] }])
})

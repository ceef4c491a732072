import t from 'tap'
import type { JsonPatch } from '../../src/model/json-patch.js'
import { err, makeApi, ok, plain } from '../support/api.js'
import { raw } from '../support/raw.js'

const feature = { projectId: 'default', featureName: 'flag' }
const development = { ...feature, environment: 'development' }
const production = { ...feature, environment: 'production' }
const stored = (name: string, weight: number, more = {}) => ({ name, weight, weightType: 'variable', stickiness: 'default', overrides: [], ...more })

const seeded = async (variants = true) => {
  const { api } = await makeApi()
  ok(await api.features.create({ params: { projectId: 'default' }, body: { name: 'flag' } }))
  if (variants) ok(await api.features.setVariants({ params: feature, body: { environments: ['development'], variants: [{ name: 'x', weight: 0 }] } }))
  return api
}

t.test("an environment's variants are read, replaced and patched, answered as Unleash answers them", async (t) => {
  const api = await seeded()
  t.same(ok(await api.features.getEnvironmentVariants({ params: development })), { version: 1, variants: [stored('x', 1000)] })
  t.same(ok(await api.features.getEnvironmentVariants({ params: production })), { version: 1, variants: [] })

  const set = ok(await api.features.setEnvironmentVariants({ params: production, body: [{ name: 'z', weight: 0 }, { name: 'b', weight: 100, weightType: 'fix', stickiness: 'userId' }] }))
  t.same(set, { version: 1, variants: [stored('b', 100, { weightType: 'fix', stickiness: 'userId' }), stored('z', 900)] }, 'weights shared out, sorted by name')
  t.match(api.events(1)[0], { type: 'feature-environment-variants-updated', environment: 'production', preData: { variants: [] }, data: { variants: set.variants } })
  t.same(ok(await api.features.getEnvironmentVariants({ params: development })).variants.map((v) => v.name), ['x'], 'the other environment is left alone')
  const all = ok(await api.features.setEnvironmentVariants({ params: production, body: [{ name: 'all', weight: 1000, weightType: 'fix' }, { name: 'rest', weight: 10 }] }))
  t.same(all.variants.map((v) => [v.name, v.weight]), [['all', 1000], ['rest', 0]], 'fixed weights may take all 1000, as in Unleash: the variable ones get nothing')

  const patched = ok(
    await api.features.patchEnvironmentVariants({
      params: development,
      body: [
        { op: 'test', path: '/0/name', value: 'x' },
        { op: 'add', path: '/-', value: { name: 'a', weight: 0, payload: { type: 'string', value: 'hi' } } },
        { op: 'add', path: '/0/overrides/-', value: { contextName: 'userId', values: ['7'] } },
      ],
    }),
  )
  t.same(patched, { version: 1, variants: [stored('a', 500, { payload: { type: 'string', value: 'hi' } }), stored('x', 500, { overrides: [{ contextName: 'userId', values: ['7'] }] })] })
  t.same(ok(await api.features.getEnvironmentVariants({ params: development })), patched, 'stored as answered')
  t.same(ok(await api.features.patchEnvironmentVariants({ params: development, body: [{ op: 'replace', path: '', value: [] }] })).variants, [], 'the whole list replaced')
  t.same(ok(await api.features.setEnvironmentVariants({ params: production, body: [] })).variants, [], 'and emptied')
})

t.test("a feature without variants in any environment may not have them set here, as Unleash's rule says", async (t) => {
  const api = await seeded(false)
  const before = plain(api.state())
  for (const attempt of [
    () => api.features.setEnvironmentVariants({ params: development, body: [{ name: 'a', weight: 0 }] }),
    () => api.features.patchEnvironmentVariants({ params: development, body: [{ op: 'add', path: '/-', value: { name: 'a', weight: 0 } }] }),
  ]) {
    const message = 'Environment variants deprecated for feature: flag. Use strategy variants instead.'
    t.same(err(await attempt()), { _tag: 'InvalidOperationError', message, details: [{ message }] })
  }
  t.same(plain(api.state()), before)
  ok(await api.features.setVariants({ params: feature, body: { environments: ['production'], variants: [{ name: 'a', weight: 0 }] } }))
  t.same(ok(await api.features.setEnvironmentVariants({ params: development, body: [{ name: 'b', weight: 0 }] })).variants.map((v) => v.name), ['b'], 'variants-batch may, and then any environment may')
})

t.test('refusals are 400s at their path (in a patch, the operation to blame) or 404s, and change nothing', async (t) => {
  const api = await seeded()
  const before = plain(api.state())
  const put: [string, unknown, string[]][] = [
    ['not an array', { name: 'a', weight: 0 }, ['/body']],
    ['an unknown property', [{ name: 'a', weight: 0, extra: 1 }], ['/body/0/extra']],
    ['a weight past 1000', [{ name: 'a', weight: 1001, weightType: 'fix' }], ['/body/0/weight', '/body']],
    ['a name twice', [{ name: 'a', weight: 0 }, { name: 'a', weight: 0 }], ['/body/1/name']],
  ]
  for (const [what, body, paths] of put) {
    const refused = err(await api.features.setEnvironmentVariants({ params: development, body: body as never }))
    t.same([refused._tag, refused.details.map((d) => d.path)], ['ValidationError', paths], `put: ${what}`)
  }
  const patch: [string, unknown, string[]][] = [
    ['a failed test', [{ op: 'test', path: '/0/name', value: 'y' }], ['/body/0/value']],
    ['an index past the end', [{ op: 'add', path: '/5', value: { name: 'a', weight: 0 } }], ['/body/0/path']],
    ['an unknown property', [{ op: 'add', path: '/0/extra', value: 1 }], ['/body/0/value']],
    ['a name twice', [{ op: 'add', path: '/-', value: { name: 'x', weight: 0 } }], ['/body/0/value/name']],
    ['a weight past 1000', [{ op: 'replace', path: '/0/weight', value: 2000 }, { op: 'replace', path: '/0/weightType', value: 'fix' }], ['/body/0/value', '/body/1/path']],
    ['no variable variant left', [{ op: 'replace', path: '/0/weightType', value: 'fix' }], ['/body/0/path']],
    ['only fixed ones, adding up to 1000', [{ op: 'replace', path: '', value: [{ name: 'f', weight: 1000, weightType: 'fix' }] }], ['/body/0/value']],
    ['not a list', [{ op: 'replace', path: '', value: {} }], ['/body/0/value']],
  ]
  for (const [what, body, paths] of patch) {
    const refused = err(await api.features.patchEnvironmentVariants({ params: development, body: raw(body as JsonPatch)}))
    t.same([refused._tag, refused.details.map((d) => d.path)], ['ValidationError', paths], `patch: ${what}`)
  }
  t.match(err(await api.features.setEnvironmentVariants({ params: development, body: [{ name: 'f', weight: 1000, weightType: 'fix' }] })).details[0], {
    path: '/body',
    message: 'There must be at least one "variable" variant',
  }, "Unleash's rule and words")
  t.match(err(await api.features.patchEnvironmentVariants({ params: development, body: [{ op: 'add', path: '/-', value: { name: 'x', weight: 0 } }] })).details[0], {
    message: 'The variants after the patch: Variant names must be unique; "x" appears twice.',
  })
  for (const [what, params] of [
    ['an environment the feature lacks', { ...feature, environment: 'staging' }],
    ['a feature of another project', { ...development, projectId: 'other' }],
    ['no such feature', { ...development, featureName: 'nope' }],
  ] as const) {
    t.equal(err(await api.features.getEnvironmentVariants({ params }))._tag, 'NotFoundError', `get: ${what}`)
    t.equal(err(await api.features.setEnvironmentVariants({ params, body: [{ name: 'a', weight: 0 }] }))._tag, 'NotFoundError', `put: ${what}`)
    t.equal(err(await api.features.patchEnvironmentVariants({ params, body: [] }))._tag, 'NotFoundError', `patch: ${what}`)
  }
  t.equal(err(await api.features.getEnvironmentVariants({ params: { ...feature, environment: 'staging' } })).message, 'Could not find flag in staging', "Unleash's words")
  t.same(plain(api.state()), before)
})

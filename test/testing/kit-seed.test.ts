import * as E from 'fp-ts/lib/Either.js'
import t from 'tap'
import { createTestKit, SeedError, type Seed } from '../../adapters/testing/index.js'
import { internalsOf } from '../../src/api/internals.js'
import type { CommitReport } from '../../src/api/commit-hook.js'

const rollout = (percent: number, groupId: string) => ({ name: 'flexibleRollout', parameters: { rollout: String(percent), stickiness: 'default', groupId } })

const seed: Seed = {
  projects: [{ id: 'shop', name: 'Shop' }],
  tagTypes: [{ name: 'team' }],
  segments: [{ name: 'beta-users', constraints: [{ contextName: 'userId', operator: 'IN', values: ['7', '8'] }] }],
  users: [{ email: 'ada@example.com', rootRole: 'Editor' }],
  flags: {
    checkout: {
      project: 'shop',
      type: 'release',
      tags: [{ type: 'team', value: 'payments' }],
      environments: {
        development: { enabled: true, strategies: [{ ...rollout(100, 'checkout'), constraints: [{ contextName: 'userId', operator: 'IN', values: ['1', '2'] }] }] },
        production: { enabled: false },
      },
    },
    banner: {
      environments: {
        development: {
          enabled: true,
          strategies: [{ ...rollout(100, 'banner'), segments: [1] }],
          variants: [{ name: 'blue', weight: 1000, weightType: 'variable', stickiness: 'default', payload: { type: 'json', value: '{"color":"blue"}' } }],
        },
      },
    },
  },
}

t.test('one declaration seeds projects, flags with their environments, strategies, segments, variants, tags and users', async (t) => {
  const kit = await createTestKit(seed)
  t.equal(kit.isEnabled('checkout', { userId: '1' }), true, 'on where its constraint holds')
  t.equal(kit.isEnabled('checkout', { userId: '3' }), false, 'off where it does not')
  t.equal(kit.isEnabled('checkout', { userId: '1' }, 'production'), false, 'off in production')
  t.equal(kit.isEnabled('banner', { userId: '7' }), true, 'on for the segment')
  t.equal(kit.isEnabled('banner', { userId: '1' }), false, 'off outside it')
  t.same(kit.getVariant('banner', { userId: '7' }), { name: 'blue', enabled: true, feature_enabled: true, featureEnabled: true, payload: { type: 'json', value: '{"color":"blue"}' } })
  t.throws(() => kit.isEnabled('missing'), { name: 'UnknownFlagError' }, 'an unknown flag is an error')
  const feature = await kit.api.features.get({ params: { projectId: 'shop', featureName: 'checkout' } })
  t.ok(feature._tag === 'Right' && feature.right.tags?.some((tag) => tag.type === 'team' && tag.value === 'payments'), 'tagged')
  const users = await kit.api.users.list({})
  t.same(users._tag === 'Right' ? users.right.users.map((u) => u.email ?? u.username) : [], ['admin', 'ada@example.com'], 'the built-in admin, and the user seeded')
})

t.test('a seed the API would refuse throws a SeedError naming the path and the reason', async (t) => {
  const cases: [string, unknown, string][] = [
    ['an operator', { flags: { f: { environments: { development: { strategies: [{ name: 'default', constraints: [{ contextName: 'userId', operator: 'IN_LIST', values: [] }] }] } } } } }, '/flags/f/environments/development/strategies/0/constraints/0/operator'],
    ['a flag name', { flags: { 'no spaces': {} } }, '/flags/no spaces'],
    ['an unknown key', { flags: { f: { enviroments: {} } } }, '/flags/f/enviroments'],
    ['an environment that is not there', { flags: { f: { environments: { staging: { enabled: true } } } } }, '/flags/f/environments/staging/enabled'],
    ['a project that is not there', { flags: { f: { project: 'nope' } } }, '/flags/f'],
    ['a segment that is not there', { flags: { f: { environments: { development: { strategies: [{ name: 'default', segments: [9] }] } } } } }, '/flags/f/environments/development/strategies/0'],
    ['a rollout out of range', { flags: { f: { environments: { development: { strategies: [rollout(101, 'f')] } } } } }, '/flags/f/environments/development/strategies/0'],
    ['a variant weight type', { flags: { f: { variants: [{ name: 'a', weight: 1, weightType: 'heavy' }] } } }, '/flags/f/variants/0/weightType'],
    // Each part is a step of one transaction: the export reads the flags made before it.
    ['a flag of another project in an export', { projects: [{ id: 'p', name: 'p' }], flags: { f: { project: 'p' } }, exports: [{ data: { features: [{ name: 'f', project: 'other' }], featureStrategies: [], tagTypes: [] } }] }, '/exports/0/data/features/0/name'],
  ]
  for (const [what, bad, path] of cases) {
    const error = await createTestKit(bad as Seed).then(
      () => undefined,
      (e: unknown) => e,
    )
    t.ok(error instanceof SeedError, `${what}: a SeedError`)
    if (!(error instanceof SeedError)) continue
    t.ok(error.details.some((d) => d.path?.startsWith(path)), `${what}: names ${path} (${JSON.stringify(error.details)})`)
    t.match(error.message, path, `${what}: the message names the path`)
  }
})

t.test('a refused seed is refused every time, and a checked seed changed afterwards is checked again', async (t) => {
  const bad = { flags: { f: { type: 'nonsense' } } } as unknown as Seed
  await t.rejects(createTestKit(bad), SeedError)
  await t.rejects(createTestKit(bad), SeedError, 'not remembered as good')
  const changing = { flags: { f: { type: 'release' } } } as { flags: { f: { type: string } } }
  await createTestKit(changing as Seed)
  changing.flags.f.type = 'nonsense'
  await t.rejects(createTestKit(changing as Seed), SeedError, 'the changed seed is a new one')
  const withDate = { flags: { f: { description: new Date(0) } } } as unknown as Seed
  await t.rejects(createTestKit(withDate), SeedError, 'a value JSON would hide is checked, not taken for its JSON')
})

t.test('kits of the same seed start from the same state, and do not share changes', async (t) => {
  const a = await createTestKit(seed)
  const b = await createTestKit(seed)
  t.equal(a.state(), b.state(), 'one seeded state')
  await a.disable('checkout')
  t.equal(a.isEnabled('checkout', { userId: '1' }), false)
  t.equal(b.isEnabled('checkout', { userId: '1' }), true, 'the other kit is untouched')
})

t.test('kits evaluate by evaluators their seed shares until one writes; its change, its reset and its API reach no other kit', async (t) => {
  const a = await createTestKit(seed)
  const b = await createTestKit(seed)
  t.equal(a.api.evaluator('development').isEnabled('checkout', { userId: '1' }), b.isEnabled('checkout', { userId: '1' }), 'the facade answers as the shared evaluator')
  await a.disable('checkout')
  t.equal(a.isEnabled('checkout', { userId: '1' }), false)
  t.equal(b.isEnabled('checkout', { userId: '1' }), true, 'the kit that did not write still reads the seed')
  ok(await b.api.features.create({ params: { projectId: 'default' }, body: { name: 'made-by-b' } }))
  t.notOk(a.state().features.has('made-by-b'), 'the other kit\'s facade is its own')

  const heard: CommitReport[] = []
  internalsOf(a.api).onCommit((report) => heard.push(report))
  a.reset()
  t.equal(a.state(), (await createTestKit(seed)).state(), 'the seed\'s state, at once')
  t.equal(a.isEnabled('checkout', { userId: '1' }), true)
  t.ok(b.state().features.has('made-by-b'), 'a reset reaches no other kit')
  await new Promise((resolve) => setImmediate(resolve))
  t.equal(heard.length, 1, 'the reset is one commit, reported by the runner as every commit is')
  a.reset()
  await new Promise((resolve) => setImmediate(resolve))
  t.equal(heard.length, 1, 'a kit that holds the seed has nothing to reset')
})

t.test('a seed is copied: changing it after seeding changes no kit', async (t) => {
  const mine = { flags: { f: { environments: { development: { enabled: true, strategies: [{ name: 'default', constraints: [{ contextName: 'userId', operator: 'IN' as const, values: ['1'] }] }] } } } } }
  const kit = await createTestKit(mine)
  mine.flags.f.environments.development.strategies[0]!.constraints[0]!.values.push('2')
  t.equal(kit.isEnabled('f', { userId: '2' }), false)
  t.equal((await createTestKit(mine)).isEnabled('f', { userId: '2' }), true, 'the changed seed is its own')
})

const ok = <A>(result: E.Either<unknown, A>): A => {
  if (E.isLeft(result)) throw new Error(JSON.stringify(result.left))
  return result.right
}

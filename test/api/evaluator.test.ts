import t from 'tap'
import { clientFeatures } from '../../src/domain/client-projection.js'
import { type Context, compileEvaluator } from '../../src/evaluation/index.js'
import { makeApi, ok } from '../support/api.js'

const feature = (featureName: string) => ({ projectId: 'default', featureName })
const env = (featureName: string, environment = 'development') => ({ projectId: 'default', featureName, environment })

/** A facade with these features in project `default`, each with a `default` strategy in development. */
const setUp = async (...names: string[]) => {
  const { api, clock } = await makeApi()
  for (const name of names) {
    ok(await api.features.create({ params: { projectId: 'default' }, body: { name } }))
    ok(await api.strategies.add({ params: env(name), body: { name: 'default' } }))
  }
  return { api, clock }
}

t.test('enabling and disabling an environment flips isEnabled at once', async (t) => {
  const { api } = await setUp('checkout')
  const flags = api.evaluator('development')
  t.equal(flags.isEnabled('checkout'), false)
  ok(await api.features.enableEnvironment({ params: env('checkout') }))
  t.equal(flags.isEnabled('checkout'), true)
  t.equal(api.evaluator('production').isEnabled('checkout'), false, 'other environments keep their switch')
  ok(await api.features.disableEnvironment({ params: env('checkout') }))
  t.equal(flags.isEnabled('checkout'), false)
  t.equal(flags.isEnabled('missing'), false, 'unknown flags are off')
  t.same(flags.getVariant('missing'), { name: 'disabled', enabled: false, featureEnabled: false, feature_enabled: false })
})

t.test('strategies and constraints changed through the API are what the next call sees', async (t) => {
  const { api } = await setUp()
  ok(await api.features.create({ params: { projectId: 'default' }, body: { name: 'beta' } }))
  const s = ok(await api.strategies.add({
    params: env('beta'),
    body: { name: 'flexibleRollout', parameters: { rollout: 100, stickiness: 'default', groupId: 'beta' }, constraints: [{ contextName: 'userId', operator: 'IN', values: ['42'] }] },
  }))
  ok(await api.features.enableEnvironment({ params: env('beta') }))
  const flags = api.evaluator('development')
  t.equal(flags.isEnabled('beta', { userId: '42' }), true)
  t.equal(flags.isEnabled('beta', { userId: '7' }), false)
  ok(await api.strategies.update({
    params: { ...env('beta'), strategyId: s.id },
    body: { name: 'flexibleRollout', parameters: { rollout: 100, stickiness: 'default', groupId: 'beta' }, constraints: [{ contextName: 'userId', operator: 'IN', values: ['7'] }] },
  }))
  t.equal(flags.isEnabled('beta', { userId: '42' }), false)
  t.equal(flags.isEnabled('beta', { userId: '7' }), true)
  ok(await api.strategies.add({ params: env('beta'), body: { name: 'default', disabled: true } }))
  t.equal(flags.isEnabled('beta', { userId: '42' }), false, 'a disabled strategy does not count')
})

t.test('variants follow the store', async (t) => {
  const { api } = await setUp('paint')
  ok(await api.features.enableEnvironment({ params: env('paint') }))
  const flags = api.evaluator('development')
  t.same(flags.getVariant('paint', { userId: '1' }), { name: 'disabled', enabled: false, featureEnabled: true, feature_enabled: true })
  const paint = (name: string) =>
    api.features.setVariants({ params: feature('paint'), body: { environments: ['development'], variants: [{ name, weight: 1000, payload: { type: 'string', value: name } }] } })
  ok(await paint('red'))
  t.match(flags.getVariant('paint', { userId: '1' }), { name: 'red', enabled: true, payload: { type: 'string', value: 'red' } })
  ok(await paint('blue'))
  t.match(flags.getVariant('paint', { userId: '1' }), { name: 'blue', payload: { value: 'blue' } })
})

t.test('archived and deleted features are off and not listed', async (t) => {
  const { api } = await setUp('a', 'b')
  ok(await api.features.enableEnvironment({ params: env('a') }))
  const flags = api.evaluator('development')
  t.same(flags.features(), ['a', 'b'])
  ok(await api.features.archive({ params: feature('a') }))
  t.equal(flags.isEnabled('a'), false)
  t.same(flags.features(), ['b'])
  ok(await api.features.revive({ params: { featureName: 'a' } }))
  t.same(flags.features(), ['a', 'b'])
  ok(await api.features.archive({ params: feature('a') }))
  ok(await api.features.deleteArchived({ params: { featureName: 'a' } }))
  t.same(flags.features(), ['b'])
})

t.test('a change to a parent reaches its children', async (t) => {
  const { api } = await setUp('parent', 'child', 'by-variant')
  ok(await api.features.addDependency({ params: feature('child'), body: { feature: 'parent' } }))
  ok(await api.features.addDependency({ params: feature('by-variant'), body: { feature: 'parent', variants: ['blue'] } }))
  ok(await api.features.enableEnvironment({ params: env('child') }))
  ok(await api.features.enableEnvironment({ params: env('by-variant') }))
  const flags = api.evaluator('development')
  t.equal(flags.isEnabled('child'), false, 'the parent is off')
  ok(await api.features.enableEnvironment({ params: env('parent') }))
  t.equal(flags.isEnabled('child'), true)
  t.equal(flags.isEnabled('by-variant', { userId: '1' }), false, 'the parent has no variant yet')
  ok(await api.features.setVariants({ params: feature('parent'), body: { environments: ['development'], variants: [{ name: 'blue', weight: 1000 }] } }))
  t.equal(flags.isEnabled('by-variant', { userId: '1' }), true)
  // A parent with children cannot be archived (as in Unleash), so the parent is switched off.
  ok(await api.features.disableEnvironment({ params: env('parent') }))
  t.equal(flags.isEnabled('child'), false, 'a parent switched off no longer holds')
})

t.test('a change to a segment reaches the strategies that use it', async (t) => {
  const { api } = await setUp()
  const segment = ok(await api.segments.create({ params: {}, body: { name: 'eu', constraints: [{ contextName: 'region', operator: 'IN', values: ['eu'] }] } }))
  ok(await api.features.create({ params: { projectId: 'default' }, body: { name: 'gdpr' } }))
  ok(await api.strategies.add({ params: env('gdpr'), body: { name: 'default', segments: [segment.id] } }))
  ok(await api.features.enableEnvironment({ params: env('gdpr') }))
  const flags = api.evaluator('development')
  const region = (r: string): Context => ({ properties: { region: r } })
  t.equal(flags.isEnabled('gdpr', region('eu')), true)
  t.equal(flags.isEnabled('gdpr', region('us')), false)
  ok(await api.segments.update({ params: { segmentId: String(segment.id) }, body: { name: 'eu', constraints: [{ contextName: 'region', operator: 'IN', values: ['us'] }] } }))
  t.equal(flags.isEnabled('gdpr', region('eu')), false)
  t.equal(flags.isEnabled('gdpr', region('us')), true)
})

t.test('DATE constraints read the facade clock; options override it', async (t) => {
  const { api, clock } = await setUp()
  ok(await api.features.create({ params: { projectId: 'default' }, body: { name: 'launch' } }))
  ok(await api.strategies.add({ params: env('launch'), body: { name: 'default', constraints: [{ contextName: 'currentTime', operator: 'DATE_AFTER', value: '2025-06-01T00:00:00.000Z' }] } }))
  ok(await api.features.enableEnvironment({ params: env('launch') }))
  const flags = api.evaluator('development')
  t.equal(flags.isEnabled('launch'), true, 'the clock says 2026')
  clock.set('2025-01-01T00:00:00.000Z')
  t.equal(flags.isEnabled('launch'), false, 'read on every call, not at compile time')
  t.equal(flags.isEnabled('launch', { currentTime: '2025-07-01T00:00:00.000Z' }), true, 'the context wins')
  const later = api.evaluator('development', { now: () => Date.parse('2030-01-01T00:00:00.000Z') })
  t.equal(later.isEnabled('launch'), true)
})

t.test('host options reach the strategies', async (t) => {
  const { api } = await setUp()
  ok(await api.features.create({ params: { projectId: 'default' }, body: { name: 'canary' } }))
  ok(await api.strategies.add({ params: env('canary'), body: { name: 'applicationHostname', parameters: { hostNames: 'web-1' } } }))
  ok(await api.features.enableEnvironment({ params: env('canary') }))
  t.equal(api.evaluator('development').isEnabled('canary'), false)
  t.equal(api.evaluator('development', { hostname: 'WEB-1' }).isEnabled('canary'), true)
})

t.test('evaluators and payloads are shared until the data changes', async (t) => {
  const { api } = await setUp('a')
  t.equal(api.evaluator('development'), api.evaluator('development'), 'one evaluator per environment without options')
  t.not(api.evaluator('development', {}), api.evaluator('development'), 'options make a separate one')
  const before = api.clientFeatures('development')
  t.equal(api.clientFeatures('development'), before, 'reads between commits return the same payload')
  t.ok(Object.isFrozen(before) && Object.isFrozen(before.features[0]!.strategies), 'the shared payload is frozen')
  ok(await api.strategies.add({ params: env('a', 'production'), body: { name: 'default' } }))
  t.equal(api.clientFeatures('development'), before, 'a commit that leaves development as it was keeps the payload')
  ok(await api.features.enableEnvironment({ params: env('a') }))
  const after = api.clientFeatures('development')
  t.not(after, before)
  t.equal(after.features[0]!.enabled, true)
  t.equal(before.features[0]!.enabled, false, 'a payload handed out is never changed')
})

t.test('the live evaluator answers as one compile of the whole payload would', async (t) => {
  const { api } = await setUp('p', 'c1', 'c2', 'plain')
  const segment = ok(await api.segments.create({ params: {}, body: { name: 'beta', constraints: [{ contextName: 'userId', operator: 'IN', values: ['1', '2', '3'] }] } }))
  ok(await api.features.addDependency({ params: feature('c1'), body: { feature: 'p' } }))
  ok(await api.features.addDependency({ params: feature('c2'), body: { feature: 'p', enabled: false } }))
  ok(await api.strategies.add({ params: env('plain'), body: { name: 'flexibleRollout', parameters: { rollout: 50, stickiness: 'userId', groupId: 'g' }, segments: [segment.id] } }))
  ok(await api.features.setVariants({ params: feature('plain'), body: { environments: ['development'], variants: [{ name: 'x', weight: 500 }, { name: 'y', weight: 500 }] } }))
  const flags = api.evaluator('development')
  const contexts: Context[] = Array.from({ length: 12 }, (_, i) => ({ userId: String(i) }))
  const compare = (label: string) => {
    const whole = compileEvaluator(clientFeatures(api.state(), 'development'), { random: () => 0.5 })
    const answers = (e: typeof whole) => ['p', 'c1', 'c2', 'plain', 'none'].flatMap((f) => contexts.map((c) => [e.isEnabled(f, c), e.getVariant(f, c).name]))
    t.same(answers(flags), answers(whole), label)
  }
  compare('initially')
  for (const name of ['p', 'c1', 'c2', 'plain']) {
    ok(await api.features.enableEnvironment({ params: env(name) }))
    compare(`after enabling ${name}`)
  }
  ok(await api.segments.update({ params: { segmentId: String(segment.id) }, body: { name: 'beta', constraints: [{ contextName: 'userId', operator: 'IN', values: ['4', '5', '6', '7'] }] } }))
  compare('after a segment change')
  ok(await api.features.disableEnvironment({ params: env('p') }))
  compare('after disabling the parent')
})

/**
 * Test-kit rows for `npm run bench` (alone: BENCH_ONLY=kit): what a host app's test pays for
 * a fresh flag double with 20 flags, each with one strategy, plus one evaluation, in flagport
 * and in the test doubles of OpenFeature (InMemoryProvider) and LaunchDarkly (TestData), side
 * by side; and flagport's reset between tests.
 */
import { InMemoryProvider, OpenFeature } from '@openfeature/server-sdk'
import { init, integrations } from '@launchdarkly/node-server-sdk'
import { createTestKit, type Seed } from '../../adapters/testing/index.js'
import { measure, type Row } from './measure.js'

const FLAGS = 20
const names = Array.from({ length: FLAGS }, (_, i) => `flag-${i}`)
const USERS = ['1', '2']

/** Each flag on in development for users 1 and 2 (a constraint), at a 100% gradual rollout. */
const seedOf = (description: string): Seed => ({
  flags: Object.fromEntries(
    names.map((name) => [
      name,
      {
        description,
        environments: {
          development: {
            enabled: true,
            strategies: [{ name: 'flexibleRollout', parameters: { rollout: '100', stickiness: 'default', groupId: name }, constraints: [{ contextName: 'userId', operator: 'IN', values: USERS }] }],
          },
        },
      },
    ]),
  ),
})

const openFeatureFlags = () =>
  Object.fromEntries(
    names.map((name) => [
      name,
      { variants: { on: true, off: false }, defaultVariant: 'off', disabled: false, contextEvaluator: (ctx: { targetingKey?: string }) => (USERS.includes(ctx.targetingKey ?? '') ? 'on' : 'off') },
    ]),
  )

const expectOn = (value: unknown): void => {
  if (value !== true) throw new Error(`the evaluation answered ${String(value)}`)
}

export const kitRows = async (seconds: number): Promise<Row[]> => {
  const options = { seconds, maxOps: 20_000 }
  const seed = seedOf('')
  const kit = await createTestKit(seed)
  const flagport = await measure('test kit', 'flagport createTestKit + isEnabled', FLAGS, async () => (await createTestKit(seed)).isEnabled('flag-3', { userId: '1' }), options, expectOn)
  // A seed not seen before is checked and built: the cost of a suite's first kit of each seed.
  const firstSeed = await measure('test kit', 'flagport, a seed not seen before', FLAGS, async (i) => (await createTestKit(seedOf(`run ${i}`))).isEnabled('flag-3', { userId: '1' }), { seconds, maxOps: 2_000 }, expectOn)
  const reset = await measure('test kit', 'flagport kit.reset() after a change + isEnabled', FLAGS, async () => {
    await kit.disable('flag-3')
    kit.reset()
    return kit.isEnabled('flag-3', { userId: '1' })
  }, options, expectOn)
  const resetOnly = await measure('test kit', 'flagport kit.reset()', FLAGS, () => {
    kit.reset()
    return true
  }, options, expectOn)
  const client = OpenFeature.getClient()
  const openFeature = await measure('test kit', 'OpenFeature InMemoryProvider + getBooleanValue', FLAGS, async () => {
    await OpenFeature.setProviderAndWait(new InMemoryProvider(openFeatureFlags()))
    return client.getBooleanValue('flag-3', false, { targetingKey: '1' })
  }, options, expectOn)
  await OpenFeature.close()
  const launchDarkly = await measure('test kit', 'LaunchDarkly TestData + variation', FLAGS, async () => {
    const td = new integrations.TestData()
    for (const name of names) td.update(td.flag(name).booleanFlag().ifMatch('user', 'key', ...USERS).thenReturn(true).fallthroughVariation(false))
    const ld = init('sdk-key', { updateProcessor: td.getFactory(), sendEvents: false, diagnosticOptOut: true, logger: silent })
    await ld.waitForInitialization({ timeout: 5 })
    const value = await ld.variation('flag-3', { kind: 'user', key: '1' }, false)
    ld.close()
    return value
  }, options, expectOn)
  const ratio = (row: Row) => `flagport's p50 is ${(flagport.p50us / (row.p50us ?? NaN)).toFixed(1)}x this`
  return [
    { ...flagport, note: 'a seed seen before: its checked state is reused' },
    { ...firstSeed, note: 'every part decoded and applied by the API operations' },
    { ...openFeature, note: ratio(openFeature) },
    { ...launchDarkly, note: ratio(launchDarkly) },
    resetOnly,
    { ...reset, note: 'a commit, the reset, and the evaluator following it' },
  ]
}

const silent = { error: () => {}, warn: () => {}, info: () => {}, debug: () => {} }

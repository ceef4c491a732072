/**
 * A kit asked about a flag it does not hold says so (an UnknownFlagError, or the host's
 * callback), where the production evaluator keeps Unleash's silent false.
 */
import t from 'tap'
import { createTestKit, UnknownFlagError } from '../../adapters/testing/index.js'

const seed = { flags: { 'new-checkout': { environments: { development: { enabled: true } } } } }

t.test('isEnabled and getVariant on a misspelled flag throw an UnknownFlagError naming it and the near names', async (t) => {
  const kit = await createTestKit(seed)
  for (const call of [() => kit.isEnabled('new-chekout'), () => kit.getVariant('new-chekout', { userId: '1' })]) {
    const error = t.throws(call) as UnknownFlagError
    t.type(error, UnknownFlagError)
    t.equal(error.flag, 'new-chekout')
    t.match(error.message, /no flag "new-chekout" in the test kit \(did you mean "new-checkout"\?\)/)
  }
  t.equal(kit.isEnabled('new-checkout'), true, 'the declared flag still answers')
})

t.test("the production evaluator keeps Unleash's false for a flag it does not hold", async (t) => {
  const kit = await createTestKit(seed)
  const evaluator = kit.api.evaluator('development')
  t.equal(evaluator.isEnabled('new-chekout'), false)
  t.same(evaluator.getVariant('new-chekout'), { name: 'disabled', enabled: false, feature_enabled: false, featureEnabled: false })
})

t.test('with onUnknownFlag a function, the kit reports the miss to it and answers as Unleash does', async (t) => {
  const misses: string[] = []
  const kit = await createTestKit(seed, { onUnknownFlag: (flag, environment) => misses.push(`${flag} in ${environment}`) })
  t.equal(kit.isEnabled('new-chekout'), false)
  t.equal(kit.getVariant('banner', {}, 'production').enabled, false)
  t.same(misses, ['new-chekout in development', 'banner in production'])
})

t.test('a flag created through the API after seeding is known, and one archived still answers false without an error', async (t) => {
  const kit = await createTestKit(seed)
  const created = await kit.api.features.create({ params: { projectId: 'default' }, body: { name: 'banner' } })
  t.equal(created._tag, 'Right')
  t.equal(kit.isEnabled('banner'), false, 'known, off')
  await kit.api.features.archive({ params: { projectId: 'default', featureName: 'new-checkout' } })
  t.equal(kit.isEnabled('new-checkout'), false, 'archived: off')
  kit.reset()
  t.throws(() => kit.isEnabled('banner'), UnknownFlagError, 'after reset, the flag made in the test is gone again')
})

/**
 * Type tests of the test kit's seed, checked by `npm run typecheck` (tsc): each
 * `@ts-expect-error` line must fail to compile. Nothing here runs.
 */
import { createTestKit } from 'flagport/testing'

export const seeds = async () => {
  await createTestKit({
    flags: {
      checkout: {
        type: 'release',
        environments: { development: { enabled: true, strategies: [{ name: 'default', constraints: [{ contextName: 'userId', operator: 'IN', values: ['1'] }] }] } },
      },
    },
  })
  // @ts-expect-error a misspelled key of a flag is a compile error
  await createTestKit({ flags: { checkout: { enviroments: {} } } })
  // @ts-expect-error so is one of an environment
  await createTestKit({ flags: { checkout: { environments: { development: { enable: true } } } } })
  // @ts-expect-error and a value of the wrong type
  await createTestKit({ flags: { checkout: { environments: { development: { enabled: 'yes' } } } } })
  // @ts-expect-error an operator Unleash does not have
  await createTestKit({ flags: { checkout: { environments: { development: { strategies: [{ name: 'default', constraints: [{ contextName: 'userId', operator: 'IN_LIST', values: [] }] }] } } } } })
  // @ts-expect-error a feature type Unleash does not have
  await createTestKit({ flags: { checkout: { type: 'toggle' } } })
  // @ts-expect-error an unknown part of the seed
  await createTestKit({ flag: {} })
  const kit = await createTestKit()
  // @ts-expect-error a variant needs a weight
  await kit.addVariant('checkout', { name: 'blue' })
}

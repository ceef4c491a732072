import type { Seed } from '../../src/testing/kit/seed.js'
import type { buildKit } from './seeded-kit.js'
import type { TestKitOptions } from './kit-options.js'

export type { TestKitOptions }

// The kit's machinery (the facade, its operations, the evaluator) loads with the first kit:
// importing flagport/testing stays light, and the first kit of a test file pays for the load.
let kits: Promise<typeof import('./seeded-kit.js')> | undefined

/**
 * A flagport for a host app's tests, seeded from one declaration (see `Seed`). A seed the
 * admin API would refuse throws a SeedError naming its path. The seed is checked and made
 * once per distinct seed; each kit starts from that state and `reset()` returns to it.
 *
 * @example
 * const kit = await createTestKit({ flags: { checkout: { environments: { development: { enabled: true } } } } })
 * kit.isEnabled('checkout') // true
 */
export const createTestKit = async (seed?: Seed, options?: TestKitOptions): Promise<TestKit> => (await (kits ??= import('./seeded-kit.js'))).buildKit(seed, options)

/** What `createTestKit` resolves to: the admin API, evaluation, flips and HTTP requests over one seeded store. */
export interface TestKit extends Awaited<ReturnType<typeof buildKit>> {}


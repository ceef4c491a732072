/**
 * flagport for tests (`flagport/testing`).
 *
 * For host apps: `createTestKit(seed)`, a flagport seeded from one typed declaration, to flip
 * flags, evaluate them and reach the APIs over HTTP in a test (docs/testing.md).
 * For adapter authors: `storageContract`, the suite flagport's own storage adapters pass.
 *
 * Importing this costs a test file little: what a kit runs on loads with the first kit, and
 * the storage contract when it is called.
 */
import type { storageContract as contract } from '../../src/testing/storage-contract.js'

export { createTestKit, type TestKit, type TestKitOptions } from './kit.js'
export type { Seed, KitSeed } from '../../src/testing/kit/seed.js'
export { RefusedError, SeedError } from '../../src/testing/kit/seed-error.js'
export { UnknownFlagError } from '../../src/testing/kit/unknown-flag-error.js'

/** For adapter authors: prove a storage adapter with the same suite flagport's own adapters pass. */
export const storageContract: typeof contract = async (...args) => (await import('../../src/testing/storage-contract.js')).storageContract(...args)

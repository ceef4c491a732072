/**
 * flagport for tests.
 *
 * For host apps: `createTestKit(seed)`, a flagport seeded from one typed declaration, to flip
 * flags, evaluate them and reach the APIs over HTTP in a test (docs/testing.md).
 */
export { createTestKit, type TestKit, type TestKitOptions } from './kit/kit.js'
export { type Seed, KitSeed } from './kit/seed.js'
export { RefusedError, SeedError } from './kit/seed-error.js'

/** For adapter authors: prove a storage adapter with the same suite flagport's own adapters pass. */
export { storageContract } from './storage-contract.js'

/**
 * The pure parts of `flagport/testing`: the test kit's seed (its codec, and the errors it
 * throws) and the storage contract suite. The kit itself, which puts the facade together with
 * the memory store, open auth and the fetch handler, is in adapters/testing.
 */
export { type Seed, KitSeed } from './kit/seed.js'
export { RefusedError, SeedError } from './kit/seed-error.js'
export { UnknownFlagError } from './kit/unknown-flag-error.js'

/** For adapter authors: prove a storage adapter with the same suite flagport's own adapters pass. */
export { storageContract } from './storage-contract.js'

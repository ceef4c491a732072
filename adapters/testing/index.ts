/**
 * flagport for tests (`flagport/testing`).
 *
 * For host apps: `createTestKit(seed)`, a flagport seeded from one typed declaration, to flip
 * flags, evaluate them and reach the APIs over HTTP in a test (docs/testing.md).
 * For adapter authors: `storageContract`, the suite flagport's own storage adapters pass.
 */
export { createTestKit, type TestKit, type TestKitOptions } from './kit.js'
export * from '../../src/testing/index.js'

/**
 * The checkout route tested with vitest and a flagport test kit, the flag on and off.
 * Run: npx vitest run --config examples/testing/vitest.config.ts
 */
import { afterAll, beforeAll, beforeEach, expect, test } from 'vitest'
import { createTestKit, type TestKit } from 'flagport/testing'
import { SEED, serve } from './app.js'

let kit: TestKit
let app: Awaited<ReturnType<typeof serve>>

beforeAll(async () => {
  kit = await createTestKit(SEED)
  app = await serve(kit)
})
afterAll(() => app.close())
beforeEach(() => kit.reset())

const flow = async (userId: string) => ((await (await fetch(`${app.url}/checkout/${userId}`)).json()) as { flow: string }).flow

test('with the flag on, user 42 gets the one-page checkout and others the classic one', async () => {
  expect(await flow('42')).toBe('one-page')
  expect(await flow('7')).toBe('classic')
})

test('with the flag off, everyone gets the classic checkout', async () => {
  await kit.disable('new-checkout')
  expect(await flow('42')).toBe('classic')
})

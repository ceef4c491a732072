/**
 * The checkout route tested with node:test and a flagport test kit, the flag on and off.
 * Run: node --conditions=flagport-source --import=tsx --test examples/testing/checkout.node-test.ts
 */
import assert from 'node:assert/strict'
import { after, before, beforeEach, test } from 'node:test'
import { createTestKit, type TestKit } from 'flagport/testing'
import { SEED, serve } from './app.js'

let kit: TestKit
let app: Awaited<ReturnType<typeof serve>>

before(async () => {
  kit = await createTestKit(SEED)
  app = await serve(kit)
})
after(() => app.close())
beforeEach(() => kit.reset())

const flow = async (userId: string) => ((await (await fetch(`${app.url}/checkout/${userId}`)).json()) as { flow: string }).flow

test('with the flag on, user 42 gets the one-page checkout and others the classic one', async () => {
  assert.equal(await flow('42'), 'one-page')
  assert.equal(await flow('7'), 'classic')
})

test('with the flag off, everyone gets the classic checkout', async () => {
  await kit.disable('new-checkout')
  assert.equal(await flow('42'), 'classic')
})

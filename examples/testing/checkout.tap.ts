/**
 * The checkout route tested with tap and a flagport test kit, the flag on and off.
 * Run: node --conditions=flagport-source --import=tsx examples/testing/checkout.tap.ts
 */
import t from 'tap'
import { createTestKit } from 'flagport/testing'
import { SEED, serve } from './app.js'

const kit = await createTestKit(SEED)
const app = await serve(kit)
t.teardown(() => app.close())
t.beforeEach(() => kit.reset())

const flow = async (userId: string) => ((await (await fetch(`${app.url}/checkout/${userId}`)).json()) as { flow: string }).flow

t.test('with the flag on, user 42 gets the one-page checkout and others the classic one', async (t) => {
  t.equal(await flow('42'), 'one-page')
  t.equal(await flow('7'), 'classic')
})

t.test('with the flag off, everyone gets the classic checkout', async (t) => {
  await kit.disable('new-checkout')
  t.equal(await flow('42'), 'classic')
})

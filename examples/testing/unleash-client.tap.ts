/**
 * Unleash's Node SDK (`unleash-client`) pointed at a flagport test kit: for a host app that
 * reads its flags through the SDK. The SDK takes no custom fetch, so the kit's HTTP handler
 * listens on a free loopback port; the SDK reads the client API there.
 * Run: node --conditions=flagport-source --import=tsx examples/testing/unleash-client.tap.ts
 */
import t from 'tap'
import { once } from 'node:events'
import { InMemStorageProvider, Unleash } from 'unleash-client'
import { createHttpHandler } from 'flagport/http'
import { listen } from 'flagport/http/node'
import { createTestKit } from 'flagport/testing'
import { SEED } from './app.js'

t.test('the SDK reads the kit: the flag on for user 42 only, and off once the test turns it off', async (t) => {
  const kit = await createTestKit(SEED)
  const server = await listen(createHttpHandler(kit.api), { port: 0 })
  t.teardown(() => server.close())
  const sdk = async () => {
    const unleash = new Unleash({ url: `${server.url}/api/`, appName: 'checkout-tests', environment: 'development', disableMetrics: true, storageProvider: new InMemStorageProvider(), skipInstanceCountWarning: true })
    t.teardown(() => unleash.destroy())
    await once(unleash, 'synchronized')
    return unleash
  }

  const on = await sdk()
  t.equal(on.isEnabled('new-checkout', { userId: '42' }), true)
  t.equal(on.isEnabled('new-checkout', { userId: '7' }), false)

  await kit.disable('new-checkout')
  // A new client reads the flags afresh (the first polls on its own schedule).
  const off = await sdk()
  t.equal(off.isEnabled('new-checkout', { userId: '42' }), false)
})

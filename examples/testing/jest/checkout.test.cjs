/**
 * The checkout route tested with jest as a host app sets it up by default (CommonJS, no
 * transform, no configuration): `require('flagport/testing')` loads flagport's CommonJS build.
 * Run, in an app that installed flagport, express and jest: npx jest
 */
const express = require('express')
const { createTestKit } = require('flagport/testing')

/** The app under test: its checkout route branches on the `new-checkout` flag. */
const createApp = (flags) => {
  const app = express()
  app.get('/checkout/:userId', (req, res) => {
    res.json({ flow: flags.isEnabled('new-checkout', { userId: req.params.userId }) ? 'one-page' : 'classic' })
  })
  return app
}

/** The new checkout for user 42 only, in development. */
const SEED = {
  flags: {
    'new-checkout': {
      environments: {
        development: { enabled: true, strategies: [{ name: 'default', constraints: [{ contextName: 'userId', operator: 'IN', values: ['42'] }] }] },
      },
    },
  },
}

let kit
let server
let url

beforeAll(async () => {
  kit = await createTestKit(SEED)
  server = await new Promise((resolve) => {
    const s = createApp(kit).listen(0, '127.0.0.1', () => resolve(s))
  })
  url = `http://127.0.0.1:${server.address().port}`
})
afterAll(() => new Promise((resolve) => server.close(resolve)))
beforeEach(() => kit.reset())

const flow = async (userId) => (await (await fetch(`${url}/checkout/${userId}`)).json()).flow

test('with the flag on, user 42 gets the one-page checkout and others the classic one', async () => {
  expect(await flow('42')).toBe('one-page')
  expect(await flow('7')).toBe('classic')
})

test('with the flag off, everyone gets the classic checkout', async () => {
  await kit.disable('new-checkout')
  expect(await flow('42')).toBe('classic')
})

test('a flag the seed does not declare is an error, not a silent false', () => {
  expect(() => kit.isEnabled('new-chekout')).toThrow(/new-chekout/)
})

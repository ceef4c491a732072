/**
 * The host app under test in the runner examples: an express app whose checkout route
 * branches on the `new-checkout` flag. It takes anything that answers `isEnabled`: an Unleash
 * SDK in production, a flagport test kit in its tests.
 */
import express from 'express'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface Flags {
  isEnabled(name: string, context?: { userId?: string }): boolean
}

export const createApp = (flags: Flags) => {
  const app = express()
  app.get('/checkout/:userId', (req, res) => {
    const flow = flags.isEnabled('new-checkout', { userId: req.params.userId }) ? 'one-page' : 'classic'
    res.json({ flow })
  })
  return app
}

/** The app on a free loopback port, for a test to call; `close` stops it. */
export const serve = async (flags: Flags): Promise<{ url: string; close: () => Promise<void> }> => {
  const server: Server = await new Promise((resolve) => {
    const s = createApp(flags).listen(0, '127.0.0.1', () => resolve(s))
  })
  const { port } = server.address() as AddressInfo
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(() => resolve())) }
}

/** The seed the runner examples share: the new checkout for user 42 only, in development. */
export const SEED = {
  flags: {
    'new-checkout': {
      environments: {
        development: { enabled: true, strategies: [{ name: 'default', constraints: [{ contextName: 'userId', operator: 'IN' as const, values: ['42'] }] }] },
      },
    },
  },
}

/**
 * The facade's options as a caller from plain JavaScript may pass them: a missing or misshapen
 * port is a TypeError naming the option and what it needs, at once, rather than an exception
 * from deep inside the first call that touches it.
 */

/** Each port an option may hold: the methods it must have, and an example of one. */
const PORTS = {
  storage: { methods: ['head', 'sync', 'commit', 'close'], example: "createMemoryStorage() from 'flagport/storage/memory'", required: true },
  auth: { methods: ['authenticate'], example: "openAuth() from 'flagport/auth/open', or tokenAuth(...) from 'flagport/auth/api-tokens'", required: true },
  clock: { methods: ['now'], example: "systemClock or fixedClock(ms) from 'flagport'", required: false },
  ids: { methods: ['uuid', 'token'], example: "randomIds or sequentialIds() from 'flagport'", required: false },
  email: { methods: ['sendWelcome'], example: 'an object with sendWelcome(message)', required: false },
  logger: { methods: ['warn', 'error'], example: 'an object with warn(message) and error(message), as consoleLogger', required: false },
} as const

const isObject = (u: unknown): u is Record<string, unknown> => u !== null && typeof u === 'object'

/** Throws a TypeError naming the first option that is not what `createAdminApi` needs. */
export const checkOptions = (options: unknown): void => {
  if (!isObject(options)) throw new TypeError('flagport: createAdminApi needs an options object: { storage, auth }.')
  for (const [name, port] of Object.entries(PORTS)) {
    const value = options[name]
    if (value === undefined && !port.required) continue
    const missing = isObject(value) ? port.methods.filter((m) => typeof value[m] !== 'function') : port.methods
    if (missing.length > 0) {
      throw new TypeError(
        `flagport: createAdminApi's option \`${name}\` ${value === undefined ? 'is missing' : `lacks ${missing.map((m) => `${m}()`).join(', ')}`}; pass ${port.example}.`,
      )
    }
  }
  if (!isObject((options['storage'] as Record<string, unknown>)['capabilities'])) {
    throw new TypeError('flagport: createAdminApi\'s option `storage` lacks `capabilities`; pass a StoragePort (see docs/adapters.md).')
  }
  const config = options['config']
  if (config !== undefined && !isObject(config)) throw new TypeError('flagport: createAdminApi\'s option `config` must be an object when given.')
}

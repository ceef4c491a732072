import { createMemoryStorage } from '../../adapters/storage/memory.js'
import { openAuth } from '../../adapters/auth/open.js'
import { tokenAuth } from '../../adapters/auth/api-tokens.js'
import { createAdminApi, type AdminApiOptions } from '../../src/api/admin-api.js'
import { fixedClock } from '../../src/ports/clock.js'
import { sequentialIds } from '../../src/ports/ids.js'
import * as E from 'fp-ts/lib/Either.js'

export const ADMIN_TOKEN = '*:*.test-admin-secret'

/**
 * scrypt's lowest cost, for test facades: their passwords protect nothing, and at the default
 * cost every login would take a core for a noticeable time. password-hashing.test.ts holds the
 * default cost itself.
 */
export const TEST_HASH_COST = 10

/** A facade over a fresh memory store with a fixed clock and counting ids. */
export const makeApi = async (options: Partial<AdminApiOptions> & { tokens?: boolean } = {}) => {
  const clock = fixedClock('2026-01-01T00:00:00.000Z')
  const api = await createAdminApi({
    storage: options.storage ?? createMemoryStorage(),
    auth: options.auth ?? (options.tokens ? tokenAuth({ adminTokens: [ADMIN_TOKEN], clock }) : openAuth()),
    clock,
    ids: sequentialIds(),
    config: { passwordHashCost: TEST_HASH_COST, ...options.config },
    ...(options.email ? { email: options.email } : {}),
  })
  return { api, clock }
}

/** The Right of an Either, or a thrown error naming the Left (for test set-up only). */
export const ok = <A>(result: E.Either<unknown, A>): A => {
  if (E.isLeft(result)) throw new Error(`expected success, got ${JSON.stringify(result.left)}`)
  return result.right
}

/** The Left of an Either, or a thrown error (for test set-up only). */
export const err = <L>(result: E.Either<L, unknown>): L => {
  if (E.isRight(result)) throw new Error(`expected failure, got ${JSON.stringify(result.right)}`)
  return result.left
}

/** JSON round trip: compares states without caring about prototypes. */
export const plain = <T>(value: T): unknown => JSON.parse(JSON.stringify(value))

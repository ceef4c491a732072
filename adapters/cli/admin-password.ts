import * as E from 'fp-ts/lib/Either.js'
import { randomBytes } from 'node:crypto'
import { openAuth } from '../auth/open.js'
import { createAdminApi } from '../../src/api/admin-api.js'
import { verifyPassword } from '../../src/api/secrets.js'
import { ADMIN_USER_ID, ADMIN_USERNAME } from '../../src/domain/user/admin-user.js'
import { passwordProblems } from '../../src/domain/user/password.js'
import type { StoragePort } from '../../src/ports/storage.js'

/** A random password that Unleash's rule takes: about 120 random bits, and every kind of character. */
export const randomPassword = (): string => {
  for (;;) {
    const password = `${randomBytes(15).toString('base64url')}-aZ7`
    if (passwordProblems(password).length === 0) return password
  }
}

/**
 * Gives the built-in `admin` its password: `given` (FLAGPORT_ADMIN_PASSWORD) when it is not
 * already the one stored, else a random one if it has none yet, returned to be printed once.
 * A store without the built-in admin (it was deleted) is left alone.
 */
export const ensureAdminPassword = async (storage: StoragePort, given: string | undefined): Promise<E.Either<string, string | undefined>> => {
  const setup = await createAdminApi({ storage, auth: openAuth() })
  const admin = setup.state().users.get(String(ADMIN_USER_ID))
  if (!admin || admin.username !== ADMIN_USERNAME || admin.accountType !== 'User') return E.right(undefined)
  if (given === undefined && admin.passwordHash !== null) return E.right(undefined)
  if (given !== undefined && admin.passwordHash !== null && (await verifyPassword(given, admin.passwordHash))) return E.right(undefined)
  const password = given ?? randomPassword()
  const set = await setup.users.changePassword({ params: { id: String(ADMIN_USER_ID) }, body: { password } })
  if (E.isLeft(set)) return E.left(set.left.details.map((d) => d.message).join(' '))
  return E.right(given === undefined ? password : undefined)
}

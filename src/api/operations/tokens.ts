import * as E from 'fp-ts/lib/Either.js'
import { type ApiTokenRef, createApiToken, deleteApiToken, findApiToken, updateApiTokenExpiry } from '../../domain/token/api-tokens.js'
import { PERSONAL_TOKEN_PREFIX, tokenPrefix, tokenScope } from '../../domain/token/format.js'
import { createAccountToken, deleteAccountToken } from '../../domain/token/personal.js'
import { accountTokens, apiTokensOf, renderApiToken, renderPersonalToken } from '../../domain/token/render.js'
import { type NoAccessError, type NotFoundError, type ValidationError, notAUser, notFound, validationError } from '../../domain/errors.js'
import { projectById } from '../../domain/project/lookup.js'
import type { Requirement } from '../../domain/permissions.js'
import { anyTokenPermission, mayListToken, tokenPermission } from '../../domain/token/access.js'
import { type AccountType, findAccount } from '../../domain/user/lookup.js'
import type { ApiTokenState, State, UserState } from '../../model/state.js'
import {
  ApiTokenKind,
  CreateApiTokenBody,
  CreateProjectApiTokenBody,
  type CreatedPersonalToken,
  CreatePatBody,
  UpdateApiTokenBody,
} from '../../model/token.js'
import type { Principal } from '../../ports/auth.js'
import { type OperationEnv, read, write } from '../operation.js'
import { hashToken, newSecret } from '../secrets.js'
import { AccountTokenParams, ApiTokenParams, IdParams, NameParams, NoParams, OwnTokenParams, ProjectApiTokenParams, ProjectParams } from '../../model/params.js'
import { callerUserId } from '../caller.js'
import type * as t from 'io-ts'

/** A fresh token, made outside the transaction: the store only ever sees its digest and prefix. */
interface Minted {
  readonly token: string
  readonly prefix: string
  readonly secretHash: string
}

const mint = (prefix: string): Minted => {
  const token = `${prefix}${newSecret()}`
  return { token, prefix, secretHash: hashToken(token) }
}

const tokenAt = (id: number) => (next: State): ApiTokenState => next.apiTokens.get(String(id))!

// ---------------------------------------------------------------- API tokens

/** The token a path names: digits are the id a list shows; anything else is a secret, found by its digest. */
const refOf = (token: string): ApiTokenRef => (/^\d+$/.test(token) ? { id: token } : { secretHash: hashToken(token) })

/** The kind a request asks for, before the body is decoded; anything unknown needs ADMIN (the codec refuses it then). */
export const requestedKind = (body: unknown): ApiTokenKind => {
  const type = (body as { type?: unknown } | null | undefined)?.type
  // The codec's own reading: `constructor` or `__proto__` as a type is unknown like any other word.
  const kind = ApiTokenKind.decode(type)
  return E.isRight(kind) ? kind.right : 'admin'
}

/**
 * The check Unleash's create route makes before the body is read: ADMIN, or the permission
 * to create either kind. The kind's own permission follows (`createApiTokenOp`).
 */
export const mayCreateApiTokensOp = read({
  params: NoParams,
  requirement: anyTokenPermission('create'),
  run: () => E.right(undefined),
})

/** Creating a token of `kind`; the secret is in the answer and nowhere else. */
export const createApiTokenOp = (kind: ApiTokenKind) =>
  write({
    params: NoParams,
    requirement: tokenPermission('create', kind),
    body: CreateApiTokenBody,
    prepare: async ({ body }) => mint(tokenPrefix(tokenScope(body))),
    run: (draft, { body, ctx, prepared }) => {
      const minted = prepared as Minted
      return E.map((id: number) => (next: State) => ({ ...renderApiToken(tokenAt(id)(next)), secret: minted.token }))(
        createApiToken(draft, { body, prefix: minted.prefix, secretHash: minted.secretHash }, ctx),
      )
    },
  })

/** The tokens the caller may see (Unleash's `canReadToken`): ADMIN all, others those of the kinds they hold a permission on. */
const visibleTokens = (state: State, principal: Principal): ApiTokenState[] =>
  apiTokensOf(state).filter((token) => mayListToken(principal.permissions, token.type as ApiTokenKind))

export const listApiTokensOp = read({
  params: NoParams,
  requirement: anyTokenPermission('read'),
  run: (state, { principal }) => E.right({ tokens: visibleTokens(state, principal).map(renderApiToken) }),
})

/** API tokens named `name` (names are not unique), in creation order; none is an empty list, as in Unleash. */
export const listApiTokensByNameOp = read({
  params: NameParams,
  requirement: anyTokenPermission('read'),
  run: (state, { params, principal }) =>
    E.right({ tokens: visibleTokens(state, principal).filter((t) => t.tokenName === params.name).map(renderApiToken) }),
})

/**
 * The check Unleash's update and delete routes make before the handler (ADMIN, or the
 * permission for either kind; then the body), and the kind of the token the path names:
 * undefined when it names none.
 */
const storedKindOp = <B>(action: 'update' | 'delete', body?: t.Decoder<unknown, B>) =>
  read({
    params: ApiTokenParams,
    requirement: anyTokenPermission(action),
    ...(body ? { body } : {}),
    run: (state, { params }) => {
      const found = findApiToken(state, refOf(params.token))
      return E.right(E.isRight(found) ? (found.right.type as ApiTokenKind) : undefined)
    },
  })

export const updatedTokenKindOp = storedKindOp('update', UpdateApiTokenBody)
export const deletedTokenKindOp = storedKindOp<undefined>('delete')

/** What changing a token of `kind` needs; a path that names none needs what the route asks (the change is nothing). */
const changeRequirement = (action: 'update' | 'delete', kind: ApiTokenKind | undefined): Requirement =>
  kind === undefined ? anyTokenPermission(action) : tokenPermission(action, kind)

export const updateApiTokenOp = (kind: ApiTokenKind | undefined) =>
  write({
    params: ApiTokenParams,
    requirement: changeRequirement('update', kind),
    body: UpdateApiTokenBody,
    run: (draft, { params, body, ctx }) => E.map(() => () => undefined)(updateApiTokenExpiry(draft, refOf(params.token), body.expiresAt, ctx)),
  })

export const deleteApiTokenOp = (kind: ApiTokenKind | undefined) =>
  write({
    params: ApiTokenParams,
    requirement: changeRequirement('delete', kind),
    run: (draft, { params, ctx }) => E.map(() => () => undefined)(deleteApiToken(draft, refOf(params.token), ctx)),
  })

// ---------------------------------------------------------- a project's API tokens

/**
 * Unleash: POST /api/admin/projects/:projectId/api-tokens, read before the token is made: the
 * project must exist, and the body becomes an ordinary create's, scoped to that project alone.
 */
export const projectTokenBodyOp = read({
  params: ProjectParams,
  requirement: anyTokenPermission('create'),
  body: CreateProjectApiTokenBody,
  run: (state, { params, body }) => E.map(() => ({ ...body, projects: [params.projectId] }))(projectById(state, params.projectId)),
})

/** Unleash: GET /api/admin/projects/:projectId/api-tokens, the tokens that reach the project (those of every project too) that the caller may see. */
export const listProjectApiTokensOp = read({
  params: ProjectParams,
  requirement: anyTokenPermission('read'),
  run: (state, { params, principal }) =>
    E.right({ tokens: visibleTokens(state, principal).filter((t) => t.projects.includes('*') || t.projects.includes(params.projectId)).map(renderApiToken) }),
})

/**
 * Unleash: DELETE /api/admin/projects/:projectId/api-tokens/:token, read before the delete:
 * the token must reach the project (404 otherwise) and that project alone (400 otherwise, as
 * Unleash answers a token of several projects). Its kind, for the delete's permission, and
 * the token as the path named it.
 */
export const projectTokenKindOp = read({
  params: ProjectApiTokenParams,
  requirement: anyTokenPermission('delete'),
  run: (state, { params }): E.Either<NotFoundError | ValidationError, { kind: ApiTokenKind; token: string }> => {
    const found = findApiToken(state, refOf(params.token))
    if (E.isLeft(found) || !(found.right.projects.includes('*') || found.right.projects.includes(params.projectId))) {
      return E.left(notFound(`Could not find API token of project "${params.projectId}"`))
    }
    const token = found.right
    if (token.projects.length !== 1 || token.projects[0] !== params.projectId) {
      return E.left(validationError(`The token reaches more than project "${params.projectId}": delete it through /api/admin/api-tokens.`))
    }
    return E.right({ kind: token.type as ApiTokenKind, token: params.token })
  },
})

// ------------------------------------------- personal and service-account tokens

const mintPersonal = async () => mint(PERSONAL_TOKEN_PREFIX)

const createdAccountToken = (id: number, minted: Minted) => (next: State): CreatedPersonalToken => ({
  ...renderPersonalToken(tokenAt(id)(next)),
  secret: minted.token,
})

/** Which account an operation acts on: the caller's own, or the one in the path. */
type AccountOf<P, B> = (env: OperationEnv<P, B>) => E.Either<NoAccessError, string | number>

/** Creates a token for the account `accountOf` names. */
const createAccountTokenOp = <P>(params: t.Decoder<unknown, P>, requirement: Requirement, type: AccountType, accountOf: AccountOf<P, CreatePatBody>) =>
  write({
    params,
    requirement,
    body: CreatePatBody,
    prepare: mintPersonal,
    run: (draft, env) => {
      const minted = env.prepared as Minted
      return E.chainW((account: string | number) =>
        E.map((id: number) => createdAccountToken(id, minted))(createAccountToken(draft, account, type, { body: env.body, secretHash: minted.secretHash }, env.ctx)),
      )(accountOf(env))
    },
  })

const listAccountTokensOp = <P>(params: t.Decoder<unknown, P>, requirement: Requirement, type: AccountType, accountOf: AccountOf<P, undefined>) =>
  read({
    params,
    requirement,
    run: (state, env) => {
      return E.chainW((account: string | number) => E.map((a: UserState) => ({ pats: accountTokens(state, a.id).map(renderPersonalToken) }))(findAccount(state, account, type)))(
        accountOf(env),
      )
    },
  })

const deleteAccountTokenOp = <P extends OwnTokenParams>(params: t.Decoder<unknown, P>, requirement: Requirement, type: AccountType, accountOf: AccountOf<P, undefined>) =>
  write({
    params,
    requirement,
    run: (draft, env) => {
      return E.chainW((account: string | number) => E.map(() => () => undefined)(deleteAccountToken(draft, account, type, env.params.tokenId, env.ctx)))(accountOf(env))
    },
  })

/** The caller's own user: only users (through their personal tokens) have personal tokens. */
const callerUser = (env: { principal: Principal }): E.Either<NoAccessError, number> => {
  const id = callerUserId(env)
  return id === undefined ? E.left(notAUser()) : E.right(id)
}

const fromPath = <P extends { id: string }>({ params }: { params: P }): E.Either<NoAccessError, string> => E.right(params.id)

/** Personal access tokens of the calling user (any authenticated user may manage their own). */
export const createOwnPatOp = createAccountTokenOp(NoParams, 'NONE', 'User', callerUser)
export const listOwnPatsOp = listAccountTokensOp(NoParams, 'NONE', 'User', callerUser)
export const deleteOwnPatOp = deleteAccountTokenOp(OwnTokenParams, 'NONE', 'User', callerUser)

/** Personal access tokens of any user, managed by an admin. */
export const createUserPatOp = createAccountTokenOp(IdParams, 'ADMIN', 'User', fromPath)
export const listUserPatsOp = listAccountTokensOp(IdParams, 'ADMIN', 'User', fromPath)
export const deleteUserPatOp = deleteAccountTokenOp(AccountTokenParams, 'ADMIN', 'User', fromPath)

/** A service account's tokens (admins only). */
export const createServiceAccountTokenOp = createAccountTokenOp(IdParams, 'ADMIN', 'Service Account', fromPath)
export const listServiceAccountTokensOp = listAccountTokensOp(IdParams, 'ADMIN', 'Service Account', fromPath)
export const deleteServiceAccountTokenOp = deleteAccountTokenOp(AccountTokenParams, 'ADMIN', 'Service Account', fromPath)

import * as E from 'fp-ts/lib/Either.js'
import type { ApiTokenState } from '../../model/state.js'
import type { CreateApiTokenBody } from '../../model/token.js'
import type { Ctx } from '../context.js'
import { type ErrorDetail, exceedsLimit, notFound, type ExceedsLimitError, type NotFoundError, type ValidationError } from '../errors.js'
import { recordEvent } from '../events.js'
import { refuse } from '../user/problems.js'
import { expiryProblems, storedExpiry } from './expiry.js'
import { tokenScope } from './format.js'
import { type ReadState, type Tx, readRow } from '../../store/tx.js'

/** The digest and prefix of the token made before the transaction; the secret never gets here. */
export interface NewApiToken {
  readonly body: CreateApiTokenBody
  readonly prefix: string
  readonly secretHash: string
}

const adminScopeProblems = (body: CreateApiTokenBody): ErrorDetail[] => [
  ...(body.environment !== undefined && body.environment !== '*'
    ? [{ path: '/body/environment', message: 'Admin token cannot be scoped to single environment' }]
    : []),
  ...(body.project !== undefined && body.project !== '*' ? [{ path: '/body/project', message: 'Admin token cannot be scoped to single project' }] : []),
  ...(body.projects ?? []).flatMap((p, i) => (p === '*' ? [] : [{ path: `/body/projects/${i}`, message: 'Admin token cannot be scoped to single project' }])),
]

const scopeProblems = (state: ReadState, body: CreateApiTokenBody): ErrorDetail[] => {
  if (body.type === 'admin') return adminScopeProblems(body)
  const { environment } = tokenScope(body)
  const problems: ErrorDetail[] = []
  if (environment === '*') {
    problems.push({ path: '/body/environment', message: `${body.type === 'frontend' ? 'Frontend' : 'Client'} token cannot be scoped to all environments` })
  } else if (!state.environments.get(environment)) {
    problems.push({ path: '/body/environment', message: `Environment=${environment} does not exist` })
  }
  const missing = (p: string) => p !== '*' && !state.projects.get(p)
  if (body.projects !== undefined) {
    if (body.projects.length === 0) problems.push({ path: '/body/projects', message: 'A token needs at least one project, or "*" for all projects' })
    body.projects.forEach((p, i) => missing(p) && problems.push({ path: `/body/projects/${i}`, message: `Project=${p} does not exist` }))
  } else if (body.project !== undefined && missing(body.project)) {
    problems.push({ path: '/body/project', message: `Project=${body.project} does not exist` })
  }
  return problems
}

const tokenEventData = (t: ApiTokenState) => ({
  id: t.id,
  tokenName: t.tokenName,
  type: t.type,
  projects: t.projects,
  environment: t.environment,
  expiresAt: t.expiresAt,
})

/**
 * Creates an admin, client (backend) or frontend token. Admin tokens cover every project and
 * environment; the others need an existing environment (not `*`) and existing projects.
 * The store keeps only the digest of the whole token. Past `resourceLimits.apiTokens`: refused.
 */
export const createApiToken = (draft: Tx, input: NewApiToken, ctx: Ctx): E.Either<ExceedsLimitError | ValidationError, number> => {
  const { body } = input
  const problems = [...scopeProblems(draft, body), ...expiryProblems(body.expiresAt, ctx.now)]
  if (problems.length > 0) return E.left(refuse(problems))
  let count = 0
  for (const t of draft.apiTokens.rows()) if (t.type !== 'personal') count++
  if (count >= ctx.limits.apiTokens) return E.left(exceedsLimit('api token', ctx.limits.apiTokens))

  const scope = tokenScope(body)
  draft.counters.apiToken += 1
  const token: ApiTokenState = {
    id: draft.counters.apiToken,
    tokenName: body.tokenName,
    type: body.type,
    projects: [...scope.projects],
    environment: scope.environment,
    prefix: input.prefix,
    secretHash: input.secretHash,
    userId: null,
    expiresAt: body.expiresAt === undefined ? null : storedExpiry(body.expiresAt),
    createdAt: ctx.now,
  }
  draft.apiTokens.set(String(token.id), token)
  recordEvent(draft, ctx, { type: 'api-token-created', data: tokenEventData(token) })
  return E.right(token.id)
}

/**
 * How a path names an API token: by the id flagport lists, or by its secret, as Unleash's
 * paths do. The store keeps only a secret's digest, made outside the domain.
 */
export type ApiTokenRef = { readonly id: string } | { readonly secretHash: string }

/** An API token (not a personal one) by the id or the secret in a path. */
export const findApiToken = (state: ReadState, ref: ApiTokenRef): E.Either<NotFoundError, ApiTokenState> => {
  const token = 'id' in ref ? byId(state, ref.id) : bySecretHash(state, ref.secretHash)
  return token && token.type !== 'personal' ? E.right(token) : E.left(notFound(`Could not find API token ${'id' in ref ? `with id ${ref.id}` : 'with that secret'}`))
}

const byId = (state: ReadState, id: string): ApiTokenState | undefined => (/^\d+$/.test(id) ? state.apiTokens.get(String(Number(id))) : undefined)

// A scan: tokens are few, and only deleting or updating one by its secret looks.
const bySecretHash = (state: ReadState, secretHash: string): ApiTokenState | undefined => {
  for (const token of state.apiTokens.rows()) if (token.secretHash === secretHash) return token
  return undefined
}

/** Deleting a token makes it stop working at once. */
export const deleteApiToken = (draft: Tx, ref: ApiTokenRef, ctx: Ctx): E.Either<NotFoundError, void> => {
  const found = findApiToken(draft, ref)
  if (E.isLeft(found)) return E.right(undefined) // no such token: nothing to delete, a success in Unleash
  const preData = tokenEventData(found.right)
  draft.apiTokens.delete(String(found.right.id))
  recordEvent(draft, ctx, { type: 'api-token-deleted', preData })
  return E.right(undefined)
}

/**
 * A token's new expiry. A past one is taken, as Unleash takes it: the token stops working at
 * once. No such token, or the same expiry: nothing changes, a success as in Unleash.
 */
export const updateApiTokenExpiry = (draft: Tx, ref: ApiTokenRef, expiresAt: string, ctx: Ctx): E.Either<NotFoundError, void> => {
  const found = findApiToken(draft, ref)
  if (E.isLeft(found)) return E.right(undefined)
  // What the row holds (by id it is a draft): the new row is built whole, not through the draft.
  const before = readRow(found.right)
  const stored = storedExpiry(expiresAt)
  if (before.expiresAt === stored) return E.right(undefined)
  const after: ApiTokenState = { ...before, expiresAt: stored }
  draft.apiTokens.set(String(before.id), after)
  recordEvent(draft, ctx, { type: 'api-token-updated', data: tokenEventData(after), preData: tokenEventData(before) })
  return E.right(undefined)
}

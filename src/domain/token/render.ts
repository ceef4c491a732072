import type { ApiTokenState } from '../../model/state.js'
import type { ApiToken, PersonalToken } from '../../model/token.js'
import { projectLabel } from './format.js'
import type { ReadState } from '../../store/tx.js'

/** API tokens (personal ones left out), in creation order. */
export const apiTokensOf = (state: ReadState): ApiTokenState[] =>
  [...state.apiTokens.rows()].filter((t) => t.type !== 'personal').sort((a, b) => a.id - b.id)

/** The tokens an account owns, in creation order. */
export const accountTokens = (state: ReadState, userId: number): ApiTokenState[] =>
  [...state.apiTokens.rows()].filter((t) => t.userId === userId).sort((a, b) => a.id - b.id)

/** Never the secret: only its prefix, which tells tokens apart. */
export const renderApiToken = (token: ApiTokenState): ApiToken => ({
  id: token.id,
  tokenName: token.tokenName,
  type: token.type,
  project: projectLabel(token.projects),
  projects: [...token.projects],
  environment: token.environment,
  prefix: token.prefix,
  expiresAt: token.expiresAt,
  createdAt: token.createdAt,
  seenAt: null,
  alias: null,
})

export const renderPersonalToken = (token: ApiTokenState): PersonalToken => ({
  id: token.id,
  description: token.tokenName,
  expiresAt: token.expiresAt,
  createdAt: token.createdAt,
  seenAt: null,
  userId: token.userId!,
})

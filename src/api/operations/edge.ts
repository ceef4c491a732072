import * as E from 'fp-ts/lib/Either.js'
import { findApiToken } from '../../domain/token/api-tokens.js'
import { EdgeTokensBody, type ValidatedEdgeTokens } from '../../model/edge.js'
import { NoParams } from '../../model/params.js'
import { read } from '../operation.js'
import { hashToken } from '../secrets.js'

const SDK_TOKENS = new Set(['client', 'backend', 'frontend'])

/**
 * `POST /edge/validate`: which of the tokens are live SDK tokens (client, backend, frontend;
 * not expired), each with its type, projects and environment; the rest are left out, as
 * Unleash answers Edge. Admin and personal tokens are never confirmed.
 */
export const validateEdgeTokensOp = read<NoParams, EdgeTokensBody, ValidatedEdgeTokens>({
  params: NoParams,
  requirement: 'NONE',
  admits: 'client-token',
  body: EdgeTokensBody,
  run: (state, { body, ctx }) => {
    const nowMs = Date.parse(ctx.now)
    const tokens: ValidatedEdgeTokens['tokens'] = []
    for (const token of new Set(body.tokens)) {
      const found = findApiToken(state, { secretHash: hashToken(token) })
      if (E.isLeft(found)) continue
      const { type, projects, environment, expiresAt } = found.right
      if (!SDK_TOKENS.has(type) || (expiresAt !== null && Date.parse(expiresAt) <= nowMs)) continue
      tokens.push({ token, type, projects: [...projects], environment })
    }
    return E.right({ tokens })
  },
})

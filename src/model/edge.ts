import * as t from 'io-ts'
import { closed } from './codec.js'

/** `POST /edge/validate`: the SDK tokens an Edge instance was given. */
export const EdgeTokensBody = closed({ tokens: t.array(t.string) }, {}, 'a list of tokens')
export type EdgeTokensBody = t.TypeOf<typeof EdgeTokensBody>

/** The ones that are live SDK tokens, with what they may read (Unleash's validatedEdgeTokensSchema). */
export const ValidatedEdgeTokens = t.type({
  tokens: t.array(t.type({ token: t.string, type: t.string, projects: t.array(t.string), environment: t.string })),
})
export type ValidatedEdgeTokens = t.TypeOf<typeof ValidatedEdgeTokens>

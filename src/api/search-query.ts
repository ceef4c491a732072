import type * as E from 'fp-ts/lib/Either.js'
import type * as t from 'io-ts'
import { decodeAt } from '../domain/decode.js'
import type { ValidationError } from '../domain/errors.js'
import type { Query } from '../model/query.js'

/**
 * A search query read through its codec, each bad parameter named at `/query/<name>`. An empty
 * parameter (`?tag=`) is taken as absent, as the Admin UI sends one for a filter it cleared.
 */
export const decodeSearchQuery =
  <A>(codec: t.Decoder<unknown, A>) =>
  (query: Query): E.Either<ValidationError, A> => {
    const given: Record<string, string> = {}
    for (const [name, value] of Object.entries(query)) if (value !== undefined && value !== '') given[name] = value
    return decodeAt(codec, '/query', given)
  }

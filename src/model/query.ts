import * as t from 'io-ts'

/**
 * A request's query: parameter names to their values, as a URL gives them. Over HTTP the
 * handler builds it; in process it is the caller's object, read once through this codec, so
 * a value that is not a string, or a getter that throws, is a ValidationError under `/query`.
 */
export const Query = t.record(t.string, t.union([t.string, t.undefined]))
export type Query = t.TypeOf<typeof Query>

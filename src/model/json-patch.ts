import * as t from 'io-ts'
import { JsonValue, closed, oneOf, refinedString, type Named } from './codec.js'

/** A JSON Pointer (RFC 6901): empty, or `/`-separated reference tokens. */
export const JsonPointer = refinedString('a JSON pointer such as /stale', (s) => s === '' || s.startsWith('/'))

/**
 * One operation of a JSON Patch (RFC 6902). `value` is required by add, replace and test,
 * `from` by move and copy: what an operation lacks is refused where it is applied.
 */
export interface JsonPatchOperation extends t.TypeOf<typeof JsonPatchOperationCodec> {}
const JsonPatchOperationCodec = closed(
  { op: oneOf(['add', 'remove', 'replace', 'move', 'copy', 'test']), path: JsonPointer },
  { value: JsonValue, from: JsonPointer },
  'a JSON Patch operation',
)
export const JsonPatchOperation: Named<typeof JsonPatchOperationCodec, JsonPatchOperation> = JsonPatchOperationCodec

/** A JSON Patch: the operations, applied in order, all or none. */
export const JsonPatch = t.array(JsonPatchOperation, 'an array of JSON Patch operations')
export type JsonPatch = t.TypeOf<typeof JsonPatch>

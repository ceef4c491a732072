import * as E from 'fp-ts/lib/Either.js'
import type { Draft } from 'immer'
import type * as t from 'io-ts'
import { UPDATABLE_FEATURE_FIELDS, type UpdateFeatureBody } from '../../model/feature.js'
import type { JsonPatch } from '../../model/json-patch.js'
import type { State } from '../../model/state.js'
import { getRow } from '../../model/table.js'
import type { Ctx } from '../context.js'
import { decodeWith } from '../decode.js'
import { recordEvent } from '../events.js'
import { type DomainError, type ErrorDetail, notFound, validationError } from '../errors.js'
import { featureMetadata } from './render.js'
import { updateFeature } from './update.js'

/*
 * A JSON Patch (RFC 6902) of a feature, as Unleash's PATCH route takes it: applied to the
 * feature's own fields (its `getFeatureMetadata`: name, description, type, project, stale,
 * createdAt, impressionData, archived), then saved as an update of description, type, stale,
 * impressionData and archived (which archives or revives, as operation 4 does); name, project
 * and createdAt are read-only there, and a change to them is ignored.
 * The document is flat, so the six operations are applied here, key by key: immer's patches
 * have no test, move or copy.
 */

type Document = Record<string, unknown>

/** What a field the patch removed becomes, as Unleash stores a missing one. */
const WHEN_REMOVED = { description: null, type: 'release', stale: false, impressionData: false, archived: false } as const
const SAVED = Object.keys(WHEN_REMOVED) as (keyof typeof WHEN_REMOVED)[]

/** The field a pointer names (`/stale`, with `~1` and `~0` unescaped); undefined for the whole document or a nested path. */
const fieldOf = (pointer: string): string | undefined => {
  const tokens = pointer.split('/').slice(1)
  return tokens.length === 1 ? tokens[0]!.replace(/~1/g, '/').replace(/~0/g, '~') : undefined
}

const equal = (a: unknown, b: unknown): boolean => a === b || JSON.stringify(a) === JSON.stringify(b)

/** The document after every operation, and which operation last set each field; or the first that fails. */
const applied = (document: Document, patch: JsonPatch): E.Either<ErrorDetail, { after: Document; setBy: Map<string, number> }> => {
  // Without a prototype, a path of `/__proto__` names an ordinary field, never the prototype.
  const after: Document = Object.assign(Object.create(null) as Document, document)
  const setBy = new Map<string, number>()
  for (const [i, operation] of patch.entries()) {
    const at = `/body/${i}`
    const field = fieldOf(operation.path)
    if (field === undefined) return E.left({ path: `${at}/path`, message: `The path ${JSON.stringify(operation.path)} does not name a field of the feature.` })
    const exists = (name: string) => Object.prototype.hasOwnProperty.call(after, name)
    const missing = (name: string, where: string) => ({ path: where, message: `The feature has no field ${JSON.stringify(name)}.` })
    if ((operation.op === 'add' || operation.op === 'replace' || operation.op === 'test') && !('value' in operation)) {
      return E.left({ path: `${at}/value`, message: `A ${operation.op} operation needs a value.` })
    }
    if (operation.op !== 'add' && operation.op !== 'move' && operation.op !== 'copy' && !exists(field)) return E.left(missing(field, `${at}/path`))
    switch (operation.op) {
      case 'add':
      case 'replace':
        after[field] = operation.value
        setBy.set(field, i)
        break
      case 'remove':
        delete after[field]
        setBy.set(field, i)
        break
      case 'test':
        if (!equal(after[field], operation.value)) return E.left({ path: `${at}/value`, message: `The test failed: ${operation.path} is ${JSON.stringify(after[field])}.` })
        break
      case 'move':
      case 'copy': {
        if (operation.from === undefined) return E.left({ path: `${at}/from`, message: `A ${operation.op} operation needs a from.` })
        const source = fieldOf(operation.from)
        if (source === undefined || !exists(source)) return E.left(missing(source ?? operation.from, `${at}/from`))
        const value = after[source]
        if (operation.op === 'move') {
          delete after[source]
          setBy.set(source, i)
        }
        after[field] = value
        setBy.set(field, i)
      }
    }
  }
  return E.right({ after, setBy })
}

/** Patches a feature: all operations or none, each failure a 400 at its operation (Unleash answers a 500). */
export const patchFeature = (draft: Draft<State>, projectId: string, featureName: string, patch: JsonPatch, ctx: Ctx): E.Either<DomainError, string> => {
  const feature = getRow(draft.features as State['features'], featureName)
  if (!feature) return E.left(notFound('No feature flag found'))
  const variants = patch.findIndex((operation) => operation.path.includes('/variants'))
  // Unleash's words; it answers them with a 403 OperationDeniedError.
  if (variants >= 0) {
    return E.left(validationError('Changing variants is done via PATCH operation to /api/admin/projects/:project/features/:feature/variants', `/body/${variants}/path`))
  }
  const before = featureMetadata(feature)
  const result = applied(before, patch)
  if (E.isLeft(result)) return E.left(validationError([result.left]))
  const { after, setBy } = result.right
  const body: Record<string, unknown> = {}
  const problems: ErrorDetail[] = []
  for (const field of SAVED) {
    const value = after[field] ?? WHEN_REMOVED[field]
    const index = setBy.get(field)
    // Values the patch did not touch are the feature's own, already valid.
    const decoded = index === undefined ? E.right(value) : decodeWith(UPDATABLE_FEATURE_FIELDS[field] as t.Decoder<unknown, unknown>, `/body/${index}/value`)(value)
    if (E.isLeft(decoded)) problems.push(...decoded.left.details)
    else body[field] = decoded.right
  }
  if (problems.length > 0) return E.left(validationError(problems))
  const updated = updateFeature(draft, projectId, featureName, body as UpdateFeatureBody, ctx)
  // Unleash's patch, not its update, also records a change of `stale` on its own.
  if (E.isRight(updated) && body.stale !== before.stale) recordEvent(draft, ctx, { type: body.stale ? 'feature-stale-on' : 'feature-stale-off', project: projectId, featureName })
  return updated
}

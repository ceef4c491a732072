import * as E from 'fp-ts/lib/Either.js'
import { dictFrom, lookup } from '../../model/dict.js'
import type { CloneFeatureBody } from '../../model/feature.js'
import { fieldsAfterCreate, sentFields } from '../../model/feature-fields.js'
import type { Strategy } from '../../model/strategy.js'
import type { Ctx } from '../context.js'
import { notFound, type ExceedsLimitError, type NameExistsError, type NotFoundError, type ValidationError } from '../errors.js'
import { recordEvent } from '../events.js'
import { createFeature } from './create.js'
import { addDependency } from './dependencies.js'
import { copyStrategy, copyVariant } from './render.js'
import type { Editable, Tx } from '../../store/tx.js'

/**
 * Clones a live feature of a project into a new one of the same project, as Unleash's clone
 * does: its description, type, stale and impressionData, its parents, and in each environment
 * its variants and strategies (new ids; a `groupId` parameter becomes the new name unless
 * `replaceGroupId` is false, so that the copy's rollout does not follow the original's). Its
 * tags are not copied and every environment starts off, as there. Refused in Unleash's order
 * and words: a feature not in the project (404), the new name (400, 409), an archived feature
 * (404), then what a create refuses.
 */
export const cloneFeature = (draft: Tx, projectId: string, featureName: string, body: CloneFeatureBody, ctx: Ctx): E.Either<ExceedsLimitError | NameExistsError | NotFoundError | ValidationError, string> => {
  const source = draft.features.get(featureName)
  if (!source || source.project !== projectId) return E.left(notFound(`There's no feature named "${featureName}" in project "${projectId}".`))
  if (source.archived && !draft.features.has(body.name)) return E.left(notFound(`Could not find feature flag with name ${featureName}`))
  const created = createFeature(draft, projectId, { name: body.name, ...sentFields(source) }, ctx)
  if (E.isLeft(created)) return created
  const copy = draft.features.get(body.name)!
  Object.assign(copy, fieldsAfterCreate(source))
  for (const { feature, enabled, variants } of source.dependencies) {
    const added = addDependency(draft, projectId, body.name, { feature, enabled, ...(variants ? { variants: [...variants] } : {}) }, ctx)
    if (E.isLeft(added)) return added
  }
  for (const [environment, settings] of Object.entries(source.environments)) {
    const target = lookup(copy.environments, environment)
    if (!target) continue
    target.variants = settings.variants.map(copyVariant)
    for (const strategy of settings.strategies) {
      const cloned: Strategy = { ...copyStrategy(strategy), id: ctx.uuid(), featureName: body.name }
      if (body.replaceGroupId !== false && lookup(cloned.parameters, 'groupId') !== undefined) {
        cloned.parameters = dictFrom([...Object.entries(cloned.parameters), ['groupId', body.name]])
      }
      target.strategies.push(cloned as Editable<Strategy>)
      recordEvent(draft, ctx, { type: 'feature-strategy-add', project: projectId, featureName: body.name, environment, data: cloned })
    }
  }
  return E.right(body.name)
}

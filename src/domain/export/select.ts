import * as E from 'fp-ts/lib/Either.js'
import type { ExportQuery } from '../../model/export.js'
import type { FeatureState } from '../../model/state.js'
import { type NotFoundError, notFound } from '../errors.js'
import type { ReadState } from '../../store/tx.js'

const byName = (a: FeatureState, b: FeatureState): number => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)

/**
 * The features an export covers (decisions.md, in this order): `tag` -> features carrying a
 * tag with that value, of any type, archived included; non-empty `features` -> those names,
 * archived included, unknown names dropped; `project` -> its live features (404 when there
 * is no such project); otherwise every live feature. Sorted by name.
 */
export const selectFeatures = (state: ReadState, query: ExportQuery): E.Either<NotFoundError, FeatureState[]> => {
  const { tag, features, project } = query
  let selected: FeatureState[]
  if (tag !== undefined) {
    selected = [...state.features.rows()].filter((f) => f.tags.some((t) => t.value === tag))
  } else if (features !== undefined && features.length > 0) {
    selected = []
    for (const name of new Set(features)) {
      const feature = state.features.get(name)
      if (feature) selected.push(feature)
    }
  } else if (project !== undefined) {
    if (!state.projects.has(project)) return E.left(notFound(`Could not find project with id "${project}".`))
    selected = [...state.features.rows()].filter((f) => f.project === project && !f.archived)
  } else {
    selected = [...state.features.rows()].filter((f) => !f.archived)
  }
  return E.right(selected.sort(byName))
}

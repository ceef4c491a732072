import * as E from 'fp-ts/lib/Either.js'
import type { Draft } from 'immer'
import { dictFrom } from '../../model/dict.js'
import type { CreateFeatureBody } from '../../model/feature.js'
import type { FeatureEnvironmentState, State } from '../../model/state.js'
import { getRow, rows, setRow } from '../../model/table.js'
import type { Ctx } from '../context.js'
import { type DomainError, exceedsLimit, nameExists, notFound } from '../errors.js'
import { recordEvent } from '../events.js'

const freshEnvironment = (): FeatureEnvironmentState => ({ enabled: false, strategies: [], variants: [], lastSeenAt: null })

const countWhere = <T>(items: Iterable<T>, keep: (x: T) => boolean): number => {
  let n = 0
  for (const x of items) if (keep(x)) n++
  return n
}

/** Creates a feature in a project: the name must be free, archived features included. */
export const createFeature = (draft: Draft<State>, projectId: string, body: CreateFeatureBody, ctx: Ctx): E.Either<DomainError, string> => {
  const project = getRow(draft.projects as State['projects'], projectId)
  if (!project) return E.left(notFound(`Could not find project with id "${projectId}".`))
  if (getRow(draft.features as State['features'], body.name)) {
    return E.left(nameExists(`A flag with name "${body.name}" already exists`))
  }
  const active = (f: { archived: boolean }) => !f.archived
  if (countWhere(rows(draft.features as State['features']), active) >= ctx.limits.featureFlags) {
    return E.left(exceedsLimit('feature flag', ctx.limits.featureFlags))
  }
  if (project.featureLimit !== null) {
    const inProject = countWhere(rows(draft.features as State['features']), (f) => f.project === projectId && !f.archived)
    if (inProject >= project.featureLimit) return E.left(exceedsLimit('feature flag in this project', project.featureLimit))
  }
  setRow(draft.features as State['features'], body.name, {
    name: body.name,
    project: projectId,
    type: body.type ?? 'release',
    description: body.description ?? null,
    stale: false,
    impressionData: body.impressionData ?? false,
    archived: false,
    archivedAt: null,
    createdAt: ctx.now,
    createdByUserId: ctx.actor.id,
    lifecycle: { stage: 'initial', enteredStageAt: ctx.now },
    environments: dictFrom(project.environments.map((env) => [env, freshEnvironment()] as const)),
    tags: [],
    dependencies: [],
    children: [],
    collaborators: [ctx.actor.id],
  })
  recordEvent(draft, ctx, {
    type: 'feature-created',
    project: projectId,
    featureName: body.name,
    data: { name: body.name, type: body.type ?? 'release', description: body.description ?? null, impressionData: body.impressionData ?? false, project: projectId },
  })
  return E.right(body.name)
}

export { freshEnvironment }

import * as E from 'fp-ts/lib/Either.js'
import { archiveInProject, deleteArchived, reviveByName } from '../../domain/feature/archive.js'
import { cloneFeature } from '../../domain/feature/clone.js'
import { createFeature, nameTaken } from '../../domain/feature/create.js'
import { addDependency, anyDependencies, parentVariants, possibleParents, removeDependency } from '../../domain/feature/dependencies.js'
import { archiveImpact, archiveMany, deleteMany, reviveMany, setEnvironmentEnabledOfMany, setStaleOfMany } from '../../domain/feature/bulk.js'
import { setEnvironmentEnabled } from '../../domain/feature/environment.js'
import { featureInProject } from '../../domain/feature/lookup.js'
import { renderEnvironments } from '../../domain/feature/render.js'
import { patchFeature } from '../../domain/feature/patch.js'
import { updateFeature } from '../../domain/feature/update.js'
import { environmentVariants, patchEnvironmentVariants, setEnvironmentVariants, setOneEnvironmentVariants } from '../../domain/feature/variants.js'
import {
  BulkFeaturesBody,
  BulkStaleBody,
  CloneFeatureBody,
  CreateFeatureBody,
  DependencyBody,
  type EnvironmentVariants,
  EnvironmentVariantsBody,
  type Feature,
  UpdateFeatureBody,
  ValidateFeatureNameBody,
  VariantsBatchBody,
} from '../../model/feature.js'
import { JsonPatch } from '../../model/json-patch.js'
import type { State } from '../../model/state.js'
import { type Answering, copyFeature, copyFeatureList, featureRecord, listedFeatureRecord } from '../feature-records.js'
import { read, write } from '../operation.js'
import { type DomainError, notFound } from '../../domain/errors.js'
import type { Ctx } from '../../domain/context.js'
import { DependencyParams, EnvironmentParams, FeatureNameParams, FeatureParams, NoParams, ProjectEnvironmentParams, ProjectParams } from '../../model/params.js'
import type { Query } from '../../model/query.js'
import type { Tx } from '../../store/tx.js'

/** The answer of a write: the feature's record once committed. */
const rendered = (name: string, env: Answering) => (next: State): Feature => featureRecord(env)(next, next.features.get(name)!)
const project = (p: { projectId: string }) => ({ project: p.projectId })
const projectEnv = (p: { projectId: string; environment: string }) => ({ project: p.projectId, environment: p.environment })

export const createFeatureOp = write({
  params: ProjectParams,
  requirement: 'CREATE_FEATURE',
  scope: project,
  body: CreateFeatureBody,
  run: (draft, env) => E.map((name: string) => rendered(name, env))(createFeature(draft, env.params.projectId, env.body, env.ctx)),
  callerCopy: copyFeature,
})

/**
 * A name checked as a create would check it (Unleash: POST /api/admin/features/validate): the
 * form (400) and whether it is taken (409). A `projectId` is taken and not used, as Unleash
 * uses it for naming patterns only.
 */
export const validateFeatureNameOp = read({
  params: NoParams,
  requirement: 'NONE',
  body: ValidateFeatureNameBody,
  run: (state, { body }) => {
    const taken = nameTaken(state, body.name)
    return taken ? E.left(taken) : E.right(undefined)
  },
})

/** Clones a live feature of the project under a new name; answers the new feature. */
export const cloneFeatureOp = write({
  params: FeatureParams,
  requirement: 'CREATE_FEATURE',
  scope: project,
  body: CloneFeatureBody,
  run: (draft, env) => E.map((name: string) => rendered(name, env))(cloneFeature(draft, env.params.projectId, env.params.featureName, env.body, env.ctx)),
  callerCopy: copyFeature,
})

/** A live feature of the project; an archived one is a 404 with Unleash's words (its `getFeature` asks for `archived: false`). */
export const getFeatureOp = read({
  params: FeatureParams,
  requirement: 'NONE',
  run: (state, env) => {
    const found = featureInProject(state, env.params.projectId, env.params.featureName)
    if (E.isLeft(found)) return found
    if (found.right.archived) return E.left(notFound(`Could not find feature flag with name ${env.params.featureName}`))
    const record = featureRecord(env)(state, found.right)
    return E.right({ ...record, environments: env.kept.withUsage(record, env.kept.hourUsage(state, Date.parse(env.ctx.now))) })
  },
  callerCopy: copyFeature,
})

/** Features of a project, archived ones left out, sorted by name; an unknown project has none, as in Unleash. */
export const listProjectFeaturesOp = read({
  params: ProjectParams,
  requirement: 'NONE',
  run: (state, env) => {
    const { params } = env
    const render = listedFeatureRecord(env)
    const features = [...state.features.rows()]
      .filter((f) => f.project === params.projectId && !f.archived)
      .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
      .map((f) => render(state, f))
    return E.right({ version: 2, features })
  },
  callerCopy: copyFeatureList,
})

/** Operation 4. */
export const updateFeatureOp = write({
  params: FeatureParams,
  requirement: 'UPDATE_FEATURE',
  scope: project,
  body: UpdateFeatureBody,
  run: (draft, env) => E.map((name: string) => rendered(name, env))(updateFeature(draft, env.params.projectId, env.params.featureName, env.body, env.ctx)),
  callerCopy: copyFeature,
})

/** A JSON Patch of a feature's own fields (Unleash: PATCH .../features/:featureName), saved as operation 4 saves. */
export const patchFeatureOp = write({
  params: FeatureParams,
  requirement: 'UPDATE_FEATURE',
  scope: project,
  body: JsonPatch,
  run: (draft, env) => E.map((name: string) => rendered(name, env))(patchFeature(draft, env.params.projectId, env.params.featureName, env.body, env.ctx)),
  callerCopy: copyFeature,
})

export const archiveFeatureOp = write({
  params: FeatureParams,
  requirement: 'DELETE_FEATURE',
  scope: project,
  run: (draft, { params, ctx }) => E.map(() => () => undefined)(archiveInProject(draft, params.projectId, params.featureName, ctx)),
})

export const reviveFeatureOp = write({
  params: FeatureNameParams,
  requirement: 'UPDATE_FEATURE',
  run: (draft, { params, ctx }) => E.map(() => () => undefined)(reviveByName(draft, params.featureName, ctx)),
})

export const deleteArchivedFeatureOp = write({
  params: FeatureNameParams,
  requirement: 'DELETE_FEATURE',
  run: (draft, { params, ctx }) => E.map(() => () => undefined)(deleteArchived(draft, params.featureName, ctx)),
})

export const getFeatureEnvironmentOp = read({
  params: EnvironmentParams,
  requirement: 'NONE',
  run: (state, { params }) => {
    const found = featureInProject(state, params.projectId, params.featureName)
    if (E.isLeft(found)) return found
    const env = renderEnvironments(state, found.right).find((e) => e.name === params.environment)
    return env ? E.right(env) : E.left(notFound(`Could not find ${params.featureName} in ${params.environment}`)) // Unleash's words
  },
})

/** Unleash's `?shouldActivateDisabledStrategies=true`: turning on enables the disabled strategies rather than adding one. */
const activatesDisabled = (query: Query): boolean => query['shouldActivateDisabledStrategies'] === 'true'

export const setEnvironmentEnabledOp = (enabled: boolean) =>
  write({
    params: EnvironmentParams,
    requirement: 'UPDATE_FEATURE_ENVIRONMENT',
    scope: projectEnv,
    run: (draft, { params, query, ctx }) => E.map(() => () => undefined)(setEnvironmentEnabled(draft, params, enabled, ctx, activatesDisabled(query))),
  })

/** Turns the listed features of a project on or off in one environment (Unleash: POST .../bulk_features/environments/:environment/on, /off). */
export const setEnvironmentEnabledOfManyOp = (enabled: boolean) =>
  write({
    params: ProjectEnvironmentParams,
    requirement: 'UPDATE_FEATURE_ENVIRONMENT',
    scope: projectEnv,
    body: BulkFeaturesBody,
    run: (draft, { params, body, query, ctx }) => E.map(() => () => undefined)(setEnvironmentEnabledOfMany(draft, params, body.features, enabled, ctx, activatesDisabled(query))),
  })

/** What archiving the listed features would do to dependencies (Unleash: POST .../projects/:projectId/archive/validate). */
export const archiveImpactOp = read({
  params: ProjectParams,
  requirement: 'DELETE_FEATURE',
  scope: project,
  body: BulkFeaturesBody,
  run: (state, { body }) => E.right(archiveImpact(state, body.features)),
})

/** Archives, revives or deletes the listed features of a project (Unleash: POST .../projects/:projectId/archive, /revive, /delete). */
const manyOp = <X extends DomainError>(requirement: 'DELETE_FEATURE' | 'UPDATE_FEATURE', change: (draft: Tx, projectId: string, featureNames: readonly string[], ctx: Ctx) => E.Either<X, void>) =>
  write({
    params: ProjectParams,
    requirement,
    scope: project,
    body: BulkFeaturesBody,
    run: (draft, { params, body, ctx }) => E.map(() => () => undefined)(change(draft, params.projectId, body.features, ctx)),
  })
export const archiveManyOp = manyOp('DELETE_FEATURE', archiveMany)
export const reviveManyOp = manyOp('UPDATE_FEATURE', reviveMany)
export const deleteManyOp = manyOp('DELETE_FEATURE', deleteMany)

/** Marks the listed features of a project stale or not (Unleash: POST /api/admin/projects/:projectId/stale). */
export const setStaleOfManyOp = write({
  params: ProjectParams,
  requirement: 'UPDATE_FEATURE',
  scope: project,
  body: BulkStaleBody,
  run: (draft, { params, body, ctx }) => E.map(() => () => undefined)(setStaleOfMany(draft, params.projectId, body.features, body.stale, ctx)),
})

export const setVariantsOp = write({
  params: FeatureParams,
  requirement: 'UPDATE_FEATURE_ENVIRONMENT_VARIANTS',
  scope: project,
  body: VariantsBatchBody,
  run: (draft, env) => E.map(() => rendered(env.params.featureName, env))(setEnvironmentVariants(draft, env.params, env.body, env.ctx)),
  callerCopy: copyFeature,
})

/** A feature's variants in one environment, `{ version: 1, variants }` (Unleash's answer). */
export const getEnvironmentVariantsOp = read({
  params: EnvironmentParams,
  requirement: 'NONE',
  run: (state, { params }) => environmentVariants(state, params),
})

/** Replaces a feature's variants in one environment; answers them as stored. */
export const setEnvironmentVariantsOp = write({
  params: EnvironmentParams,
  requirement: 'UPDATE_FEATURE_ENVIRONMENT_VARIANTS',
  scope: projectEnv,
  body: EnvironmentVariantsBody,
  run: (draft, { params, body, ctx }) => E.map((set: EnvironmentVariants) => () => set)(setOneEnvironmentVariants(draft, params, body, ctx)),
})

/** A JSON Patch of a feature's variants in one environment, saved as `setEnvironmentVariants` saves. */
export const patchEnvironmentVariantsOp = write({
  params: EnvironmentParams,
  requirement: 'UPDATE_FEATURE_ENVIRONMENT_VARIANTS',
  scope: projectEnv,
  body: JsonPatch,
  run: (draft, { params, body, ctx }) => E.map((set: EnvironmentVariants) => () => set)(patchEnvironmentVariants(draft, params, body, ctx)),
})

export const addDependencyOp = write({
  params: FeatureParams,
  requirement: 'UPDATE_FEATURE_DEPENDENCY',
  scope: project,
  body: DependencyBody,
  run: (draft, { params, body, ctx }) => E.map(() => () => undefined)(addDependency(draft, params.projectId, params.featureName, body, ctx)),
})

/** The features a feature may depend on (Unleash: GET .../features/:child/parents). */
export const possibleParentsOp = read({
  params: FeatureParams,
  requirement: 'NONE',
  run: (state, { params }) => E.right(possibleParents(state, params.featureName)),
})

/** The variant names a child may require of a parent (Unleash: GET .../features/:parent/parent-variants). */
export const parentVariantsOp = read({
  params: FeatureParams,
  requirement: 'NONE',
  run: (state, { params }) => E.right(parentVariants(state, params.featureName)),
})

/** Whether any feature depends on another (Unleash: GET .../projects/:projectId/dependencies, which asks the whole instance). */
export const anyDependenciesOp = read({
  params: ProjectParams,
  requirement: 'NONE',
  run: (state) => E.right(anyDependencies(state)),
})

export const removeDependencyOp = write({
  params: DependencyParams,
  requirement: 'UPDATE_FEATURE_DEPENDENCY',
  scope: project,
  run: (draft, { params, ctx }) => E.map(() => () => undefined)(removeDependency(draft, params.projectId, params.featureName, params.parent, ctx)),
})


import * as E from 'fp-ts/lib/Either.js'
import { createAnswerCache } from '../../api/answer-cache.js'
import { resolveConfig } from '../../api/config.js'
import { immer } from '../../api/immer.js'
import type { OperationEnv, WriteOperation } from '../../api/operation.js'
import { createContextFieldOp } from '../../api/operations/context-fields.js'
import { addStrategyOp } from '../../api/operations/strategies.js'
import { createFeatureOp, setEnvironmentEnabledOp, setVariantsOp } from '../../api/operations/features.js'
import { importFeaturesOp } from '../../api/operations/batch-import.js'
import { createProjectOp } from '../../api/operations/projects.js'
import { createSegmentOp } from '../../api/operations/segments.js'
import { createTagTypeOp } from '../../api/operations/tags.js'
import { createUserOp } from '../../api/operations/users.js'
import type { Ctx } from '../../domain/context.js'
import { decodeAt } from '../../domain/decode.js'
import type { ApiError } from '../../domain/errors.js'
import { PERMISSIONS } from '../../ports/permissions.js'
import { initialState } from '../../domain/seed.js'
import { FeatureName } from '../../model/feature.js'
import { copyJson } from '../../model/json-copy.js'
import type { State } from '../../model/state.js'
import { beginTransaction } from '../../store/transaction.js'
import type { Principal } from '../../ports/auth.js'
import { sequentialIds } from '../../ports/ids.js'
import { SeedError, locatedAt } from './seed-error.js'
import { KitSeed } from './seed.js'
import type { Tx } from '../../store/tx.js'

/** One call of the admin API that seeding makes, and the part of the seed it comes from. */
interface Step {
  readonly at: string
  readonly op: WriteOperation<any, any, any, any>
  readonly params: object
  readonly body?: unknown
}

const DEFAULT_PROJECT = 'default'
const DEFAULT_ENVIRONMENT = 'development'
const principal: Principal = { kind: 'open', actor: { id: -1, name: 'flagport test kit' }, permissions: PERMISSIONS }
const config = resolveConfig()
const enableOp = setEnvironmentEnabledOp(true)
const disableOp = setEnvironmentEnabledOp(false)
const userOp = createUserOp()

/** The calls a decoded seed stands for, in the order the API needs them (definitions before their users). */
const stepsOf = (seed: KitSeed): E.Either<SeedError, Step[]> => {
  const steps: Step[] = []
  const each = <T>(items: readonly T[] | undefined, at: string, op: Step['op']) =>
    items?.forEach((body, i) => steps.push({ at: `${at}/${i}`, op, params: {}, body }))
  each(seed.projects, '/projects', createProjectOp)
  each(seed.tagTypes, '/tagTypes', createTagTypeOp)
  each(seed.contextFields, '/contextFields', createContextFieldOp)
  each(seed.segments, '/segments', createSegmentOp)
  each(seed.users, '/users', userOp)
  for (const [name, flag] of Object.entries(seed.flags ?? {})) {
    const at = `/flags/${name}`
    // The key is the flag's name: read as the create body reads `name`.
    const named = decodeAt(FeatureName, at, name)
    if (E.isLeft(named)) return E.left(new SeedError(named.left))
    const { project = DEFAULT_PROJECT, environments = {}, ...fields } = flag
    steps.push({ at, op: createFeatureOp, params: { projectId: project }, body: { name, ...fields } })
    for (const [environment, setup] of Object.entries(environments)) {
      const params = { projectId: project, featureName: name, environment }
      const envAt = `${at}/environments/${environment}`
      setup.strategies?.forEach((body, i) => steps.push({ at: `${envAt}/strategies/${i}`, op: addStrategyOp, params, body }))
      // As Unleash's variants-batch sets them: one environment's variants need none elsewhere first.
      if (setup.variants) steps.push({ at: envAt, op: setVariantsOp, params: { projectId: project, featureName: name }, body: { variants: setup.variants, environments: [environment] } })
      if (setup.enabled !== undefined) steps.push({ at: `${envAt}/enabled`, op: setup.enabled ? enableOp : disableOp, params })
    }
  }
  seed.exports?.forEach(({ data, project = DEFAULT_PROJECT, environment = DEFAULT_ENVIRONMENT }, i) =>
    steps.push({ at: `/exports/${i}`, op: importFeaturesOp, params: {}, body: { project, environment, data } }),
  )
  return E.right(steps)
}

/** The time every seeded state is made at, so that the same seed makes the same state. */
export const SEEDED_AT = '2026-01-01T00:00:00.000Z'

// What a fresh store holds is the same for every seed, and an immutable value: made once.
// (Its empty tables are thousands of slots each: making it is most of an empty facade's cost.)
let base: State | undefined

/**
 * The state a seed stands for, made in one transaction by the admin API's own operations on
 * their bodies, decoded by the same codecs: what the API would refuse throws a SeedError
 * naming the part of the seed. Ids are sequential and the time fixed, so the same seed makes
 * the same state.
 */
export const seedState = async (seed: unknown): Promise<State> => {
  const decoded = decodeAt(KitSeed, '', seed)
  if (E.isLeft(decoded)) throw new SeedError(decoded.left)
  // A copy: the decoded seed holds the caller's objects, which the store must not share.
  const planned = stepsOf(copyJson(decoded.right))
  if (E.isLeft(planned)) throw planned.left
  const steps = planned.right
  const ids = sequentialIds()
  const now = SEEDED_AT
  const ctx: Ctx = { now, actor: principal.actor, uuid: ids.uuid, token: () => ids.token(), limits: config.resourceLimits, eventRetention: config.eventRetention }
  const envOf = (step: Step): OperationEnv<any, any> => ({ params: step.params, body: step.body, query: {}, ctx, principal, config, kept: createAnswerCache() })
  // Work done outside a transaction first (a user's password hash), as the pipeline does.
  const prepared = await Promise.all(steps.map((step) => step.op.prepare?.(envOf(step))))
  const transaction = beginTransaction((base ??= initialState('flagport-test-kit', now)), immer)
  steps.forEach((step, i) => {
    const done = step.op.run(transaction.working as Tx, { ...envOf(step), prepared: prepared[i] })
    if (E.isLeft(done)) throw new SeedError(locatedAt(done.left as ApiError, step.at))
  })
  return transaction.finish(false).state
}

import * as E from 'fp-ts/lib/Either.js'
import { createAnswerCache } from '../../src/api/answer-cache.js'
import { type ResolvedConfig, resolveConfig } from '../../src/api/config.js'
import { createRunner } from '../../src/api/runner.js'
import { locatedAt } from '../../src/api/located-error.js'
import type { WriteOperation } from '../../src/api/operation.js'
import { addStrategyOp } from '../../src/api/operations/strategies.js'
import { createFeatureOp, setEnvironmentEnabledOp, setVariantsOp } from '../../src/api/operations/features.js'
import { decodeAt } from '../../src/domain/decode.js'
import { initialState } from '../../src/domain/seed.js'
import { FeatureName } from '../../src/model/feature.js'
import { copyJson } from '../../src/model/json-copy.js'
import type { State } from '../../src/model/state.js'
import { fixedClock } from '../../src/ports/clock.js'
import { sequentialIds } from '../../src/ports/ids.js'
import { SeedError } from '../../src/testing/kit/seed-error.js'
import { KitSeed, KitSeedShape } from '../../src/testing/kit/seed.js'
import { openAuth } from '../auth/open.js'
import { createMemoryStorage } from '../storage/memory.js'

/** One call of the admin API that seeding makes, and the part of the seed it comes from. */
interface Step {
  readonly at: string
  readonly op: WriteOperation<any, any, any, any>
  readonly params: Record<string, string>
  readonly body?: unknown
}

const DEFAULT_PROJECT = 'default'
const DEFAULT_ENVIRONMENT = 'development'
const enableOp = setEnvironmentEnabledOp(true)
const disableOp = setEnvironmentEnabledOp(false)

/** The operations of a seed's parts besides its flags, loaded by the first seed that has one: most seeds are flags alone. */
const loadPartOps = async () => {
  const [projects, tags, contextFields, segments, users, batch] = await Promise.all([
    import('../../src/api/operations/projects.js'),
    import('../../src/api/operations/tags.js'),
    import('../../src/api/operations/context-fields.js'),
    import('../../src/api/operations/segments.js'),
    import('../../src/api/operations/users.js'),
    import('../../src/api/operations/batch-import.js'),
  ])
  return { projects: projects.createProjectOp, tagTypes: tags.createTagTypeOp, contextFields: contextFields.createContextFieldOp, segments: segments.createSegmentOp, users: users.createUserOp(), exports: batch.importFeaturesOp }
}
type PartOps = Awaited<ReturnType<typeof loadPartOps>>
let partOps: Promise<PartOps> | undefined
const PARTS = ['projects', 'tagTypes', 'contextFields', 'segments', 'users', 'exports'] as const satisfies readonly (keyof PartOps)[]

/** The calls a decoded seed stands for, in the order the API needs them (definitions before their users). */
const stepsOf = (seed: KitSeedShape, ops: PartOps | undefined): E.Either<SeedError, Step[]> => {
  const steps: Step[] = []
  // `ops` is loaded whenever the seed has one of these parts.
  const each = (part: Exclude<keyof PartOps, 'exports'>) => seed[part]?.forEach((body, i) => steps.push({ at: `/${part}/${i}`, op: ops![part], params: {}, body }))
  each('projects')
  each('tagTypes')
  each('contextFields')
  each('segments')
  each('users')
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
      if (setup.variants !== undefined) steps.push({ at: envAt, op: setVariantsOp, params: { projectId: project, featureName: name }, body: { variants: setup.variants, environments: [environment] } })
      if (setup.enabled !== undefined) steps.push({ at: `${envAt}/enabled`, op: setup.enabled ? enableOp : disableOp, params })
    }
  }
  seed.exports?.forEach(({ data, project = DEFAULT_PROJECT, environment = DEFAULT_ENVIRONMENT }, i) =>
    steps.push({ at: `/exports/${i}`, op: ops!.exports, params: {}, body: { project, environment, data } }),
  )
  return E.right(steps)
}

/** The time every seeded state is made at, so that the same seed makes the same state. */
export const SEEDED_AT = '2026-01-01T00:00:00.000Z'

// What a fresh store holds is the same for every seed, and an immutable value: made once.
let base: State | undefined
let config: ResolvedConfig | undefined
const SEEDER = openAuth({ id: -1, name: 'flagport test kit' })

/**
 * The state a seed stands for, made by the admin API's runner: every part of the seed one
 * step of one transaction (`runAll`), each step an operation on its body, decoded by the
 * same codecs. What the API would refuse throws a SeedError naming the part of the seed. Ids
 * are sequential and the time fixed, so the same seed makes the same state.
 */
export const seedState = async (seed: unknown, json?: string): Promise<State> => {
  // A seed JSON shows whole (`json`, its text) is read for its parts and keys, each body by
  // its step's codec, from a copy parsed from that text; any other holds what no body may (a
  // function, a cycle ...) and is read whole by the seed's codec first, then copied. Either
  // way the store shares none of the caller's objects.
  const decoded = json === undefined ? decodeAt(KitSeed, '', seed) : decodeAt(KitSeedShape, '', JSON.parse(json))
  if (E.isLeft(decoded)) throw new SeedError(decoded.left)
  const shape = json === undefined ? copyJson(decoded.right) : decoded.right
  const ops = PARTS.some((part) => shape[part]?.length) ? await (partOps ??= loadPartOps()) : undefined
  const planned = stepsOf(shape, ops)
  if (E.isLeft(planned)) throw planned.left
  const steps = planned.right
  const storage = createMemoryStorage({ state: (base ??= initialState('flagport-test-kit', SEEDED_AT)), version: 1 })
  // The facade's pipeline alone, with no facade around it: nothing but `runAll` is called.
  const runner = createRunner({ storage, auth: SEEDER, clock: fixedClock(SEEDED_AT), ids: sequentialIds(), config: (config ??= resolveConfig()), kept: createAnswerCache() })
  const done = await runner.runAll(steps.map(({ op, params, body }) => ({ op, request: { params, body } })))
  if (E.isLeft(done)) throw new SeedError(locatedAt(done.left.error, done.left.index === undefined ? '' : steps[done.left.index]!.at))
  return storage.head().state!
}

import * as E from 'fp-ts/lib/Either.js'
import { createMemoryStorage } from '../storage/memory.js'
import { openAuth } from '../auth/open.js'
import { type AdminApi, createSeededAdminApi } from '../../src/api/admin-api.js'
import { internalsOf } from '../../src/api/internals.js'
import type { StoragePort } from '../../src/ports/storage.js'
import type { Input } from '../../src/api/methods.js'
import type { ApiError } from '../../src/domain/errors.js'
import type { Context, Variant } from '../../src/evaluation/index.js'
import type { State } from '../../src/model/state.js'
import type { FeatureVariantInput } from '../../src/model/variant.js'
import { seededStoreOf } from './seed-memo.js'
import type { TestKitOptions } from './kit-options.js'
import { RefusedError } from '../../src/testing/kit/seed-error.js'
import { UnknownFlagError } from '../../src/testing/kit/unknown-flag-error.js'
import type { Seed } from '../../src/testing/kit/seed.js'

const FLEXIBLE_ROLLOUT = 'flexibleRollout'
const NO_REQUEST = Object.freeze({ params: Object.freeze({}) })

/** A Left is a refusal the test should hear about: it throws, naming the call. */
const orThrow = async <R>(what: string, call: Promise<E.Either<ApiError, R>>): Promise<R> => {
  const result = await call
  if (E.isLeft(result)) throw new RefusedError(what, result.left)
  return result.right
}

/** A kit's own store and facade, made when the kit is first written to or asked for them. */
interface Own {
  readonly storage: StoragePort
  readonly api: AdminApi
}

/**
 * A kit over the seed's state, shared by every kit of that seed and never written to. While
 * the kit holds that state it evaluates by the seed's shared evaluators; its own memory store
 * and facade are made when a test first writes, or asks for the API or HTTP, and from then
 * on every change is committed there, through the facade's operations, so no kit's change
 * reaches another.
 */
export const buildKit = async (seed: Seed = {}, options: TestKitOptions = {}) => {
  const seeded = await seededStoreOf(seed)
  const defaultEnvironment = options.environment ?? 'development'
  // A kit with its own clock evaluates DATE constraints by it: by its facade's evaluators only.
  const sharesEvaluators = options.clock === undefined
  // The HTTP layer loads on the first request: a kit evaluating in process never pays for it.
  let fetchHandler: Promise<(request: Request) => Promise<Response>> | undefined
  const onUnknownFlag = options.onUnknownFlag ?? 'throw'
  let own: Own | undefined

  const made = (): Own => {
    if (own !== undefined) return own
    const storage = createMemoryStorage({ state: seeded.state, version: 1 })
    return (own = { storage, api: createSeededAdminApi({ storage, auth: openAuth(), ...(options.clock ? { clock: options.clock } : {}) }) })
  }
  /** Whether the kit holds the seed's state itself (never written, or reset since). */
  const holdsSeed = (): boolean => own === undefined || own.storage.head().state === seeded.state
  const current = (): State => (own === undefined ? seeded.state : own.api.state())
  const evaluator = (environment: string) => (sharesEvaluators && holdsSeed() ? seeded.evaluator(environment) : made().api.evaluator(environment))

  /** A flag the store does not hold is reported (thrown by default) before the evaluator answers. */
  const known = (name: string, environment: string): void => {
    const features = current().features
    if (features.has(name)) return
    if (onUnknownFlag === 'throw') throw new UnknownFlagError(name, [...features.entries()].map(([key]) => key))
    onUnknownFlag(name, environment)
  }

  /** The path parameters of a flag in an environment; an unknown flag is the API's own 404. */
  const where = (name: string, environment: string) => {
    const project = current().features.get(name)?.project ?? 'default'
    return { projectId: project, featureName: name, environment }
  }

  const setEnabled = (name: string, enabled: boolean, environment: string): Promise<void> => {
    const request = { params: where(name, environment) }
    const { api } = made()
    return orThrow(`${enabled ? 'enabling' : 'disabling'} ${name} in ${environment}`, enabled ? api.features.enableEnvironment(request) : api.features.disableEnvironment(request))
  }

  return {
    /** The whole admin API, in process (`createAdminApi`'s facade). */
    get api(): AdminApi {
      return made().api
    },
    /** Whether a flag is on for a context, by the evaluator `api.evaluator(environment)` gives. */
    isEnabled: (name: string, context?: Context, environment = defaultEnvironment): boolean => {
      known(name, environment)
      return evaluator(environment).isEnabled(name, context)
    },
    /** The variant of a flag for a context, by the same evaluator. */
    getVariant: (name: string, context?: Context, environment = defaultEnvironment): Variant => {
      known(name, environment)
      return evaluator(environment).getVariant(name, context)
    },
    /** Turns a flag on in an environment (adding the project's default strategy when it has none, as Unleash does). */
    enable: (name: string, environment = defaultEnvironment) => setEnabled(name, true, environment),
    disable: (name: string, environment = defaultEnvironment) => setEnabled(name, false, environment),
    /**
     * Sets the rollout percentage of the flag's first gradual rollout in an environment, or adds
     * one (stickiness `default`, group id the flag's name) when it has none.
     */
    setRollout: async (name: string, rollout: number, environment = defaultEnvironment): Promise<void> => {
      const params = where(name, environment)
      const { api } = made()
      const strategy = api.state().features.get(name)?.environments[environment]?.strategies.find((s) => s.name === FLEXIBLE_ROLLOUT)
      const what = `setting the rollout of ${name} in ${environment}`
      if (strategy === undefined) {
        const parameters = { rollout: String(rollout), stickiness: 'default', groupId: name }
        await orThrow(what, api.strategies.add({ params, body: { name: FLEXIBLE_ROLLOUT, parameters } }))
      } else {
        const body = [{ op: 'replace' as const, path: '/parameters/rollout', value: String(rollout) }]
        await orThrow(what, api.strategies.patch({ params: { ...params, strategyId: strategy.id }, body }))
      }
    },
    /** Adds a variant to the flag's variants in an environment (variable weights shared again, as the API does). */
    addVariant: async (name: string, variant: Input<FeatureVariantInput>, environment = defaultEnvironment): Promise<void> => {
      const { projectId, featureName } = where(name, environment)
      const { api } = made()
      const variants = [...(api.state().features.get(name)?.environments[environment]?.variants ?? []), variant]
      await orThrow(`adding a variant to ${name} in ${environment}`, api.features.setVariants({ params: { projectId, featureName }, body: { variants, environments: [environment] } }))
    },
    /**
     * The admin and client APIs over HTTP, with no socket: `path` as on a server
     * (`/api/admin/projects`, `/api/client/features`), `init` as for `fetch`.
     */
    request: async (path: string, init?: RequestInit): Promise<Response> => {
      fetchHandler ??= Promise.all([import('../http/fetch.js'), import('../../src/http/handler.js')]).then(([fetch, http]) => fetch.toFetchHandler(http.createHttpHandler(made().api)))
      return (await fetchHandler)(new Request(new URL(path, 'http://flagport.test'), init))
    },
    /**
     * Back to the seeded state, as one commit of a system operation (evaluators and caches
     * follow it), made before this returns; nothing to do for a kit that holds it.
     */
    reset: (): void => {
      if (holdsSeed()) return
      const { api } = made()
      // The kit's memory store is written by this kit alone: the commit is made on its head at once.
      void internalsOf(api)
        .runAll([{ op: seeded.resetOp, request: NO_REQUEST }], true, { asSystem: true, onHead: true })
        .then((done) => {
          if (E.isLeft(done)) throw new RefusedError('resetting the kit', done.left.error)
        })
    },
    /** The current state: an immutable value. */
    state: (): State => current(),
  }
}

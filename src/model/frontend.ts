import * as t from 'io-ts'
import type { Context } from '../evaluation/index.js'
import { DateTime, lengthBetween, open } from './codec.js'
import { dictUpTo } from './metrics.js'

/** Most custom properties one context may carry. */
export const MAX_CONTEXT_PROPERTIES = 1_000

const Field = lengthBetween(0, 10_000)

const KNOWN = open(
  {},
  {
    userId: Field,
    sessionId: Field,
    remoteAddress: Field,
    appName: Field,
    environment: Field,
    currentTime: DateTime,
    properties: dictUpTo(Field, MAX_CONTEXT_PROPERTIES, 'an object of strings'),
  },
  'a context',
)
const KNOWN_KEYS = new Set(['userId', 'sessionId', 'remoteAddress', 'appName', 'environment', 'currentTime', 'properties'])

type Scalar = string | number | boolean

/**
 * A frontend SDK's context, as Unleash reads it (its `createContext`): the standard fields,
 * `properties`, and any other field with a plain value moved into `properties`. Empty values
 * are left out.
 */
export const FrontendContext = new t.Type<Context, Context, unknown>(
  'a context',
  (u): u is Context => KNOWN.is(u),
  (u, c) => {
    const known = KNOWN.validate(u, c)
    if (known._tag === 'Left') return known
    const record = u as Record<string, unknown>
    const extra: Record<string, Scalar> = {}
    let extras = 0
    for (const key of Object.keys(record)) {
      const value = record[key]
      if (KNOWN_KEYS.has(key) || !(typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')) continue
      if (++extras > MAX_CONTEXT_PROPERTIES) return t.failure(u, c, `at most ${MAX_CONTEXT_PROPERTIES} properties`)
      extra[key] = value
    }
    const { properties, ...fields } = known.right
    const context: Record<string, unknown> = {}
    for (const [key, value] of Object.entries(fields)) if (value !== undefined && value !== '') context[key] = value
    const merged = { ...extra, ...(properties ?? {}) }
    if (Object.keys(merged).length > 0) context['properties'] = merged
    return t.success(context as Context)
  },
  t.identity,
)

/** `POST /api/frontend`: `{ context }` (Unleash's `frontendApiFeaturesPostSchema`). */
export const FrontendFeaturesBody = open({}, { context: FrontendContext }, 'an object with context')
export type FrontendFeaturesBody = t.TypeOf<typeof FrontendFeaturesBody>

/** The variant a frontend SDK is given (Unleash's `frontendApiFeatureSchema.variant`). */
export interface FrontendVariant {
  readonly name: string
  readonly enabled: boolean
  readonly payload?: { readonly type: string; readonly value: string }
  readonly feature_enabled: boolean
  readonly featureEnabled: boolean
}

/** One flag of `GET /api/frontend`. */
export interface FrontendToggle {
  readonly name: string
  readonly enabled: boolean
  readonly variant: FrontendVariant
  readonly impressionData: boolean
}

import * as t from 'io-ts'
import { DateTime, lengthBetween, open } from './codec.js'
import { dictUpTo } from './metrics.js'

/** Most custom properties one context may carry. */
export const MAX_CONTEXT_PROPERTIES = 1_000

const Field = lengthBetween(0, 10_000)

/**
 * A frontend SDK's context: the standard fields and `properties`. Unleash also moves any other
 * field with a plain value into `properties` (see src/domain/frontend/context.ts).
 */
export const FrontendContext = open(
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
export type FrontendContext = t.TypeOf<typeof FrontendContext>

/** `POST /api/frontend`: `{ context }` (Unleash's `frontendApiFeaturesPostSchema`). */
export const FrontendFeaturesBody = open({}, { context: FrontendContext }, 'an object with context')
export type FrontendFeaturesBody = t.TypeOf<typeof FrontendFeaturesBody>

/** The variant a frontend SDK is given (Unleash's `frontendApiFeatureSchema.variant`). */
export const FrontendVariant = t.intersection([
  t.type({ name: t.string, enabled: t.boolean, feature_enabled: t.boolean, featureEnabled: t.boolean }),
  t.partial({ payload: t.type({ type: t.string, value: t.string }) }),
])
export type FrontendVariant = t.TypeOf<typeof FrontendVariant>

/** One flag of `GET /api/frontend` (Unleash's `frontendApiFeatureSchema`). */
export const FrontendToggle = t.type({ name: t.string, enabled: t.boolean, variant: FrontendVariant, impressionData: t.boolean })
export type FrontendToggle = t.TypeOf<typeof FrontendToggle>

/** `GET /api/frontend` (Unleash's `frontendApiFeaturesSchema`). */
export const FrontendToggles = t.type({ toggles: t.array(FrontendToggle) })
export type FrontendToggles = t.TypeOf<typeof FrontendToggles>

import * as t from 'io-ts'
import { DateTime, lengthBetween, open, type Named } from './codec.js'
import { dictUpTo } from './metrics.js'

/** Most custom properties one context may carry. */
export const MAX_CONTEXT_PROPERTIES = 1_000

const Field = lengthBetween(0, 10_000)

/**
 * A frontend SDK's context: the standard fields and `properties`. Unleash also moves any other
 * field with a plain value into `properties` (see src/domain/frontend/context.ts).
 */
export interface FrontendContext extends t.TypeOf<typeof FrontendContextCodec> {}
const FrontendContextCodec = open(
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
export const FrontendContext: Named<typeof FrontendContextCodec, FrontendContext> = FrontendContextCodec

/** `POST /api/frontend`: `{ context }` (Unleash's `frontendApiFeaturesPostSchema`). */
export interface FrontendFeaturesBody extends t.TypeOf<typeof FrontendFeaturesBodyCodec> {}
const FrontendFeaturesBodyCodec = open({}, { context: FrontendContext }, 'an object with context')
export const FrontendFeaturesBody: Named<typeof FrontendFeaturesBodyCodec, FrontendFeaturesBody> = FrontendFeaturesBodyCodec

/** The variant a frontend SDK is given (Unleash's `frontendApiFeatureSchema.variant`). */
export interface FrontendVariant extends t.TypeOf<typeof FrontendVariantCodec> {}
const FrontendVariantCodec = t.intersection([
  t.type({ name: t.string, enabled: t.boolean, feature_enabled: t.boolean, featureEnabled: t.boolean }),
  t.partial({ payload: t.type({ type: t.string, value: t.string }) }),
])
export const FrontendVariant: Named<typeof FrontendVariantCodec, FrontendVariant> = FrontendVariantCodec

/** One flag of `GET /api/frontend` (Unleash's `frontendApiFeatureSchema`). */
export interface FrontendToggle extends t.TypeOf<typeof FrontendToggleCodec> {}
const FrontendToggleCodec = t.type({ name: t.string, enabled: t.boolean, variant: FrontendVariant, impressionData: t.boolean })
export const FrontendToggle: Named<typeof FrontendToggleCodec, FrontendToggle> = FrontendToggleCodec

/** `GET /api/frontend` (Unleash's `frontendApiFeaturesSchema`). */
export interface FrontendToggles extends t.TypeOf<typeof FrontendTogglesCodec> {}
const FrontendTogglesCodec = t.type({ toggles: t.array(FrontendToggle) })
export const FrontendToggles: Named<typeof FrontendTogglesCodec, FrontendToggles> = FrontendTogglesCodec

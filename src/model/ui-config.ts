import * as t from 'io-ts'
import { closed, oneOf, open, refinedString, type Named } from './codec.js'
import { ResourceLimits } from './limits.js'

export const AUTHENTICATION_TYPES = ['open-source', 'demo', 'enterprise', 'hosted', 'custom', 'none'] as const

export interface Link extends t.TypeOf<typeof LinkCodec> {}
const LinkCodec = t.type({ value: t.string, icon: t.string, href: t.string, title: t.string })
export const Link: Named<typeof LinkCodec, Link> = LinkCodec

const VersionStrings = t.type({ oss: t.string, enterprise: t.string })

export const VersionInfo = t.type({
  current: VersionStrings,
  /** `{}` until a newer version is known: flagport never asks a server, as Unleash OSS before its first check. */
  latest: t.partial(VersionStrings.props),
  isLatest: t.boolean,
  instanceId: t.string,
})

/**
 * Who the UI configuration was asked by, for the flags of Unleash's own UI: a user's id and
 * the SHA-256 (hex) of their e-mail, when they have one; nothing for a token.
 */
export interface UnleashContext extends t.TypeOf<typeof UnleashContextCodec> {}
const UnleashContextCodec = t.partial({ email: t.string, userId: t.number })
export const UnleashContext: Named<typeof UnleashContextCodec, UnleashContext> = UnleashContextCodec

/** Operation 6: the UI configuration record of the spec. */
export interface UiConfig extends t.TypeOf<typeof UiConfigCodec> {}
const UiConfigCodec = t.intersection([
  t.type({
    version: t.string,
    environment: t.string,
    unleashUrl: t.string,
    baseUriPath: t.string,
    disablePasswordAuth: t.boolean,
    emailEnabled: t.boolean,
    maintenanceMode: t.boolean,
    segmentValuesLimit: t.number,
    strategySegmentsLimit: t.number,
    resourceLimits: ResourceLimits,
    networkViewEnabled: t.boolean,
    frontendApiOrigins: t.array(t.string),
    flags: t.record(t.string, t.unknown),
    links: t.array(Link),
    authenticationType: oneOf(AUTHENTICATION_TYPES),
    versionInfo: VersionInfo,
    oidcConfiguredThroughEnv: t.boolean,
    samlConfiguredThroughEnv: t.boolean,
    /** Unleash 8.2 sends these too, with these values in its open-source build. */
    prometheusAPIAvailable: t.boolean,
    impactMetrics: t.literal('disabled'),
    maxSessionsCount: t.number,
    unleashContext: UnleashContext,
    storiesPageEnabled: t.boolean,
  }),
  /** Present only when the host configures them, as in Unleash. */
  t.partial({ name: t.string, slogan: t.string, feedbackUriPath: t.string }),
])
export const UiConfig: Named<typeof UiConfigCodec, UiConfig> = UiConfigCodec

/**
 * Turns maintenance mode on or off (Unleash: POST /api/admin/maintenance). Other properties
 * are dropped: Unleash's `toggleMaintenanceSchema` allows them (and keeps them in its setting).
 */
export interface MaintenanceBody extends t.TypeOf<typeof MaintenanceBodyCodec> {}
const MaintenanceBodyCodec = open({ enabled: t.boolean }, {}, 'an object with enabled')
export const MaintenanceBody: Named<typeof MaintenanceBodyCodec, MaintenanceBody> = MaintenanceBodyCodec

/** `*`, or an origin exactly as a browser sends it (scheme, host, port; no path), as Unleash checks. */
export const Origin = refinedString('"*" or an origin such as "https://example.com"', (s) => {
  if (s === '*') return true
  try {
    return new URL(s).origin === s
  } catch {
    return false
  }
})

/** Sets the origins the front-end API accepts (Unleash: POST /api/admin/ui-config/cors). */
export interface CorsBody extends t.TypeOf<typeof CorsBodyCodec> {}
const CorsBodyCodec = closed({ frontendApiOrigins: t.array(Origin) }, {}, 'an object with frontendApiOrigins')
export const CorsBody: Named<typeof CorsBodyCodec, CorsBody> = CorsBodyCodec

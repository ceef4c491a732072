import { DEFAULT_LIMITS, type ResourceLimits } from '../model/limits.js'

/** Instance settings a host app may give the facade; every field has Unleash's OSS default. */
export interface AdminApiConfig {
  readonly name?: string
  readonly slogan?: string
  readonly unleashUrl?: string
  readonly baseUriPath?: string
  readonly links?: readonly { value: string; icon: string; href: string; title: string }[]
  /** Extra instance flags reported by the UI configuration. */
  readonly flags?: Readonly<Record<string, unknown>>
  readonly frontendApiOrigins?: readonly string[]
  readonly authenticationType?: 'open-source' | 'demo' | 'enterprise' | 'hosted' | 'custom' | 'none'
  readonly resourceLimits?: Partial<ResourceLimits>
  /** How many events the store keeps; the oldest are dropped first. Default 10,000. */
  readonly eventRetention?: number
  /** Attempts at a transaction that keeps meeting other writers' commits. Default 10. */
  readonly maxRetries?: number
}

export interface ResolvedConfig {
  readonly name: string | undefined
  readonly slogan: string | undefined
  readonly unleashUrl: string
  readonly baseUriPath: string
  readonly links: readonly { value: string; icon: string; href: string; title: string }[] | undefined
  readonly flags: Readonly<Record<string, unknown>>
  readonly frontendApiOrigins: readonly string[]
  readonly authenticationType: NonNullable<AdminApiConfig['authenticationType']>
  readonly resourceLimits: ResourceLimits
  readonly eventRetention: number
  readonly maxRetries: number
}

export const resolveConfig = (config: AdminApiConfig = {}): ResolvedConfig => ({
  name: config.name,
  slogan: config.slogan,
  unleashUrl: (config.unleashUrl ?? 'http://localhost:4242').replace(/\/+$/, ''),
  baseUriPath: config.baseUriPath ?? '',
  links: config.links,
  flags: config.flags ?? {},
  frontendApiOrigins: config.frontendApiOrigins ?? ['*'],
  authenticationType: config.authenticationType ?? 'open-source',
  resourceLimits: { ...DEFAULT_LIMITS, ...config.resourceLimits },
  eventRetention: config.eventRetention ?? 10_000,
  maxRetries: config.maxRetries ?? 10,
})

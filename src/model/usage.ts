import type { Dict } from './dict.js'

/*
 * What SDKs reported, as the store keeps it (the tables `usageCounts` and `usageApplications`
 * of the state): every instance sharing a store shows the same figures, and a restart keeps
 * them. Rows are written in aggregate, one commit per interval (src/api/metrics), never one
 * per report. Times are milliseconds since the epoch.
 */

/**
 * One flag's counts for one application and environment in one hour; keyed by `usageCountKey`.
 * A table of at most `maxSeries` rows over the retention window.
 */
export interface UsageCountRow {
  readonly feature: string
  readonly environment: string
  readonly appName: string
  /** The start of the hour. */
  readonly hour: number
  readonly yes: number
  readonly no: number
  /** At most `maxVariantsPerSeries` names. */
  readonly variants: Dict<number>
}

/** An SDK instance of an application, as last seen. */
export interface UsageInstanceRow {
  readonly instanceId: string
  readonly environment: string
  readonly lastSeen: number
  readonly sdkVersion?: string
  readonly started?: number
}

/** An application SDKs registered or reported; keyed by its name. At most `maxApplications` rows. */
export interface UsageApplicationRow {
  readonly appName: string
  /** Who last registered or reported it (a token or user key): its bytes count toward that caller's share. */
  readonly caller: string
  /** What the row keeps, as src/domain/metrics/sizes.ts counts it. */
  readonly bytes: number
  readonly lastSeen: number
  readonly strategies: readonly string[]
  readonly sdkVersion?: string
  /** At most `maxInstancesPerApplication`, by instance id. */
  readonly instances: Dict<UsageInstanceRow>
}

/** The key of a count: its hour, flag, environment and application. */
export const usageCountKey = (hour: number, feature: string, environment: string, appName: string): string => JSON.stringify([hour, feature, environment, appName])

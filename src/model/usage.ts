import * as t from 'io-ts'
import { type Named, row, rowDict } from './codec.js'

/*
 * What SDKs reported, as the store keeps it (the tables `usageCounts`, `usageApplications`
 * and `unknownFlags` of the state): every instance sharing a store shows the same figures,
 * and a restart keeps them. Rows are written in aggregate, one commit per interval (the usage
 * write, src/api/operations/metrics.ts), never one per report. Times are milliseconds since
 * the epoch.
 */

/**
 * One flag's counts for one application and environment in one hour; keyed by `usageCountKey`.
 * A table of at most `maxSeries` rows over the retention window.
 */
export interface UsageCountRow extends t.TypeOf<typeof UsageCountRowCodec> {}
const UsageCountRowCodec = row({
  feature: t.string,
  environment: t.string,
  appName: t.string,
  /** The start of the hour. */
  hour: t.number,
  yes: t.number,
  no: t.number,
  /** At most `maxVariantsPerSeries` names. */
  variants: rowDict(t.number),
})
export const UsageCountRow: Named<typeof UsageCountRowCodec, UsageCountRow> = UsageCountRowCodec

/** An SDK instance of an application, as last seen. */
export interface UsageInstanceRow extends t.TypeOf<typeof UsageInstanceRowCodec> {}
const UsageInstanceRowCodec = row(
  { instanceId: t.string, environment: t.string, lastSeen: t.number },
  /** `sdkType`: which API the instance spoke to (or Edge's word for it); a row without one is a backend SDK. */
  { sdkVersion: t.string, started: t.number, sdkType: t.keyof({ frontend: null, backend: null }) },
)
export const UsageInstanceRow: Named<typeof UsageInstanceRowCodec, UsageInstanceRow> = UsageInstanceRowCodec

/** An application SDKs registered or reported; keyed by its name. At most `maxApplications` rows. */
export interface UsageApplicationRow extends t.TypeOf<typeof UsageApplicationRowCodec> {}
const UsageApplicationRowCodec = row(
  {
    appName: t.string,
    /** Who last registered or reported it (a token or user key): its bytes count toward that caller's share. */
    caller: t.string,
    /** What the row keeps, as src/domain/metrics/sizes.ts counts it. */
    bytes: t.number,
    lastSeen: t.number,
    strategies: t.readonlyArray(t.string),
    /** At most `maxInstancesPerApplication`, by instance id. */
    instances: rowDict(UsageInstanceRow),
  },
  {
    sdkVersion: t.string,
    /** When the store first held it (rows written before this field have none). */
    createdAt: t.number,
    /** Who added it through the admin API (SDKs' rows, and rows written before this field, have none). */
    createdBy: t.string,
    /** When the admin API last edited it (rows never edited, or written before this field, have none). */
    editedAt: t.number,
    /** What the Admin UI edits (rows written before these fields, or never edited, have none). */
    description: t.string,
    url: t.string,
    color: t.string,
    icon: t.string,
  },
)
export const UsageApplicationRow: Named<typeof UsageApplicationRowCodec, UsageApplicationRow> = UsageApplicationRowCodec

/** The key of a count: its hour, flag, environment and application. */
export const usageCountKey = (hour: number, feature: string, environment: string, appName: string): string => JSON.stringify([hour, feature, environment, appName])

/**
 * A flag name an application reported in an environment that the store had no flag of (an
 * "unknown flag"), and when it was last reported there; keyed by `unknownFlagKey`. At most
 * `maxUnknownFlags` rows, each forgotten `unknownFlagRetentionHours` after it was last seen.
 */
export interface UnknownFlagRow extends t.TypeOf<typeof UnknownFlagRowCodec> {}
const UnknownFlagRowCodec = row({ name: t.string, appName: t.string, environment: t.string, seenAt: t.number })
export const UnknownFlagRow: Named<typeof UnknownFlagRowCodec, UnknownFlagRow> = UnknownFlagRowCodec

/** The key of an unknown flag's report: its name, application and environment. */
export const unknownFlagKey = (name: string, appName: string, environment: string): string => JSON.stringify([name, appName, environment])

import * as t from 'io-ts'
import { dictOf, type Named } from './codec.js'
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
export interface UsageCountRow extends t.TypeOf<typeof UsageCountRowCodec> {}
const UsageCountRowCodec = t.readonly(
  t.type({
    feature: t.string,
    environment: t.string,
    appName: t.string,
    /** The start of the hour. */
    hour: t.number,
    yes: t.number,
    no: t.number,
    /** At most `maxVariantsPerSeries` names. */
    variants: dictOf(t.number) as t.Type<Dict<number>, unknown>,
  }),
)
export const UsageCountRow: Named<typeof UsageCountRowCodec, UsageCountRow> = UsageCountRowCodec

/** An SDK instance of an application, as last seen. */
export interface UsageInstanceRow extends t.TypeOf<typeof UsageInstanceRowCodec> {}
const UsageInstanceRowCodec = t.readonly(
  t.intersection([
    t.type({ instanceId: t.string, environment: t.string, lastSeen: t.number }),
    t.partial({ sdkVersion: t.string, started: t.number }),
  ]),
)
export const UsageInstanceRow: Named<typeof UsageInstanceRowCodec, UsageInstanceRow> = UsageInstanceRowCodec

/** An application SDKs registered or reported; keyed by its name. At most `maxApplications` rows. */
export interface UsageApplicationRow extends t.TypeOf<typeof UsageApplicationRowCodec> {}
const UsageApplicationRowCodec = t.readonly(
  t.intersection([
    t.type({
      appName: t.string,
      /** Who last registered or reported it (a token or user key): its bytes count toward that caller's share. */
      caller: t.string,
      /** What the row keeps, as src/domain/metrics/sizes.ts counts it. */
      bytes: t.number,
      lastSeen: t.number,
      strategies: t.readonlyArray(t.string),
      /** At most `maxInstancesPerApplication`, by instance id. */
      instances: dictOf(UsageInstanceRow) as t.Type<Dict<UsageInstanceRow>, unknown>,
    }),
    t.partial({
      sdkVersion: t.string,
      /** When the store first held it (rows written before this field have none). */
      createdAt: t.number,
    }),
  ]),
)
export const UsageApplicationRow: Named<typeof UsageApplicationRowCodec, UsageApplicationRow> = UsageApplicationRowCodec

/** The key of a count: its hour, flag, environment and application. */
export const usageCountKey = (hour: number, feature: string, environment: string, appName: string): string => JSON.stringify([hour, feature, environment, appName])

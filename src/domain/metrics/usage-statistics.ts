import type { UsageApplicationRow, UsageCountRow } from '../../model/usage.js'
import type { ClientAppCount, MetricsBucketsCount } from '../../model/statistics.js'

const DAY_MS = 24 * 3_600_000

interface UsageTables {
  readonly usageApplications: { rows(): readonly UsageApplicationRow[] }
  readonly usageCounts: { rows(): readonly UsageCountRow[] }
}

/**
 * The applications an SDK instance of was seen within the last 7 and 30 days, and at all, in
 * Unleash's order: Unleash counts distinct application names among its client instances, so
 * an application no instance registered or reported (one only edited) is not counted. One pass
 * over the applications kept (at most `maxApplications`).
 */
export const clientAppCounts = (state: UsageTables, now: number): ClientAppCount[] => {
  let week = 0
  let month = 0
  let all = 0
  for (const app of state.usageApplications.rows()) {
    let seen = -Infinity
    for (const id in app.instances) seen = Math.max(seen, app.instances[id]!.lastSeen)
    if (seen === -Infinity) continue
    all++
    if (seen > now - 30 * DAY_MS) month++
    if (seen > now - 7 * DAY_MS) week++
  }
  return [
    { range: '7d', count: week },
    { range: '30d', count: month },
    { range: 'allTime', count: all },
  ]
}

/**
 * The hourly counts of the previous UTC day (from its midnight to today's), as Unleash counts
 * its hourly metrics rows: one per flag, environment, application and hour (`enabledCount`),
 * and one per variant name of those (`variantCount`). One pass over the counts kept (at most
 * `maxSeries`).
 */
export const previousDayBuckets = (state: UsageTables, now: number): MetricsBucketsCount => {
  const today = Math.floor(now / DAY_MS) * DAY_MS
  let enabledCount = 0
  let variantCount = 0
  for (const row of state.usageCounts.rows()) {
    if (row.hour < today - DAY_MS || row.hour >= today) continue
    enabledCount++
    variantCount += Object.keys(row.variants).length
  }
  return { enabledCount, variantCount }
}

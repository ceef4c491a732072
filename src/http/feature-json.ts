import type { Feature, FeatureEnvironment } from '../model/feature.js'

// The JSON of environments arrays, kept as long as the array is: the records the feature
// routes answer share a feature's environments while they stay the same (src/api/feature-records.ts).
const jsonOf = new WeakMap<readonly FeatureEnvironment[], string>()

/**
 * `JSON.stringify(record)`, the same text, with the environments' JSON written once for each
 * environments array: the rest of the record is written around it.
 */
export const featureJson = (record: Feature): string => {
  let environments = jsonOf.get(record.environments)
  if (environments === undefined) jsonOf.set(record.environments, (environments = JSON.stringify(record.environments)))
  // The fields before and after `environments`, in the record's own order.
  const before: Record<string, unknown> = {}
  const after: Record<string, unknown> = {}
  let into = before
  for (const key of Object.keys(record)) {
    if (key === 'environments') into = after
    else into[key] = record[key as keyof Feature]
  }
  const parts = [JSON.stringify(before).slice(1, -1), `"environments":${environments}`, JSON.stringify(after).slice(1, -1)]
  return `{${parts.filter((part) => part !== '').join(',')}}`
}

import * as E from 'fp-ts/lib/Either.js'
import type { Constraint } from '../../model/constraint.js'
import type { FeatureLinkBody } from '../../model/feature.js'
import type { ImportData, ImportedFeatureEnvironment, ImportedStrategy } from '../../model/export.js'
import { lookup } from '../../model/dict.js'
import type { Tag } from '../../model/tag.js'
import type { Ctx } from '../context.js'
import type { ErrorDetail } from '../errors.js'
import { strategyRefs, variantRefs } from '../context-field/usage.js'
import { type Placement, checkConstraintLimits, checkStrategy, checkStrategyPlacement, checkWeights } from '../feature/validate-strategy.js'
import { LINKS_PER_FEATURE, TOO_MANY_LINKS, checkedLinkUrl } from '../feature/links.js'
import { unknownContextField } from './check-definitions.js'
import { DATA } from './plan.js'
import type { ReadState } from '../../store/tx.js'

/** checkStrategy speaks of `/body/...`; an imported strategy lives at `prefix`. */
const relocate = (problem: ErrorDetail, prefix: string): ErrorDetail => ({
  message: problem.message.split('`/body/').join(`\`${prefix}/`),
  ...(problem.path !== undefined ? { path: problem.path.replace(/^\/body/, prefix) } : {}),
})

/**
 * The imported features: unique names, not in another project, not archived in the target,
 * and (when they exist) having the target environment.
 */
export const checkFeatures = (state: ReadState, project: string, environment: string, data: ImportData, problems: ErrorDetail[]): void => {
  const seen = new Set<string>()
  data.features.forEach((f, i) => {
    const path = `${DATA}/features/${i}/name`
    if (seen.has(f.name)) return problems.push({ path, message: `The feature "${f.name}" appears twice.` })
    seen.add(f.name)
    const existing = state.features.get(f.name)
    if (existing && existing.project !== project) {
      problems.push({ path, message: `The feature "${f.name}" exists in project "${existing.project}"; it cannot be imported into project "${project}".` })
    } else if (existing?.archived) {
      problems.push({ path, message: `The feature "${f.name}" is archived in the target; revive it before importing.` })
    } else if (existing && !lookup(existing.environments, environment)) {
      problems.push({ path, message: `The feature "${f.name}" does not have environment "${environment}" in the target.` })
    }
  })
}

const checkFeatureName = (names: ReadonlySet<string>, featureName: string, path: string, problems: ErrorDetail[]): void => {
  if (!names.has(featureName)) problems.push({ path: `${path}/featureName`, message: `"${featureName}" is not one of the imported features.` })
}

/**
 * Each strategy as if it were added through the API (checkStrategy), its segments among the
 * export's, its context fields known, its id unique within its feature. Gives each strategy's
 * constraints with their defaults, for checkPlacements.
 */
export const checkStrategies = (state: ReadState, data: ImportData, known: (name: string) => boolean, ctx: Ctx, problems: ErrorDetail[]): Constraint[][] => {
  const names = new Set(data.features.map((f) => f.name))
  const listed = new Set((data.segments ?? []).map((s) => s.id))
  const ids = new Set<string>()
  return data.featureStrategies.map((s, i) => {
    const path = `${DATA}/featureStrategies/${i}`
    checkFeatureName(names, s.featureName, path, problems)
    // Segments are the export's ids, not the target's: checked against the export's list.
    const checked = checkStrategy(state, { ...s, segments: [] }, ctx)
    problems.push(...checked.problems.map((p) => relocate(p, path)))
    const exceeded = checkConstraintLimits(s.constraints ?? [], [], ctx.limits)
    if (exceeded) problems.push({ path: `${path}/constraints`, message: exceeded.message })
    const segments = s.segments ?? []
    if (segments.length > ctx.limits.strategySegments) {
      problems.push({ path: `${path}/segments`, message: `A strategy may use at most ${ctx.limits.strategySegments} segments; it uses ${segments.length}.` })
    }
    segments.forEach((id, j) => {
      if (!listed.has(id)) problems.push({ path: `${path}/segments/${j}`, message: `The segment id ${id} is not among the export's segments.` })
    })
    if (s.id !== undefined) {
      const key = JSON.stringify([s.featureName, s.id])
      if (ids.has(key)) problems.push({ path: `${path}/id`, message: `The strategy id "${s.id}" appears twice for feature "${s.featureName}".` })
      ids.add(key)
    }
    for (const ref of strategyRefs(s)) if (!known(ref.name)) problems.push({ path: `${path}${ref.path}`, message: unknownContextField(ref.name) })
    return checked.constraints
  })
}

/**
 * Each strategy placed in the target project as addStrategy will place it (legal values,
 * segments' projects), against the store as the import will have made it.
 */
export const checkPlacements = (data: ImportData, project: string, constraints: readonly Constraint[][], placement: Placement, problems: ErrorDetail[]): void => {
  data.featureStrategies.forEach((s, i) => {
    problems.push(...checkStrategyPlacement(placement, s, constraints[i]!, project).map((p) => relocate(p, `${DATA}/featureStrategies/${i}`)))
  })
}

/** One environment row per feature; its variants' weights and context fields checked. */
export const checkEnvironments = (data: ImportData, known: (name: string) => boolean, problems: ErrorDetail[]): void => {
  const names = new Set(data.features.map((f) => f.name))
  const seen = new Set<string>()
  ;(data.featureEnvironments ?? []).forEach((e, i) => {
    const path = `${DATA}/featureEnvironments/${i}`
    checkFeatureName(names, e.featureName, path, problems)
    if (seen.has(e.featureName)) problems.push({ path: `${path}/featureName`, message: `The feature "${e.featureName}" has more than one environment row.` })
    seen.add(e.featureName)
    checkWeights(e.variants ?? [], `${path}/variants`, problems)
    for (const ref of variantRefs(e.variants)) if (!known(ref.name)) problems.push({ path: `${path}${ref.path}`, message: unknownContextField(ref.name) })
  })
}

/** Each tag on an imported feature, of a tag type the target or the export has. */
export const checkTags = (state: ReadState, data: ImportData, problems: ErrorDetail[]): void => {
  const names = new Set(data.features.map((f) => f.name))
  const types = new Set(data.tagTypes.map((t) => t.name))
  ;(data.featureTags ?? []).forEach((t, i) => {
    const path = `${DATA}/featureTags/${i}`
    checkFeatureName(names, t.featureName, path, problems)
    if (!types.has(t.tagType) && !state.tagTypes.has(t.tagType)) {
      problems.push({ path: `${path}/tagType`, message: `The tag type "${t.tagType}" does not exist in the target and is not among the export's tag types.` })
    }
  })
}

/**
 * Each feature's links, as Unleash imports them: for a feature of the export, at most 10 (its
 * entries together), each URL one a link may have.
 */
export const checkLinks = (data: ImportData, problems: ErrorDetail[]): void => {
  const names = new Set(data.features.map((f) => f.name))
  const counts = new Map<string, number>()
  ;(data.links ?? []).forEach((entry, i) => {
    const path = `${DATA}/links/${i}`
    if (!names.has(entry.feature)) problems.push({ path: `${path}/feature`, message: `"${entry.feature}" is not one of the imported features.` })
    entry.links.forEach((link, j) => {
      const url = checkedLinkUrl(link.url, `${path}/links/${j}/url`)
      if (E.isLeft(url)) problems.push(...url.left.details)
    })
    const count = (counts.get(entry.feature) ?? 0) + entry.links.length
    counts.set(entry.feature, count)
    if (count > LINKS_PER_FEATURE && count - entry.links.length <= LINKS_PER_FEATURE) problems.push({ path: `${path}/links`, message: TOO_MANY_LINKS })
  })
}

export interface FeatureParts {
  readonly strategies: ImportedStrategy[]
  readonly environment: ImportedFeatureEnvironment | undefined
  readonly tags: Tag[]
  readonly links: FeatureLinkBody[] | undefined
}

/** The parts of the export that belong to each imported feature, in the export's order. */
export const partsByFeature = (data: ImportData): Map<string, FeatureParts> => {
  const parts = new Map(
    data.features.map((f) => [f.name, { strategies: [] as ImportedStrategy[], environment: undefined as ImportedFeatureEnvironment | undefined, tags: [] as Tag[], links: undefined as FeatureLinkBody[] | undefined }]),
  )
  for (const s of data.featureStrategies) parts.get(s.featureName)?.strategies.push(s)
  for (const e of data.featureEnvironments ?? []) {
    const p = parts.get(e.featureName)
    if (p && !p.environment) p.environment = e
  }
  for (const t of data.featureTags ?? []) parts.get(t.featureName)?.tags.push({ type: t.tagType, value: t.tagValue })
  for (const entry of data.links ?? []) {
    const p = parts.get(entry.feature)
    // As Unleash's import: an empty title is none.
    if (p) (p.links ??= []).push(...entry.links.map((l) => ({ url: l.url, title: l.title || null })))
  }
  return parts
}

import type { ImportData } from '../../model/export.js'
import type { ErrorDetail } from '../errors.js'
import { type Placement, checkConstraint } from '../feature/validate-strategy.js'
import { constraintRefs } from '../context-field/usage.js'
import { DATA, type ImportPlan, type SegmentPlan } from './plan.js'
import type { ReadState } from '../../store/tx.js'

const firstOf = <T extends { name: string }>(items: readonly T[]) => (item: T, i: number) => items.findIndex((o) => o.name === item.name) === i

/** Tag types the target lacks; those it has are left as they are. */
export const planTagTypes = (state: ReadState, data: ImportData): ImportPlan['tagTypes'] =>
  data.tagTypes.filter(firstOf(data.tagTypes)).filter((t) => !state.tagTypes.has(t.name))

/** Context fields the target lacks are created; those it has gain the legal values they lack. */
export const planContextFields = (state: ReadState, data: ImportData, problems: ErrorDetail[]): Pick<ImportPlan, 'contextFields' | 'legalValues'> => {
  const fields = data.contextFields ?? []
  fields.forEach((field, i) => {
    if (!firstOf(fields)(field, i)) problems.push({ path: `${DATA}/contextFields/${i}/name`, message: `The context field "${field.name}" appears twice.` })
    const values = field.legalValues ?? []
    values.forEach((v, j) => {
      if (values.findIndex((o) => o.value === v.value) !== j) {
        problems.push({ path: `${DATA}/contextFields/${i}/legalValues/${j}/value`, message: `Legal values must be unique; "${v.value}" appears twice.` })
      }
    })
  })
  const unique = fields.filter(firstOf(fields))
  return {
    contextFields: unique.filter((f) => !state.contextFields.has(f.name)),
    legalValues: unique.filter((f) => state.contextFields.has(f.name) && f.legalValues !== undefined).map((f) => ({ name: f.name, values: f.legalValues! })),
  }
}

/**
 * The segments that imported strategies use (`used`, by the export's ids). Each matches a
 * target segment by name, or is created from the constraints the export gives; a segment
 * with neither cannot be imported.
 */
export const planSegments = (state: ReadState, data: ImportData, used: ReadonlySet<number>, problems: ErrorDetail[]): SegmentPlan[] => {
  const entries = data.segments ?? []
  const byName = new Map([...state.segments.rows()].map((s) => [s.name, s.id]))
  const plans: SegmentPlan[] = []
  entries.forEach((entry, i) => {
    const path = `${DATA}/segments/${i}`
    if (entries.findIndex((o) => o.id === entry.id) !== i) return problems.push({ path: `${path}/id`, message: `The segment id ${entry.id} appears twice.` })
    if (!used.has(entry.id)) return
    const existing = byName.get(entry.name)
    if (existing !== undefined) return plans.push({ sourceId: entry.id, existing })
    if (entry.constraints === undefined) {
      return problems.push({ path, message: `The segment "${entry.name}" does not exist in the target, and the export does not give its constraints.` })
    }
    if (plans.some((p) => p.create?.name === entry.name)) return problems.push({ path: `${path}/name`, message: `The segment name "${entry.name}" appears twice.` })
    const constraints = entry.constraints.map((c, j) => checkConstraint(c, `${path}/constraints/${j}`, problems))
    plans.push({ sourceId: entry.id, create: { name: entry.name, description: entry.description ?? null, project: entry.project ?? null, constraints } })
  })
  return plans
}

/**
 * The store as it will be once the import's definitions exist: a created context field has the
 * export's legal values, one the target has gains them; an export's segment id stands for the
 * target segment it matched. A segment the import creates is of the target project or of none,
 * so never out of place: it stands for nothing here.
 */
export const placementAfter = (state: ReadState, fields: Pick<ImportPlan, 'contextFields' | 'legalValues'>, segments: readonly SegmentPlan[]): Placement => {
  const created = new Map(fields.contextFields.map((f) => [f.name, f.legalValues ?? []]))
  const added = new Map(fields.legalValues.map((f) => [f.name, f.values]))
  const matched = new Map(segments.flatMap((s) => (s.existing !== undefined ? [[s.sourceId, s.existing] as const] : [])))
  return {
    legalValues: (name) => created.get(name) ?? [...(state.contextFields.get(name)?.legalValues ?? []), ...(added.get(name) ?? [])],
    segment: (id) => {
      const target = matched.get(id)
      return target === undefined ? undefined : state.segments.get(String(target))
    },
  }
}

/** The context fields the segments to create name: each must exist in the target or the export. */
export const checkSegmentContext = (data: ImportData, plans: readonly SegmentPlan[], known: (name: string) => boolean, problems: ErrorDetail[]): void => {
  const entries = data.segments ?? []
  for (const plan of plans) {
    if (!plan.create) continue
    const i = entries.findIndex((e) => e.id === plan.sourceId)
    for (const ref of constraintRefs(plan.create.constraints)) {
      if (!known(ref.name)) problems.push({ path: `${DATA}/segments/${i}${ref.path}`, message: unknownContextField(ref.name) })
    }
  }
}

export const unknownContextField = (name: string): string =>
  `The context field "${name}" does not exist in the target and is not among the export's context fields.`

/**
 * What a transfer changes: the wanted document compared with what the store holds (read into
 * the same document shape), kind by kind, and the admin-API calls that make the difference.
 * Nothing already equal is written, so running the same transfer again plans nothing.
 * Nothing is deleted: what the store holds and the document lacks is left as it is.
 */
import { importFeaturesOp } from '../../../src/api/operations/batch-import.js'
import { createContextFieldOp, updateContextFieldOp } from '../../../src/api/operations/context-fields.js'
import { createEnvironmentOp, setEnvironmentEnabledOp, setEnvironmentSortOrderOp } from '../../../src/api/operations/environments.js'
import { connectEnvironmentOp, createProjectOp } from '../../../src/api/operations/projects.js'
import { createSegmentOp, updateSegmentOp } from '../../../src/api/operations/segments.js'
import type { WriteOperation } from '../../../src/api/operation.js'
import { createTagTypeOp, updateTagTypeOp } from '../../../src/api/operations/tags.js'
import { createStrategyTypeOp, updateStrategyTypeOp } from '../../../src/api/operations/strategy-and-feature-types.js'
import { omit, same } from './canonical.js'
import type { TransferDocument } from './document.js'
import { flagNames, flagPart, onlyFlags } from './flags.js'

/** One admin-API call of a transfer, and the part of the document it comes from. */
export interface Step {
  readonly at: string
  readonly op: WriteOperation<any, any, any, any>
  readonly params?: object
  readonly body?: unknown
}

export const KINDS = ['environments', 'projects', 'strategyTypes', 'tagTypes', 'contextFields', 'segments', 'flags'] as const
export type Kind = (typeof KINDS)[number]

export interface KindChanges {
  readonly created: string[]
  readonly updated: string[]
  readonly unchanged: string[]
}

export interface TransferPlan {
  readonly changes: Record<Kind, KindChanges>
  /** In the order the API needs them: definitions before what uses them. */
  readonly steps: Step[]
}

const enableOp = setEnvironmentEnabledOp(true)
const disableOp = setEnvironmentEnabledOp(false)

/** Without null fields: an update body's fields are optional, rarely nullable. */
const present = <T extends object>(record: T): Partial<T> => Object.fromEntries(Object.entries(record).filter(([, v]) => v !== null && v !== undefined)) as Partial<T>

export const planTransfer = (current: TransferDocument, wanted: TransferDocument): TransferPlan => {
  const steps: Step[] = []
  const changes = Object.fromEntries(KINDS.map((kind) => [kind, { created: [], updated: [], unchanged: [] }])) as unknown as Record<Kind, KindChanges>
  const note = (kind: Kind, name: string, outcome: keyof KindChanges) => changes[kind][outcome].push(name)

  /** Records matched by name: created when missing, `update` when they differ. */
  const each = <T extends { name: string }>(kind: Kind, have: readonly T[], want: readonly T[], create: (w: T, i: number) => Step, update: (w: T, h: T, i: number) => Step[], differ = (w: T, h: T) => !same(w, h)) => {
    const byName = new Map(have.map((h) => [h.name, h]))
    want.forEach((w, i) => {
      const h = byName.get(w.name)
      if (!h) {
        steps.push(create(w, i))
        note(kind, w.name, 'created')
      } else if (differ(w, h)) {
        steps.push(...update(w, h, i))
        note(kind, w.name, 'updated')
      } else note(kind, w.name, 'unchanged')
    })
  }

  const order: Record<string, number> = {}
  each(
    'environments',
    current.environments,
    wanted.environments,
    (w, i) => ({ at: `/environments/${i}`, op: createEnvironmentOp, body: w }),
    (w, h, i) => {
      const at = `/environments/${i}`
      if (w.sortOrder !== undefined && w.sortOrder !== h.sortOrder) order[w.name] = w.sortOrder
      return w.enabled !== undefined && w.enabled !== h.enabled ? [{ at, op: w.enabled ? enableOp : disableOp, params: { name: w.name } }] : []
    },
    // An environment's type is fixed once it exists: only its switch and place are brought over.
    (w, h) => (w.enabled !== undefined && w.enabled !== h.enabled) || (w.sortOrder !== undefined && w.sortOrder !== h.sortOrder),
  )
  if (Object.keys(order).length > 0) steps.push({ at: '/environments', op: setEnvironmentSortOrderOp, body: order })

  const projects = new Map(current.projects.map((p) => [p.id, p]))
  wanted.projects.forEach((w, i) => {
    const at = `/projects/${i}`
    const h = projects.get(w.id)
    if (!h) {
      steps.push({ at, op: createProjectOp, body: w })
      return note('projects', w.id, 'created')
    }
    // A project's name and settings are its own once it exists; its environments are connected.
    const missing = (w.environments ?? []).filter((e) => !(h.environments ?? []).includes(e))
    missing.forEach((environment) => steps.push({ at: `${at}/environments`, op: connectEnvironmentOp, params: { projectId: w.id }, body: { environment } }))
    note('projects', w.id, missing.length > 0 ? 'updated' : 'unchanged')
  })

  each(
    'strategyTypes',
    current.strategyTypes,
    wanted.strategyTypes,
    (w, i) => ({ at: `/strategyTypes/${i}`, op: createStrategyTypeOp, body: w }),
    (w, _h, i) => [{ at: `/strategyTypes/${i}`, op: updateStrategyTypeOp, params: { name: w.name }, body: w }],
  )
  each(
    'tagTypes',
    current.tagTypes,
    wanted.tagTypes,
    (w, i) => ({ at: `/tagTypes/${i}`, op: createTagTypeOp, body: w }),
    (w, _h, i) => [{ at: `/tagTypes/${i}`, op: updateTagTypeOp, params: { name: w.name }, body: present(omit(w, 'name')) }],
  )
  each(
    'contextFields',
    current.contextFields,
    wanted.contextFields,
    (w, i) => ({ at: `/contextFields/${i}`, op: createContextFieldOp, body: w }),
    (w, _h, i) => [{ at: `/contextFields/${i}`, op: updateContextFieldOp, params: { contextName: w.name }, body: omit(w, 'name', 'project') }],
    (w, h) => !same(omit(w, 'project'), omit(h, 'project')),
  )
  each(
    'segments',
    current.segments,
    wanted.segments,
    (w, i) => ({ at: `/segments/${i}`, op: createSegmentOp, body: omit(w, 'id') }),
    (w, h, i) => [{ at: `/segments/${i}`, op: updateSegmentOp, params: { segmentId: String(h.id) }, body: omit(w, 'id') }],
    (w, h) => !same(omit(w, 'id'), omit(h, 'id')),
  )

  const stored = new Map(current.flags.map((f) => [`${f.project}\u0000${f.environment}`, f.data]))
  const existing = new Set(current.flags.flatMap((f) => flagNames(f.data)))
  const outcome = new Map<string, keyof KindChanges>()
  wanted.flags.forEach((w, i) => {
    const have = stored.get(`${w.project}\u0000${w.environment}`)
    const changed = new Set(flagNames(w.data).filter((name) => !have || !flagNames(have).includes(name) || !same(flagPart(w.data, name), flagPart(have, name))))
    for (const name of flagNames(w.data)) {
      const was = outcome.get(name)
      const now = !existing.has(name) ? 'created' : changed.has(name) ? 'updated' : 'unchanged'
      if (was === undefined || was === 'unchanged') outcome.set(name, now)
    }
    if (changed.size > 0) steps.push({ at: `/flags/${i}`, op: importFeaturesOp, body: { project: w.project, environment: w.environment, data: onlyFlags(w.data, changed) } })
  })
  for (const [name, result] of outcome) note('flags', name, result)
  return { changes, steps }
}

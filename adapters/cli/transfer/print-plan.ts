/** A plan in words: one line per kind that changes, naming what (a bounded number of names). */
import { KINDS, type Kind, type TransferPlan } from './plan.js'

const LABEL: Record<Kind, string> = {
  environments: 'environments',
  projects: 'projects',
  strategyTypes: 'strategy types',
  tagTypes: 'tag types',
  contextFields: 'context fields',
  segments: 'segments',
  flags: 'flags',
}
const SHOWN = 10

const names = (list: readonly string[]): string =>
  list.length === 0 ? '' : ` (${list.slice(0, SHOWN).join(', ')}${list.length > SHOWN ? `, and ${list.length - SHOWN} more` : ''})`

/** `dryRun`: the same lines in the conditional ("would create"). */
export const describePlan = (plan: TransferPlan, dryRun: boolean): string[] => {
  const lines = KINDS.map((kind) => {
    const { created, updated, unchanged } = plan.changes[kind]
    return `${LABEL[kind]}: ${created.length} ${dryRun ? 'to create' : 'created'}${names(created)}, ${updated.length} ${dryRun ? 'to update' : 'updated'}${names(updated)}, ${unchanged.length} unchanged`
  })
  return plan.steps.length === 0 ? [...lines, 'nothing to change'] : lines
}

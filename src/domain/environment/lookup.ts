import type { EnvironmentState } from '../../model/state.js'
import type { ReadState } from '../../store/tx.js'

/** Environments in display order: sortOrder, then name. */
export const sortedEnvironments = (state: ReadState): EnvironmentState[] =>
  [...state.environments.rows()].sort((a, b) => a.sortOrder - b.sortOrder || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))

/** Approvals required for change requests: 1 to 10 (the spec's clamp for projects, applied alike). */
export const clampApprovals = (n: number): number => Math.min(10, Math.max(1, n))

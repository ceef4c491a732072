import type { Project, ProjectOwner, ProjectSummary } from '../../model/project.js'
import type { ProjectState } from '../../model/state.js'
import { lookup } from '../../model/dict.js'
import { userRef } from '../user-ref.js'
import type { ReadState } from '../../store/tx.js'

/** The project record of the spec, as a fresh copy (never the stored arrays). */
export const renderProject = (project: ProjectState): Project => ({
  id: project.id,
  name: project.name,
  description: project.description,
  featureLimit: project.featureLimit,
  mode: project.mode,
  defaultStickiness: project.defaultStickiness,
  environments: [...project.environments],
  changeRequestEnvironments: project.changeRequestEnvironments.map((c) => ({ name: c.name, requiredApprovals: c.requiredApprovals })),
})

const ownersOf = (state: ReadState, project: ProjectState): ProjectOwner[] =>
  project.owners.length === 0
    ? [{ ownerType: 'system' }]
    : project.owners.map((id) => ({ ownerType: 'user' as const, ...userRef(state, id) }))

const byName = (a: ProjectState, b: ProjectState): number => {
  const x = a.name.toLowerCase()
  const y = b.name.toLowerCase()
  return x < y ? -1 : x > y ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0
}

/**
 * Every project with its live (non-archived) feature count, sorted by name. The counts are
 * those kept in step for the feature limits (`liveFeatures`): counting the features here cost
 * a pass over all of them, and on a file store built every bucket of the table.
 */
export const listProjects = (state: ReadState, favorites: readonly string[]): ProjectSummary[] =>
  [...state.projects.rows()].sort(byName).map((p) => ({
    ...renderProject(p),
    createdAt: p.createdAt,
    favorite: favorites.includes(p.id),
    featureCount: lookup(state.liveFeatures, p.id) ?? 0,
    memberCount: p.owners.length,
    owners: ownersOf(state, p),
  }))

import { lookup } from '../../model/dict.js'
import type { PersonalDashboard } from '../../model/insights.js'
import type { State } from '../../model/state.js'
import { getRow, rows } from '../../model/table.js'
import { ADMIN_ROLE_ID } from '../permissions.js'
import { favoriteFeaturesOf } from '../user/favorites.js'
import { featuresOf, technicalDebt } from './health.js'

/**
 * Unleash's personal dashboard for a user (none: a caller that is not one): the projects they
 * own or reach through a group, the live features they created or marked, the instance's
 * admins, and every project's owners, each once.
 */
export const personalDashboard = (state: State, userId: number | undefined, now: number): PersonalDashboard => {
  const groupProjects = new Set<string>()
  if (userId !== undefined) for (const g of rows(state.groups)) if (g.users.some((u) => u.userId === userId)) for (const p of g.projects) groupProjects.add(p)
  const projects = [...rows(state.projects)]
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    .filter((p) => userId !== undefined && (p.owners.includes(userId) || groupProjects.has(p.id)))
    .map((p) => {
      const debt = technicalDebt(state, featuresOf(state, p.id), now)
      return { id: p.id, name: p.name, health: 100 - debt, technicalDebt: debt, memberCount: p.owners.length, featureCount: lookup(state.liveFeatures, p.id) ?? 0 }
    })
  const marked = new Set(favoriteFeaturesOf(state, userId))
  const flags = rows(state.features)
    .filter((f) => !f.archived && userId !== undefined && (f.createdByUserId === userId || marked.has(f.name)))
    .map((f) => ({ name: f.name, project: f.project, type: f.type }))
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
  const admins = rows(state.users)
    .filter((u) => u.accountType === 'User' && u.rootRole === ADMIN_ROLE_ID)
    .map((u) => ({ id: u.id, imageUrl: u.imageUrl, ...(u.name ? { name: u.name } : {}), ...(u.username ? { username: u.username } : {}), ...(u.email ? { email: u.email } : {}) }))
  const ownerIds = new Set(rows(state.projects).flatMap((p) => p.owners))
  const projectOwners = [...ownerIds].flatMap((id) => {
    const user = getRow(state.users, String(id))
    return user === undefined ? [] : [{ ownerType: 'user' as const, name: user.name || user.username || user.email || 'unknown', imageUrl: user.imageUrl || null, email: user.email }]
  })
  return { projects, flags, admins, projectOwners }
}

import { lookup } from '../../model/dict.js'
import type { PersonalDashboard, PersonalDashboardProject } from '../../model/insights.js'
import type { ProjectState } from '../../model/state.js'
import { ADMIN_ROLE_ID } from '../permissions.js'
import { potentiallyStale } from '../feature/feature-types.js'
import { favoriteFeaturesOf, favoriteProjectsOf } from '../user/favorites.js'
import { featuresOf, technicalDebt } from './health.js'
import { onboarding, projectEvents } from './overview.js'
import type { ReadState } from '../../store/tx.js'

/**
 * Unleash's personal dashboard for a user (none: a caller that is not one): the projects they
 * can see, by name (every one for an instance admin; else those they own, reach through a
 * group or marked); the live features they created or marked, the instance's admins, and the
 * owners of the projects listed, each once.
 */
export const personalDashboard = (state: ReadState, userId: number | undefined, now: number): PersonalDashboard => {
  const groupProjects = new Set<string>()
  if (userId !== undefined) for (const g of state.groups.rows()) if (g.users.some((u) => u.userId === userId)) for (const p of g.projects) groupProjects.add(p)
  const markedProjects = new Set(favoriteProjectsOf(state, userId))
  const isAdmin = userId !== undefined && state.users.get(String(userId))?.rootRole === ADMIN_ROLE_ID
  const visible = [...state.projects.rows()]
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    .filter((p) => userId !== undefined && (isAdmin || p.owners.includes(userId) || groupProjects.has(p.id) || markedProjects.has(p.id)))
  const projects = visible.map((p) => {
      const debt = technicalDebt(state, featuresOf(state, p.id), now)
      return { id: p.id, name: p.name, health: 100 - debt, technicalDebt: debt, memberCount: p.owners.length, featureCount: lookup(state.liveFeatures, p.id) ?? 0 }
    })
  const marked = new Set(favoriteFeaturesOf(state, userId))
  const flags = state.features.rows()
    .filter((f) => !f.archived && userId !== undefined && (f.createdByUserId === userId || marked.has(f.name)))
    .map((f) => ({ name: f.name, project: f.project, type: f.type }))
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
  const admins = state.users.rows()
    .filter((u) => u.accountType === 'User' && u.rootRole === ADMIN_ROLE_ID)
    .map((u) => ({ id: u.id, imageUrl: u.imageUrl, ...(u.name ? { name: u.name } : {}), ...(u.username ? { username: u.username } : {}), ...(u.email ? { email: u.email } : {}) }))
  const ownerIds = new Set(visible.flatMap((p) => p.owners))
  const projectOwners = [...ownerIds].flatMap((id) => {
    const user = state.users.get(String(id))
    return user === undefined ? [] : [{ ownerType: 'user' as const, name: user.name || user.username || user.email || 'unknown', imageUrl: user.imageUrl || null, email: user.email }]
  })
  return { projects, flags, admins, projectOwners }
}

/** The project role Unleash gives a project's owners, by its id there. */
const OWNER_ROLE = { name: 'Owner', id: 4, type: 'project' as const }

const LATEST_EVENTS = 10

/**
 * One project on the caller's dashboard: its features' health, onboarding, its newest events,
 * its owners (`system` when it has none, as the project list shows them) and the caller's role
 * there. flagport keeps no history of health, so the windows' averages are null.
 */
export const personalDashboardProject = (state: ReadState, project: ProjectState, userId: number | undefined, now: number): PersonalDashboardProject => {
  const live = featuresOf(state, project.id).filter((f) => !f.archived)
  const isOld = potentiallyStale(state, now)
  const stale = live.filter((f) => f.stale).length
  const potentially = live.filter((f) => !f.stale && isOld(f)).length
  const debt = technicalDebt(state, live, now)
  const owners = project.owners.flatMap((id) => {
    const user = state.users.get(String(id))
    return user === undefined ? [] : [{ ownerType: 'user' as const, name: user.name || user.username || user.email || 'unknown', imageUrl: user.imageUrl || null, email: user.email }]
  })
  return {
    insights: {
      avgHealthCurrentWindow: null,
      avgHealthPastWindow: null,
      totalFlags: live.length,
      activeFlags: live.length - stale - potentially,
      staleFlags: stale,
      potentiallyStaleFlags: potentially,
      health: 100 - debt,
      technicalDebt: debt,
    },
    onboardingStatus: onboarding(live),
    latestEvents: projectEvents(state, project.id)
      .slice(0, LATEST_EVENTS)
      .map((e) => ({ id: e.id, summary: null, createdBy: e.createdBy, createdByImageUrl: state.users.get(String(e.createdByUserId))?.imageUrl ?? '', createdAt: e.createdAt })),
    owners: owners.length === 0 ? [{ ownerType: 'system' }] : owners,
    roles: userId !== undefined && project.owners.includes(userId) ? [{ ...OWNER_ROLE }] : [],
  }
}

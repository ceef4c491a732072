import type { Environment } from '../../model/environment.js'
import type { EnvironmentState, State } from '../../model/state.js'
import { rows } from '../../model/table.js'
import { sortedEnvironments } from './lookup.js'

/** How many projects each environment is connected to, in one pass over the projects. */
const projectCounts = (state: State): Map<string, number> => {
  const counts = new Map<string, number>()
  for (const p of rows(state.projects)) for (const env of p.environments) counts.set(env, (counts.get(env) ?? 0) + 1)
  return counts
}

const render = (env: EnvironmentState, projectCount: number): Environment => ({
  name: env.name,
  type: env.type,
  enabled: env.enabled,
  protected: env.protected,
  sortOrder: env.sortOrder,
  requiredApprovals: env.requiredApprovals,
  projectCount,
})

export const renderEnvironment = (state: State, env: EnvironmentState): Environment => render(env, projectCounts(state).get(env.name) ?? 0)

export const listEnvironments = (state: State): Environment[] => {
  const counts = projectCounts(state)
  return sortedEnvironments(state).map((env) => render(env, counts.get(env.name) ?? 0))
}

import type { Environment, ListedEnvironment, ProjectEnvironmentRecord } from '../../model/environment.js'
import type { EnvironmentState } from '../../model/state.js'
import { sortedEnvironments } from './lookup.js'
import { defaultStrategyOf } from '../project/default-strategy.js'
import { copyJson } from '../../model/json-copy.js'
import type { ReadState } from '../../store/tx.js'

/** An environment as Unleash answers one. */
export const renderEnvironment = (env: EnvironmentState): Environment => ({
  name: env.name,
  type: env.type,
  sortOrder: env.sortOrder,
  enabled: env.enabled,
  protected: env.protected,
  requiredApprovals: env.requiredApprovals,
})

const count = (counts: Map<string, number>, key: string): void => void counts.set(key, (counts.get(key) ?? 0) + 1)

/**
 * Every environment with Unleash's counts: the projects connected to it, the API tokens scoped
 * to it, and the features enabled in it (archived ones too, as Unleash counts its rows), each
 * found in one pass.
 */
export const listEnvironments = (state: ReadState): ListedEnvironment[] => {
  const projects = new Map<string, number>()
  for (const p of state.projects.rows()) for (const env of p.environments) count(projects, env)
  const tokens = new Map<string, number>()
  for (const token of state.apiTokens.rows()) if (token.userId === null) count(tokens, token.environment)
  const enabled = new Map<string, number>()
  for (const feature of state.features.rows()) for (const env in feature.environments) if (feature.environments[env]!.enabled) count(enabled, env)
  return sortedEnvironments(state).map((env) => ({
    ...renderEnvironment(env),
    projectCount: projects.get(env.name) ?? 0,
    apiTokenCount: tokens.get(env.name) ?? 0,
    enabledToggleCount: enabled.get(env.name) ?? 0,
  }))
}

/**
 * Every environment as a project sees it, with Unleash's counts for that project, its default
 * strategy there when it has one, and whether the project is connected to it (`visible`). An unknown project sees them all, none visible,
 * as in Unleash.
 */
export const projectEnvironments = (state: ReadState, projectId: string): ProjectEnvironmentRecord[] => {
  const connected = new Set(state.projects.get(projectId)?.environments ?? [])
  const tokens = new Map<string, number>()
  for (const token of state.apiTokens.rows()) if (token.userId === null && (token.projects.includes('*') || token.projects.includes(projectId))) count(tokens, token.environment)
  const enabled = new Map<string, number>()
  for (const feature of state.features.rows()) {
    if (feature.project !== projectId) continue
    for (const env in feature.environments) if (feature.environments[env]!.enabled) count(enabled, env)
  }
  return sortedEnvironments(state).map((env) => {
    const defaultStrategy = defaultStrategyOf(state, projectId, env.name)
    return {
      ...renderEnvironment(env),
      projectApiTokenCount: tokens.get(env.name) ?? 0,
      projectEnabledToggleCount: enabled.get(env.name) ?? 0,
      // Where Unleash puts it, and only when set.
      ...(defaultStrategy === undefined ? {} : { defaultStrategy: copyJson(defaultStrategy) }),
      visible: connected.has(env.name),
    }
  })
}

import * as E from 'fp-ts/lib/Either.js'
import { connectEnvironment, disconnectEnvironment } from '../../domain/environment/connect.js'
import { createProject } from '../../domain/project/create.js'
import { setDefaultStrategy } from '../../domain/project/default-strategy.js'
import { projectById } from '../../domain/project/lookup.js'
import { listProjects, renderProject } from '../../domain/project/render.js'
import { CreateProjectBody, ProjectEnvironmentBody } from '../../model/project.js'
import type { State } from '../../model/state.js'
import { type DefaultStrategy, StrategyBody } from '../../model/strategy.js'
import { copyJson } from '../../model/json-copy.js'
import { read, write } from '../operation.js'
import { callerUserId } from '../caller.js'
import { favoriteProjectsOf } from '../../domain/user/favorites.js'
import { NoParams, ProjectEnvironmentParams, ProjectParams } from '../../model/params.js'


/** Operation 5: the HTTP layer adds `location: projects/<id>`. */
export const createProjectOp = write({
  params: NoParams,
  requirement: 'CREATE_PROJECT',
  body: CreateProjectBody,
  run: (draft, { body, ctx }) => E.map((id: string) => (next: State) => renderProject(next.projects.get(id)!))(createProject(draft, body, ctx)),
})

export const getProjectOp = read({
  params: ProjectParams,
  requirement: 'NONE',
  run: (state, { params }) => E.map(renderProject)(projectById(state, params.projectId)),
})

export const listProjectsOp = read({
  params: NoParams,
  requirement: 'NONE',
  run: (state, env) => E.right({ version: 1, projects: listProjects(state, favoriteProjectsOf(state, callerUserId(env))) }),
})

/** Unleash: POST /api/admin/projects/:projectId/environments `{ environment }`. */
export const connectEnvironmentOp = write({
  params: ProjectParams,
  requirement: 'UPDATE_PROJECT',
  scope: (p) => ({ project: p.projectId }),
  body: ProjectEnvironmentBody,
  run: (draft, { params, body, ctx }) =>
    E.map(() => () => undefined)(connectEnvironment(draft, { projectId: params.projectId, environment: body.environment }, ctx)),
})

/** Unleash: DELETE /api/admin/projects/:projectId/environments/:environment. */
export const disconnectEnvironmentOp = write({
  params: ProjectEnvironmentParams,
  requirement: 'UPDATE_PROJECT',
  scope: (p) => ({ project: p.projectId }),
  run: (draft, { params, ctx }) => E.map(() => () => undefined)(disconnectEnvironment(draft, params, ctx)),
})

/**
 * Unleash: POST /api/admin/projects/:projectId/environments/:environment/default-strategy
 * (`*` for every environment of the project). 200 with the default strategy as stored.
 */
export const setDefaultStrategyOp = write({
  params: ProjectEnvironmentParams,
  requirement: 'UPDATE_PROJECT',
  scope: (p) => ({ project: p.projectId }),
  body: StrategyBody,
  run: (draft, { params, body, ctx }) => E.map((strategy: DefaultStrategy) => () => copyJson(strategy))(setDefaultStrategy(draft, params, body, ctx)),
})

import * as E from 'fp-ts/lib/Either.js'
import { createEnvironment } from '../../domain/environment/create.js'
import { listEnvironments, projectEnvironments, renderEnvironment } from '../../domain/environment/render.js'
import { setEnvironmentEnabled, setEnvironmentSortOrder } from '../../domain/environment/toggle.js'
import { notFound } from '../../domain/errors.js'
import { CreateEnvironmentBody, EnvironmentSortOrderBody } from '../../model/environment.js'
import type { State } from '../../model/state.js'
import { read, write } from '../operation.js'
import { NameParams, NoParams, ProjectParams } from '../../model/params.js'


export const createEnvironmentOp = write({
  params: NoParams,
  requirement: 'CREATE_ENVIRONMENT',
  body: CreateEnvironmentBody,
  run: (draft, { body, ctx }) =>
    E.map((name: string) => (next: State) => renderEnvironment(next.environments.get(name)!))(createEnvironment(draft, body, ctx)),
})

export const getEnvironmentOp = read({
  params: NameParams,
  requirement: 'NONE',
  run: (state, { params }) => {
    const env = state.environments.get(params.name)
    return env ? E.right(renderEnvironment(env)) : E.left(notFound(`Could not find environment with name: ${params.name}`))
  },
})

export const listEnvironmentsOp = read({
  params: NoParams,
  requirement: 'NONE',
  run: (state) => E.right({ version: 1, environments: listEnvironments(state) }),
})

/** Unleash: POST /api/admin/environments/:name/on and /off, permission ADMIN. */
export const setEnvironmentEnabledOp = (enabled: boolean) =>
  write({
    params: NameParams,
    requirement: 'ADMIN',
    run: (draft, { params, ctx }) => E.map(() => () => undefined)(setEnvironmentEnabled(draft, params.name, enabled, ctx)),
  })

/** Unleash: PUT /api/admin/environments/sort-order, permission ADMIN; 200 with no body. */
export const setEnvironmentSortOrderOp = write({
  params: NoParams,
  requirement: 'ADMIN',
  body: EnvironmentSortOrderBody,
  run: (draft, { body, ctx }) => E.map(() => () => undefined)(setEnvironmentSortOrder(draft, body, ctx)),
})

/** Unleash: GET /api/admin/environments/project/:projectId, permission NONE. */
export const projectEnvironmentsOp = read({
  params: ProjectParams,
  requirement: 'NONE',
  run: (state, { params }) => E.right({ version: 1, environments: projectEnvironments(state, params.projectId) }),
})

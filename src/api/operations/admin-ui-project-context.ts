import * as E from 'fp-ts/lib/Either.js'
import { pipe } from 'fp-ts/lib/function.js'
import { listContextFields } from '../../domain/context-field/context-fields.js'
import { projectById } from '../../domain/project/lookup.js'
import { ProjectContextQuery } from '../../model/insights.js'
import { ProjectParams } from '../../model/params.js'
import { read } from '../operation.js'
import { decodeSearchQuery } from '../search-query.js'

const projectContextQuery = decodeSearchQuery(ProjectContextQuery)

/**
 * Unleash: GET /api/admin/projects/:projectId/context, what the UI's constraint editor offers
 * in a project: the context fields of the project, and with `include=root` those of the
 * instance too, by name.
 */
export const projectContextFieldsOp = read({
  params: ProjectParams,
  requirement: 'NONE',
  scope: (p) => ({ project: p.projectId }),
  run: (state, { params, query, kept }) =>
    pipe(
      projectContextQuery(query),
      E.chainW((q) => E.map(() => q)(projectById(state, params.projectId))),
      E.map((q) => listContextFields(state, kept.usage(state)).filter((f) => f.project === params.projectId || (q.include === 'root' && f.project === undefined))),
    ),
})

/**
 * A flagport store read as a transfer source: the admin API's routes answered by the facade's
 * own read operations. Flags are read with the export's domain function rather than the
 * export operation, which records an event: reading must not change the store.
 */
import * as E from 'fp-ts/lib/Either.js'
import type { AdminApi } from '../../../src/api/admin-api.js'
import { exportOf } from '../../../src/domain/export/export.js'
import type { TransferSource } from './source.js'

type Answer = Promise<E.Either<{ readonly message: string }, unknown>>

export const storeSource = (api: AdminApi, name: string): TransferSource => {
  const routes: Record<string, () => Answer> = {
    '/api/admin/environments': () => api.environments.list({}),
    '/api/admin/projects': () => api.projects.list({}),
    '/api/admin/strategies': () => api.types.strategyTypes({}),
    '/api/admin/tag-types': () => api.tagTypes.list({}),
    '/api/admin/context': () => api.contextFields.list({}),
    '/api/admin/segments': () => api.segments.list({}),
  }
  const PROJECT_ENVIRONMENTS = '/api/admin/environments/project/'
  const answered = async (answer: Answer) => E.mapLeft((error: { readonly message: string }) => error.message)(await answer)
  return {
    name,
    get: async (route) => {
      if (route.startsWith(PROJECT_ENVIRONMENTS)) {
        return answered(api.environments.ofProject({ params: { projectId: decodeURIComponent(route.slice(PROJECT_ENVIRONMENTS.length)) } }))
      }
      const read = routes[route]
      return read ? answered(read()) : E.left(`${name} has no route ${route}`)
    },
    exportFlags: async (project, environment) => E.mapLeft((error: { readonly message: string }) => error.message)(exportOf(api.state(), { project, environment })),
  }
}

import type { AdminApi } from '../../api/admin-api.js'
import { location, type Route, route } from '../route.js'

/** Context fields: what constraints, stickiness and overrides refer to. */
export const contextFieldRoutes = ({ contextFields }: AdminApi): Route[] => [
  route('GET', '/api/admin/context', contextFields.list),
  route('POST', '/api/admin/context', contextFields.create, { status: 201, body: true, headers: ({ result }) => location('context', result.name) }),
  route('POST', '/api/admin/context/validate', contextFields.validateName, { body: true }),
  route('GET', '/api/admin/context/:contextName', contextFields.get),
  route('GET', '/api/admin/context/:contextName/strategies', contextFields.strategies),
  // Unleash answers an update 200, without a body.
  route('PUT', '/api/admin/context/:contextName', contextFields.update, { body: true, render: () => undefined }),
  route('DELETE', '/api/admin/context/:contextName', contextFields.delete),
  route('POST', '/api/admin/context/:contextName/legal-values', contextFields.setLegalValue, { body: true }),
  route('DELETE', '/api/admin/context/:contextName/legal-values/:legalValue', contextFields.removeLegalValue),
]

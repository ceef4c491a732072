import type { AdminApi } from '../../api/admin-api.js'
import { location, type Route, route } from '../route.js'
import * as t from 'io-ts'
import { ContextField, ContextFieldStrategies, ListedContextField } from '../../model/context-field.js'

/** Context fields: what constraints, stickiness and overrides refer to. */
export const contextFieldRoutes = ({ contextFields }: AdminApi): Route[] => [
  route('GET', '/api/admin/context', contextFields.list, { answer: t.array(ListedContextField) }),
  route('POST', '/api/admin/context', contextFields.create, { answer: ContextField, status: 201, body: true, headers: ({ result }) => location('context', result.name) }),
  route('POST', '/api/admin/context/validate', contextFields.validateName, { body: true }),
  route('GET', '/api/admin/context/:contextName', contextFields.get, { answer: ContextField }),
  route('GET', '/api/admin/context/:contextName/strategies', contextFields.strategies, { answer: ContextFieldStrategies }),
  // Unleash answers an update 200, without a body.
  route('PUT', '/api/admin/context/:contextName', contextFields.update, { body: true, render: () => undefined }),
  route('DELETE', '/api/admin/context/:contextName', contextFields.delete),
  route('POST', '/api/admin/context/:contextName/legal-values', contextFields.setLegalValue, { body: true }),
  route('DELETE', '/api/admin/context/:contextName/legal-values/:legalValue', contextFields.removeLegalValue),
  // A project's own fields (the list is the Admin UI's, in admin-ui.ts); `validate` before `:contextField`.
  route('POST', '/api/admin/projects/:projectId/context', contextFields.createInProject, { answer: ContextField, status: 201, body: true }),
  route('POST', '/api/admin/projects/:projectId/context/validate', contextFields.validateNameInProject, { body: true }),
  route('GET', '/api/admin/projects/:projectId/context/:contextField', contextFields.getInProject, { answer: ContextField }),
  route('GET', '/api/admin/projects/:projectId/context/:contextField/strategies', contextFields.strategiesInProject, { answer: ContextFieldStrategies }),
  route('PUT', '/api/admin/projects/:projectId/context/:contextField', contextFields.updateInProject, { body: true }),
  route('DELETE', '/api/admin/projects/:projectId/context/:contextField', contextFields.deleteInProject),
  route('POST', '/api/admin/projects/:projectId/context/:contextField/legal-values', contextFields.setLegalValueInProject, { body: true }),
  route('DELETE', '/api/admin/projects/:projectId/context/:contextField/legal-values/:legalValue', contextFields.removeLegalValueInProject),
]

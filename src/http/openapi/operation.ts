import type * as t from 'io-ts'
import type { JsonSchema } from '../../model/json-schema.js'
import { STATUS } from '../errors.js'
import type { ApiRoute, RawRoute, Route } from '../route.js'
import type { SchemaWriter } from './schema.js'

/** The names of the errors each status answers, from the one table of statuses. */
const namesByStatus = (): Map<number, string[]> => {
  const names = new Map<number, string[]>()
  for (const [name, status] of Object.entries(STATUS)) names.set(status, [...(names.get(status) ?? []), name])
  return names
}

const json = (schema: JsonSchema) => ({ content: { 'application/json': { schema } } })
const ERROR = { $ref: '#/components/schemas/ErrorBody' }

/** The error answers routes share, as components: each described by the errors that give its status. */
export const errorResponses = (): Record<string, unknown> => {
  const answers: Record<string, unknown> = {}
  for (const [status, names] of [...namesByStatus()].sort(([a], [b]) => a - b)) {
    if (status === 429) answers[`Error${status}`] = { description: `${names.join(' or ')}: the message as text`, content: { 'text/html': { schema: { type: 'string' } } } }
    else if (status === 503) answers[`Error${status}`] = { description: names.join(' or '), ...json({ anyOf: [ERROR, { $ref: '#/components/schemas/MaintenanceError' }] }) }
    else answers[`Error${status}`] = { description: names.join(' or '), ...json(ERROR) }
  }
  answers.Error = { description: 'Any other error', ...json(ERROR) }
  return answers
}

/** A reference to the shared answer of `status`, or to the one of any other error. */
const errorAnswer = (status?: number) => ({ $ref: `#/components/responses/Error${status ?? ''}` })

/** The properties of an object codec (a type, partial, intersection or exact of them), whether each is required. */
const fieldsOf = (codec: t.Mixed | undefined): [string, t.Mixed, boolean][] => {
  const c = codec as { _tag?: string; props?: t.Props; types?: t.Mixed[]; type?: t.Mixed } | undefined
  if (c === undefined) return []
  if (c._tag === 'InterfaceType') return Object.entries(c.props ?? {}).map(([k, v]) => [k, v, true])
  if (c._tag === 'PartialType') return Object.entries(c.props ?? {}).map(([k, v]) => [k, v, false])
  if (c._tag === 'IntersectionType') return (c.types ?? []).flatMap(fieldsOf)
  if (c._tag === 'ExactType') return fieldsOf(c.type)
  return []
}

/** The `:name` placeholders of a pattern. */
export const placeholders = (pattern: string): string[] => pattern.split('/').filter((s) => s.startsWith(':')).map((s) => s.slice(1))

/** `/api/admin/tags/:type` as OpenAPI writes it: `/api/admin/tags/{type}`. */
export const openApiPath = (pattern: string): string => pattern.replace(/:([A-Za-z0-9_]+)/g, '{$1}')

/** The group a route is listed under: its first segment after `/api/admin`, or the API it belongs to. */
export const tagOf = (pattern: string): string => {
  const segments = pattern.split('/').filter((s) => s !== '' && !s.startsWith(':'))
  if (segments[0] === 'api' && segments[1] === 'admin') return segments[2] ?? 'admin'
  if (segments[0] === 'api') return segments[1] ?? 'api'
  return segments[0] === 'logout' ? 'auth' : (segments[0] ?? 'root')
}

const words = (s: string): string[] => s.split(/[^A-Za-z0-9]+/).filter((w) => w !== '')
const capital = (w: string): string => w.charAt(0).toUpperCase() + w.slice(1)

/** A name for the route from its method and path: `GET /api/admin/tags/:type` is `getTagsByType`. */
export const operationIdOf = (route: Route): string => {
  const segments = route.pattern.split('/').filter((s) => s !== '')
  const kept = segments[0] === 'api' && segments[1] === 'admin' ? segments.slice(2) : segments[0] === 'api' ? segments.slice(1) : segments
  return route.method.toLowerCase() + kept.map((s) => (s.startsWith(':') ? `By${capital(s.slice(1))}` : words(s).map(capital).join(''))).join('')
}

/** The headers a success carries, as the route's own header builder names them for any result. */
const headerNames = (route: ApiRoute): string[] => {
  if (!route.headers) return []
  const anything: unknown = new Proxy({}, { get: (_, key) => (key === Symbol.toPrimitive ? () => 'x' : 'x') })
  try {
    return Object.keys(route.headers({ params: {}, body: {}, result: anything, secure: false, basePath: '' })).sort()
  } catch {
    return []
  }
}

const pathParameters = (route: Route, writer: SchemaWriter) => {
  const declared = new Map(fieldsOf(route.kind === 'api' ? (route.operation?.params as t.Mixed | undefined) : undefined).map(([k, v]) => [k, v]))
  return placeholders(route.pattern).map((name) => ({
    name,
    in: 'path',
    required: true,
    schema: declared.has(name) ? writer.schemaOf(declared.get(name)!) : { type: 'string' },
  }))
}

const queryParameters = (query: t.Mixed | undefined, writer: SchemaWriter) =>
  fieldsOf(query).map(([name, codec, required]) => ({ name, in: 'query', ...(required ? { required: true } : {}), schema: writer.schemaOf(codec) }))

/** The answer a success sends, with its headers. */
const success = (route: ApiRoute, writer: SchemaWriter) => {
  const names = headerNames(route)
  const headers = names.length > 0 ? { headers: Object.fromEntries(names.map((n) => [n, { schema: { type: 'string' } }])) } : {}
  const answer = route.answer
  const description = answer && /^[a-z]+ /.test(answer.name) ? answer.name : 'Success'
  if (route.text !== undefined) return { description: `the text ${route.text}`, ...headers, content: { 'text/plain': { schema: { type: 'string', enum: [route.text] } } } }
  return { description, ...headers, ...(answer ? json(writer.schemaOf(answer)) : {}) }
}

/** The operation object of one API route. */
const apiOperation = (route: ApiRoute, writer: SchemaWriter) => {
  const open = route.reads?.open === true
  const body = (route.operation?.body ?? route.reads?.body) as t.Mixed | undefined
  const query = route.reads?.query
  const parameters = [...pathParameters(route, writer), ...queryParameters(query, writer)]
  const errors: Record<string, unknown> = {}
  if (body || parameters.length > 0 || route.body) errors['400'] = errorAnswer(400)
  if (!open) {
    errors['401'] = errorAnswer(401)
    errors['403'] = errorAnswer(403)
  }
  if (placeholders(route.pattern).length > 0) errors['404'] = errorAnswer(404)
  if (route.body) {
    errors['413'] = errorAnswer(413)
    errors['415'] = errorAnswer(415)
  }
  if (route.rateLimit) errors['429'] = errorAnswer(429)
  errors['503'] = errorAnswer(503)
  return {
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(route.body
      ? { requestBody: { required: true, ...(body && /^[a-z]+ /.test(body.name) ? { description: body.name } : {}), ...json(body ? writer.schemaOf(body) : {}) } }
      : {}),
    responses: { [String(route.status)]: success(route, writer), ...errors, default: errorAnswer() },
    ...(open ? { security: [] } : {}),
  }
}

/** The operation object of a route that writes its own answer. */
const rawOperation = (route: RawRoute, writer: SchemaWriter) => {
  const docs = route.docs
  const parameters = [...pathParameters(route, writer), ...queryParameters(docs?.reads?.query, writer)]
  const headers = docs?.headers?.length ? { headers: Object.fromEntries(docs.headers.map((n) => [n, { schema: { type: 'string' } }])) } : {}
  const answers = Object.fromEntries(
    Object.entries(docs?.answers ?? { 200: null }).map(([status, codec]) => [
      status,
      typeof codec === 'string'
        ? { description: 'Success', ...headers, content: { [codec]: { schema: { type: 'string' } } } }
        : { description: codec && /^[a-z]+ /.test(codec.name) ? codec.name : status === '304' ? 'Not modified' : 'Success', ...headers, ...(codec ? json(writer.schemaOf(codec)) : {}) },
    ]),
  )
  const errors = { ...(docs?.open ? {} : { '401': errorAnswer(401), '403': errorAnswer(403) }), ...(docs?.limited ? { '429': errorAnswer(429) } : {}) }
  return {
    ...(parameters.length > 0 ? { parameters } : {}),
    responses: { ...answers, ...errors, default: errorAnswer() },
    ...(docs?.open ? { security: [] } : {}),
  }
}

export const operationOf = (route: Route, writer: SchemaWriter) => ({
  operationId: operationIdOf(route),
  tags: [tagOf(route.pattern)],
  ...(route.kind === 'api' ? apiOperation(route, writer) : rawOperation(route, writer)),
})

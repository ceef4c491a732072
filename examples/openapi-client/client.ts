/**
 * A typed client for flagport's HTTP API: every path, parameter, body and answer typed by the
 * types `generate.ts` writes from the OpenAPI document, over any `fetch`.
 */
import type { paths } from './flagport-api.js'

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete'

/** The paths that take `method`. */
type PathsWith<M extends Method> = { [P in keyof paths]: paths[P][M] extends { responses: unknown } ? P : never }[keyof paths]
type Operation<P extends keyof paths, M extends Method> = Extract<paths[P][M], { responses: unknown }>
type Json<A> = A extends { content: { 'application/json': infer J } } ? J : undefined
type Responses<O> = O extends { responses: infer R } ? R : never
/** What a success answers: the JSON of its 2xx status, `undefined` when it sends none. */
type Answer<O> = { [S in keyof Responses<O>]: S extends 200 | 201 | 202 | 204 ? Json<Responses<O>[S]> : never }[keyof Responses<O>]
type PathParams<O> = O extends { parameters: { path: infer P } } ? ([P] extends [undefined] ? {} : { readonly params: P }) : {}
type Body<O> = O extends { requestBody: { content: { 'application/json': infer B } } } ? { readonly body: B } : {}
type Options<O> = PathParams<O> & Body<O>

/** An error answer, with its status and body (`name` says which error). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {
    super(`flagport answered ${status}`)
  }
}

export const createClient = (baseUrl: string, authorization: string, fetchImpl: (request: Request) => Promise<Response> = fetch) => {
  const call = async <M extends Method, P extends PathsWith<M>>(method: M, path: P, options: Options<Operation<P, M>>): Promise<Answer<Operation<P, M>>> => {
    const { params = {}, body } = options as { params?: Record<string, string>; body?: unknown }
    const url = path.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(params[name] ?? ''))
    const response = await fetchImpl(
      new Request(`${baseUrl}${url}`, {
        method: method.toUpperCase(),
        headers: { authorization, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      }),
    )
    const text = await response.text()
    const json: unknown = text === '' ? undefined : JSON.parse(text)
    if (!response.ok) throw new ApiError(response.status, json)
    return json as Answer<Operation<P, M>>
  }
  return { call }
}

/** A few calls, each checked by the compiler against the document. */
export const createFlagAndList = async (client: ReturnType<typeof createClient>) => {
  const created = await client.call('post', '/api/admin/projects/{projectId}/features', { params: { projectId: 'default' }, body: { name: 'new-checkout', type: 'release' } })
  const name: string = created.name
  await client.call('post', '/api/admin/projects/{projectId}/features/{featureName}/environments/{environment}/on', {
    params: { projectId: 'default', featureName: name, environment: 'development' },
  })
  const { features } = await client.call('get', '/api/admin/projects/{projectId}/features', { params: { projectId: 'default' } })
  const enabled: boolean[] = features.flatMap((f) => f.environments.map((e) => e.enabled))
  const tags = await client.call('get', '/api/admin/tag-types', {})
  return { name, enabled, tagTypes: tags.tagTypes.map((t) => t.name) }
}

/** What the compiler refuses: each line below would be an error without its directive. */
export const refused = (client: ReturnType<typeof createClient>) => [
  // @ts-expect-error: the path parameter is `projectId`
  client.call('get', '/api/admin/projects/{projectId}/features', { params: { project: 'default' } }),
  // @ts-expect-error: a feature's type is one of the feature types
  client.call('post', '/api/admin/projects/{projectId}/features', { params: { projectId: 'default' }, body: { name: 'x', type: 'sometimes' } }),
  // @ts-expect-error: no such path
  client.call('get', '/api/admin/flags', {}),
]

import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js'
import { normalizeBasePath, target, underBase } from '../../src/http/request.js'
import { createRouter, splitPath } from '../../src/http/router.js'
import type { HttpMethod, Route } from '../../src/http/route.js'
import type { HttpRequest, HttpResponse, PlainHandler } from '../../src/http/messages.js'

/* eslint-disable @typescript-eslint/no-explicit-any */
type Doc = { paths: Record<string, Record<string, any>>; components: { responses: Record<string, any> } }

const DOC_ID = 'flagport-openapi'

/**
 * Holds answers to the OpenAPI document the handler serves: the schema of the route and status
 * answered (or the document's `default`), compiled once per route and status.
 */
const checker = (doc: Doc) => {
  const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: true })
  ajv.addSchema({ ...doc, $id: DOC_ID })
  const compiled = new Map<string, ValidateFunction>()
  const validator = (pointer: string): ValidateFunction => {
    let v = compiled.get(pointer)
    if (!v) compiled.set(pointer, (v = ajv.compile({ $ref: `${DOC_ID}#${pointer}` })))
    return v
  }
  // Routes stand in for the document's paths, so a request finds its path as the handler finds its route.
  const routes = Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.keys(methods).map((m): Route => ({ kind: 'raw', method: m.toUpperCase() as HttpMethod, pattern: path.replace(/\{([^}]+)\}/g, ':$1'), body: false, respond: async () => { throw new Error('not called') } })),
  )
  const resolve = createRouter(routes)
  const escape = (s: string) => s.replace(/~/g, '~0').replace(/\//g, '~1')

  /** What is wrong with `response` as the document describes it, or undefined. */
  return (request: HttpRequest, response: HttpResponse, basePath: string): string | undefined => {
    const method = String(request.method).toUpperCase()
    if (method === 'OPTIONS' || method === 'HEAD') return undefined
    const relative = underBase(target(request).pathname, basePath)
    const segments = relative === undefined ? undefined : splitPath(relative)
    const resolved = segments && resolve(method, segments)
    // A path no route takes: answered with the error body the document's `default` describes.
    const pattern = resolved?.kind === 'route' ? resolved.route.pattern : undefined
    const path = pattern?.replace(/:([^/]+)/g, '{$1}')
    const where = pattern ? `${method} ${path}` : `${method} ${request.path} (no route)`
    let pointer: string
    let answer: any
    if (path !== undefined) {
      const responses = doc.paths[path]![method.toLowerCase()].responses
      const key = String(response.status) in responses ? String(response.status) : 'default'
      if (!(key in responses)) return `${where} answered ${response.status}, which the document does not declare`
      pointer = `/paths/${escape(path)}/${method.toLowerCase()}/responses/${key}`
      answer = responses[key]
    } else {
      pointer = '/components/responses/Error'
      answer = doc.components.responses.Error
    }
    if (answer.$ref) {
      pointer = answer.$ref.slice(1)
      answer = doc.components.responses[answer.$ref.split('/').pop()]
    }
    const text = response.body ?? (response.bytes ? new TextDecoder().decode(response.bytes) : '')
    const content = answer.content as Record<string, unknown> | undefined
    if (!content) return text === '' ? undefined : `${where} ${response.status}: a body, where the document declares none`
    const type = (response.headers['content-type'] ?? '').split(';')[0]!.trim()
    if (!(type in content)) return `${where} ${response.status}: content type "${type}", where the document declares ${Object.keys(content).join(', ')}`
    if (type !== 'application/json') return undefined
    let value: unknown
    try {
      value = JSON.parse(text)
    } catch {
      return `${where} ${response.status}: a body that is not JSON`
    }
    const validate = validator(`${pointer}/content/application~1json/schema`)
    if (validate(value)) return undefined
    const problems = (validate.errors ?? []).slice(0, 5).map((e) => `at ${e.instancePath || '/'} ${e.message ?? ''} ${e.params ? JSON.stringify(e.params) : ''}`)
    return `${where} ${response.status}: the answer does not match the document:\n  ${problems.join('\n  ')}`
  }
}

let shared: Promise<ReturnType<typeof checker>> | undefined

/**
 * `handler`, its every answer held to the OpenAPI document it serves. `mismatches()` takes what
 * did not match since it was last asked (each naming route, status and JSON path); `call`
 * helpers throw them, so the test that received such an answer fails.
 */
export const recorded = <H extends PlainHandler>(handler: H, options: { basePath?: string } = {}) => {
  const basePath = normalizeBasePath(options.basePath)
  shared ??= handler({ method: 'GET', path: `${basePath}/docs/openapi.json`, headers: {} }).then((r) => checker(JSON.parse(r.body!) as Doc))
  const found: string[] = []
  const wrapped = Object.assign(async (request: HttpRequest): Promise<HttpResponse> => {
    const response = await handler(request)
    const mismatch = (await shared!)(request, response, basePath)
    if (mismatch !== undefined) found.push(mismatch)
    return response
  }, handler.bodyLimit !== undefined ? { bodyLimit: handler.bodyLimit } : {}) as unknown as H
  return {
    handler: wrapped,
    mismatches: () => found.splice(0),
    /** Throws what did not match: for `call` helpers, after each answer. */
    check: () => {
      const m = found.splice(0)
      if (m.length > 0) throw new Error(`An answer does not match the OpenAPI document:\n${m.join('\n')}`)
    },
  }
}

import { Validator } from '@seriousme/openapi-schema-validator'
import { Ajv2020 } from 'ajv/dist/2020.js'
import t from 'tap'
import { createHttpHandler } from '../../src/http/handler.js'
import { openApiPath, placeholders } from '../../src/http/openapi/operation.js'
import { adminRoutes } from '../../src/http/routes/index.js'
import type { HttpRequest, HttpResponse } from '../../src/http/messages.js'
import { makeApi } from '../support/api.js'
import { recorded } from '../support/openapi.js'
import { serve } from './support.js'

/* eslint-disable @typescript-eslint/no-explicit-any */
const documentOf = async (basePath?: string) => {
  const { api } = await makeApi()
  const handler = createHttpHandler(api, basePath === undefined ? {} : { basePath })
  const response = await handler({ method: 'GET', path: `${basePath ?? ''}/docs/openapi.json`, headers: {} })
  return { api, response, doc: JSON.parse(response.body!) as any }
}

t.test('GET /docs/openapi.json answers the document to anyone, and it is a valid OpenAPI 3.1 document', async (t) => {
  const s = await serve('fetch')
  t.teardown(s.close)
  const answer = await s.call('GET', '/docs/openapi.json', { token: null })
  t.equal(answer.status, 200)
  t.match(answer.headers['content-type'], /^application\/json/)
  t.equal(answer.json.openapi, '3.1.0')
  const validator = new Validator()
  const result = await validator.validate(answer.json)
  t.same(result.errors ?? [], [], 'no errors')
  t.equal(result.valid, true)
})

t.test('every component schema compiles as JSON Schema 2020-12', async (t) => {
  const { doc } = await documentOf()
  const ajv = new Ajv2020({ strict: true, strictTypes: false, validateFormats: false })
  // The components as the definitions of one schema, so strict mode sees nothing but JSON Schema.
  ajv.addSchema({ $id: 'doc', $defs: JSON.parse(JSON.stringify(doc.components.schemas).replaceAll('#/components/schemas/', '#/$defs/')) })
  const failed: string[] = []
  for (const name of Object.keys(doc.components.schemas)) {
    try {
      ajv.compile({ $ref: `doc#/$defs/${name}` })
    } catch (e) {
      failed.push(`${name}: ${(e as Error).message}`)
    }
  }
  t.same(failed, [])
})

t.test('every route of the table is in the document, with its path parameters and its body', async (t) => {
  const { api, doc } = await documentOf()
  const missing: string[] = []
  for (const route of adminRoutes(api)) {
    const operation = doc.paths[openApiPath(route.pattern)]?.[route.method.toLowerCase()]
    if (!operation) {
      missing.push(`${route.method} ${route.pattern}`)
      continue
    }
    const params = (operation.parameters ?? []).filter((p: any) => p.in === 'path').map((p: any) => p.name)
    if (params.join() !== placeholders(route.pattern).join()) missing.push(`${route.method} ${route.pattern}: path parameters ${params.join()}`)
    const body = operation.requestBody?.content?.['application/json']?.schema
    if (route.body && (body === undefined || Object.keys(body).length === 0)) missing.push(`${route.method} ${route.pattern}: no body schema`)
    if (!route.body && body !== undefined) missing.push(`${route.method} ${route.pattern}: a body schema, where the route reads none`)
  }
  t.same(missing, [])
  const ids = Object.values(doc.paths).flatMap((methods: any) => Object.values(methods).map((o: any) => o.operationId))
  t.equal(new Set(ids).size, ids.length, 'operation ids are unique')
})

t.test('the document is the same text each time, its paths and components sorted', async (t) => {
  const first = await documentOf()
  const second = await documentOf()
  t.equal(first.response.body, second.response.body)
  const paths = Object.keys(first.doc.paths)
  t.same(paths, [...paths].sort())
  const names = Object.keys(first.doc.components.schemas)
  t.same(names, [...names].sort())
})

t.test('under a base path, the document is served there and names it as its server', async (t) => {
  const { response, doc } = await documentOf('/flags')
  t.equal(response.status, 200)
  t.same(doc.servers, [{ url: '/flags' }])
})

t.test('a login is open to anyone; the rest ask for the Authorization header or the session cookie', async (t) => {
  const { doc } = await documentOf()
  t.same(doc.paths['/auth/simple/login'].post.security, [])
  t.equal(doc.paths['/api/admin/tags'].get.security, undefined)
  t.same(doc.security, [{ apiKey: [] }, { session: [] }])
  t.match(doc.components.securitySchemes.apiKey, { type: 'apiKey', in: 'header', name: 'Authorization' })
  t.same(Object.keys(doc.paths['/api/admin/projects/{projectId}/features'].post.responses['201'].headers), ['location'])
  t.same(Object.keys(doc.paths['/api/admin/features-batch/export'].post.responses['200'].headers), ['content-disposition'])
})

t.test('an answer unlike the document is reported with its route, status and JSON path', async (t) => {
  const { response } = await documentOf()
  const fake = async (request: HttpRequest): Promise<HttpResponse> =>
    request.path === '/docs/openapi.json'
      ? response
      : { status: 200, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ version: 1, tags: [{ value: 'x', type: 7 }] }) }
  const held = recorded(fake)
  await held.handler({ method: 'GET', path: '/api/admin/tags/simple', headers: {} })
  const [mismatch] = held.mismatches()
  t.match(mismatch, 'GET /api/admin/tags/{type} 200')
  t.match(mismatch, 'at /tags/0/type must be string')
  await held.handler({ method: 'POST', path: '/api/admin/features/validate', headers: {} })
  t.match(held.mismatches(), ['POST /api/admin/features/validate 200: a body, where the document declares none'])
  t.doesNotThrow(() => held.check(), 'what was taken is not reported again')
})

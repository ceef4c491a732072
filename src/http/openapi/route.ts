import * as E from 'fp-ts/lib/Either.js'
import * as t from 'io-ts'
import { JSON_TYPE } from '../errors.js'
import { type RawRoute, type Route, rawRoute } from '../route.js'
import { openApiDocument, type OpenApiOptions } from './document.js'

/** Where Unleash serves its document, and so flagport. */
export const OPENAPI_PATH = '/docs/openapi.json'

/** The document itself: an OpenAPI object (validated against the OpenAPI schema in the tests). */
const OpenApiObject = t.UnknownRecord

/**
 * `GET /docs/openapi.json`: the document of `routes` and of itself, to anyone (as Unleash serves
 * it). Written on the first request and kept: the routes do not change while a handler lives.
 */
export const openApiRoute = (routes: readonly Route[], options: OpenApiOptions = {}): RawRoute => {
  let text: string | undefined
  const self: RawRoute = rawRoute(
    'GET',
    OPENAPI_PATH,
    async () => E.right({ status: 200, headers: { 'content-type': JSON_TYPE }, body: (text ??= JSON.stringify(openApiDocument([...routes, self], options))) }),
    { answers: { 200: OpenApiObject }, open: true },
  )
  return self
}

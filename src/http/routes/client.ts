import * as E from 'fp-ts/lib/Either.js'
import * as t from 'io-ts'
import type { AdminApi } from '../../api/admin-api.js'
import type { ClientFeaturesAnswer } from '../../api/facade/client.js'
import { JSON_TYPE } from '../errors.js'
import { header } from '../request.js'
import { type RawRoute, rawRoute } from '../route.js'
import type { HttpResponse } from '../messages.js'

/**
 * The client API that Unleash SDKs poll: the flags of one environment, with an ETag, so an
 * unchanged store costs them a 304 and no body. `Unleash-Client-Spec` 4.2.0 or later gets
 * segments by id; older SDKs get them inlined.
 */
export const clientRoutes = ({ client }: AdminApi): RawRoute[] => [
  rawRoute('GET', '/api/client/features', async ({ authorization, query, headers }) => {
    const answer = await client.features({
      ...(authorization !== undefined ? { authorization } : {}),
      query,
      ifNoneMatch: header(headers, 'if-none-match'),
      clientSpec: header(headers, 'unleash-client-spec'),
    })
    return E.map(
      (a: ClientFeaturesAnswer): HttpResponse =>
        a.notModified
          ? { status: 304, headers: { etag: a.etag } }
          : { status: 200, headers: { etag: a.etag, 'content-type': JSON_TYPE }, body: a.json },
    )(answer)
  }, { answers: { 200: ClientFeaturesJson, 304: null }, headers: ['etag'] }),
  rawRoute('GET', '/api/client/features/:featureName', async ({ authorization, query, headers, params }) => {
    const answer = await client.feature({
      ...(authorization !== undefined ? { authorization } : {}),
      query,
      clientSpec: header(headers, 'unleash-client-spec'),
      featureName: params?.['featureName'] ?? '',
    })
    return E.map((feature: unknown): HttpResponse => ({ status: 200, headers: { 'content-type': JSON_TYPE }, body: JSON.stringify(feature) }))(answer)
  }, { answers: { 200: ClientFeaturesJson } }),
]

/** The flags of one environment, as the evaluation module's `ClientFeatures` types them (an interface, not a codec). */
const ClientFeaturesJson = t.UnknownRecord

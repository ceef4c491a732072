import * as E from 'fp-ts/lib/Either.js'
import * as t from 'io-ts'
import type { AdminApi } from '../../api/admin-api.js'
import type { ClientDeltaAnswer, ClientFeaturesAnswer } from '../../api/facade/client.js'
import type { EventStream } from '../../api/client-stream/hub.js'
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
          ? { status: 304, headers: { etag: a.etag, ...fetchMode(a.suggestStreaming) } }
          : { status: 200, headers: { etag: a.etag, 'content-type': JSON_TYPE, ...fetchMode(a.suggestStreaming) }, body: a.json },
    )(answer)
  }, { answers: { 200: ClientFeaturesJson, 304: null }, headers: ['etag'] }),
  rawRoute('GET', '/api/client/delta', async ({ authorization, query, headers }) => {
    const answer = await client.delta({
      ...(authorization !== undefined ? { authorization } : {}),
      query,
      ifNoneMatch: header(headers, 'if-none-match'),
      clientSpec: header(headers, 'unleash-client-spec'),
    })
    return E.map(
      (a: ClientDeltaAnswer): HttpResponse =>
        a.notModified
          ? { status: 304, headers: { etag: a.etag, ...fetchMode(a.suggestStreaming) } }
          : { status: 200, headers: { etag: a.etag, 'content-type': JSON_TYPE, ...fetchMode(a.suggestStreaming) }, body: a.json },
    )(answer)
  }, { answers: { 200: ClientDeltaJson, 304: null }, headers: ['etag'] }),
  rawRoute('GET', '/api/client/streaming', async ({ authorization, query, headers }) => {
    const answer = await client.stream({
      ...(authorization !== undefined ? { authorization } : {}),
      query,
      clientSpec: header(headers, 'unleash-client-spec'),
      lastEventId: header(headers, 'last-event-id'),
    })
    return E.map((stream: EventStream): HttpResponse => ({ status: 200, headers: EVENT_STREAM_HEADERS, stream }))(answer)
  }, { answers: { 200: 'text/event-stream' }, limited: true }),
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

/** Moves Unleash's Node SDK (6.7+) from polling to streaming. */
const fetchMode = (suggested: boolean | undefined): Record<string, string> => (suggested ? { 'fetch-mode': 'streaming' } : {})

/** No proxy may cache or buffer the stream (`x-accel-buffering` is nginx's switch). */
const EVENT_STREAM_HEADERS = Object.freeze({
  'content-type': 'text/event-stream; charset=utf-8',
  'cache-control': 'no-cache, no-transform',
  'x-accel-buffering': 'no',
})

/** The delta API's answer: events, in the evaluation module's `DeltaEvent` shape. */
const ClientDeltaJson = t.type({ events: t.array(t.UnknownRecord) }, 'clientFeaturesDeltaSchema')

/** The flags of one environment, as the evaluation module's `ClientFeatures` types them (an interface, not a codec). */
const ClientFeaturesJson = t.UnknownRecord

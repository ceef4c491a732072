import { JSON_TYPE } from './errors.js'
import type { HttpResponse } from './messages.js'
import { utf8Length } from '../model/utf8.js'

/** The headers of most answers, shared: nothing changes a response's headers once made. */
export const JSON_HEADERS: Readonly<Record<string, string>> = Object.freeze({ 'content-type': JSON_TYPE })
/** `JSON_HEADERS` as sent, with `nosniff`, made once rather than for each answer. */
const JSON_NOSNIFF_HEADERS: Readonly<Record<string, string>> = Object.freeze({ ...JSON_HEADERS, 'x-content-type-options': 'nosniff' })

const utf8 = new TextDecoder()

/**
 * A response whose body is already UTF-8 bytes. Adapters that send bytes never read `body`;
 * for those that send text, it is decoded on first read and kept. An own enumerable getter,
 * so that spreading or comparing the response still shows the text.
 */
export const bytesResponse = (status: number, headers: Readonly<Record<string, string>>, bytes: Uint8Array): HttpResponse => {
  let text: string | undefined
  return {
    status,
    headers,
    bytes,
    get body(): string {
      return (text ??= utf8.decode(bytes))
    },
  }
}

/** How many bytes the body of `response` has. */
export const byteLength = (response: HttpResponse): number =>
  response.bytes !== undefined ? response.bytes.byteLength : response.body === undefined ? 0 : utf8Length(response.body)

/**
 * `response` with `x-content-type-options: nosniff`, which every answer carries: a browser must
 * not read an error's JSON (or a tag value echoed in it) as HTML or script.
 */
export const withNosniff = (response: HttpResponse): HttpResponse => {
  const headers = response.headers === JSON_HEADERS ? JSON_NOSNIFF_HEADERS : { ...response.headers, 'x-content-type-options': 'nosniff' }
  if (response.bytes !== undefined) return bytesResponse(response.status, headers, response.bytes)
  if (response.stream !== undefined) return { status: response.status, headers, stream: response.stream }
  return response.body === undefined ? { status: response.status, headers } : { status: response.status, headers, body: response.body }
}

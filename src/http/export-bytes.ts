import type { AnswerCache } from '../api/answer-cache.js'
import type { ExportResult } from '../model/export.js'

/** What of the facade's cache the bytes are kept in: the records and exports that exports share, frozen and never changed. */
type KeptBytes = Pick<AnswerCache, 'isShared' | 'bytesKeptBy'>

const jsonBytes = (value: unknown): Uint8Array => Buffer.from(JSON.stringify(value) ?? 'null')

/** An array element's JSON as UTF-8, as `JSON.stringify` writes it inside an array. */
const bytesOf = (value: unknown, kept: KeptBytes): Uint8Array =>
  value !== null && typeof value === 'object' && kept.isShared(value) ? kept.bytesKeptBy(value, () => jsonBytes(value)) : jsonBytes(value)

const COMMA = 0x2c
const OPEN_BRACKET = 0x5b
const CLOSE_BRACKET = 0x5d

/**
 * `JSON.stringify(result)` as UTF-8 bytes, with each shared record serialized and encoded
 * once, and a kept export's bytes written once (`shareResult`). Joining the records' text and
 * then encoding it costs more than building the export; copying their kept bytes into one
 * buffer of the exact size costs much less.
 */
export const exportBytes = (result: ExportResult, kept: KeptBytes): Uint8Array =>
  kept.isShared(result) ? kept.bytesKeptBy(result, () => resultBytes(result, kept)) : resultBytes(result, kept)

const resultBytes = (result: ExportResult, kept: KeptBytes): Buffer => {
  // Each field's key (with the `{` or `,` before it), then its value: bytes, or an array's items.
  const pieces: (Uint8Array | Uint8Array[])[] = []
  let length = 1 // the closing brace
  for (const [key, value] of Object.entries(result)) {
    if (value === undefined) continue
    const head = Buffer.from(`${pieces.length === 0 ? '{' : ','}${JSON.stringify(key)}:`)
    pieces.push(head)
    length += head.length
    if (Array.isArray(value)) {
      const items = value.map((item) => bytesOf(item, kept))
      pieces.push(items)
      length += 2 + Math.max(0, items.length - 1)
      for (const item of items) length += item.length
    } else {
      const bytes = jsonBytes(value)
      pieces.push(bytes)
      length += bytes.length
    }
  }
  if (pieces.length === 0) return Buffer.from('{}')
  const out = Buffer.allocUnsafe(length)
  let at = 0
  for (const piece of pieces) {
    if (!Array.isArray(piece)) {
      out.set(piece, at)
      at += piece.length
      continue
    }
    out[at++] = OPEN_BRACKET
    for (let i = 0; i < piece.length; i++) {
      if (i > 0) out[at++] = COMMA
      out.set(piece[i]!, at)
      at += piece[i]!.length
    }
    out[at++] = CLOSE_BRACKET
  }
  out[at] = 0x7d // }
  return out
}

import { isShared } from '../api/export-cache.js'
import type { ExportResult } from '../model/export.js'

// The bytes of the records and exports that exports share (src/api/export-cache.ts), kept as
// long as each is: a shared record is frozen and never changed (src/http/kept-json.ts).
const bytesOfShared = new WeakMap<object, Buffer>()

/** The bytes of a shared record or export, written the first time they are asked for. */
const keptBytes = <T extends object>(value: T, write: (value: T) => Buffer): Buffer => {
  let bytes = bytesOfShared.get(value)
  if (bytes === undefined) bytesOfShared.set(value, (bytes = write(value)))
  return bytes
}

const jsonBytes = (value: unknown): Buffer => Buffer.from(JSON.stringify(value) ?? 'null')

/** An array element's JSON as UTF-8, as `JSON.stringify` writes it inside an array. */
const bytesOf = (value: unknown): Buffer =>
  value !== null && typeof value === 'object' && isShared(value) ? keptBytes(value, jsonBytes) : jsonBytes(value)

const COMMA = 0x2c
const OPEN_BRACKET = 0x5b
const CLOSE_BRACKET = 0x5d

/**
 * `JSON.stringify(result)` as UTF-8 bytes, with each shared record serialized and encoded
 * once, and a kept export's bytes written once (`shareResult`). Joining the records' text and
 * then encoding it costs more than building the export; copying their kept bytes into one
 * buffer of the exact size costs much less.
 */
export const exportBytes = (result: ExportResult): Buffer => (isShared(result) ? keptBytes(result, resultBytes) : resultBytes(result))

const resultBytes = (result: ExportResult): Buffer => {
  // Each field's key (with the `{` or `,` before it), then its value: bytes, or an array's items.
  const pieces: (Buffer | Buffer[])[] = []
  let length = 1 // the closing brace
  for (const [key, value] of Object.entries(result)) {
    if (value === undefined) continue
    const head = Buffer.from(`${pieces.length === 0 ? '{' : ','}${JSON.stringify(key)}:`)
    pieces.push(head)
    length += head.length
    if (Array.isArray(value)) {
      const items = value.map(bytesOf)
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
      at += piece.copy(out, at)
      continue
    }
    out[at++] = OPEN_BRACKET
    for (let i = 0; i < piece.length; i++) {
      if (i > 0) out[at++] = COMMA
      at += piece[i]!.copy(out, at)
    }
    out[at++] = CLOSE_BRACKET
  }
  out[at] = 0x7d // }
  return out
}

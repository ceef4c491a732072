import { sha256Hex } from '../api/secrets.js'
import { parseJson } from './json.js'

/**
 * One line of a log: `<checksum> <payload>\n`. The checksum is the first 16 hex digits of the
 * SHA-256 of the payload's bytes; the payload is one JSON value (JSON never holds a raw
 * newline, so a line break always ends a line). A line whose bytes were cut short by a crash
 * fails its checksum or lacks its newline, and is told apart from a good one.
 */
const SUM_LENGTH = 16
const SPACE = 0x20

export type Decoded<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly reason: string }

export const fail = (reason: string): Decoded<never> => ({ ok: false, reason })

export const checksum = (payload: Buffer | string): string => sha256Hex(payload).slice(0, SUM_LENGTH)

/** The line holding `payload` (JSON text), newline included. The checksum of a string is that of its UTF-8, so the line is encoded once, whole. */
export const encodeLine = (payload: string): Buffer => Buffer.from(`${checksum(payload)} ${payload}\n`, 'utf8')

/** Checks the checksum and parses the payload of one line (without its newline), every object prototype-free. */
export const decodeLine = (line: Buffer): Decoded<unknown> => {
  if (line.length <= SUM_LENGTH + 1 || line[SUM_LENGTH] !== SPACE) return fail('not a `<checksum> <json>` line')
  const payload = line.subarray(SUM_LENGTH + 1)
  if (line.toString('latin1', 0, SUM_LENGTH) !== checksum(payload)) return fail('checksum mismatch')
  try {
    // Every object is rebuilt prototype-free: `__proto__` is a legal flag or tag name.
    return { ok: true, value: parseJson(payload.toString('utf8')) }
  } catch (e) {
    return fail(`checksum matches but the payload is not JSON (${(e as Error).message})`)
  }
}

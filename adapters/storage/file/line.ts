import type { Patch } from 'immer'
import { sha256Hex } from '../../../src/api/secrets.js'
import type { State } from '../../../src/model/state.js'
import type { RowChange } from '../../../src/ports/storage.js'
import { parseJson } from './json.js'

/**
 * One journal line: `<checksum> <payload>\n`. The checksum is the first 16 hex digits of the
 * SHA-256 of the payload's bytes; the payload is one JSON value (JSON never holds a raw
 * newline, so a line break always ends a line). A line whose bytes were cut short by a crash
 * fails its checksum or lacks its newline, and is told apart from a good one.
 */
const SUM_LENGTH = 16
const SPACE = 0x20

export const JOURNAL_FORMAT = 'flagport-journal'
export const FORMAT_VERSION = 2

/** What the journal's first line says: the version of the snapshot it continues. */
export interface JournalHeader {
  readonly base: number
}

/**
 * One commit. The first commit of a store (and any on an empty state) carries the whole state;
 * every other carries only its row changes, so its size does not grow with the store. Format
 * 1 lines carried patches at the paths of the engine's buckets instead (still read).
 */
export type JournalEntry =
  | { readonly version: number; readonly changes: readonly RowChange[]; readonly state?: undefined; readonly patches?: undefined }
  | { readonly version: number; readonly patches: readonly Patch[]; readonly state?: undefined; readonly changes?: undefined }
  | { readonly version: number; readonly state: State; readonly patches?: undefined; readonly changes?: undefined }

export type Decoded<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly reason: string }

const fail = (reason: string): Decoded<never> => ({ ok: false, reason })

export const checksum = (payload: Buffer | string): string => sha256Hex(payload).slice(0, SUM_LENGTH)

// The checksum of a string is that of its UTF-8, so the line is encoded once, whole.
const encodeLine = (payload: string): Buffer => Buffer.from(`${checksum(payload)} ${payload}\n`, 'utf8')

export const encodeHeader = (base: number): Buffer =>
  encodeLine(JSON.stringify({ format: JOURNAL_FORMAT, formatVersion: FORMAT_VERSION, base }))

export const encodeEntry = (entry: { readonly version: number; readonly state: State } | { readonly version: number; readonly changes: readonly RowChange[] }): Buffer =>
  encodeLine('state' in entry ? JSON.stringify({ v: entry.version, s: entry.state }) : JSON.stringify({ v: entry.version, c: entry.changes }))

/** Checks the checksum and parses the payload of one line (without its newline). */
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

/** JSON writes an unbounded retention as null. */
const withRetention = (change: RowChange): RowChange =>
  change !== null && typeof change === 'object' && change.op === 'events' && change.retention === null ? { ...change, retention: Infinity } : change

const isRecord = (u: unknown): u is Record<string, unknown> => u !== null && typeof u === 'object' && !Array.isArray(u)
const isVersion = (u: unknown): u is number => Number.isSafeInteger(u) && (u as number) >= 0

export const decodeHeader = (value: unknown): Decoded<JournalHeader> => {
  if (!isRecord(value) || value.format !== JOURNAL_FORMAT) return fail('not a flagport journal header')
  if (value.formatVersion !== 1 && value.formatVersion !== FORMAT_VERSION) return fail(`unsupported journal format version ${String(value.formatVersion)}`)
  if (!isVersion(value.base)) return fail('the header has no base version')
  return { ok: true, value: { base: value.base } }
}

/** Decodes a commit line; `decodeState` checks a whole state, as the host's codec sees fit. */
export const decodeEntry = (
  value: unknown,
  expected: number,
  decodeState: (u: unknown) => Decoded<State>,
): Decoded<JournalEntry> => {
  if (!isRecord(value) || !isVersion(value.v)) return fail('not a commit')
  if (value.v !== expected) return fail(`expected version ${expected}, found ${value.v}`)
  if (Array.isArray(value.c)) return { ok: true, value: { version: value.v, changes: (value.c as RowChange[]).map(withRetention) } }
  if (Array.isArray(value.p)) return { ok: true, value: { version: value.v, patches: value.p as Patch[] } }
  if (value.s !== undefined) {
    const state = decodeState(value.s)
    return state.ok ? { ok: true, value: { version: value.v, state: state.value } } : fail(`invalid state: ${state.reason}`)
  }
  return fail('a commit carries neither patches nor a state')
}

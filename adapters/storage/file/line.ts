import type { Patch } from 'immer'
import { encodeLine, fail, type Decoded, type RowChange, type State } from '../../../src/storage/index.js'

export { checksum, decodeLine, type Decoded } from '../../../src/storage/index.js'

export const JOURNAL_FORMAT = 'flagport-journal'
/** The journal format this version writes: 2, lines of row changes. 1 (patches at the engine's bucket paths) is upgraded on open. */
export const FORMAT_VERSION = 2
export const LEGACY_FORMAT_VERSION = 1

/** What the journal's first line says: the version of the snapshot it continues, and its format. */
export interface JournalHeader {
  readonly base: number
  readonly formatVersion: number
}

/**
 * One commit. The first commit of a store (and any on an empty state) carries the whole state;
 * every other carries only its row changes, so its size does not grow with the store. Format
 * 1 lines carried immer patches at the engine's bucket paths instead (read to upgrade them).
 */
export type JournalEntry =
  | { readonly version: number; readonly changes: readonly RowChange[]; readonly state?: undefined; readonly patches?: undefined }
  | { readonly version: number; readonly patches: readonly Patch[]; readonly state?: undefined; readonly changes?: undefined }
  | { readonly version: number; readonly state: State; readonly patches?: undefined; readonly changes?: undefined }

export const encodeHeader = (base: number): Buffer =>
  encodeLine(JSON.stringify({ format: JOURNAL_FORMAT, formatVersion: FORMAT_VERSION, base }))

/** A commit's line; the state and the changes in their stored form (src/store/stored-state.ts, row-change-codec.ts). */
export const encodeEntry = (entry: { readonly version: number; readonly state: unknown } | { readonly version: number; readonly changes: readonly unknown[] }): Buffer =>
  encodeLine('state' in entry ? JSON.stringify({ v: entry.version, s: entry.state }) : JSON.stringify({ v: entry.version, c: entry.changes }))

const isRecord = (u: unknown): u is Record<string, unknown> => u !== null && typeof u === 'object' && !Array.isArray(u)
const isVersion = (u: unknown): u is number => Number.isSafeInteger(u) && (u as number) >= 0

/** A journal of a format newer than this version writes is refused, never read as far as it happens to fit. */
export const decodeHeader = (value: unknown): Decoded<JournalHeader> => {
  if (!isRecord(value) || value.format !== JOURNAL_FORMAT) return fail('not a flagport journal header')
  if (value.formatVersion !== LEGACY_FORMAT_VERSION && value.formatVersion !== FORMAT_VERSION) return fail(`unsupported journal format version ${String(value.formatVersion)}`)
  if (!isVersion(value.base)) return fail('the header has no base version')
  return { ok: true, value: { base: value.base, formatVersion: value.formatVersion } }
}

/**
 * Decodes a commit line of a journal of `formatVersion`; `decodeState` checks a whole state,
 * `decodeChanges` a commit's row changes.
 */
export const decodeEntry = (
  value: unknown,
  expected: number,
  formatVersion: number,
  decodeState: (u: unknown) => Decoded<State>,
  decodeChanges: (u: unknown) => Decoded<readonly RowChange[]>,
): Decoded<JournalEntry> => {
  if (!isRecord(value) || !isVersion(value.v)) return fail('not a commit')
  if (value.v !== expected) return fail(`expected version ${expected}, found ${value.v}`)
  if (formatVersion === FORMAT_VERSION && value.c !== undefined) {
    const changes = decodeChanges(value.c)
    return changes.ok ? { ok: true, value: { version: value.v, changes: changes.value } } : fail(`invalid changes: ${changes.reason}`)
  }
  if (formatVersion === LEGACY_FORMAT_VERSION && Array.isArray(value.p)) return { ok: true, value: { version: value.v, patches: value.p as Patch[] } }
  if (value.s !== undefined) {
    const state = decodeState(value.s)
    return state.ok ? { ok: true, value: { version: value.v, state: state.value } } : fail(`invalid state: ${state.reason}`)
  }
  return fail(formatVersion === FORMAT_VERSION ? 'a commit carries neither changes nor a state' : 'a commit carries neither patches nor a state')
}

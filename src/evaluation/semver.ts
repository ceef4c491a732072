/**
 * Strict Semantic Versioning 2.0.0: parsing and precedence. No `v` prefix, no leading
 * zeros, no loose forms; anything else is not a version (the SEMVER_* operators are
 * then false, as the client specification requires for `v2.0.0`).
 */

/** A parsed version. Build metadata is dropped: it takes no part in precedence. */
export interface SemVer {
  readonly major: number
  readonly minor: number
  readonly patch: number
  /** Dot-separated pre-release identifiers; empty for a release. */
  readonly prerelease: readonly string[]
}

const NUMERIC = /^(?:0|[1-9]\d*)$/
const IDENTIFIER = /^[0-9A-Za-z-]+$/
const CORE = /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)$/

const parseCore = (text: string): readonly [number, number, number] | undefined => {
  const match = CORE.exec(text)
  if (match === null) return undefined
  const parts = [Number(match[1]), Number(match[2]), Number(match[3])] as const
  // Beyond 2^53 two different versions would compare equal.
  return parts.every(Number.isSafeInteger) ? parts : undefined
}

const parseIdentifiers = (text: string, numericMayNotLead: boolean): string[] | undefined => {
  const identifiers = text.split('.')
  for (const id of identifiers) {
    if (!IDENTIFIER.test(id)) return undefined
    if (numericMayNotLead && /^\d+$/.test(id) && !NUMERIC.test(id)) return undefined
  }
  return identifiers
}

/**
 * Parses `MAJOR.MINOR.PATCH[-PRERELEASE][+BUILD]`; `undefined` when `text` is not one.
 *
 * @example parseSemver('2.0.0-rc.1+build.5')  // { major: 2, minor: 0, patch: 0, prerelease: ['rc', '1'] }
 * @example parseSemver('v2.0.0')              // undefined
 */
export const parseSemver = (text: string): SemVer | undefined => {
  const plus = text.indexOf('+')
  const withoutBuild = plus === -1 ? text : text.slice(0, plus)
  if (plus !== -1 && parseIdentifiers(text.slice(plus + 1), false) === undefined) return undefined

  const dash = withoutBuild.indexOf('-')
  const core = parseCore(dash === -1 ? withoutBuild : withoutBuild.slice(0, dash))
  if (core === undefined) return undefined
  const prerelease = dash === -1 ? [] : parseIdentifiers(withoutBuild.slice(dash + 1), true)
  if (prerelease === undefined) return undefined
  return { major: core[0], minor: core[1], patch: core[2], prerelease }
}

const sign = (n: number): -1 | 0 | 1 => (n < 0 ? -1 : n > 0 ? 1 : 0)

const compareIdentifier = (a: string, b: string): -1 | 0 | 1 => {
  const aNumeric = NUMERIC.test(a)
  const bNumeric = NUMERIC.test(b)
  if (aNumeric && bNumeric) {
    // No leading zeros, so the longer digit string is the larger number, at any size.
    return a.length !== b.length ? sign(a.length - b.length) : a < b ? -1 : a > b ? 1 : 0
  }
  if (aNumeric) return -1
  if (bNumeric) return 1
  return a < b ? -1 : a > b ? 1 : 0
}

/**
 * Precedence per semver.org §11: `-1` when `a < b`, `1` when `a > b`, `0` when equal.
 * A pre-release sorts before its release; identifiers compare numerically when both are
 * numeric, else in ASCII order, numeric before alphanumeric; a longer list wins a tie.
 */
export const compareSemver = (a: SemVer, b: SemVer): -1 | 0 | 1 => {
  const core = sign(a.major - b.major) || sign(a.minor - b.minor) || sign(a.patch - b.patch)
  if (core !== 0) return core
  if (a.prerelease.length === 0 || b.prerelease.length === 0) {
    return sign(b.prerelease.length - a.prerelease.length)
  }
  const shared = Math.min(a.prerelease.length, b.prerelease.length)
  for (let i = 0; i < shared; i += 1) {
    const order = compareIdentifier(a.prerelease[i]!, b.prerelease[i]!)
    if (order !== 0) return order
  }
  return sign(a.prerelease.length - b.prerelease.length)
}

import { RE2JS } from 're2js'

/**
 * The REGEX operator's engine: RE2 syntax (as Unleash's other SDKs use), linear-time
 * matching, so a flag definition cannot stall the host with catastrophic backtracking.
 * Lookarounds and backreferences are not RE2 and fail to compile.
 */

/** Whether the pattern occurs anywhere in `text` (unanchored, like RE2's partial match). */
export type TextMatcher = (text: string) => boolean

/**
 * Compiles `pattern` once; `undefined` when it is not a valid RE2 expression, which
 * makes the constraint false rather than throwing at evaluation time.
 */
export const compileRegex = (pattern: string, caseInsensitive: boolean): TextMatcher | undefined => {
  let compiled: RE2JS
  try {
    compiled = RE2JS.compile(pattern, caseInsensitive ? RE2JS.CASE_INSENSITIVE : 0)
  } catch {
    // re2js reports syntax errors only by throwing; an invalid pattern is expected input.
    return undefined
  }
  return (text) => compiled.test(text)
}

import type { Test } from 'tap'
import { err, plain } from './api.js'

/**
 * A call refused as `match` says, each problem at the path given (when given), that left the
 * store exactly as it was.
 */
export const refused = async (t: Test, api: { state(): unknown }, call: () => Promise<unknown>, match: object, paths?: (string | undefined)[]): Promise<void> => {
  const before = plain(api.state())
  const e = err((await call()) as never) as { details: { path?: string }[] }
  t.match(e, match)
  if (paths) t.same(e.details.map((d) => d.path), paths)
  t.same(plain(api.state()), before, 'the store is unchanged')
}

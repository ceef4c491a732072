import type { ResolvedConfig } from './config.js'
import type { EmailPort } from '../ports/email.js'
import type { StoragePort } from '../ports/storage.js'
import type { AdminApi } from './admin-api-types.js'
import type { Run } from './methods.js'
import type { Runner } from './runner.js'

/**
 * What flagport's own layers (the HTTP handler, tests) reach behind a facade, kept off
 * `AdminApi`: a host app works through the methods, never around the pipeline.
 */
export interface FacadeInternals {
  readonly storage: StoragePort
  /** Runs any operation through the facade's pipeline. */
  readonly run: Run
  /** For tools: several write operations through the same pipeline, committed as one transaction (`runAll` in src/api/runner.ts). */
  readonly runAll: Runner['runAll']
  /**
   * Hears of every commit to the store once each, in version order: this facade's (once the
   * store accepted it) and those of other facades or processes sharing the store (as the
   * port's `subscribe` or this facade's next commit tells of them). Returns how to stop.
   */
  readonly onCommit: Runner['onCommit']
  readonly config: ResolvedConfig
  readonly email: EmailPort | undefined
}

export const INTERNALS: unique symbol = Symbol('flagport.internals')

/** The internals of a facade `createAdminApi` made. */
export const internalsOf = (api: AdminApi): FacadeInternals => {
  const internals = (api as { [INTERNALS]?: FacadeInternals })[INTERNALS]
  if (internals === undefined) throw new TypeError('flagport: not a facade made by createAdminApi')
  return internals
}

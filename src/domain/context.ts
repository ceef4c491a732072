import type { ResourceLimits } from '../model/limits.js'
import type { Actor } from '../model/actor.js'

export type { Actor }

/**
 * Everything impure a domain function needs, handed in: the time, fresh ids, who acts,
 * and the instance's limits. Domain functions never read a clock or a random source.
 */
export interface Ctx {
  /** ISO-8601 time of the operation. */
  readonly now: string
  readonly actor: Actor
  readonly uuid: () => string
  readonly token: () => string
  readonly limits: ResourceLimits
  /** Events kept before the oldest are dropped. */
  readonly eventRetention: number
}

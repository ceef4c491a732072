import type { ResourceLimits } from '../model/limits.js'

/** Who is acting, as events and collaborators record it. */
export interface Actor {
  /** A user id, or a negative id for tokens and the system (as Unleash does). */
  readonly id: number
  /** e-mail, else username, else a token name, else `unknown`. */
  readonly name: string
}

export const SYSTEM_ACTOR: Actor = { id: -1337, name: 'unleash_system_user' }

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

/** Who is acting, as events and collaborators record it. */
export interface Actor {
  /** A user id, or a negative id for tokens and the system (as Unleash does). */
  readonly id: number
  /** e-mail, else username, else a token name, else `unknown`. */
  readonly name: string
}

import * as t from 'io-ts'
import { FiniteNumber, Integer, lengthBetween, open, refinedString, urlFriendly } from './codec.js'

/**
 * 1 to 100 characters, URL friendly. `*` is refused: API tokens use it to mean "every
 * environment", so an environment of that name could never be told apart.
 */
export const EnvironmentName = refinedString(
  'a URL-friendly name of 1 to 100 characters, other than "*"',
  (s) => s.length >= 1 && s.length <= 100 && urlFriendly(s) && s !== '*',
)

/** Body of creating an environment (Unleash's createEnvironmentSchema). */
export const CreateEnvironmentBody = open(
  { name: EnvironmentName, type: lengthBetween(1, 100) },
  { enabled: t.boolean, sortOrder: FiniteNumber, requiredApprovals: t.union([Integer, t.null]) },
  'an environment',
)
export type CreateEnvironmentBody = t.TypeOf<typeof CreateEnvironmentBody>

/** An environment as returned. */
export const Environment = t.type({
  name: t.string,
  type: t.string,
  enabled: t.boolean,
  protected: t.boolean,
  sortOrder: t.number,
  requiredApprovals: t.union([t.number, t.null]),
  /** How many projects the environment is connected to. */
  projectCount: t.number,
})
export type Environment = t.TypeOf<typeof Environment>

export const EnvironmentList = t.type({ version: t.literal(1), environments: t.array(Environment) })
export type EnvironmentList = t.TypeOf<typeof EnvironmentList>

import * as t from 'io-ts'
import { DefaultStrategy } from './strategy.js'
import { FiniteNumber, Integer, dictOf, lengthBetween, open, refinedString, urlFriendly } from './codec.js'

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

/** Environments' sort order, `{ <name>: <sortOrder> }` (Unleash's `sortOrderSchema`). */
export const EnvironmentSortOrderBody = dictOf(Integer, 'an object of environment names to integers')
export type EnvironmentSortOrderBody = t.TypeOf<typeof EnvironmentSortOrderBody>

/** An environment as returned, in Unleash's key order. */
export const Environment = t.type({
  name: t.string,
  type: t.string,
  sortOrder: t.number,
  enabled: t.boolean,
  protected: t.boolean,
  requiredApprovals: t.union([t.number, t.null]),
})
export type Environment = t.TypeOf<typeof Environment>

/** An environment as listed: with Unleash's counts of what uses it. */
export const ListedEnvironment = t.intersection([
  Environment,
  t.type({
    /** Projects it is connected to. */
    projectCount: t.number,
    /** API tokens scoped to it (personal ones are not API tokens). */
    apiTokenCount: t.number,
    /** Features enabled in it, archived ones included. */
    enabledToggleCount: t.number,
  }),
])
export type ListedEnvironment = t.TypeOf<typeof ListedEnvironment>

export const EnvironmentList = t.type({ version: t.literal(1), environments: t.array(ListedEnvironment) })
export type EnvironmentList = t.TypeOf<typeof EnvironmentList>

/** An environment as a project sees it (Unleash's `environmentProjectSchema`). */
export const ProjectEnvironmentRecord = t.intersection([
  Environment,
  t.type({
    /** API tokens of the environment that reach the project (scoped to it, or to every project). */
    projectApiTokenCount: t.number,
    /** The project's features enabled in it, archived ones included. */
    projectEnabledToggleCount: t.number,
    /** Whether the project is connected to it. */
    visible: t.boolean,
  }),
  /** The project's default strategy there, when one is set. */
  t.partial({ defaultStrategy: DefaultStrategy }),
])
export type ProjectEnvironmentRecord = t.TypeOf<typeof ProjectEnvironmentRecord>

export const ProjectEnvironmentList = t.type({ version: t.literal(1), environments: t.array(ProjectEnvironmentRecord) })
export type ProjectEnvironmentList = t.TypeOf<typeof ProjectEnvironmentList>

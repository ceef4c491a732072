import * as t from 'io-ts'
import { DefaultStrategy } from './strategy.js'
import { FiniteNumber, Integer, dictOf, lengthBetween, open, refinedString, urlFriendly, type Named } from './codec.js'

/**
 * 1 to 100 characters, URL friendly. `*` is refused: API tokens use it to mean "every
 * environment", so an environment of that name could never be told apart.
 */
export const EnvironmentName = refinedString(
  'a URL-friendly name of 1 to 100 characters, other than "*"',
  (s) => s.length >= 1 && s.length <= 100 && urlFriendly(s) && s !== '*',
)

/** Body of creating an environment (Unleash's createEnvironmentSchema). */
export interface CreateEnvironmentBody extends t.TypeOf<typeof CreateEnvironmentBodyCodec> {}
const CreateEnvironmentBodyCodec = open(
  { name: EnvironmentName, type: lengthBetween(1, 100) },
  { enabled: t.boolean, sortOrder: FiniteNumber, requiredApprovals: t.union([Integer, t.null]) },
  'an environment',
)
export const CreateEnvironmentBody: Named<typeof CreateEnvironmentBodyCodec, CreateEnvironmentBody> = CreateEnvironmentBodyCodec

/** Environments' sort order, `{ <name>: <sortOrder> }` (Unleash's `sortOrderSchema`). */
export const EnvironmentSortOrderBody = dictOf(Integer, 'an object of environment names to integers')
export type EnvironmentSortOrderBody = t.TypeOf<typeof EnvironmentSortOrderBody>

/** An environment as returned, in Unleash's key order. */
export interface Environment extends t.TypeOf<typeof EnvironmentCodec> {}
const EnvironmentCodec = t.type({
  name: t.string,
  type: t.string,
  sortOrder: t.number,
  enabled: t.boolean,
  protected: t.boolean,
  requiredApprovals: t.union([t.number, t.null]),
})
export const Environment: Named<typeof EnvironmentCodec, Environment> = EnvironmentCodec

/** An environment as listed: with Unleash's counts of what uses it. */
export interface ListedEnvironment extends t.TypeOf<typeof ListedEnvironmentCodec> {}
const ListedEnvironmentCodec = t.intersection([
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
export const ListedEnvironment: Named<typeof ListedEnvironmentCodec, ListedEnvironment> = ListedEnvironmentCodec

export interface EnvironmentList extends t.TypeOf<typeof EnvironmentListCodec> {}
const EnvironmentListCodec = t.type({ version: t.literal(1), environments: t.array(ListedEnvironment) })
export const EnvironmentList: Named<typeof EnvironmentListCodec, EnvironmentList> = EnvironmentListCodec

/** An environment as a project sees it (Unleash's `environmentProjectSchema`). */
export interface ProjectEnvironmentRecord extends t.TypeOf<typeof ProjectEnvironmentRecordCodec> {}
const ProjectEnvironmentRecordCodec = t.intersection([
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
export const ProjectEnvironmentRecord: Named<typeof ProjectEnvironmentRecordCodec, ProjectEnvironmentRecord> = ProjectEnvironmentRecordCodec

export interface ProjectEnvironmentList extends t.TypeOf<typeof ProjectEnvironmentListCodec> {}
const ProjectEnvironmentListCodec = t.type({ version: t.literal(1), environments: t.array(ProjectEnvironmentRecord) })
export const ProjectEnvironmentList: Named<typeof ProjectEnvironmentListCodec, ProjectEnvironmentList> = ProjectEnvironmentListCodec

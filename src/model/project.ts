import * as t from 'io-ts'
import { withJsonSchema } from './json-schema.js'
import { Integer, NonBlankString, NonNegativeInteger, closed, oneOf, open, refinedString, type Named } from './codec.js'
import { StrategyBody } from './strategy.js'

export const PROJECT_MODES = ['open', 'protected', 'private'] as const
export const ProjectMode = oneOf(PROJECT_MODES)
export type ProjectMode = t.TypeOf<typeof ProjectMode>

const ID_CHARACTERS = /^[A-Za-z0-9_~.-]+$/

/** A stored project id: `[A-Za-z0-9_~.-]+`, at most 100 characters, not `.` or `..` (they break paths). */
export const isProjectId = (s: string): boolean => s.length <= 100 && ID_CHARACTERS.test(s) && s !== '.' && s !== '..'

/** A requested id: a valid id, or blank (empty or whitespace only), which asks for one generated from the name. */
export const ProjectIdInput = refinedString(
  'a project id of 1 to 100 characters from A-Z, a-z, 0-9, _, ~, . and - other than "." and ".." (or empty, to generate one from the name)',
  (s) => /^\s*$/.test(s) || isProjectId(s),
)

/** An array with at least one element, decoded element by element so paths name the index. */
const nonEmptyArray = <C extends t.Mixed>(item: C, name: string) => {
  const array = t.array(item)
  const nonEmpty = new t.Type<t.TypeOf<C>[], t.OutputOf<C>[], unknown>(
    name,
    (u): u is t.TypeOf<C>[] => array.is(u) && u.length > 0,
    (u, c) => {
      const r = array.validate(u, c)
      if (r._tag === 'Left') return r
      return r.right.length > 0 ? t.success(r.right) : t.failure(u, c)
    },
    array.encode,
  )
  return withJsonSchema(nonEmpty, (of) => ({ type: 'array', items: of(item), minItems: 1 }))
}

export interface ChangeRequestEnvironmentInput extends t.TypeOf<typeof ChangeRequestEnvironmentInputCodec> {}
const ChangeRequestEnvironmentInputCodec = open(
  { name: t.string },
  { requiredApprovals: Integer },
  'a change-request environment { name, requiredApprovals }',
)
export const ChangeRequestEnvironmentInput: Named<typeof ChangeRequestEnvironmentInputCodec, ChangeRequestEnvironmentInput> = ChangeRequestEnvironmentInputCodec

/**
 * Operation 5's body. Unknown fields are ignored (Unleash strips them). `featureLimit` is not
 * in the spec's body table but is part of the project record, and Unleash accepts it.
 */
export interface CreateProjectBody extends t.TypeOf<typeof CreateProjectBodyCodec> {}
const CreateProjectBodyCodec = open(
  { name: NonBlankString },
  {
    id: t.union([ProjectIdInput, t.null]),
    description: t.union([t.string, t.null]),
    mode: ProjectMode,
    defaultStickiness: NonBlankString,
    featureLimit: t.union([NonNegativeInteger, t.null]),
    environments: nonEmptyArray(t.string, 'a list of at least one environment name'),
    changeRequestEnvironments: t.array(ChangeRequestEnvironmentInput),
  },
  'a project',
)
export const CreateProjectBody: Named<typeof CreateProjectBodyCodec, CreateProjectBody> = CreateProjectBodyCodec

export const ChangeRequestEnvironment = t.type({ name: t.string, requiredApprovals: t.number })

/** The project record of the spec (operation 5's answer). */
export interface Project extends t.TypeOf<typeof ProjectCodec> {}
const ProjectCodec = t.type({
  id: t.string,
  name: t.string,
  description: t.union([t.string, t.null]),
  featureLimit: t.union([t.number, t.null]),
  mode: ProjectMode,
  defaultStickiness: t.string,
  environments: t.array(t.string),
  changeRequestEnvironments: t.array(ChangeRequestEnvironment),
})
export const Project: Named<typeof ProjectCodec, Project> = ProjectCodec

/** An owner as Unleash lists them: a user, or `system` when the project has none. */
export const ProjectOwner = t.union([
  t.type({ ownerType: t.literal('user'), id: t.number, name: t.string, imageUrl: t.string }),
  t.type({ ownerType: t.literal('system') }),
])
export type ProjectOwner = t.TypeOf<typeof ProjectOwner>

/** One project in the project list: the record plus counts, as Unleash's list adds them, and whether the caller marked it as a favourite. */
export interface ProjectSummary extends t.TypeOf<typeof ProjectSummaryCodec> {}
const ProjectSummaryCodec = t.intersection([
  Project,
  t.type({ createdAt: t.string, favorite: t.boolean, featureCount: t.number, memberCount: t.number, owners: t.array(ProjectOwner) }),
])
export const ProjectSummary: Named<typeof ProjectSummaryCodec, ProjectSummary> = ProjectSummaryCodec

export interface ProjectList extends t.TypeOf<typeof ProjectListCodec> {}
const ProjectListCodec = t.type({ version: t.literal(1), projects: t.array(ProjectSummary) })
export const ProjectList: Named<typeof ProjectListCodec, ProjectList> = ProjectListCodec

/**
 * Connects an environment to a project (Unleash: POST /api/admin/projects/:id/environments).
 * As Unleash's `projectEnvironmentSchema`: `changeRequestsEnabled` and `defaultStrategy` are
 * checked and not used, other properties are refused.
 */
export interface ProjectEnvironmentBody extends t.TypeOf<typeof ProjectEnvironmentBodyCodec> {}
const ProjectEnvironmentBodyCodec = closed(
  { environment: t.string },
  { changeRequestsEnabled: t.boolean, defaultStrategy: StrategyBody },
  'an object with an environment name',
)
export const ProjectEnvironmentBody: Named<typeof ProjectEnvironmentBodyCodec, ProjectEnvironmentBody> = ProjectEnvironmentBodyCodec

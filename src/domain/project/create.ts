import * as E from 'fp-ts/lib/Either.js'
import type { CreateProjectBody } from '../../model/project.js'
import type { ChangeRequestEnvironment, ProjectState } from '../../model/state.js'
import type { Ctx } from '../context.js'
import { type ErrorDetail, exceedsLimit, nameExists, validationError, type ExceedsLimitError, type NameExistsError, type ValidationError } from '../errors.js'
import { clampApprovals, sortedEnvironments } from '../environment/lookup.js'
import { recordEvent } from '../events.js'
import { generateProjectId } from './id.js'
import { renderProject } from './render.js'
import type { ReadState, Tx } from '../../store/tx.js'

const isBlank = (s: string | null | undefined): boolean => s == null || /^\s*$/.test(s)

/** Enabled environments in their display order: what a project gets when it names none. */
const enabledEnvironments = (state: ReadState): string[] =>
  sortedEnvironments(state)
    .filter((e) => e.enabled)
    .map((e) => e.name)

/**
 * Every named environment must exist; change-request environments are named at most once; a
 * project always has at least one environment (the spec's record requires it).
 */
const checkEnvironments = (state: ReadState, body: CreateProjectBody): ErrorDetail[] => {
  const problems: ErrorDetail[] = []
  if (!body.environments && enabledEnvironments(state).length === 0) {
    problems.push({ path: '/body/environments', message: 'No environment is enabled, so the project would have none: name at least one in `environments`.' })
  }
  body.environments?.forEach((name, i) => {
    if (!state.environments.has(name)) problems.push({ path: `/body/environments/${i}`, message: `The environment "${name}" does not exist.` })
  })
  const seen = new Set<string>()
  body.changeRequestEnvironments?.forEach(({ name }, i) => {
    const path = `/body/changeRequestEnvironments/${i}/name`
    if (!state.environments.has(name)) problems.push({ path, message: `The environment "${name}" does not exist.` })
    else if (seen.has(name)) problems.push({ path, message: `The environment "${name}" is listed more than once.` })
    seen.add(name)
  })
  return problems
}

/** Approvals an environment predefines win over the requested ones (as in Unleash); default 1, clamped to 1..10. */
const changeRequestEnvironments = (state: ReadState, body: CreateProjectBody): ChangeRequestEnvironment[] =>
  (body.changeRequestEnvironments ?? []).map(({ name, requiredApprovals }) => ({
    name,
    requiredApprovals: clampApprovals(state.environments.get(name)?.requiredApprovals ?? requiredApprovals ?? 1),
  }))

/**
 * Operation 5. Checks, in Unleash's order: the instance's project limit, the environments,
 * then the id (an explicit one must be free; a blank one is generated from the name). The
 * creator, when a user, becomes the project's owner.
 */
export const createProject = (draft: Tx, body: CreateProjectBody, ctx: Ctx): E.Either<ExceedsLimitError | NameExistsError | ValidationError, string> => {
  const state = draft
  const limit = ctx.limits.projects
  if (state.projects.size >= limit) return E.left(exceedsLimit('project', limit))
  const problems = checkEnvironments(state, body)
  if (problems.length > 0) return E.left(validationError(problems))
  const requested = isBlank(body.id) ? undefined : body.id!
  if (requested !== undefined && state.projects.has(requested)) return E.left(nameExists('A project with this id already exists.'))
  const id = requested ?? generateProjectId(state, body.name)
  const project: ProjectState = {
    id,
    name: body.name,
    description: body.description ?? null,
    mode: body.mode ?? 'open',
    defaultStickiness: body.defaultStickiness ?? 'default',
    featureLimit: body.featureLimit ?? null,
    environments: body.environments ? [...new Set(body.environments)] : enabledEnvironments(state),
    changeRequestEnvironments: changeRequestEnvironments(state, body),
    createdAt: ctx.now,
    createdByUserId: ctx.actor.id,
    // Tokens and the system act with ids below 1: they own nothing.
    owners: ctx.actor.id > 0 ? [ctx.actor.id] : [],
  }
  draft.projects.set(id, project)
  recordEvent(draft, ctx, { type: 'project-created', project: id, data: renderProject(project) })
  return E.right(id)
}

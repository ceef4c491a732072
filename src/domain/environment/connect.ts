import * as E from 'fp-ts/lib/Either.js'
import { has } from '../../model/dict.js'
import type { FeatureEnvironmentState } from '../../model/state.js'
import type { Ctx } from '../context.js'
import { nameExists, validationError, type NameExistsError, type NotFoundError, type ValidationError } from '../errors.js'
import { recordEvent } from '../events.js'
import { freshEnvironment } from '../feature/create.js'
import { projectById } from '../project/lookup.js'
import { type Tx, readRow } from '../../store/tx.js'

type Path = { readonly projectId: string; readonly environment: string }

/**
 * The environment settings of each of the project's features, archived ones included (they
 * keep their environments too), read through the draft so changes land in the transaction.
 */
const featureEnvironmentsOf = (draft: Tx, projectId: string): Record<string, FeatureEnvironmentState>[] =>
  draft.features.drafts((f) => f.project === projectId).map((f) => f.environments as Record<string, FeatureEnvironmentState>)

/**
 * Connects an environment to a project: each of the project's features gets it, disabled and
 * without strategies. A disabled environment may be connected when named explicitly.
 */
export const connectEnvironment = (draft: Tx, path: Path, ctx: Ctx): E.Either<NameExistsError | NotFoundError | ValidationError, void> => {
  const project = projectById(draft, path.projectId)
  if (E.isLeft(project)) return project
  // Unleash refuses it as bad input (400), not as a path that names nothing.
  if (!draft.environments.has(path.environment)) {
    return E.left(validationError([{ path: '/body/environment', message: `Environment ${path.environment} does not exist` }]))
  }
  if (project.right.environments.includes(path.environment)) {
    return E.left(nameExists(`${path.projectId} already has the environment ${path.environment} enabled`))
  }
  project.right.environments.push(path.environment)
  for (const environments of featureEnvironmentsOf(draft, path.projectId)) {
    if (!has(environments, path.environment)) environments[path.environment] = freshEnvironment()
  }
  recordEvent(draft, ctx, { type: 'project-environment-added', project: path.projectId, environment: path.environment })
  return E.right(undefined)
}

/**
 * Disconnects an environment from a project: the project's features lose their settings
 * there (strategies and variants included), and the project its default strategy there. A
 * project keeps at least one environment.
 */
export const disconnectEnvironment = (draft: Tx, path: Path, ctx: Ctx): E.Either<NotFoundError | ValidationError, void> => {
  const project = projectById(draft, path.projectId)
  // Nothing to disconnect (no such project, or the environment not connected): Unleash answers 200.
  const at = E.isRight(project) ? project.right.environments.indexOf(path.environment) : -1
  if (E.isLeft(project) || at < 0) return E.right(undefined)
  if (project.right.environments.length === 1) return E.left(validationError('You must always have one active environment'))
  project.right.environments.splice(at, 1)
  // Its default strategy goes with it, as Unleash keeps it on the project-environment row.
  const defaults = readRow(project.right).defaultStrategies
  if (defaults !== undefined && has(defaults, path.environment)) delete project.right.defaultStrategies![path.environment]
  for (const environments of featureEnvironmentsOf(draft, path.projectId)) delete environments[path.environment]
  recordEvent(draft, ctx, { type: 'project-environment-removed', project: path.projectId, environment: path.environment })
  return E.right(undefined)
}

import * as E from 'fp-ts/lib/Either.js'
import { dictFrom, lookup } from '../../model/dict.js'
import type { DefaultStrategy, StrategyBody } from '../../model/strategy.js'
import type { Ctx } from '../context.js'
import { notFound, validationError, type ExceedsLimitError, type NotFoundError, type ValidationError } from '../errors.js'
import { recordEvent } from '../events.js'
import { checkedStrategy, stringParameters } from '../feature/build-strategy.js'
import { jsonEqual } from '../json-patch.js'
import { projectById } from './lookup.js'
import { type Editable, type ReadState, type Tx, readRow } from '../../store/tx.js'

/** Every environment of the project, in Unleash's words for `:environment` (its documented wildcard). */
export const EVERY_ENVIRONMENT = '*'

/**
 * Sets the strategy a project environment gives a feature turned on there with no enabled
 * strategy (Unleash: POST /api/admin/projects/:p/environments/:env/default-strategy). `*` sets
 * it in every environment of the project, as Unleash documents it (Unleash 8.2 answers 500).
 * Only a `flexibleRollout`, as in Unleash. It is checked as a strategy of the project is when it
 * is set, where Unleash checks it only once a feature is turned on with it. Setting the default
 * an environment already has changes nothing and records nothing there.
 */
export const setDefaultStrategy = (
  draft: Tx,
  path: { readonly projectId: string; readonly environment: string },
  body: StrategyBody,
  ctx: Ctx,
): E.Either<ExceedsLimitError | NotFoundError | ValidationError, DefaultStrategy> => {
  const project = projectById(draft, path.projectId)
  if (E.isLeft(project)) return project
  const connected = readRow(project.right).environments
  // Unleash answers 500 for an environment the project does not have.
  if (path.environment !== EVERY_ENVIRONMENT && !connected.includes(path.environment)) {
    return E.left(notFound(`Environment "${path.environment}" is not enabled for project "${path.projectId}".`))
  }
  if (body.name !== 'flexibleRollout') {
    return E.left(validationError('Only "flexibleRollout" strategy can be used as a default strategy for an environment', '/body/name'))
  }
  const checked = checkedStrategy(draft, path.projectId, body, ctx)
  if (E.isLeft(checked)) return checked
  const strategy: DefaultStrategy = {
    name: body.name,
    title: body.title ?? null,
    disabled: body.disabled ?? false,
    ...(body.sortOrder === undefined ? {} : { sortOrder: body.sortOrder }),
    segments: body.segments ?? [],
    constraints: checked.right.constraints,
    variants: checked.right.variants,
    parameters: stringParameters(body),
  }
  const environments = path.environment === EVERY_ENVIRONMENT ? connected : [path.environment]
  for (const environment of environments) {
    const before = defaultStrategyOf(draft, path.projectId, environment)
    if (before !== undefined && jsonEqual(before, strategy)) continue
    if (project.right.defaultStrategies === undefined) project.right.defaultStrategies = dictFrom([[environment, strategy as Editable<DefaultStrategy>]])
    else project.right.defaultStrategies[environment] = strategy as Editable<DefaultStrategy>
    recordEvent(draft, ctx, { type: 'default-strategy-updated', project: path.projectId, environment, data: strategy, preData: before ?? null })
  }
  return E.right(strategy)
}

/** The default strategy set for a project environment, if any; read without drafting it. */
export const defaultStrategyOf = (state: ReadState, projectId: string, environment: string): DefaultStrategy | undefined => {
  const project = state.projects.get(projectId)
  const defaults = project && readRow(project).defaultStrategies
  return defaults === undefined ? undefined : lookup(readRow(defaults), environment)
}

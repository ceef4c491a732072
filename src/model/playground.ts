import * as t from 'io-ts'
import { withJsonSchema } from './json-schema.js'
import { DateTime, NonEmptyString, dictOf, open, optional } from './codec.js'
import { Constraint } from './constraint.js'
import { EnvironmentName } from './environment.js'
import { FeatureVariant, StrategyVariant } from './variant.js'

/** The most evaluations one playground request may ask for: features x environments x context combinations. */
export const MAX_PLAYGROUND_EVALUATIONS = 15_000

/** The most environments one advanced playground request names. */
export const MAX_PLAYGROUND_ENVIRONMENTS = 50

/**
 * A context as the playground takes it (Unleash's `sdkContextSchema`): `appName` and the
 * standard fields, custom fields in `properties` or beside them. Other properties are kept;
 * those that are not strings are left out of the evaluation and named in the answer's warnings.
 */
export const PlaygroundContext = t.intersection(
  [
    t.type({ appName: NonEmptyString }),
    optional({
      currentTime: DateTime,
      environment: t.string,
      properties: dictOf(t.string, 'an object of string values'),
      remoteAddress: t.string,
      sessionId: t.string,
      userId: t.string,
    }),
  ],
  'a context { appName, ... }',
)
export type PlaygroundContext = t.TypeOf<typeof PlaygroundContext>

/** Every project (`*`), or these. */
export const PlaygroundProjects = t.union([t.literal('*'), t.array(t.string)], '"*" or an array of project ids')
export type PlaygroundProjects = t.TypeOf<typeof PlaygroundProjects>

const environments = withJsonSchema(
  new t.Type<string[], string[], unknown>(
    `an array of 1 to ${MAX_PLAYGROUND_ENVIRONMENTS} environment names`,
    (u): u is string[] => Array.isArray(u) && u.length >= 1 && u.length <= MAX_PLAYGROUND_ENVIRONMENTS && u.every((e) => EnvironmentName.is(e)),
    (u, c) => {
      if (!Array.isArray(u) || u.length < 1 || u.length > MAX_PLAYGROUND_ENVIRONMENTS) return t.failure(u, c)
      return t.array(EnvironmentName).validate(u, c)
    },
    t.identity,
  ),
  (of) => ({ type: 'array', items: of(EnvironmentName), minItems: 1, maxItems: MAX_PLAYGROUND_ENVIRONMENTS }),
)

/** Unleash's `advancedPlaygroundRequestSchema` (`POST /api/admin/playground/advanced`). */
export const AdvancedPlaygroundBody = open({ environments, context: PlaygroundContext }, { projects: PlaygroundProjects }, 'a playground request { environments, context, projects? }')
export type AdvancedPlaygroundBody = t.TypeOf<typeof AdvancedPlaygroundBody>

/** Unleash's `playgroundRequestSchema` (`POST /api/admin/playground`): one environment. */
export const PlaygroundBody = open({ environment: EnvironmentName, context: PlaygroundContext }, { projects: PlaygroundProjects }, 'a playground request { environment, context, projects? }')
export type PlaygroundBody = t.TypeOf<typeof PlaygroundBody>

/** A flat context: `properties` spread beside the standard fields, as Unleash's `sdkFlatContextSchema`. */
export const FlatContext = t.intersection([t.type({ appName: t.string }), t.record(t.string, t.string)])
export type FlatContext = t.TypeOf<typeof FlatContext>

const PlaygroundConstraint = t.intersection([Constraint, t.type({ result: t.boolean })])

/** A strategy's verdict: `complete` when flagport knows the strategy, else `incomplete` (a custom one). */
export const StrategyResult = t.union([
  t.type({ evaluationStatus: t.keyof({ incomplete: null, unevaluated: null }), enabled: t.union([t.literal(false), t.literal('unknown')]) }),
  t.intersection([
    t.type({ evaluationStatus: t.literal('complete'), enabled: t.boolean }),
    t.partial({ variant: t.union([t.null, t.type({ name: t.string, enabled: t.boolean })]), variants: t.array(StrategyVariant) }),
  ]),
])
export type StrategyResult = t.TypeOf<typeof StrategyResult>

/** One strategy evaluated (Unleash's `playgroundStrategySchema`). */
export const PlaygroundStrategy = t.type({
  name: t.string,
  title: t.union([t.string, t.null]),
  id: t.string,
  result: StrategyResult,
  disabled: t.boolean,
  segments: t.array(t.type({ id: t.number, name: t.string, result: t.boolean, constraints: t.array(PlaygroundConstraint) })),
  constraints: t.array(PlaygroundConstraint),
  parameters: dictOf(t.string),
  links: t.type({ edit: t.string }),
})
export type PlaygroundStrategy = t.TypeOf<typeof PlaygroundStrategy>

/** What `getVariant` answers, as the playground shows it. */
export const PlaygroundVariant = t.intersection([
  t.type({ name: t.string, enabled: t.boolean, feature_enabled: t.boolean }),
  t.partial({ payload: t.type({ type: t.string, value: t.string }) }),
])

/** The verdict on one feature in one environment and context: what both playgrounds answer of it. */
export const PlaygroundVerdict = t.type({
  name: t.string,
  projectId: t.string,
  strategies: t.type({ result: t.union([t.boolean, t.literal('unknown')]), data: t.array(PlaygroundStrategy) }),
  isEnabledInCurrentEnvironment: t.boolean,
  isEnabled: t.boolean,
  variant: PlaygroundVariant,
  variants: t.array(FeatureVariant),
})
export type PlaygroundVerdict = t.TypeOf<typeof PlaygroundVerdict>

/** One row of the advanced playground: a verdict for one environment and one context combination. */
export const AdvancedPlaygroundRow = t.intersection([PlaygroundVerdict, t.type({ environment: t.string, context: FlatContext })])
export type AdvancedPlaygroundRow = t.TypeOf<typeof AdvancedPlaygroundRow>

/** Unleash's `advancedPlaygroundResponseSchema`. */
export const AdvancedPlaygroundResult = t.intersection([
  t.type({
    input: AdvancedPlaygroundBody,
    features: t.array(t.type({ name: t.string, projectId: t.string, environments: t.record(t.string, t.array(AdvancedPlaygroundRow)) })),
  }),
  t.partial({ warnings: t.type({ invalidContextProperties: t.array(t.string) }) }),
])
export type AdvancedPlaygroundResult = t.TypeOf<typeof AdvancedPlaygroundResult>

/** One feature in the single-environment playground (Unleash's `playgroundFeatureSchema`). */
export const PlaygroundFeature = t.intersection([PlaygroundVerdict, t.type({ hasUnsatisfiedDependency: t.boolean })])
export type PlaygroundFeature = t.TypeOf<typeof PlaygroundFeature>

/** Unleash's `playgroundResponseSchema`. */
export const PlaygroundResult = t.type({ input: PlaygroundBody, features: t.array(PlaygroundFeature) })
export type PlaygroundResult = t.TypeOf<typeof PlaygroundResult>

import * as t from 'io-ts'
import { withJsonSchema } from './json-schema.js'
import { DateTime, NonEmptyString, dictOf, open, optional, type Named } from './codec.js'
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
export interface PlaygroundContext extends t.TypeOf<typeof PlaygroundContextCodec> {}
const PlaygroundContextCodec = t.intersection(
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
export const PlaygroundContext: Named<typeof PlaygroundContextCodec, PlaygroundContext> = PlaygroundContextCodec

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
export interface AdvancedPlaygroundBody extends t.TypeOf<typeof AdvancedPlaygroundBodyCodec> {}
const AdvancedPlaygroundBodyCodec = open({ environments, context: PlaygroundContext }, { projects: PlaygroundProjects }, 'a playground request { environments, context, projects? }')
export const AdvancedPlaygroundBody: Named<typeof AdvancedPlaygroundBodyCodec, AdvancedPlaygroundBody> = AdvancedPlaygroundBodyCodec

/** Unleash's `playgroundRequestSchema` (`POST /api/admin/playground`): one environment. */
export interface PlaygroundBody extends t.TypeOf<typeof PlaygroundBodyCodec> {}
const PlaygroundBodyCodec = open({ environment: EnvironmentName, context: PlaygroundContext }, { projects: PlaygroundProjects }, 'a playground request { environment, context, projects? }')
export const PlaygroundBody: Named<typeof PlaygroundBodyCodec, PlaygroundBody> = PlaygroundBodyCodec

/** A flat context: `properties` spread beside the standard fields, as Unleash's `sdkFlatContextSchema`. */
export interface FlatContext extends t.TypeOf<typeof FlatContextCodec> {}
const FlatContextCodec = t.intersection([t.type({ appName: t.string }), t.record(t.string, t.string)])
export const FlatContext: Named<typeof FlatContextCodec, FlatContext> = FlatContextCodec

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
export interface PlaygroundStrategy extends t.TypeOf<typeof PlaygroundStrategyCodec> {}
const PlaygroundStrategyCodec = t.type({
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
export const PlaygroundStrategy: Named<typeof PlaygroundStrategyCodec, PlaygroundStrategy> = PlaygroundStrategyCodec

/** What `getVariant` answers, as the playground shows it. */
export const PlaygroundVariant = t.intersection([
  t.type({ name: t.string, enabled: t.boolean, feature_enabled: t.boolean }),
  t.partial({ payload: t.type({ type: t.string, value: t.string }) }),
])

/** The verdict on one feature in one environment and context: what both playgrounds answer of it. */
export interface PlaygroundVerdict extends t.TypeOf<typeof PlaygroundVerdictCodec> {}
const PlaygroundVerdictCodec = t.type({
  name: t.string,
  projectId: t.string,
  strategies: t.type({ result: t.union([t.boolean, t.literal('unknown')]), data: t.array(PlaygroundStrategy) }),
  isEnabledInCurrentEnvironment: t.boolean,
  isEnabled: t.boolean,
  variant: PlaygroundVariant,
  variants: t.array(FeatureVariant),
})
export const PlaygroundVerdict: Named<typeof PlaygroundVerdictCodec, PlaygroundVerdict> = PlaygroundVerdictCodec

/** One row of the advanced playground: a verdict for one environment and one context combination. */
export interface AdvancedPlaygroundRow extends t.TypeOf<typeof AdvancedPlaygroundRowCodec> {}
const AdvancedPlaygroundRowCodec = t.intersection([PlaygroundVerdict, t.type({ environment: t.string, context: FlatContext })])
export const AdvancedPlaygroundRow: Named<typeof AdvancedPlaygroundRowCodec, AdvancedPlaygroundRow> = AdvancedPlaygroundRowCodec

/** Unleash's `advancedPlaygroundResponseSchema`. */
export interface AdvancedPlaygroundResult extends t.TypeOf<typeof AdvancedPlaygroundResultCodec> {}
const AdvancedPlaygroundResultCodec = t.intersection([
  t.type({
    input: AdvancedPlaygroundBody,
    features: t.array(t.type({ name: t.string, projectId: t.string, environments: t.record(t.string, t.array(AdvancedPlaygroundRow)) })),
  }),
  t.partial({ warnings: t.type({ invalidContextProperties: t.array(t.string) }) }),
])
export const AdvancedPlaygroundResult: Named<typeof AdvancedPlaygroundResultCodec, AdvancedPlaygroundResult> = AdvancedPlaygroundResultCodec

/** One feature in the single-environment playground (Unleash's `playgroundFeatureSchema`). */
export interface PlaygroundFeature extends t.TypeOf<typeof PlaygroundFeatureCodec> {}
const PlaygroundFeatureCodec = t.intersection([PlaygroundVerdict, t.type({ hasUnsatisfiedDependency: t.boolean })])
export const PlaygroundFeature: Named<typeof PlaygroundFeatureCodec, PlaygroundFeature> = PlaygroundFeatureCodec

/** Unleash's `playgroundResponseSchema`. */
export interface PlaygroundResult extends t.TypeOf<typeof PlaygroundResultCodec> {}
const PlaygroundResultCodec = t.type({ input: PlaygroundBody, features: t.array(PlaygroundFeature) })
export const PlaygroundResult: Named<typeof PlaygroundResultCodec, PlaygroundResult> = PlaygroundResultCodec

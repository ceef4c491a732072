import * as t from 'io-ts'
import { plainFields, refinedString } from './codec.js'

/*
 * Path parameters: what a URL's `:name` placeholders carry over HTTP, and what a caller in
 * process puts in `params`. Every operation declares the codec of its own; the runner reads a
 * request's parameters through it with the rest of its input (after the 401, the 403 and
 * maintenance), so one left out, or one that is not a string, is a ValidationError naming
 * `/params/<name>`. Names the codec does not know are let be, as a URL's are. A path that
 * extends another extends its codec's props.
 */

/** An operation that takes none. */
export const NoParams = plainFields({})
export type NoParams = t.TypeOf<typeof NoParams>

export const ProjectParams = plainFields({ projectId: t.string })
export type ProjectParams = t.TypeOf<typeof ProjectParams>

export const ProjectEnvironmentParams = plainFields({ ...ProjectParams.props, environment: t.string })
export type ProjectEnvironmentParams = t.TypeOf<typeof ProjectEnvironmentParams>

export const FeatureParams = plainFields({ ...ProjectParams.props, featureName: t.string })
export type FeatureParams = t.TypeOf<typeof FeatureParams>

/** A feature's dependencies: on one parent, or on all of them when `parent` is left out. */
export const DependencyParams = t.intersection([FeatureParams, t.partial({ parent: t.string })])
export type DependencyParams = t.TypeOf<typeof DependencyParams>

export const FeatureLinkParams = plainFields({ ...FeatureParams.props, linkId: t.string })
export type FeatureLinkParams = t.TypeOf<typeof FeatureLinkParams>

export const EnvironmentParams = plainFields({ ...FeatureParams.props, environment: t.string })
export type EnvironmentParams = t.TypeOf<typeof EnvironmentParams>

export const StrategyParams = plainFields({ ...EnvironmentParams.props, strategyId: t.string })
export type StrategyParams = t.TypeOf<typeof StrategyParams>

/** A feature named without its project (the archive, a feature's tags). */
export const FeatureNameParams = plainFields({ featureName: t.string })
export type FeatureNameParams = t.TypeOf<typeof FeatureNameParams>

export const TagParams = plainFields({ type: t.string, value: t.string })
export type TagParams = t.TypeOf<typeof TagParams>

export const FeatureTagParams = plainFields({ ...FeatureNameParams.props, ...TagParams.props })
export type FeatureTagParams = t.TypeOf<typeof FeatureTagParams>

export const TagTypeParams = plainFields({ type: t.string })
export type TagTypeParams = t.TypeOf<typeof TagTypeParams>

/** A record named by its name (an environment, a tag type). */
export const NameParams = plainFields({ name: t.string })
export type NameParams = t.TypeOf<typeof NameParams>

/** A feature type named by its id (`release`, ...). */
export const FeatureTypeParams = plainFields({ id: t.string })
export type FeatureTypeParams = t.TypeOf<typeof FeatureTypeParams>

/**
 * A numeric id in a path: Unleash's schemas declare these parameters integers, so anything else
 * ("abc", "1.5") is a 400 naming the parameter (`must be integer`, Unleash's words), not a 404.
 * It stays text: the lookups read it as a key.
 */
const IntegerText = refinedString('integer', (s) => /^-?\d+$/.test(s))

/** A record named by its id (a user, a service account, a group). */
export const IdParams = plainFields({ id: IntegerText })
export type IdParams = t.TypeOf<typeof IdParams>

/**
 * An API token, named as Unleash names it in a path: by its secret. Lists show no secret (the
 * store keeps only its digest), so the id they show names it too.
 */
export const ApiTokenParams = plainFields({ token: t.string })
export type ApiTokenParams = t.TypeOf<typeof ApiTokenParams>

/** A token named in a project's path (Unleash: DELETE /api/admin/projects/:p/api-tokens/:token). */
export const ProjectApiTokenParams = plainFields({ projectId: t.string, token: t.string })
export type ProjectApiTokenParams = t.TypeOf<typeof ProjectApiTokenParams>

/** A token of the caller's own. */
export const OwnTokenParams = plainFields({ tokenId: IntegerText })
export type OwnTokenParams = t.TypeOf<typeof OwnTokenParams>

/** A token of the account in the path. */
export const AccountTokenParams = plainFields({ ...IdParams.props, ...OwnTokenParams.props })
export type AccountTokenParams = t.TypeOf<typeof AccountTokenParams>

export const SegmentParams = plainFields({ segmentId: IntegerText })
export type SegmentParams = t.TypeOf<typeof SegmentParams>

/** A strategy named by its id alone, as Unleash's segment routes name one. */
export const StrategyIdParams = plainFields({ strategyId: t.string })
export type StrategyIdParams = t.TypeOf<typeof StrategyIdParams>

export const ContextFieldParams = plainFields({ contextName: t.string })
export type ContextFieldParams = t.TypeOf<typeof ContextFieldParams>

/** One legal value of a context field. */
export const LegalValueParams = plainFields({ ...ContextFieldParams.props, legalValue: t.string })
export type LegalValueParams = t.TypeOf<typeof LegalValueParams>

/** A context field of a project. */
export const ProjectContextFieldParams = plainFields({ projectId: t.string, contextField: t.string })
export type ProjectContextFieldParams = t.TypeOf<typeof ProjectContextFieldParams>

/** One legal value of a project's context field. */
export const ProjectLegalValueParams = plainFields({ ...ProjectContextFieldParams.props, legalValue: t.string })
export type ProjectLegalValueParams = t.TypeOf<typeof ProjectLegalValueParams>

import * as t from 'io-ts'
import { plainFields, refinedString, type Named } from './codec.js'

/*
 * Path parameters: what a URL's `:name` placeholders carry over HTTP, and what a caller in
 * process puts in `params`. Every operation declares the codec of its own; the runner reads a
 * request's parameters through it with the rest of its input (after the 401, the 403 and
 * maintenance), so one left out, or one that is not a string, is a ValidationError naming
 * `/params/<name>`. Names the codec does not know are let be, as a URL's are. A path that
 * extends another extends its codec's props.
 */

/** An operation that takes none. */
export interface NoParams extends t.TypeOf<typeof NoParamsCodec> {}
const NoParamsCodec = plainFields({})
export const NoParams: Named<typeof NoParamsCodec, NoParams> = NoParamsCodec

export interface ProjectParams extends t.TypeOf<typeof ProjectParamsCodec> {}
const ProjectParamsCodec = plainFields({ projectId: t.string })
export const ProjectParams: Named<typeof ProjectParamsCodec, ProjectParams> = ProjectParamsCodec

export interface ProjectEnvironmentParams extends t.TypeOf<typeof ProjectEnvironmentParamsCodec> {}
const ProjectEnvironmentParamsCodec = plainFields({ ...ProjectParams.props, environment: t.string })
export const ProjectEnvironmentParams: Named<typeof ProjectEnvironmentParamsCodec, ProjectEnvironmentParams> = ProjectEnvironmentParamsCodec

export interface FeatureParams extends t.TypeOf<typeof FeatureParamsCodec> {}
const FeatureParamsCodec = plainFields({ ...ProjectParams.props, featureName: t.string })
export const FeatureParams: Named<typeof FeatureParamsCodec, FeatureParams> = FeatureParamsCodec

/** A feature's dependencies: on one parent, or on all of them when `parent` is left out. */
export interface DependencyParams extends t.TypeOf<typeof DependencyParamsCodec> {}
const DependencyParamsCodec = t.intersection([FeatureParams, t.partial({ parent: t.string })])
export const DependencyParams: Named<typeof DependencyParamsCodec, DependencyParams> = DependencyParamsCodec

export interface FeatureLinkParams extends t.TypeOf<typeof FeatureLinkParamsCodec> {}
const FeatureLinkParamsCodec = plainFields({ ...FeatureParams.props, linkId: t.string })
export const FeatureLinkParams: Named<typeof FeatureLinkParamsCodec, FeatureLinkParams> = FeatureLinkParamsCodec

export interface EnvironmentParams extends t.TypeOf<typeof EnvironmentParamsCodec> {}
const EnvironmentParamsCodec = plainFields({ ...FeatureParams.props, environment: t.string })
export const EnvironmentParams: Named<typeof EnvironmentParamsCodec, EnvironmentParams> = EnvironmentParamsCodec

export interface StrategyParams extends t.TypeOf<typeof StrategyParamsCodec> {}
const StrategyParamsCodec = plainFields({ ...EnvironmentParams.props, strategyId: t.string })
export const StrategyParams: Named<typeof StrategyParamsCodec, StrategyParams> = StrategyParamsCodec

/** A feature named without its project (the archive, a feature's tags). */
export interface FeatureNameParams extends t.TypeOf<typeof FeatureNameParamsCodec> {}
const FeatureNameParamsCodec = plainFields({ featureName: t.string })
export const FeatureNameParams: Named<typeof FeatureNameParamsCodec, FeatureNameParams> = FeatureNameParamsCodec

export interface TagParams extends t.TypeOf<typeof TagParamsCodec> {}
const TagParamsCodec = plainFields({ type: t.string, value: t.string })
export const TagParams: Named<typeof TagParamsCodec, TagParams> = TagParamsCodec

export interface FeatureTagParams extends t.TypeOf<typeof FeatureTagParamsCodec> {}
const FeatureTagParamsCodec = plainFields({ ...FeatureNameParams.props, ...TagParams.props })
export const FeatureTagParams: Named<typeof FeatureTagParamsCodec, FeatureTagParams> = FeatureTagParamsCodec

export interface TagTypeParams extends t.TypeOf<typeof TagTypeParamsCodec> {}
const TagTypeParamsCodec = plainFields({ type: t.string })
export const TagTypeParams: Named<typeof TagTypeParamsCodec, TagTypeParams> = TagTypeParamsCodec

/** A record named by its name (an environment, a tag type). */
export interface NameParams extends t.TypeOf<typeof NameParamsCodec> {}
const NameParamsCodec = plainFields({ name: t.string })
export const NameParams: Named<typeof NameParamsCodec, NameParams> = NameParamsCodec

/** A feature type named by its id (`release`, ...). */
export interface FeatureTypeParams extends t.TypeOf<typeof FeatureTypeParamsCodec> {}
const FeatureTypeParamsCodec = plainFields({ id: t.string })
export const FeatureTypeParams: Named<typeof FeatureTypeParamsCodec, FeatureTypeParams> = FeatureTypeParamsCodec

/**
 * A numeric id in a path: Unleash's schemas declare these parameters integers, so anything else
 * ("abc", "1.5") is a 400 naming the parameter (`must be integer`, Unleash's words), not a 404.
 * It stays text: the lookups read it as a key.
 */
const IntegerText = refinedString('integer', (s) => /^-?\d+$/.test(s))

/** A record named by its id (a user, a service account, a group). */
export interface IdParams extends t.TypeOf<typeof IdParamsCodec> {}
const IdParamsCodec = plainFields({ id: IntegerText })
export const IdParams: Named<typeof IdParamsCodec, IdParams> = IdParamsCodec

/**
 * An API token, named as Unleash names it in a path: by its secret. Lists show no secret (the
 * store keeps only its digest), so the id they show names it too.
 */
export interface ApiTokenParams extends t.TypeOf<typeof ApiTokenParamsCodec> {}
const ApiTokenParamsCodec = plainFields({ token: t.string })
export const ApiTokenParams: Named<typeof ApiTokenParamsCodec, ApiTokenParams> = ApiTokenParamsCodec

/** A token named in a project's path (Unleash: DELETE /api/admin/projects/:p/api-tokens/:token). */
export interface ProjectApiTokenParams extends t.TypeOf<typeof ProjectApiTokenParamsCodec> {}
const ProjectApiTokenParamsCodec = plainFields({ projectId: t.string, token: t.string })
export const ProjectApiTokenParams: Named<typeof ProjectApiTokenParamsCodec, ProjectApiTokenParams> = ProjectApiTokenParamsCodec

/** A token of the caller's own. */
export interface OwnTokenParams extends t.TypeOf<typeof OwnTokenParamsCodec> {}
const OwnTokenParamsCodec = plainFields({ tokenId: IntegerText })
export const OwnTokenParams: Named<typeof OwnTokenParamsCodec, OwnTokenParams> = OwnTokenParamsCodec

/** A token of the account in the path. */
export interface AccountTokenParams extends t.TypeOf<typeof AccountTokenParamsCodec> {}
const AccountTokenParamsCodec = plainFields({ ...IdParams.props, ...OwnTokenParams.props })
export const AccountTokenParams: Named<typeof AccountTokenParamsCodec, AccountTokenParams> = AccountTokenParamsCodec

export interface SegmentParams extends t.TypeOf<typeof SegmentParamsCodec> {}
const SegmentParamsCodec = plainFields({ segmentId: IntegerText })
export const SegmentParams: Named<typeof SegmentParamsCodec, SegmentParams> = SegmentParamsCodec

/** A strategy named by its id alone, as Unleash's segment routes name one. */
export interface StrategyIdParams extends t.TypeOf<typeof StrategyIdParamsCodec> {}
const StrategyIdParamsCodec = plainFields({ strategyId: t.string })
export const StrategyIdParams: Named<typeof StrategyIdParamsCodec, StrategyIdParams> = StrategyIdParamsCodec

export interface ContextFieldParams extends t.TypeOf<typeof ContextFieldParamsCodec> {}
const ContextFieldParamsCodec = plainFields({ contextName: t.string })
export const ContextFieldParams: Named<typeof ContextFieldParamsCodec, ContextFieldParams> = ContextFieldParamsCodec

/** One legal value of a context field. */
export interface LegalValueParams extends t.TypeOf<typeof LegalValueParamsCodec> {}
const LegalValueParamsCodec = plainFields({ ...ContextFieldParams.props, legalValue: t.string })
export const LegalValueParams: Named<typeof LegalValueParamsCodec, LegalValueParams> = LegalValueParamsCodec

/** A context field of a project. */
export interface ProjectContextFieldParams extends t.TypeOf<typeof ProjectContextFieldParamsCodec> {}
const ProjectContextFieldParamsCodec = plainFields({ projectId: t.string, contextField: t.string })
export const ProjectContextFieldParams: Named<typeof ProjectContextFieldParamsCodec, ProjectContextFieldParams> = ProjectContextFieldParamsCodec

/** One legal value of a project's context field. */
export interface ProjectLegalValueParams extends t.TypeOf<typeof ProjectLegalValueParamsCodec> {}
const ProjectLegalValueParamsCodec = plainFields({ ...ProjectContextFieldParams.props, legalValue: t.string })
export const ProjectLegalValueParams: Named<typeof ProjectLegalValueParamsCodec, ProjectLegalValueParams> = ProjectLegalValueParamsCodec

import * as t from 'io-ts'
import type { Input } from '../../api/methods.js'
import { closed, dictOf, type Named } from '../../model/codec.js'
import { CreateContextFieldBody } from '../../model/context-field.js'
import { ImportData } from '../../model/export.js'
import { CREATE_FEATURE_FIELDS, EnvironmentVariantsBody } from '../../model/feature.js'
import { CreateProjectBody } from '../../model/project.js'
import { SegmentBody } from '../../model/segment.js'
import { StrategyBody } from '../../model/strategy.js'
import { CreateTagTypeBody } from '../../model/tag.js'
import { CreateUserBody } from '../../model/user.js'

/**
 * A flag in one environment: its strategies (Unleash's strategy body), its variants, and its
 * switch. Turned on without strategies, it gets the project's default strategy, as in Unleash.
 */
export interface EnvironmentSeed extends t.TypeOf<typeof EnvironmentSeedCodec> {}
const EnvironmentSeedCodec = closed(
  {},
  { enabled: t.boolean, strategies: t.array(StrategyBody), variants: EnvironmentVariantsBody },
  'a flag environment { enabled?, strategies?, variants? }',
)
export const EnvironmentSeed: Named<typeof EnvironmentSeedCodec, EnvironmentSeed> = EnvironmentSeedCodec

/** A flag: what creating it takes (Unleash's create body but its name), its project and its environments by name. */
export interface FlagSeed extends t.TypeOf<typeof FlagSeedCodec> {}
const FlagSeedCodec = closed({}, { ...CREATE_FEATURE_FIELDS, project: t.string, environments: dictOf(EnvironmentSeed) }, 'a flag')
export const FlagSeed: Named<typeof FlagSeedCodec, FlagSeed> = FlagSeedCodec

/** An export document (`api.batch.exportFeatures`, or Unleash's export) imported into a project and environment. */
export interface ExportSeed extends t.TypeOf<typeof ExportSeedCodec> {}
const ExportSeedCodec = closed({ data: ImportData }, { project: t.string, environment: t.string }, 'an export { data, project?, environment? }')
export const ExportSeed: Named<typeof ExportSeedCodec, ExportSeed> = ExportSeedCodec

/**
 * Everything a test kit starts from, each part in the admin API's own body shape and created in
 * this order. Segments get ids 1, 2, ... in their order, which strategies name them by.
 */
export interface KitSeed extends t.TypeOf<typeof KitSeedCodec> {}
const KitSeedCodec = closed(
  {},
  {
    projects: t.array(CreateProjectBody),
    tagTypes: t.array(CreateTagTypeBody),
    contextFields: t.array(CreateContextFieldBody),
    segments: t.array(SegmentBody),
    users: t.array(CreateUserBody),
    flags: dictOf(FlagSeed),
    exports: t.array(ExportSeed),
  },
  'a test kit seed',
)
export const KitSeed: Named<typeof KitSeedCodec, KitSeed> = KitSeedCodec

/** What a test declares: the seed's shape, read-only; a misspelled or unknown key does not compile. */
export type Seed = Input<KitSeed>

/**
 * How a seed is read before its steps run: its parts and keys, each body left to the codec of
 * the operation it is the body of, which reads it when its step runs (a refusal then names
 * the part of the seed, as `KitSeed` would). Each body is read once.
 */
const BODY = t.unknown
const EnvironmentShape = closed({}, { enabled: t.boolean, strategies: t.array(BODY), variants: BODY }, EnvironmentSeed.name)
const FlagShape = closed({}, { ...Object.fromEntries(Object.keys(CREATE_FEATURE_FIELDS).map((key) => [key, BODY])), project: t.string, environments: dictOf(EnvironmentShape) }, FlagSeed.name)
const ExportShape = closed({ data: BODY }, { project: t.string, environment: t.string }, ExportSeed.name)
export const KitSeedShape = closed(
  {},
  { projects: t.array(BODY), tagTypes: t.array(BODY), contextFields: t.array(BODY), segments: t.array(BODY), users: t.array(BODY), flags: dictOf(FlagShape), exports: t.array(ExportShape) },
  KitSeed.name,
)
export type KitSeedShape = t.TypeOf<typeof KitSeedShape>

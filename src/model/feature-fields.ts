import * as t from 'io-ts'
import { oneOf } from './codec.js'

export const FEATURE_TYPES = ['experiment', 'kill-switch', 'release', 'operational', 'permission'] as const
export const FeatureType = oneOf(FEATURE_TYPES)
export type FeatureType = t.TypeOf<typeof FeatureType>

/** A feature's simple field: one value, stored in its row, set by a body, answered as stored. */
interface FeatureField {
  /** What a body may set it to, and what a row holds. */
  readonly codec: t.Mixed
  /** Its value when a create does not set it, and in a row stored before the field was declared. */
  readonly initial: unknown
  /**
   * Unleash's own field: every stored row has it, and each answer places it where Unleash does
   * (written out there). Any other field is absent from rows stored before it and follows
   * Unleash's fields in every answer.
   */
  readonly unleash?: true
  /** `false`: a create does not set it (an update, a JSON Patch and an import do). */
  readonly onCreate?: false
  /** What a row keeps of a value sent: the value itself unless said. */
  readonly stored?: (sent: never) => unknown
}

/**
 * The feature's simple fields, declared once. From this list derive the row codec (rows.ts),
 * the create and update bodies (and so the OpenAPI document), what a create, an update, a JSON
 * Patch, a clone and an import set, and the feature's record, its short record and its export.
 * A new field is one line here.
 */
export const FEATURE_FIELDS = {
  type: { codec: FeatureType, initial: 'release', unleash: true },
  /** An empty description is none, as Unleash stores it; a blank one is kept. */
  description: { codec: t.union([t.string, t.null]), initial: null, unleash: true, stored: (sent: string | null) => sent || null },
  stale: { codec: t.boolean, initial: false, unleash: true, onCreate: false },
  impressionData: { codec: t.boolean, initial: false, unleash: true },
} as const satisfies Record<string, FeatureField>

type Fields = typeof FEATURE_FIELDS
export type FeatureFieldName = keyof Fields
type UnleashName = { [K in FeatureFieldName]: Fields[K] extends { unleash: true } ? K : never }[FeatureFieldName]
/** The fields Unleash lacks: each answer lists them after Unleash's. */
export type OwnFieldName = Exclude<FeatureFieldName, UnleashName>
type CreatableName = { [K in FeatureFieldName]: Fields[K] extends { onCreate: false } ? never : K }[FeatureFieldName]

type CodecsOf<K extends FeatureFieldName> = { [P in K]: Fields[P]['codec'] }
/** The fields' values, as a row holds them. */
export type FeatureFieldValues = { [K in FeatureFieldName]: t.TypeOf<Fields[K]['codec']> }
/** The values of the fields Unleash lacks, as a row stored before one of them may lack it. */
export type OwnFieldValues = { [K in OwnFieldName]?: FeatureFieldValues[K] }

const NAMES = Object.keys(FEATURE_FIELDS) as FeatureFieldName[]
const field = (name: FeatureFieldName): FeatureField => FEATURE_FIELDS[name]
const OWN_NAMES = NAMES.filter((name) => !field(name).unleash) as OwnFieldName[]
const CREATABLE_NAMES = NAMES.filter((name) => field(name).onCreate !== false) as CreatableName[]
const codecsOf = <K extends FeatureFieldName>(names: readonly K[]) => Object.fromEntries(names.map((name) => [name, field(name).codec])) as CodecsOf<K>

/** The codecs of Unleash's fields, which every row has. */
export const UNLEASH_FIELD_CODECS = codecsOf(NAMES.filter((name) => field(name).unleash) as UnleashName[])
/** The codecs of the fields Unleash lacks, which a row stored before them lacks. */
export const OWN_FIELD_CODECS = codecsOf(OWN_NAMES)
/** The codecs of the fields a create may set, in the declaration's order. */
export const CREATABLE_FIELD_CODECS = codecsOf(CREATABLE_NAMES)

const storedValue = (name: FeatureFieldName, sent: unknown): unknown => {
  const { stored } = field(name)
  return stored ? (stored as (sent: unknown) => unknown)(sent) : sent
}
const valueIn = (name: FeatureFieldName, row: Partial<FeatureFieldValues>): unknown => (row[name] === undefined ? field(name).initial : row[name])

/** A new feature's fields: what `body` sets where a create may set it, stored as the field says; the rest initial. */
export const createdFields = (body: Partial<FeatureFieldValues>): FeatureFieldValues => {
  const values: Record<string, unknown> = {}
  for (const name of NAMES) values[name] = field(name).onCreate !== false && body[name] !== undefined ? storedValue(name, body[name]) : field(name).initial
  return values as FeatureFieldValues
}

/** Of a new feature's fields, those a create sets: what its event records. */
export const creatableFields = (values: FeatureFieldValues): Pick<FeatureFieldValues, CreatableName> => {
  const picked: Record<string, unknown> = {}
  for (const name of CREATABLE_NAMES) picked[name] = values[name]
  return picked as Pick<FeatureFieldValues, CreatableName>
}

// Each field's name with what a change reads of it, listed once: a change looks at every field.
const CHANGEABLE = NAMES.map((name) => ({ name, initial: field(name).initial, stored: field(name).stored as ((sent: unknown) => unknown) | undefined }))

/**
 * What `body` changes of `row`'s fields, each stored as the field says; a field absent from
 * `body` is kept. Undefined when nothing changes.
 */
export const changedFields = (row: Partial<FeatureFieldValues>, body: Partial<FeatureFieldValues>): Partial<FeatureFieldValues> | undefined => {
  let changes: Record<string, unknown> | undefined
  for (const { name, initial, stored } of CHANGEABLE) {
    const sent = body[name]
    if (sent === undefined) continue
    const value = stored ? stored(sent) : sent
    if (value !== (row[name] === undefined ? initial : row[name])) (changes ??= {})[name] = value
  }
  return changes as Partial<FeatureFieldValues> | undefined
}

/** The fields of `row` a create does not set, where they are not initial: what a copy or an import sets after its create. */
export const fieldsAfterCreate = (row: Partial<FeatureFieldValues>): Partial<FeatureFieldValues> => {
  const values: Record<string, unknown> = {}
  for (const name of NAMES) if (field(name).onCreate === false && valueIn(name, row) !== field(name).initial) values[name] = row[name]
  return values as Partial<FeatureFieldValues>
}

/** The fields `sent` holds: what an import sets of a feature. */
export const sentFields = (sent: Partial<FeatureFieldValues>): Partial<FeatureFieldValues> => {
  const values: Record<string, unknown> = {}
  for (const name of NAMES) if (sent[name] !== undefined) values[name] = sent[name]
  return values as Partial<FeatureFieldValues>
}

/**
 * `record` with the values of the fields Unleash lacks added after its own, initial where `row`
 * was stored before them: what each answer lists after Unleash's fields. Added in place, not
 * spread into a literal: a spread after a literal's fields is a runtime call on every record,
 * even when there is nothing to add.
 */
export const withOwnFields = <T extends object>(record: T, row: OwnFieldValues): T & Required<OwnFieldValues> => {
  for (const name of OWN_NAMES) (record as Record<string, unknown>)[name] = valueIn(name, row as Partial<FeatureFieldValues>)
  return record as T & Required<OwnFieldValues>
}

/** Each field's value where a JSON Patch removed it: its initial one, as Unleash stores a missing one. */
export const initialField = (name: FeatureFieldName): unknown => field(name).initial

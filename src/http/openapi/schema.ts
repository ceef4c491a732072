import type * as t from 'io-ts'
import { jsonSchemaOf, type JsonSchema } from '../../model/json-schema.js'

/**
 * JSON Schemas (2020-12, as OpenAPI 3.1 takes them) from io-ts codecs. io-ts's own codecs are
 * read by their `_tag`; hand-made ones by what they recorded (src/model/json-schema.ts), else
 * they accept anything and say what they are in their description. A codec that `names` knows
 * is written once, as a component, and referred to.
 */
export interface SchemaWriter {
  readonly schemaOf: (codec: object) => JsonSchema
  /** The components referred to so far, sorted by name. */
  readonly components: () => Record<string, JsonSchema>
}

/** io-ts's generated names (`{ a: string }`, `Array<...>`, `string`) say nothing a schema does not; the project's phrases do. */
const describes = (name: string): boolean => /^[a-z]+ /.test(name)

interface Tagged {
  readonly _tag?: string
  readonly name: string
  readonly props?: t.Props
  readonly types?: readonly t.Mixed[]
  readonly type?: t.Mixed
  readonly value?: unknown
  readonly keys?: Record<string, unknown>
  readonly domain?: t.Mixed
  readonly codomain?: t.Mixed
}

/** Whether a codec takes `undefined` (a property it types may be left out). */
const takesUndefined = (codec: Tagged): boolean =>
  codec._tag === 'UndefinedType' || codec._tag === 'VoidType' || (codec._tag === 'UnionType' && (codec.types ?? []).some((m) => takesUndefined(m as Tagged)))

const isObjectSchema = (s: JsonSchema): boolean => s.type === 'object' && s.$ref === undefined && s.additionalProperties === undefined

/** `allOf` of plain object schemas as one object schema, so tools and readers see one shape. */
const merge = (schemas: readonly JsonSchema[]): JsonSchema => {
  if (!schemas.every(isObjectSchema)) return { allOf: schemas }
  const properties: Record<string, JsonSchema> = {}
  const required: string[] = []
  for (const s of schemas) {
    Object.assign(properties, s.properties)
    for (const r of (s.required as string[] | undefined) ?? []) if (!required.includes(r)) required.push(r)
  }
  return { type: 'object', properties, ...(required.length > 0 ? { required } : {}) }
}

const properties = (props: t.Props, of: (codec: object) => JsonSchema, allRequired: boolean): JsonSchema => {
  const required = allRequired ? Object.keys(props).filter((k) => !takesUndefined(props[k] as Tagged)) : []
  return {
    type: 'object',
    properties: Object.fromEntries(Object.entries(props).map(([k, codec]) => [k, of(codec)])),
    ...(required.length > 0 ? { required } : {}),
  }
}

const union = (members: readonly t.Mixed[], of: (codec: object) => JsonSchema): JsonSchema => {
  const kept = members.filter((m) => {
    const tag = (m as Tagged)._tag
    return tag !== 'UndefinedType' && tag !== 'VoidType'
  })
  const schemas = kept.map(of)
  if (schemas.length === 1) return schemas[0]!
  if (schemas.every((s) => 'const' in s && Object.keys(s).length === 1)) return { enum: schemas.map((s) => s.const) }
  // Plain types (`string | null`) as one list of types, as JSON Schema writes them.
  if (schemas.every((s) => typeof s.type === 'string' && Object.keys(s).length === 1)) return { type: schemas.map((s) => s.type) }
  return { anyOf: schemas }
}

/** The schema of one codec, its members written by `of`. */
const structure = (codec: Tagged, of: (codec: object) => JsonSchema): JsonSchema => {
  const recorded = jsonSchemaOf(codec)
  if (recorded !== undefined) return typeof recorded === 'function' ? recorded(of) : recorded
  switch (codec._tag) {
    case 'StringType':
      return { type: 'string' }
    case 'NumberType':
      return { type: 'number' }
    case 'BooleanType':
      return { type: 'boolean' }
    case 'NullType':
      return { type: 'null' }
    case 'UnknownRecordType':
    case 'AnyDictionaryType':
      return { type: 'object' }
    case 'UnknownArrayType':
    case 'AnyArrayType':
      return { type: 'array' }
    case 'LiteralType':
      return { const: codec.value }
    case 'KeyofType':
      return { type: 'string', enum: Object.keys(codec.keys ?? {}).sort() }
    case 'InterfaceType':
      return properties(codec.props ?? {}, of, true)
    case 'PartialType':
      return properties(codec.props ?? {}, of, false)
    case 'IntersectionType':
      return merge((codec.types ?? []).map(of))
    case 'UnionType':
      return union(codec.types ?? [], of)
    case 'ArrayType':
    case 'ReadonlyArrayType':
      return { type: 'array', items: of(codec.type!) }
    case 'TupleType':
      return { type: 'array', prefixItems: (codec.types ?? []).map(of), minItems: codec.types?.length ?? 0, maxItems: codec.types?.length ?? 0 }
    case 'DictionaryType':
      return { type: 'object', additionalProperties: of(codec.codomain!) }
    case 'RefinementType':
      // `t.Int` is io-ts's one named refinement a schema can say.
      return codec.name === 'Int' ? { type: 'integer' } : of(codec.type!)
    // Exact codecs drop unknown properties when they decode; what they accept is their type's.
    case 'ExactType':
    case 'StrictType':
    case 'ReadonlyType':
    case 'RecursiveType':
      return of(codec.type!)
    default:
      // Anything, as far as a schema can tell: io-ts's `unknown`, or a hand-made codec that recorded nothing.
      return {}
  }
}

export const schemaWriter = (names: ReadonlyMap<object, string>): SchemaWriter => {
  const components = new Map<string, JsonSchema>()
  const inline = new WeakMap<object, JsonSchema>()

  const described = (codec: Tagged, schema: JsonSchema): JsonSchema =>
    describes(codec.name) && schema.$ref === undefined && schema.description === undefined ? { ...schema, description: codec.name } : schema

  const schemaOf = (codec: object): JsonSchema => {
    const name = names.get(codec)
    if (name !== undefined) {
      if (!components.has(name)) {
        // Set first: a codec that refers to itself finds its own name.
        components.set(name, {})
        components.set(name, described(codec as Tagged, structure(codec as Tagged, schemaOf)))
      }
      return { $ref: `#/components/schemas/${name}` }
    }
    let schema = inline.get(codec)
    if (schema === undefined) inline.set(codec, (schema = described(codec as Tagged, structure(codec as Tagged, schemaOf))))
    return schema
  }

  return {
    schemaOf,
    components: () => Object.fromEntries([...components.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))),
  }
}

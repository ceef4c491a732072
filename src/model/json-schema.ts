/**
 * The JSON Schema a hand-made codec stands for. io-ts's own codecs are read by their kind
 * (src/http/openapi/schema.ts); a `new t.Type` has no kind to read, so the combinators that make
 * one say here what it accepts, and the OpenAPI document shows that instead of "anything".
 */

/** A JSON Schema (2020-12, as OpenAPI 3.1 takes it): plain JSON. */
export type JsonSchema = { readonly [keyword: string]: unknown }

/** A schema, or how to write one from the schemas of the codecs it holds (`of` gives each one's). */
export type SchemaSource = JsonSchema | ((of: (codec: object) => JsonSchema) => JsonSchema)

/** Where a codec holds the schema it accepts: a property of the codec itself, hidden from enumeration. */
const JSON_SCHEMA: unique symbol = Symbol('flagport.jsonSchema')

/** Records the schema `codec` accepts; answers the codec, so a declaration reads as one expression. */
export const withJsonSchema = <C extends object>(codec: C, schema: SchemaSource): C =>
  Object.defineProperty(codec, JSON_SCHEMA, { value: schema, enumerable: false })

/** The schema recorded for `codec`, if any. */
export const jsonSchemaOf = (codec: object): SchemaSource | undefined => (codec as { readonly [JSON_SCHEMA]?: SchemaSource })[JSON_SCHEMA]

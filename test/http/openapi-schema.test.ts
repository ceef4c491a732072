import * as t from 'io-ts'
import tap from 'tap'
import { closed, dictOf, lengthBetween, oneOf, open, refinedString } from '../../src/model/codec.js'
import { schemaWriter } from '../../src/http/openapi/schema.js'

const schemaOf = (codec: t.Mixed, names: Map<object, string> = new Map()) => schemaWriter(names).schemaOf(codec)

tap.test("io-ts's own codecs are written by their kind", async (t_) => {
  t_.same(schemaOf(t.type({ a: t.string, b: t.union([t.number, t.undefined]) })), {
    type: 'object',
    properties: { a: { type: 'string' }, b: { type: 'number' } },
    required: ['a'],
  })
  t_.same(schemaOf(t.partial({ a: t.boolean })), { type: 'object', properties: { a: { type: 'boolean' } } })
  t_.same(schemaOf(t.intersection([t.type({ a: t.string }), t.partial({ b: t.null })])), {
    type: 'object',
    properties: { a: { type: 'string' }, b: { type: 'null' } },
    required: ['a'],
  })
  t_.same(schemaOf(t.union([t.literal('a'), t.literal('b')])), { enum: ['a', 'b'] })
  t_.same(schemaOf(t.union([t.string, t.null])), { type: ['string', 'null'] })
  t_.same(schemaOf(t.union([t.type({ a: t.string }), t.null])), { anyOf: [{ type: 'object', properties: { a: { type: 'string' } }, required: ['a'] }, { type: 'null' }] })
  t_.same(schemaOf(t.keyof({ y: null, x: null })), { type: 'string', enum: ['x', 'y'] })
  t_.same(schemaOf(t.array(t.number)), { type: 'array', items: { type: 'number' } })
  t_.same(schemaOf(t.record(t.string, t.number)), { type: 'object', additionalProperties: { type: 'number' } })
  t_.same(schemaOf(t.Int), { type: 'integer' })
  t_.same(schemaOf(t.readonly(t.type({ a: t.string }))), { type: 'object', properties: { a: { type: 'string' } }, required: ['a'] })
  t_.same(schemaOf(t.exact(t.type({ a: t.string }))), { type: 'object', properties: { a: { type: 'string' } }, required: ['a'] })
  t_.same(schemaOf(t.unknown), {})
  t_.same(schemaOf(t.UnknownRecord), { type: 'object' })
  t_.same(schemaOf(t.UnknownArray), { type: 'array' })
})

tap.test("the project's combinators say what they accept, their names as descriptions", async (t_) => {
  t_.same(schemaOf(lengthBetween(2, 5)), { type: 'string', minLength: 2, maxLength: 5, description: 'a string of 2 to 5 characters' })
  t_.same(schemaOf(oneOf(['on', 'off'])), { type: 'string', enum: ['on', 'off'], description: 'one of "on", "off"' })
  t_.same(schemaOf(refinedString('a colour such as #FFFFFF', (s) => s.startsWith('#'))), { type: 'string', description: 'a colour such as #FFFFFF' })
  t_.same(schemaOf(dictOf(t.string, 'an object of strings')), { type: 'object', additionalProperties: { type: 'string' }, description: 'an object of strings' })
  t_.same(schemaOf(closed({ a: t.string }, { b: t.number }, 'a thing')), {
    type: 'object',
    properties: { a: { type: 'string' }, b: { type: 'number' } },
    required: ['a'],
    additionalProperties: false,
    description: 'a thing',
  })
  t_.same(schemaOf(open({ a: t.string }, { b: t.number }, 'an open thing')), {
    type: 'object',
    properties: { a: { type: 'string' }, b: { type: 'number' } },
    required: ['a'],
    description: 'an open thing',
  })
  // A hand-made codec that records nothing accepts anything, and says what it is.
  const custom = new t.Type<string>('a secret handshake', t.string.is, t.string.validate, t.identity)
  t_.same(schemaOf(custom), { description: 'a secret handshake' })
})

tap.test('a named codec is one component, referred to wherever it is used, itself included', async (t_) => {
  interface Node {
    name: string
    children: Node[]
  }
  const Node: t.Type<Node> = t.recursion('Node', () => t.type({ name: t.string, children: t.array(Node) }))
  const Tag = t.type({ value: t.string })
  const writer = schemaWriter(new Map<object, string>([[Tag, 'Tag'], [Node, 'Node']]))
  t_.same(writer.schemaOf(t.type({ a: Tag, b: t.array(Tag), tree: Node })), {
    type: 'object',
    properties: { a: { $ref: '#/components/schemas/Tag' }, b: { type: 'array', items: { $ref: '#/components/schemas/Tag' } }, tree: { $ref: '#/components/schemas/Node' } },
    required: ['a', 'b', 'tree'],
  })
  t_.same(writer.components(), {
    Node: { type: 'object', properties: { name: { type: 'string' }, children: { type: 'array', items: { $ref: '#/components/schemas/Node' } } }, required: ['name', 'children'] },
    Tag: { type: 'object', properties: { value: { type: 'string' } }, required: ['value'] },
  })
})

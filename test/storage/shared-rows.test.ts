/**
 * Bucket lines are parsed with equal parts stored once (adapters/storage/file/shared-rows.ts):
 * the same rows as a plain parse, fewer objects.
 */
import t from 'tap'
import { EMPTY_ARRAY, parseJson } from '../../src/storage/json.js'
import { parseSharedRows, sameFields, sameItems } from '../../src/storage/shared-rows.js'

type Json = Record<string, any>

const strategy = (id: string, featureName: string) => ({
  id,
  name: 'flexibleRollout',
  featureName,
  segments: [],
  constraints: [{ contextName: 'userId', operator: 'IN', values: ['1', '2', '3'], caseInsensitive: false, inverted: false }],
  parameters: { rollout: '50', stickiness: 'default', groupId: featureName },
})
const feature = (name: string) => ({
  name,
  environments: {
    development: { enabled: true, strategies: [strategy(`${name}-d`, name)], variants: [{ name: 'control', weight: 500, payload: { type: 'json', value: '{"a":-0}' } }] },
    production: { enabled: false, strategies: [strategy(`${name}-p`, name)], variants: [{ name: 'control', weight: 500, payload: { type: 'json', value: '{"a":-0}' } }] },
  },
  tags: [{ type: 'simple', value: 'team-a' }],
  children: [],
})
const line = JSON.stringify({ one: feature('one'), two: feature('two'), ['__proto__']: { name: '__proto__', list: [1, 2] } })

const prototypes = (value: unknown, out: unknown[] = []): unknown[] => {
  if (value !== null && typeof value === 'object') {
    if (!Array.isArray(value)) out.push(Object.getPrototypeOf(value))
    for (const child of Object.values(value)) prototypes(child, out)
  }
  return out
}

t.test('the rows are those a plain parse reads, every object without a prototype', async (t) => {
  const rows = parseSharedRows(line) as Json
  t.same(rows, parseJson(line), 'deeply the same value')
  t.equal(JSON.stringify(rows), line, 'and the same JSON, keys in their order')
  t.ok(prototypes(rows).every((p) => p === null), 'no object has a prototype')
  t.ok(Object.prototype.hasOwnProperty.call(rows, '__proto__'), '`__proto__` is an ordinary key')
  t.same(rows['__proto__'].list, [1, 2])
})

t.test('equal parts below the rows are one object, within a row and across rows', async (t) => {
  const rows = parseSharedRows(line) as Json
  const dev = rows.one.environments.development
  const prod = rows.one.environments.production
  t.equal(dev.strategies[0].constraints, prod.strategies[0].constraints, 'the constraints of both environments')
  t.equal(dev.strategies[0].parameters, prod.strategies[0].parameters, 'the parameters')
  t.equal(dev.variants, prod.variants, 'the variants')
  t.equal(dev.strategies[0].constraints, rows.two.environments.development.strategies[0].constraints, 'constraints across rows')
  t.equal(rows.one.tags, rows.two.tags, 'tags across rows')
  t.not(dev.strategies[0].parameters, rows.two.environments.development.strategies[0].parameters, 'parameters that differ (groupId) are not shared')
  t.not(dev.strategies, prod.strategies, 'strategies that differ (id) are not shared')
  t.equal(rows.one.children, EMPTY_ARRAY, 'an empty array is the shared empty array')
  t.ok(Object.isFrozen(dev.variants) && Object.isFrozen(dev.strategies[0].constraints), 'shared arrays are frozen')
})

t.test('rows are never shared, even when equal', async (t) => {
  const rows = parseSharedRows('{"a":{"x":[1]},"b":{"x":[1]}}') as Json
  t.not(rows.a, rows.b, 'two rows')
  t.equal(rows.a.x, rows.b.x, 'their equal part is shared')
  t.notOk(Object.isFrozen(rows.a), 'a row is not frozen')
})

t.test('parts are shared only when equal: key order, types, -0 and nesting count', async (t) => {
  // Each pair as JSON text, so that -0 stays -0.
  const cases: [string, string, string][] = [
    ['key order', '{"a":1,"b":2}', '{"b":2,"a":1}'],
    ['a number and a string', '[1]', '["1"]'],
    ['-0 and 0', '{"w":-0}', '{"w":0}'],
    ['null and false', '[null]', '[false]'],
    ['one string and two', '["a,b"]', '["a","b"]'],
    ['an object and an array', '{"0":"x"}', '["x"]'],
    ['nesting', '[[1],2]', '[1,[2]]'],
    ['a key and a value', '{"ab":"c"}', '{"a":"bc"}'],
  ]
  for (const [label, a, b] of cases) {
    const rows = parseSharedRows(`{"r":{"a":${a},"b":${b}}}`) as Json
    t.not(rows.r.a, rows.r.b, label)
  }
  const zero = parseSharedRows('{"r":{"a":{"w":-0},"b":{"w":0}}}') as Json
  t.ok(Object.is(zero.r.a.w, -0) && Object.is(zero.r.b.w, 0), '-0 read as -0, 0 as 0')
})

t.test('a change through immer to a shared part leaves the other places holding it alone', async (t) => {
  const { immer } = await import('../../src/api/immer.js')
  const rows = parseSharedRows(line) as Json
  const row: Json = rows.one
  const next = immer.produce<Json>(row, (draft) => {
    draft.environments.production.strategies[0].constraints[0].values.push('4')
    draft.environments.production.variants[0].weight = 1000
  })
  t.same(next.environments.production.strategies[0].constraints[0].values, ['1', '2', '3', '4'], 'changed where asked')
  t.same(next.environments.development.strategies[0].constraints[0].values, ['1', '2', '3'], 'the other environment keeps its constraint')
  t.equal(next.environments.development.variants[0].weight, 500, 'and its variants')
  t.same(rows.two.environments.production.strategies[0].constraints[0].values, ['1', '2', '3'], 'the other row too')
  t.equal(row.environments.production.variants[0].weight, 500, 'the version before is unchanged')
})

t.test('two parts whose hashes meet are compared before one stands for the other', async (t) => {
  // Children are shared first, so parts are equal when their children are the same values.
  const child = { x: 1 }
  t.ok(sameItems([1, 'a', child, null], [1, 'a', child, null]), 'the same items')
  t.notOk(sameItems([1, 2], [1, 2, 3]), 'a longer array')
  t.notOk(sameItems([{ x: 1 }], [{ x: 1 }]), 'equal children that are not the same object')
  t.notOk(sameItems([-0], [0]), '-0 and 0')
  t.ok(sameFields({ a: 1, b: child }, { a: 1, b: child }), 'the same fields')
  t.notOk(sameFields({ a: 1, b: 2 }, { b: 2, a: 1 }), 'the same fields in another order')
  t.notOk(sameFields({ a: 1 }, { a: 1, b: undefined }), 'a field more')
  t.notOk(sameFields({ a: 1, b: 2 }, { a: 1, c: 2 }), 'another key')
})

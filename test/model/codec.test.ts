import * as t from 'io-ts'
import { PathReporter } from 'io-ts/lib/PathReporter.js'
import tap from 'tap'
import { dictOf, optional, plainFields } from '../../src/model/codec.js'

const props = { name: t.string, count: t.number, tags: dictOf(t.string), note: t.union([t.string, t.null]) }

tap.test('optional: what t.partial decodes, and fails, alike; fields left out are not looked at', async (tap) => {
  const ours = optional(props)
  const theirs = t.partial(props)
  const inputs: unknown[] = [
    {},
    { name: 'a' },
    { name: 'a', count: 1, tags: { x: 'y' }, note: null },
    { name: undefined, count: 2 },
    { name: 1, count: 'two', note: 3 },
    { tags: { x: 1 } },
    { extra: true, name: 'kept as io-ts keeps it' },
    null,
    'text',
    [],
    [{ name: 'a' }],
  ]
  for (const input of inputs) {
    const [a, b] = [ours.decode(input), theirs.decode(input)]
    tap.same(a._tag === 'Right' ? a : a._tag, b._tag === 'Right' ? b : b._tag, JSON.stringify(input) ?? String(input))
    tap.same(PathReporter.report(a), PathReporter.report(b), `the same errors for ${JSON.stringify(input)}`)
  }
  const sent = { name: 'a', count: 1 }
  const decoded = ours.decode(sent)
  tap.equal(decoded._tag === 'Right' && decoded.right, sent, 'nothing to change: the input itself, as t.partial answers')
  const withDict = { tags: { x: 'y' } }
  const copied = ours.decode(withDict)
  tap.not(copied._tag === 'Right' && copied.right, withDict, 'a field its codec rebuilt: a new object, the input untouched')
  tap.equal(Object.getPrototypeOf(withDict.tags), Object.prototype)
  const looked: string[] = []
  const watched = optional({ a: new t.Type<string>('watched', t.string.is, (u, c) => (looked.push(String(u)), t.string.validate(u, c)), t.identity), b: t.string })
  watched.decode({ b: 'x' })
  tap.same(looked, [], 'a field left out is never validated')
  tap.equal(ours.name, theirs.name)
  tap.same(Object.keys(ours.props), Object.keys(props), 'the props, for t.exact and the documentation')
})

tap.test('plainFields: what t.type decodes, and fails, alike; an object that passes is answered as it is', async (tap) => {
  const Digits = new t.Type<string, string, unknown>('digits', (u): u is string => typeof u === 'string' && /^\d+$/.test(u), (u, c) => (typeof u === 'string' && /^\d+$/.test(u) ? t.success(u) : t.failure(u, c)), t.identity)
  const fieldProps = { id: Digits, name: t.string }
  const ours = plainFields(fieldProps)
  const theirs = t.type(fieldProps)
  const params = Object.setPrototypeOf({ id: '12', name: 'a', extra: 'let be' }, null)
  for (const input of [params, { id: '12', name: 'a' }, { id: 'x', name: 'a' }, { id: '1' }, { name: 2 }, {}, null, 'text', []]) {
    const [a, b] = [ours.decode(input), theirs.decode(input)]
    tap.same(a._tag === 'Right' ? a : a._tag, b._tag === 'Right' ? b : b._tag, JSON.stringify(input) ?? String(input))
    tap.same(PathReporter.report(a), PathReporter.report(b), `the same errors for ${JSON.stringify(input)}`)
  }
  const decoded = ours.decode(params)
  tap.equal(decoded._tag === 'Right' && decoded.right, params, 'the parameters themselves, as t.type answers them')
  tap.same(Object.keys(ours.props), ['id', 'name'], 'the props, for spreading into other codecs')
})

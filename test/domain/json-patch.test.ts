import * as E from 'fp-ts/lib/Either.js'
import t from 'tap'
import { applyJsonPatch, blame, blamed, jsonEqual } from '../../src/domain/json-patch.js'
import type { JsonPatch } from '../../src/model/json-patch.js'

const applied = (document: unknown, patch: unknown) => applyJsonPatch(document, patch as JsonPatch, 'The document')
const after = (document: unknown, patch: unknown): unknown => {
  const result = applied(document, patch)
  if (E.isLeft(result)) throw new Error(JSON.stringify(result.left))
  return result.right.document
}
const failure = (document: unknown, patch: unknown) => {
  const result = applied(document, patch)
  if (E.isRight(result)) throw new Error(`applied: ${JSON.stringify(result.right.document)}`)
  return result.left
}

// The examples of RFC 6902, appendix A, each with the document it gives or the failure it names.
t.test("RFC 6902's examples", async (t) => {
  t.same(after({ foo: 'bar' }, [{ op: 'add', path: '/baz', value: 'qux' }]), { foo: 'bar', baz: 'qux' }, 'A.1 adding an object member')
  t.same(after({ foo: ['bar', 'baz'] }, [{ op: 'add', path: '/foo/1', value: 'qux' }]), { foo: ['bar', 'qux', 'baz'] }, 'A.2 adding an array element')
  t.same(after({ baz: 'qux', foo: 'bar' }, [{ op: 'remove', path: '/baz' }]), { foo: 'bar' }, 'A.3 removing an object member')
  t.same(after({ foo: ['bar', 'qux', 'baz'] }, [{ op: 'remove', path: '/foo/1' }]), { foo: ['bar', 'baz'] }, 'A.4 removing an array element')
  t.same(after({ baz: 'qux', foo: 'bar' }, [{ op: 'replace', path: '/baz', value: 'boo' }]), { baz: 'boo', foo: 'bar' }, 'A.5 replacing a value')
  t.same(
    after({ foo: { bar: 'baz', waldo: 'fred' }, qux: { corge: 'grault' } }, [{ op: 'move', from: '/foo/waldo', path: '/qux/thud' }]),
    { foo: { bar: 'baz' }, qux: { corge: 'grault', thud: 'fred' } },
    'A.6 moving a value',
  )
  t.same(after({ foo: ['all', 'grass', 'cows', 'eat'] }, [{ op: 'move', from: '/foo/1', path: '/foo/3' }]), { foo: ['all', 'cows', 'eat', 'grass'] }, 'A.7 moving an array element')
  t.same(
    after({ baz: 'qux', foo: ['a', 2, 'c'] }, [
      { op: 'test', path: '/baz', value: 'qux' },
      { op: 'test', path: '/foo/1', value: 2 },
    ]),
    { baz: 'qux', foo: ['a', 2, 'c'] },
    'A.8 testing a value: success',
  )
  t.match(failure({ baz: 'qux' }, [{ op: 'test', path: '/baz', value: 'bar' }]), { path: '/body/0/value' }, 'A.9 testing a value: error')
  t.same(after({ foo: 'bar' }, [{ op: 'add', path: '/child', value: { grandchild: {} } }]), { foo: 'bar', child: { grandchild: {} } }, 'A.10 adding a nested member object')
  t.match(failure({ foo: 'bar' }, [{ op: 'add', path: '/baz/bat', value: 'qux' }]), { path: '/body/0/path', message: 'The document has nothing at "/baz".' }, 'A.12 adding to a nonexistent target')
  t.same(after({ '/': 9, '~1': 10 }, [{ op: 'test', path: '/~01', value: 10 }]), { '/': 9, '~1': 10 }, 'A.14 ~ escape ordering')
  t.match(failure({ '/': 9, '~1': 10 }, [{ op: 'test', path: '/~01', value: '10' }]), { path: '/body/0/value' }, 'A.15 comparing strings and numbers')
  t.same(after({ foo: ['bar'] }, [{ op: 'add', path: '/foo/-', value: ['abc', 'def'] }]), { foo: ['bar', ['abc', 'def']] }, 'A.16 adding an array value')
})

t.test('the whole document, arrays, copies and own fields', async (t) => {
  t.same(after({ a: 1 }, [{ op: 'replace', path: '', value: [1, 2] }]), [1, 2], 'the root replaced')
  t.same(after([1], [{ op: 'add', path: '', value: { b: 2 } }]), { b: 2 }, 'the root added')
  t.match(failure({ a: 1 }, [{ op: 'remove', path: '' }]), { path: '/body/0/path', message: 'The whole of the document cannot be removed.' })
  t.match(failure([1, 2], [{ op: 'add', path: '/3', value: 0 }]), { path: '/body/0/path' }, 'an index past the end')
  t.match(failure([1, 2], [{ op: 'add', path: '/01', value: 0 }]), { path: '/body/0/path' }, 'an index with a leading zero')
  t.match(failure([1, 2], [{ op: 'replace', path: '/-', value: 0 }]), { path: '/body/0/path' }, '- names no element to replace')
  t.match(failure([1, 2], [{ op: 'remove', path: '/2' }]), { path: '/body/0/path' })
  t.match(failure({ a: {} }, [{ op: 'move', from: '/a', path: '/a/b' }]), { path: '/body/0/path' }, 'a value cannot move into itself')
  t.same(after({ a: 1 }, [{ op: 'move', from: '/a', path: '/a' }]), { a: 1 }, 'a move onto itself changes nothing')
  t.match(failure({ a: 1 }, [{ op: 'copy', from: '/b', path: '/c' }]), { path: '/body/0/from' })
  t.match(failure({ a: 1 }, [{ op: 'copy', path: '/c' }]), { path: '/body/0/from', message: 'A copy operation needs a from.' })
  t.match(failure({ a: 1 }, [{ op: 'add', path: '/c' }]), { path: '/body/0/value', message: 'A add operation needs a value.' })
  const copied = after({ a: { deep: [1] } }, [{ op: 'copy', from: '/a', path: '/b' }, { op: 'add', path: '/b/deep/-', value: 2 }])
  t.same(copied, { a: { deep: [1] }, b: { deep: [1, 2] } }, 'a copy is a copy, not the same object')
  t.match(failure({}, [{ op: 'remove', path: '/toString' }]), { path: '/body/0/path' }, 'an inherited member is not a field')
  const proto = after({}, JSON.parse('[{"op":"add","path":"/__proto__","value":{"polluted":true}}]')) as Record<string, unknown>
  t.same([Object.keys(proto), Object.getPrototypeOf(proto) === Object.prototype, ({} as Record<string, unknown>).polluted], [['__proto__'], true, undefined], '__proto__ is an own field')
})

t.test("a failure leaves the caller's document as it was; later operations see earlier ones", async (t) => {
  const document = { list: [1, 2], name: 'x' }
  failure(document, [{ op: 'remove', path: '/list/0' }, { op: 'replace', path: '/name', value: 'y' }, { op: 'test', path: '/name', value: 'x' }])
  t.same(document, { list: [1, 2], name: 'x' })
  after(document, [{ op: 'remove', path: '/list/0' }])
  t.same(document, { list: [1, 2], name: 'x' }, 'and so does a success')
  t.same(after(document, [{ op: 'remove', path: '/list/0' }, { op: 'test', path: '/list', value: [2] }]), { list: [2], name: 'x' })
})

t.test('test compares JSON: members in any order, arrays in order', async (t) => {
  t.ok(jsonEqual({ a: 1, b: [1, { c: null }] }, { b: [1, { c: null }], a: 1 }))
  t.notOk(jsonEqual([1, 2], [2, 1]))
  t.notOk(jsonEqual({ a: 1 }, { a: 1, b: undefined }))
  t.notOk(jsonEqual([], {}))
  t.notOk(jsonEqual(null, {}))
})

t.test('blame: the operation that wrote at or above a path, else below it', async (t) => {
  const result = applied({ list: [{ name: 'a' }], title: 't' }, [
    { op: 'add', path: '/list/-', value: { name: 'b', weight: 'heavy' } },
    { op: 'remove', path: '/title' },
    { op: 'copy', from: '/list/0', path: '/first' },
  ])
  if (E.isLeft(result)) throw new Error('not applied')
  const { writes } = result.right
  t.same(writes.map((w) => [w.index, w.at]), [[0, ['list', '1']], [1, ['title']], [2, ['first']]], '- resolved to the index it became')
  t.equal(blame(writes, ['list', '1', 'weight']), '/body/0/value/weight')
  t.equal(blame(writes, ['list']), '/body/0/path', 'the list the operation added to')
  t.equal(blame(writes, ['title']), '/body/1/path')
  t.equal(blame(writes, ['first', 'name']), '/body/2/from')
  t.equal(blame(writes, ['list', '0', 'name']), undefined)
  t.same(
    blamed([{ path: '/body/list/1/weight', message: 'The `/body/list/1/weight` property must be a number.' }, { path: '/body/other', message: 'Wrong.' }], writes, '/body', 'The thing'),
    [
      { path: '/body/0/value/weight', message: 'The thing after the patch: The `/list/1/weight` property must be a number.' },
      { path: '/body', message: 'The thing after the patch, at /other: Wrong.' },
    ],
    'messages name paths in the patched document',
  )
})

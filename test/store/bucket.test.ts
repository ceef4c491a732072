import t from 'tap'
import { Bucket } from '../../src/store/bucket.js'
import { dictFrom } from '../../src/model/dict.js'
import { emptyTable, getRow, rows, setRow, deleteRow, tableFrom } from '../../src/store/table.js'
import { slotOf, stored } from '../../src/store/table-layout.js'

/**
 * A bucket holds its rows in one array (src/model/bucket.ts) and is written as the
 * dictionary it stands for: the JSON of a table, which is what a file store writes, is the
 * same as when buckets were dictionaries.
 */

const rowsOf = <T>(bucket: Bucket<T>): [string, T][] => Array.from({ length: bucket.size }, (_, i) => [bucket.propertyAt(i), bucket.rowAt(i)])

t.test('rows are set, replaced, found and removed by name, in the order they were added', async (t) => {
  const bucket = new Bucket<number>()
  t.equal(bucket.set('b', 1), true, 'a new row')
  t.equal(bucket.set('__proto__', 2), true)
  t.equal(bucket.set('a', 3), true)
  t.equal(bucket.set('b', 4), false, 'a replaced row is not new')
  t.same(rowsOf(bucket), [['b', 4], ['__proto__', 2], ['a', 3]], 'a replaced row keeps its place')
  t.equal(bucket.get('__proto__'), 2, '`__proto__` is an ordinary name')
  t.equal(bucket.get('constructor'), undefined, 'nothing is read from a prototype')
  t.equal(bucket.has('toString'), false)
  t.equal(bucket.delete('__proto__'), true)
  t.equal(bucket.delete('__proto__'), false, 'removed once')
  t.same(rowsOf(bucket), [['b', 4], ['a', 3]])
  t.equal(bucket.size, 2)
})

t.test('a row that is a string is never taken for a name', async (t) => {
  const bucket = new Bucket<string>()
  bucket.set('x', 'y')
  bucket.set('y', 'z')
  t.equal(bucket.get('y'), 'z', 'the row named y, not the row that reads y')
  t.equal(bucket.delete('z'), false)
  t.same(rowsOf(bucket), [['x', 'y'], ['y', 'z']])
})

t.test('a copy is changed without changing the bucket it was copied from', async (t) => {
  const bucket = Bucket.of(dictFrom([['a', 1], ['b', 2]]))
  const copy = bucket.copy()
  copy.set('a', 10)
  copy.delete('b')
  copy.set('c', 3)
  t.same(rowsOf(bucket), [['a', 1], ['b', 2]], 'the original as it was')
  t.same(rowsOf(copy), [['a', 10], ['c', 3]])
})

t.test('its JSON is the dictionary it stands for, `__proto__` an own key, no prototype', async (t) => {
  const rows = JSON.parse('{"__proto__":{"n":1},"#42":{"n":2},"f":{"n":3}}') as Record<string, unknown>
  const bucket = Bucket.of(rows)
  t.same(rowsOf(bucket).map(([p]) => p), ['__proto__', '#42', 'f'], 'every own key, in order')
  const json = bucket.toJSON()
  t.equal(Object.getPrototypeOf(json), null)
  t.ok(Object.prototype.hasOwnProperty.call(json, '__proto__'))
  t.equal(JSON.stringify(bucket), '{"__proto__":{"n":1},"#42":{"n":2},"f":{"n":3}}', 'written as it was read')
  t.equal(({} as Record<string, unknown>)['n'], undefined, 'nothing reached Object.prototype')
})

t.test('a table is written in the form of dictionaries, and read back from it', async (t) => {
  const names = ['f', '42', '#x', '__proto__', 'constructor']
  const table = tableFrom(names.map((name, i) => [name, { i }] as const))
  const [s, b] = slotOf('42')
  const written = JSON.parse(JSON.stringify(table)) as { size: number; shards: (Record<string, unknown> | null)[][] }
  t.equal(written.size, names.length)
  t.same(written.shards[s]![b], { [stored('42')]: { i: 1 } }, 'a bucket is a dictionary of its rows, under their stored names')
  t.equal(written.shards.flat().filter((slot) => slot !== null).length, new Set(names.map((n) => slotOf(n).join())).size, 'empty slots are null')

  // A table read from JSON holds dictionaries in its slots: each is read as a bucket.
  const read = JSON.parse(JSON.stringify(table)) as typeof table
  for (const [i, name] of names.entries()) t.same(getRow(read, name), { i }, `${name} is found`)
  t.same([...rows(read)].map((row) => (row as { i: number }).i).sort(), [0, 1, 2, 3, 4])
  t.ok(read.shards[s]![b] instanceof Bucket, 'the slot read holds a bucket since')
  t.equal(JSON.stringify(read), JSON.stringify(table), 'and is written as before')
  t.equal(deleteRow(read, '42'), true)
  t.equal(read.shards[s]![b], null, 'an emptied bucket leaves its slot empty')
  t.equal(getRow(read, '42'), undefined)
  t.equal(read.size, names.length - 1)
})

t.test('an empty table is written with every slot empty', async (t) => {
  const table = emptyTable<number>()
  setRow(table, 'a', 1)
  deleteRow(table, 'a')
  t.equal(JSON.stringify(table), JSON.stringify(emptyTable()))
})

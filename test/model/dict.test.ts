import t from 'tap'
import { copyRecord, dictFrom } from '../../src/model/dict.js'

t.test('copyRecord: every key, __proto__ included, as an own key of a copy with the source’s prototype', async (t) => {
  const dict = dictFrom([['__proto__', 'p'], ['constructor', 'c'], ['rollout', '50']])
  for (const map of [undefined, (v: unknown) => v]) {
    const copy = copyRecord(dict, map)
    t.not(copy, dict, 'a new object')
    t.equal(Object.getPrototypeOf(copy), null, 'prototype-free, as its source')
    t.same(Object.keys(copy), ['__proto__', 'constructor', 'rollout'])
    t.equal(copy['__proto__'], 'p')
    copy['rollout'] = '10'
    t.equal(dict['rollout'], '50', 'changing the copy leaves the source')
  }
  const plain = copyRecord({ a: 1, b: { c: 2 } })
  t.equal(Object.getPrototypeOf(plain), Object.prototype, 'an ordinary object stays one')
  t.same(copyRecord({ a: 1, b: 2 }, (v) => (v as number) * 10), { a: 10, b: 20 }, 'each value through map')
})

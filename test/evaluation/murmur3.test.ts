import { createRequire } from 'node:module'
import t from 'tap'
import { VARIANT_SEED, murmur3, normalizedValue } from '../../src/evaluation/murmur3.js'

// Published vectors: SMHasher's MurmurHash3_x86_32 (as collected on Wikipedia and in most
// ports' test suites); for ASCII every port agrees.
t.test('murmur3 matches the reference vectors', async (t) => {
  const vectors: [key: string, seed: number, hash: number][] = [
    ['', 0, 0],
    ['', 1, 0x514e28b7],
    ['', 0xffffffff, 0x81f16f39],
    ['\0\0\0\0', 0, 0x2362f9de],
    ['hello', 0, 613153351],
    ['hello', 1, 3142237357],
    ['a', 0x9747b28c, 0x7fa09ea6],
    ['aa', 0x9747b28c, 0x5d211726],
    ['aaa', 0x9747b28c, 0x283e0130],
    ['aaaa', 0x9747b28c, 0x5a97808a],
    ['Hello, world!', 0x9747b28c, 0x24884cba],
    ['Hello, world!', 1234, 0xfaf6cdb3],
    ['The quick brown fox jumps over the lazy dog', 0x9747b28c, 0x2fa826cd],
  ]
  for (const [key, seed, hash] of vectors) t.equal(murmur3(key, seed), hash, `${JSON.stringify(key)} seed ${seed}`)
})

t.test("murmur3 hashes non-ASCII strings as Unleash's Node SDK does: the low byte of each UTF-16 code unit", async (t) => {
  t.equal(murmur3('ABCDefGHI\u0799'), 0x2187fca4, 'one code unit')
  t.equal(murmur3('毎月１日,毎週月曜日'), 0x4bef6a0f, 'CJK, one code unit each')
  t.equal(murmur3('surrogate pair: \uD83D\uDCB0'), 0x1c84ddb2, 'a surrogate pair is two code units')
  t.equal(murmur3('\u0141'), murmur3('A'), 'U+0141 keeps only its low byte, 0x41')
  t.not(murmur3('é'), murmur3(new TextDecoder('latin1').decode(new TextEncoder().encode('é'))), 'not the UTF-8 bytes')
})

t.test("murmur3 agrees with the Node SDK's murmurhash3js on random strings of any code units", async (t) => {
  const reference = createRequire(import.meta.url)('murmurhash3js') as { x86: { hash32: (key: string, seed: number) => number } }
  let state = 7
  const next = () => (state = (Math.imul(state, 1103515245) + 12345) >>> 0)
  for (let i = 0; i < 2000; i++) {
    const key = String.fromCharCode(...Array.from({ length: next() % 24 }, () => next() % 0x10000))
    const seed = i % 2 === 0 ? 0 : VARIANT_SEED
    if (murmur3(key, seed) !== reference.x86.hash32(key, seed)) return t.fail(`${JSON.stringify(key)} seed ${seed}`)
  }
  t.pass('2000 strings agree')
})

t.test('murmur3 returns an unsigned 32-bit integer', async (t) => {
  for (const key of ['', 'x', 'hello', 'feature:user-1', '😊']) {
    const h = murmur3(key, 0x9747b28c)
    t.ok(Number.isInteger(h) && h >= 0 && h <= 0xffffffff, JSON.stringify(key))
  }
})

t.test('normalizedValue buckets "groupId:id" as the Unleash SDKs do', async (t) => {
  t.equal(normalizedValue('123', 'gr1'), 73)
  t.equal(normalizedValue('999', 'groupX'), 25)
  t.equal(normalizedValue('123', 'gr1'), (murmur3('gr1:123') % 100) + 1, 'is murmur3 of groupId:id, mod 100, plus 1')
  t.equal(
    normalizedValue('123', 'gr1', 1000, VARIANT_SEED),
    (murmur3('gr1:123', VARIANT_SEED) % 1000) + 1,
    'takes the normalizer and seed variants use',
  )
  t.equal(VARIANT_SEED, 86028157)
})

t.test('normalizedValue stays within 1..normalizer', async (t) => {
  for (const normalizer of [1, 2, 3, 100, 1000]) {
    const values = Array.from({ length: 500 }, (_, i) => normalizedValue(String(i), 'group', normalizer))
    t.ok(values.every((v) => v >= 1 && v <= normalizer), `normalizer ${normalizer}`)
  }
})

/** The version flagport reports is package.json's, and random tokens are url-safe, of the asked size, and differ. */
import { readFile } from 'node:fs/promises'
import t from 'tap'
import { VERSION } from '../../src/api/version.js'
import { randomIds } from '../../src/ports/ids.js'

t.test('VERSION is the version package.json states', async (t) => {
  const pkg = JSON.parse(await readFile(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }
  t.equal(VERSION, pkg.version)
})

t.test('randomIds.token gives url-safe tokens of the asked size, all different', async (t) => {
  const tokens = Array.from({ length: 200 }, () => randomIds.token())
  t.ok(tokens.every((token) => /^[A-Za-z0-9_-]{21}$/.test(token)), 'url-safe, 21 by default')
  t.equal(new Set(tokens).size, tokens.length, 'no two alike')
  t.match(randomIds.token(40), /^[A-Za-z0-9_-]{40}$/, 'the size asked for')
  const seen = new Set(tokens.join(''))
  t.ok(seen.size > 60, `the characters spread over the alphabet (${seen.size} of 64 seen)`)
})

t.test('randomIds.uuid gives version-4 UUIDs', async (t) => {
  t.match(randomIds.uuid(), /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
})

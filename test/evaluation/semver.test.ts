import t from 'tap'
import { type SemVer, compareSemver, parseSemver } from '../../src/evaluation/semver.js'

const parse = (text: string): SemVer => {
  const version = parseSemver(text)
  if (version === undefined) throw new Error(`test setup: ${text} should parse`)
  return version
}

t.test('parseSemver reads core, pre-release and build', async (t) => {
  t.same(parseSemver('1.2.3'), { major: 1, minor: 2, patch: 3, prerelease: [] })
  t.same(parseSemver('2.0.0-rc.1'), { major: 2, minor: 0, patch: 0, prerelease: ['rc', '1'] })
  t.same(parseSemver('1.0.0-x-y-z.--'), { major: 1, minor: 0, patch: 0, prerelease: ['x-y-z', '--'] })
  t.same(parseSemver('1.0.0-alpha+001'), { major: 1, minor: 0, patch: 0, prerelease: ['alpha'] }, 'drops build metadata')
  t.same(parseSemver('1.0.0+20130313144700'), { major: 1, minor: 0, patch: 0, prerelease: [] })
  t.same(parseSemver('1.0.0-0A.is.legal'), { major: 1, minor: 0, patch: 0, prerelease: ['0A', 'is', 'legal'] })
  t.same(parseSemver('1.0.0+0.build.1-rc.10000aaa-kk-0.1'), { major: 1, minor: 0, patch: 0, prerelease: [] })
})

t.test('parseSemver refuses what strict SemVer 2.0.0 refuses', async (t) => {
  const invalid = [
    '',
    'not a semver',
    'v2.0.0',
    '=1.0.0',
    '1',
    '1.2',
    '1.2.3.4',
    '01.2.3',
    '1.02.3',
    '1.2.03',
    '1.2.3-',
    '1.2.3-01',
    '1.2.3-alpha..1',
    '1.2.3-alpha_beta',
    '1.2.3+',
    '1.2.3+build..1',
    ' 1.2.3',
    '1.2.3 ',
    '-1.2.3',
    '9007199254740992.0.0',
  ]
  for (const text of invalid) t.equal(parseSemver(text), undefined, JSON.stringify(text))
})

t.test('compareSemver follows the precedence example of semver.org §11', async (t) => {
  const ordered = [
    '1.0.0-alpha',
    '1.0.0-alpha.1',
    '1.0.0-alpha.beta',
    '1.0.0-beta',
    '1.0.0-beta.2',
    '1.0.0-beta.11',
    '1.0.0-rc.1',
    '1.0.0',
    '1.0.1',
    '1.1.0',
    '2.0.0-alpha',
    '2.0.0',
    '10.0.0',
  ].map(parse)
  for (let i = 0; i < ordered.length; i += 1) {
    for (let j = 0; j < ordered.length; j += 1) {
      const expected = Math.sign(i - j)
      t.equal(compareSemver(ordered[i]!, ordered[j]!), expected, `${i} vs ${j}`)
    }
  }
})

t.test('compareSemver details', async (t) => {
  t.equal(compareSemver(parse('1.0.0+a'), parse('1.0.0+b')), 0, 'build metadata takes no part')
  t.equal(compareSemver(parse('1.0.0-2'), parse('1.0.0-10')), -1, 'numeric identifiers compare as numbers')
  t.equal(compareSemver(parse('1.0.0-10'), parse('1.0.0-9a')), -1, 'numeric identifiers sort before alphanumeric ones')
  t.equal(compareSemver(parse('1.0.0-B'), parse('1.0.0-a')), -1, 'alphanumeric identifiers compare in ASCII order')
  t.equal(
    compareSemver(parse('1.0.0-123456789012345678901234567890'), parse('1.0.0-123456789012345678901234567891')),
    -1,
    'numeric identifiers beyond 2^53 still compare exactly',
  )
  t.equal(compareSemver(parse('2.0.0-alpha.1'), parse('2.0.0-alpha')), 1, 'more identifiers win a tie')
})

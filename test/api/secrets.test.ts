import { createHash } from 'node:crypto'
import t from 'tap'
import { hashToken, sameDigest } from '../../src/api/secrets.js'

t.test('hashToken is the hex sha256 of the token, as stored since the first version', async (t) => {
  for (const token of ['*:*.admin-secret', 'default:development.abc', 'user:é✓😀', '']) {
    t.equal(hashToken(token), createHash('sha256').update(token, 'utf8').digest('hex'), JSON.stringify(token))
  }
})

t.test('sameDigest tells equal digests from any difference', async (t) => {
  const digest = hashToken('x')
  t.ok(sameDigest(digest, hashToken('x')))
  t.notOk(sameDigest(digest, hashToken('y')))
  const other = (c: string) => (c === 'a' ? 'b' : 'a')
  t.notOk(sameDigest(digest, `${digest.slice(0, -1)}${other(digest.at(-1)!)}`), 'the last character')
  t.notOk(sameDigest(digest, `${other(digest[0]!)}${digest.slice(1)}`), 'the first character')
  t.notOk(sameDigest(digest, digest.slice(0, -2)), 'a shorter one')
  t.notOk(sameDigest(digest, `${digest}00`), 'a longer one')
  t.ok(sameDigest('', ''))
})

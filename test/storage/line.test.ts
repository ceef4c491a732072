import { createHash } from 'node:crypto'
import t from 'tap'
import { decodeLine, encodeEntry, encodeHeader } from '../../adapters/storage/file/line.js'

// The format on disk, computed independently: a journal written by any version must still read.
const expectedLine = (payload: string): Buffer => {
  const body = Buffer.from(payload, 'utf8')
  return Buffer.concat([Buffer.from(createHash('sha256').update(body).digest('hex').slice(0, 16) + ' '), body, Buffer.from('\n')])
}

// Named by code points: a raw U+2028 in a test name breaks tap's output.
const values: readonly [string, string][] = [
  ['ASCII', 'plain'],
  ['2- and 3-byte characters and a surrogate pair', 'é ü \u6f22\u5b57 \ud83d\ude00'],
  ['U+2028', '\u2028'],
  ['a lone surrogate', 'a\ud800b'],
]

for (const [name, value] of values) {
  t.test(`a journal line is <16 hex of the payload's SHA-256> <payload>: ${name}`, async (t) => {
    const entry = { version: 7, changes: [{ op: 'put' as const, table: 'features' as const, key: value, row: { value } }] }
    const line = encodeEntry(entry)
    t.same(line, expectedLine(JSON.stringify({ v: 7, c: entry.changes })), 'byte for byte')
    const decoded = decodeLine(line.subarray(0, -1))
    t.same(decoded, { ok: true, value: JSON.parse(JSON.stringify({ v: 7, c: entry.changes })) }, 'and reads back')
    const flipped = Buffer.from(line.subarray(0, -1))
    const at = flipped.length - 3
    flipped[at] = flipped[at]! ^ 1
    t.same(decodeLine(flipped), { ok: false, reason: 'checksum mismatch' }, 'a flipped bit is caught')
  })
}

t.test('the header line has the same form', async (t) => {
  t.same(encodeHeader(12), expectedLine(JSON.stringify({ format: 'flagport-journal', formatVersion: 2, base: 12 })))
})

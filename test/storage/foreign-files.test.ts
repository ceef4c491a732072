/**
 * What the file store reads is checked by the stored state's codec (src/store/stored-state.ts)
 * and the row changes' (src/store/row-change-codec.ts): a foreign or damaged file, even one
 * whose checksums hold, is a typed error naming its file, line and the JSON path at fault.
 */
import * as E from 'fp-ts/lib/Either.js'
import { createHash } from 'node:crypto'
import { readdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import t from 'tap'
import { openFileStorage } from '../../adapters/storage/file.js'
import { encodeLine } from '../../src/storage/line.js'
import { toStored } from '../../src/store/stored-state.js'
import { initialState } from '../../src/domain/seed.js'
import { change, mustOpen, seed, tempDir } from './fixtures/helpers.js'

const header = encodeLine(JSON.stringify({ format: 'flagport-journal', formatVersion: 2, base: 0 }))
const stored = () => JSON.parse(JSON.stringify(toStored(initialState('foreign', '2026-01-01T00:00:00.000Z')))) as Record<string, unknown>

/** A store directory whose journal is `lines` after the header. */
const journalOf = async (t: Parameters<typeof tempDir>[0], ...lines: Buffer[]): Promise<string> => {
  const dir = await tempDir(t)
  await writeFile(join(dir, 'journal.jsonl'), Buffer.concat([header, ...lines]))
  return dir
}

const refusal = async (dir: string) => {
  const opened = await openFileStorage({ path: dir })
  if (E.isRight(opened)) await opened.right.close()
  return E.isLeft(opened) ? opened.left : 'opened'
}

t.test('a first commit whose state does not fit is a CorruptJournal naming the line and the path', async (t) => {
  const dir = await journalOf(t, encodeLine(JSON.stringify({ v: 1, s: { ...stored(), counters: { user: 'many' } } })))
  t.match(await refusal(dir), { _tag: 'CorruptJournal', line: 2, reason: 'invalid state: /counters/user must be number' })
  const foreign = await journalOf(t, encodeLine(JSON.stringify({ v: 1, s: { name: 'a package.json', version: '1.0.0' } })))
  t.match(await refusal(foreign), { _tag: 'CorruptJournal', line: 2, reason: /^invalid state: \/schemaVersion must be number \(it is missing\)/ })
})

t.test('changes that do not fit, or do not apply, are a CorruptJournal naming them', async (t) => {
  const first = encodeLine(JSON.stringify({ v: 1, s: stored() }))
  const unknown = await journalOf(t, first, encodeLine(JSON.stringify({ v: 2, c: [{ op: 'put', table: 'nowhere', key: 'k', row: {} }] })))
  t.match(await refusal(unknown), { _tag: 'CorruptJournal', line: 3, reason: /^invalid changes: \/0\/table must be/ })
  const missing = await journalOf(t, first, encodeLine(JSON.stringify({ v: 2, c: [{ op: 'patch', table: 'features', key: 'ghost', patches: [{ op: 'replace', path: ['stale'], value: true }] }] })))
  t.match(await refusal(missing), { _tag: 'CorruptJournal', line: 3, reason: 'the changes do not apply: patch features/ghost: no such row' })
  const bucketPatches = await journalOf(t, first, encodeLine(JSON.stringify({ v: 2, p: [{ op: 'replace', path: ['counters', 'user'], value: 1 }] })))
  t.match(await refusal(bucketPatches), { _tag: 'CorruptJournal', line: 3, reason: 'a commit carries neither changes nor a state' }, 'format 1 patches in a format 2 journal')
})

t.test('a row put or patched so that it no longer fits its table is a CorruptJournal naming the table, the key and the field', async (t) => {
  const first = encodeLine(JSON.stringify({ v: 1, s: stored() }))
  const put = await journalOf(t, first, encodeLine(JSON.stringify({ v: 2, c: [{ op: 'put', table: 'tagTypes', key: 'odd', row: { name: 'odd', description: 5, icon: null } }] })))
  t.match(await refusal(put), { _tag: 'CorruptJournal', line: 3, reason: 'invalid changes: /0/row: /tagTypes/odd/description must be string' })
  const patched = await journalOf(t, first, encodeLine(JSON.stringify({ v: 2, c: [{ op: 'patch', table: 'tagTypes', key: 'simple', patches: [{ op: 'replace', path: ['description'], value: 5 }] }] })))
  t.match(await refusal(patched), { _tag: 'CorruptJournal', line: 3, reason: 'the patched row does not fit: /tagTypes/simple/description must be string' })
})

t.test('a file that is not a journal is a CorruptJournal at line 1', async (t) => {
  const dir = await tempDir(t)
  await writeFile(join(dir, 'journal.jsonl'), '{"name":"not a store"}\n')
  t.match(await refusal(dir), { _tag: 'CorruptJournal', line: 1 })
})

t.test('a snapshot whose state does not fit is a CorruptSnapshot naming the path, even with a good checksum', async (t) => {
  const dir = await tempDir(t)
  const writer = await mustOpen({ path: dir, compactAfterBytes: 1 })
  await seed(writer)
  await change(writer, (d) => void (d.counters.user = 3))
  await writer.close()
  const name = (await readdir(dir)).find((n) => n.startsWith('snapshot-'))!
  const lines = (await readFile(join(dir, name), 'utf8')).split('\n').slice(0, -2)
  const head = JSON.parse(lines[1]!) as { state: Record<string, unknown> }
  head.state.settings = { maintenanceMode: 'no', frontendApiOrigins: null }
  const body = Buffer.from(`${[lines[0], JSON.stringify(head), ...lines.slice(2)].join('\n')}\n`)
  const trailer = JSON.stringify({ bytes: body.length, sha256: createHash('sha256').update(body).digest('hex') })
  await writeFile(join(dir, name), Buffer.concat([body, Buffer.from(`${trailer}\n`)]))
  t.match(await refusal(dir), { _tag: 'CorruptSnapshot', reason: 'invalid state: /settings/maintenanceMode must be boolean' })
})

import t from 'tap'
import { createMemoryStorage } from '../../adapters/storage/memory.js'
import { parseJson } from '../../src/storage/json.js'
import type { State } from '../../src/model/state.js'
import { getRow } from '../../src/store/table.js'
import { makeApi, ok } from '../support/api.js'
import { internalsOf } from '../../src/api/internals.js'

/**
 * Rows a file store read have no prototype. A transaction drafts such a row from an ordinary
 * copy of it (immer would otherwise copy it into a slow dictionary-mode object): a draft left
 * unchanged must still leave the committed row, and the state, exactly as they were.
 */

const P = { projectId: 'default', featureName: 'f' }

/** A facade over a state read the way the file store reads one: every object without a prototype. */
const fromFileLikeState = async () => {
  const { api: seeding } = await makeApi()
  ok(await seeding.features.create({ params: { projectId: 'default' }, body: { name: 'f', description: 'd' } }))
  ok(await seeding.features.update({ params: P, body: { description: 'd' } })) // the actor is now a collaborator
  const state = parseJson(JSON.stringify(seeding.state())) as State
  const storage = createMemoryStorage({ state, version: internalsOf(seeding).storage.head().version })
  const { api } = await makeApi({ storage })
  return { api, storage, row: () => getRow(api.state().features, 'f')! }
}

t.test('a row drafted and left unchanged is the committed row, and nothing is committed', async (t) => {
  const { api, storage, row } = await fromFileLikeState()
  const before = { version: storage.head().version, state: storage.head().state, row: row() }
  t.equal(Object.getPrototypeOf(before.row), null, 'read without a prototype')
  const answer = ok(await api.features.update({ params: P, body: { description: 'd' } }))
  t.equal(answer.description, 'd')
  t.equal(storage.head().version, before.version, 'no commit')
  t.equal(storage.head().state, before.state, 'the same state')
  t.equal(row(), before.row, 'the same row object')
})

t.test('a changed row keeps every other field, with an ordinary prototype', async (t) => {
  const { api, storage, row } = await fromFileLikeState()
  const before = row()
  const version = storage.head().version
  ok(await api.features.update({ params: P, body: { description: 'changed' } }))
  t.equal(storage.head().version, version + 1)
  const after = row()
  t.not(after, before)
  t.equal(Object.getPrototypeOf(after), Object.prototype, 'drafted from an ordinary copy, not a dictionary-mode one')
  t.same({ ...after, description: before.description }, { ...before })
  t.equal(after.environments, before.environments, 'its unchanged parts are shared')
  t.equal(Object.getPrototypeOf(after.environments), null, 'a dictionary keeps its null prototype')
})

import * as E from 'fp-ts/lib/Either.js'
import t from 'tap'
import { openPostgresStorage } from '../../adapters/storage/postgres.js'
import { databaseUrl, freshStoreName, openStore } from './fixtures/postgres.js'
import { addTagType, admin, seed } from './fixtures/pg-helpers.js'

const url = databaseUrl(t)
const quiet = { error: () => undefined, warn: () => undefined }

/** A store at version 2 (a seed and one tag type), closed; `options` for the writing handle. */
const written = async (options: Parameters<typeof openStore>[2] = {}): Promise<string> => {
  const store = freshStoreName('corrupt')
  const a = await openStore(url!, store, options)
  await seed(a)
  await addTagType(a, 'written')
  if (options.keepCommits === 0) await a.compact()
  await a.close()
  return store
}

/** What opening the store answers: the failure's reason and message, or 'opened'. */
const openFailure = async (store: string) => {
  const opened = await openPostgresStorage({ connectionString: url!, store, logger: quiet, listen: false })
  if (E.isRight(opened)) {
    await opened.right.close()
    return 'opened'
  }
  return { reason: opened.left.reason, message: opened.left.message }
}

const setCommit = (store: string, version: number, body: string) =>
  admin(url!, 'UPDATE flagport_commit SET body = $3 WHERE store = $1 AND version = $2', [store, version, body])

if (url !== null) {
  t.test('a commit holds its changes in the stored form: a whole state as rows by key', async (t) => {
    const store = await written()
    const [row] = await admin<{ body: string }>(url, 'SELECT body FROM flagport_commit WHERE store = $1 AND version = 1', [store])
    const [change] = JSON.parse(row!.body) as [{ op: string; state: { tagTypes: Record<string, { name: string }> } }]
    t.equal(change.op, 'state')
    t.equal(change.state.tagTypes.simple?.name, 'simple', 'the tag types table is a dictionary of its rows')
  })

  t.test('a commit that does not fit the change codec: opening fails, naming the commit and the path', async (t) => {
    const store = await written()
    await setCommit(store, 2, '[{"op":"events","events":[{"id":"x"}],"retention":null}]')
    const failure = await openFailure(store)
    t.equal(failure !== 'opened' && failure.reason, 'corrupt')
    t.match(failure !== 'opened' && failure.message, /commit 2: \/0\/events\/0\/id must be number/)
  })

  t.test('a commit of nulls is a typed failure, not a crash', async (t) => {
    const store = await written()
    await setCommit(store, 2, '[null]')
    const failure = await openFailure(store)
    t.equal(failure !== 'opened' && failure.reason, 'corrupt')
    t.match(failure !== 'opened' && failure.message, /commit 2: \/0/)
  })

  t.test('a running instance reading a corrupt commit answers a StorageFailure and keeps its head', async (t) => {
    const store = freshStoreName('corrupt')
    const a = await openStore(url, store)
    t.teardown(() => a.close())
    await seed(a)
    const b = await openStore(url, store, { listen: false })
    t.teardown(() => b.close())
    t.same(await addTagType(a, 'later'), E.right(2))
    await setCommit(store, 2, '[{"op":"put","table":"nope","key":"f","row":{}}]')
    const synced = await b.sync()
    t.equal(E.isLeft(synced) && synced.left._tag, 'StorageFailure')
    t.match(E.isLeft(synced) && synced.left.detail, /commit 2: \/0\/table/)
    t.equal(b.head().version, 1, 'the head is where it was')
  })

  t.test('a snapshot row that does not fit the stored state: opening fails, naming the path', async (t) => {
    const store = await written({ keepCommits: 0, compactAfterCommits: 1_000_000 })
    await admin(url, `UPDATE flagport_snapshot_part SET body = '[]' WHERE store = $1 AND part = 'row:tagTypes:written'`, [store])
    const failure = await openFailure(store)
    t.equal(failure !== 'opened' && failure.reason, 'corrupt')
    t.match(failure !== 'opened' && failure.message, /\/tagTypes\/written must be an object/)
  })

  t.test('a snapshot part that does not fit the stored state: opening fails, naming the path', async (t) => {
    const store = await written({ keepCommits: 0, compactAfterCommits: 1_000_000 })
    const parts = await admin<{ part: string }>(url, 'SELECT part FROM flagport_snapshot_part WHERE store = $1', [store])
    t.ok(parts.length > 0, 'a snapshot was written')
    await admin(url, `UPDATE flagport_snapshot_part SET body = replace(body, '"maintenanceMode":false', '"maintenanceMode":"yes"') WHERE store = $1 AND part = 'state'`, [store])
    const failure = await openFailure(store)
    t.equal(failure !== 'opened' && failure.reason, 'corrupt')
    t.match(failure !== 'opened' && failure.message, /\/settings\/maintenanceMode must be boolean/)
  })
}

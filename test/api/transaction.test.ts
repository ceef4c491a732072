import t from 'tap'
import { createMemoryStorage } from '../../adapters/storage/memory.js'
import * as E from 'fp-ts/lib/Either.js'
import { applyChanges } from '../../src/store/apply-changes.js'
import type { State } from '../../src/model/state.js'
import { getRow } from '../../src/store/table.js'
import type { Commit, StoragePort } from '../../src/ports/storage.js'
import { makeApi, ok } from '../support/api.js'

/** A memory store that asks for row changes and keeps every commit with the state it was made on, as JSON then. */
const recordingStore = () => {
  const inner = createMemoryStorage()
  const commits: { readonly before: State | null; readonly beforeJson: string; readonly commit: Commit }[] = []
  const storage: StoragePort = {
    ...inner,
    capabilities: { ...inner.capabilities, changes: true },
    commit: (commit) => {
      const before = inner.head().state
      commits.push({ before, beforeJson: JSON.stringify(before), commit })
      return inner.commit(commit)
    },
  }
  return { storage, commits }
}

const at = (featureName: string, environment = 'development') => ({ projectId: 'default', featureName, environment })

/** Writes through every kind of table and record, with a short event log so that old events are dropped. */
const scenario = async () => {
  const { storage, commits } = recordingStore()
  const { api } = await makeApi({ storage, config: { eventRetention: 7 } })
  ok(await api.contextFields.create({ params: {}, body: { name: 'tenant', legalValues: [{ value: 'acme' }, { value: 'globex' }] } }))
  ok(await api.segments.create({ params: {}, body: { name: 'beta', constraints: [{ contextName: 'tenant', operator: 'IN', values: ['acme'] }] } }))
  ok(await api.tagTypes.create({ params: {}, body: { name: 'area' } }))
  ok(await api.projects.create({ params: {}, body: { id: 'shop', name: 'Shop' } }))
  for (let i = 0; i < 12; i++) {
    const name = `flag-${i}`
    ok(await api.features.create({ params: { projectId: 'default' }, body: { name, description: `flag ${i}` } }))
    ok(await api.strategies.add({ params: at(name), body: { name: 'flexibleRollout', segments: [1], constraints: [{ contextName: 'tenant', operator: 'IN', values: ['acme'] }] } }))
    ok(await api.strategies.add({ params: at(name), body: { name: 'default' } }))
    ok(await api.featureTags.add({ params: { featureName: name }, body: { type: 'area', value: i % 2 ? 'checkout' : 'search' } }))
  }
  const strategies = ok(await api.strategies.list({ params: at('flag-1') }))
  const [first, second] = strategies as { id: string }[]
  ok(await api.strategies.update({ params: { ...at('flag-1'), strategyId: first!.id }, body: { name: 'flexibleRollout', parameters: { rollout: '25', stickiness: 'default', groupId: 'g' } } }))
  ok(await api.strategies.setSortOrder({ params: at('flag-1'), body: [{ id: second!.id, sortOrder: 0 }, { id: first!.id, sortOrder: 1 }] }))
  ok(await api.strategies.delete({ params: { ...at('flag-1'), strategyId: second!.id } }))
  ok(await api.features.enableEnvironment({ params: at('flag-2') }))
  ok(await api.features.setVariants({ params: { projectId: 'default', featureName: 'flag-3' }, body: { environments: ['development'], variants: [{ name: 'red', weight: 0 }] } }))
  ok(await api.features.update({ params: { projectId: 'default', featureName: 'flag-4' }, body: { stale: true, description: null } }))
  ok(await api.features.addDependency({ params: { projectId: 'default', featureName: 'flag-5' }, body: { feature: 'flag-6' } }))
  ok(await api.featureTags.bulkUpdate({ params: { projectId: 'default' }, body: { features: ['flag-7', 'flag-8'], tags: { addedTags: [{ value: 'new-tag' }], removedTags: [{ type: 'area', value: 'checkout' }] } } }))
  ok(await api.tags.delete({ params: { type: 'area', value: 'search' } }))
  ok(await api.features.archive({ params: { projectId: 'default', featureName: 'flag-9' } }))
  ok(await api.features.deleteArchived({ params: { featureName: 'flag-9' } }))
  const unused = ok(await api.segments.create({ params: {}, body: { name: 'gamma', constraints: [] } }))
  ok(await api.segments.delete({ params: { segmentId: String(unused.id) } }))
  const user = ok(await api.users.create({ params: {}, body: { email: 'ann@example.com', rootRole: 2 } }))
  ok(await api.groups.create({ params: {}, body: { name: 'team', users: [{ user: { id: user.id } }] } }))
  ok(await api.users.delete({ params: { id: String(user.id) } }))
  ok(await api.instance.setMaintenance({ params: {}, body: { enabled: true } }))
  ok(await api.instance.setMaintenance({ params: {}, body: { enabled: false } }))
  return { api, commits }
}

t.test('every commit’s row changes turn the state it was made on into the state it commits', async (t) => {
  const { commits } = await scenario()
  t.ok(commits.length > 60, `${commits.length} commits`)
  const problems: string[] = []
  for (const [i, { before, beforeJson, commit }] of commits.entries()) {
    if (before === null) continue
    const applied = applyChanges(before, commit.changes)
    if (E.isLeft(applied)) problems.push(`commit ${i}: the changes do not apply: ${applied.left}`)
    else if (JSON.stringify(applied.right) !== JSON.stringify(commit.state)) problems.push(`commit ${i}: replaying its changes gives another state`)
    else if (JSON.stringify(before) !== beforeJson) problems.push(`commit ${i}: replaying changed the state it started from`)
  }
  t.same(problems, [], 'each replayed state equals the committed one')
})

t.test('a transaction never changes a state committed before it', async (t) => {
  const { commits } = await scenario()
  const changed = commits.filter(({ before, beforeJson }) => JSON.stringify(before) !== beforeJson)
  t.same(changed.length, 0, 'every earlier state reads as it did when the next commit was made on it')
})

t.test('the log keeps eventRetention events, and the tables count their rows', async (t) => {
  const { api } = await scenario()
  const state = api.state()
  t.same(api.events(100).map((e) => e.id), Array.from({ length: 7 }, (_, i) => state.events.last - i), 'the event log holds eventRetention events, newest first')
  t.ok(state.events.last > 64, 'enough events that whole chunks were dropped')
  t.equal(state.events.pages.flat(2).length, state.events.last - 64 * Math.floor((state.events.first - 1) / 64), 'only the chunk holding `first` keeps older events')
  t.equal(state.events.last, state.counters.event, 'the newest is the last id handed out')
  t.notOk(getRow(state.features, 'flag-9'), 'the deleted feature is gone')
  t.equal(state.features.size, 11, 'and the table counts it')
})

t.test('an event’s preData taken from a row the transaction changes is stored as it was, as a plain value', async (t) => {
  const { api } = await makeApi()
  ok(await api.features.create({ params: { projectId: 'default' }, body: { name: 'f' } }))
  const strategy = ok(await api.strategies.add({ params: at('f'), body: { name: 'default', constraints: [{ contextName: 'appName', operator: 'IN', values: ['web'] }] } }))
  const stored = getRow(api.state().features, 'f')!.environments['development']!.strategies[0]
  ok(await api.strategies.delete({ params: { ...at('f'), strategyId: strategy.id } }))
  const [removed] = api.events(1)
  t.equal(removed?.type, 'feature-strategy-remove')
  t.equal(stored?.id, strategy.id)
  t.same(JSON.parse(JSON.stringify(removed?.preData)), JSON.parse(JSON.stringify(stored)), 'the strategy as it was')
  t.same(ok(await api.strategies.list({ params: at('f') })), [], 'and it is gone from the feature')
})

t.test('with a store that does not read row changes, none are computed and the state is the same', async (t) => {
  const plainStore = createMemoryStorage()
  const seen: number[] = []
  const storage: StoragePort = { ...plainStore, commit: (commit) => (seen.push(commit.changes.length), plainStore.commit(commit)) }
  const { api } = await makeApi({ storage })
  ok(await api.features.create({ params: { projectId: 'default' }, body: { name: 'quiet' } }))
  t.same(seen.slice(1), [0], 'the commit after the seed carries no changes')
  t.equal(getRow(api.state().features, 'quiet')?.name, 'quiet', 'the change is committed')
})

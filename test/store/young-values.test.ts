import { spawnSync } from 'node:child_process'
import t from 'tap'

/*
 * A table or event log a commit makes is replaced by the next commit's, and a transaction's
 * record of a changed row dies with the transaction. V8 may allocate every object of an
 * object literal in the old generation once it has seen that literal's objects live long,
 * and a replaced table allocated old kept its young shards alive through every scavenge:
 * each update's copies were promoted (docs/benchmarks.md). These values are built field by
 * field, or with `new`, so that they are born young, whatever came before. The check needs
 * V8's `%InYoungGeneration`, so it runs in a child started with --allow-natives-syntax, and
 * with its young generation at its largest from the start: V8 decides to allocate old only
 * then.
 */
const PROBE = `
import { tableValue } from './src/store/table-layout.ts'
import { appendEvents, emptyEventLog } from './src/store/event-log.ts'
import { tableFrom } from './src/store/table.ts'
import { TableDraft } from './src/store/table-draft.ts'
import { Immer } from 'immer'
const young = new Function('o', 'return %InYoungGeneration(o)')
const shards = []
const keep = []
const literal = (size, s) => ({ size, shards: s })
const event = (id) => ({ id, type: 'feature-created' })
// Kept, so that each way of making them has seen its objects live long.
for (let i = 0; i < 500000; i++) keep.push(literal(i, shards))
for (let i = 0; i < 500000; i++) keep.push(tableValue(i, shards))
const log = emptyEventLog()
for (let i = 0; i < 500000; i++) keep.push(appendEvents(log, [event(i + 1)], 10))
// A row drafted in many transactions whose table drafts are kept: their changes live long.
const drafter = new Immer({ autoFreeze: false })
const table = tableFrom([['a', { name: 'a' }]])
for (let i = 0; i < 200000; i++) { const draft = new TableDraft(table, drafter); draft.get('a'); keep.push(draft) }
const fresh = new TableDraft(table, drafter)
fresh.get('a')
console.log(JSON.stringify({
  literalBornOld: !young(literal(0, shards)),
  tableBornOld: !young(tableValue(0, shards)),
  logBornOld: !young(appendEvents(log, [event(1)], 10)),
  changeBornOld: !young(fresh.changes.get('a')),
}))
`

t.test("a table, an event log and a transaction's change of a row are born young, even after many of them lived long", async (t) => {
  const child = spawnSync(process.execPath, ['--allow-natives-syntax', '--min-semi-space-size=16', '--max-semi-space-size=16', '--import', 'tsx', '--input-type=module', '-e', PROBE], { encoding: 'utf8' })
  t.equal(child.status, 0, child.stderr)
  const found = JSON.parse(child.stdout) as { literalBornOld: boolean; tableBornOld: boolean; logBornOld: boolean; changeBornOld: boolean }
  if (!found.literalBornOld) {
    t.pass('nothing to compare with', { skip: 'this V8 did not allocate the literal old' })
    return
  }
  t.equal(found.tableBornOld, false, 'tableValue: young')
  t.equal(found.logBornOld, false, 'appendEvents: young')
  t.equal(found.changeBornOld, false, "a TableDraft's change of a row: young")
})

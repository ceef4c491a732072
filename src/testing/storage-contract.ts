import * as E from 'fp-ts/lib/Either.js'
import { immer } from '../api/immer.js'
import { initialState } from '../domain/seed.js'
import type { State } from '../model/state.js'
import { getRow, setRow } from '../store/table.js'
import { transact } from '../store/transaction.js'
import type { CommitError, RowChange, Snapshot, StorageCapabilities, StoragePort } from '../ports/storage.js'
import type { Tx } from '../store/tx.js'

/**
 * What the suite needs of a test runner: a subset of tap's `Test`, so `t` from tap can be
 * passed as is and another runner can be adapted in a few lines.
 */
export interface ContractTest {
  test(name: string, fn: (t: ContractTest) => Promise<void>): PromiseLike<unknown>
  ok(value: unknown, message: string): boolean
  equal(found: unknown, wanted: unknown, message: string): boolean
  same(found: unknown, wanted: unknown, message: string): boolean
}

export interface StorageContractFactory {
  /** A new, empty store, not shared with any store made before. */
  open(): Promise<StoragePort>
  /**
   * Another handle on the store the last `open()` made. Needed by durable adapters (called
   * after every handle closed) and cross-process ones (called while others are open).
   */
  reopen?(): Promise<StoragePort>
}

const NOW = '2026-01-01T00:00:00.000Z'

/**
 * The storage port's contract, run against an adapter: every adapter passes the same tests.
 * `capabilities` switches on the groups the adapter claims (and must equal what it reports):
 * `durable` (reopen keeps every acknowledged commit), `crossProcess` (handles on one store
 * see and never lose each other's commits), `subscribe` (listeners hear of them).
 *
 * @example
 * import t from 'tap'
 * await storageContract(t, { open: async () => createMemoryStorage() }, { durable: false, crossProcess: false, subscribe: true, changes: false })
 */
export const storageContract = async (t: ContractTest, factory: StorageContractFactory, capabilities: StorageCapabilities): Promise<void> => {
  const reopen = factory.reopen?.bind(factory)
  const withStore = (name: string, body: (t: ContractTest, port: StoragePort) => Promise<void>) =>
    t.test(name, async (t) => {
      const port = await factory.open()
      try {
        await body(t, port)
      } finally {
        await port.close()
      }
    })

  /**
   * Runs `check` on the store as `port` holds it, then, where the adapter promises it, through
   * another handle and after reopening (`port` is closed then).
   */
  const onEveryHandle = async (t: ContractTest, port: StoragePort, check: (t: ContractTest, port: StoragePort, label: string) => void) => {
    check(t, port, 'head')
    if (capabilities.crossProcess && reopen) {
      const other = await reopen()
      try {
        await other.sync()
        check(t, other, 'another handle')
      } finally {
        await other.close()
      }
    }
    if (capabilities.durable && reopen) {
      await port.close()
      const again = await reopen()
      try {
        check(t, again, 'reopened')
      } finally {
        await again.close()
      }
    }
  }

  await withStore('declares the capabilities it is tested for', async (t, port) => {
    t.same(port.capabilities, capabilities, 'capabilities')
    t.equal(typeof port.subscribe === 'function', capabilities.subscribe, 'subscribe is there exactly when declared')
    // Otherwise the durable and cross-process groups would be skipped without a word.
    t.ok(reopen || !(capabilities.durable || capabilities.crossProcess), 'a durable or cross-process adapter’s factory has reopen()')
  })

  await withStore('a new store is empty at version 0', async (t, port) => {
    t.same(port.head(), { state: null, version: 0 }, 'head')
    const synced = await port.sync()
    t.same(synced, E.right({ state: null, version: 0 }), 'sync')
  })

  await withStore('the first commit replaces the empty root and is version 1', async (t, port) => {
    const [state, changes] = seedCommit()
    t.same(await port.commit({ baseVersion: 0, changes, state }), E.right(1), 'acknowledged as version 1')
    t.equal(port.head().version, 1, 'head version')
    t.equal(port.head().state, state, 'head holds the committed state')
  })

  await withStore('a commit on a base above the head is a conflict', async (t, port) => {
    const [state, changes] = seedCommit()
    t.same(await port.commit({ baseVersion: 3, changes, state }), E.left({ _tag: 'StorageConflict', expected: 3, actual: 0 }), 'conflict')
    t.same(port.head(), { state: null, version: 0 }, 'still empty')
  })

  await withStore('sequential commits get consecutive versions', async (t, port) => {
    await seed(port)
    const seeded = port.head().state!.counters.user
    const versions: unknown[] = []
    for (let i = 0; i < 5; i++) versions.push(await change(port, (d) => void (d.counters.user += 1)))
    t.same(versions, [2, 3, 4, 5, 6].map((v) => E.right(v)), 'versions')
    t.equal(port.head().state?.counters.user, seeded + 5, 'every change applied')
  })

  await withStore('the head advances as soon as a commit is accepted, before it is durable', async (t, port) => {
    await seed(port)
    const first = change(port, (d) => void (d.counters.group = 1))
    t.equal(port.head().version, 2, 'version advanced synchronously')
    t.equal(port.head().state?.counters.group, 1, 'state advanced synchronously')
    const second = change(port, (d) => void (d.counters.group = 2))
    t.same(await Promise.all([first, second]), [E.right(2), E.right(3)], 'a commit built on an unacknowledged head is accepted')
  })

  await withStore('a commit on a stale base is a conflict and changes nothing', async (t, port) => {
    await seed(port)
    await change(port, (d) => void (d.counters.user = 5))
    const before = port.head()
    const { state, changes } = transact(before.state!, immer, (d) => {
      d.counters.user = 99
      d.settings.maintenanceMode = true
    })
    t.same(await port.commit({ baseVersion: 1, changes, state }), E.left({ _tag: 'StorageConflict', expected: 1, actual: 2 }), 'conflict')
    t.equal(port.head().version, before.version, 'version unchanged')
    t.equal(port.head().state, before.state, 'state unchanged')
  })

  await withStore('many commits in one tick are all acknowledged, in order', async (t, port) => {
    await seed(port)
    const order: number[] = []
    const results = Array.from({ length: 50 }, () =>
      change(port, (d) => void (d.counters.event += 1)).then((r) => {
        if (E.isRight(r)) order.push(r.right)
        return r
      }),
    )
    const all = await Promise.all(results)
    t.same(all, all.map((_, i) => E.right(i + 2)), 'versions 2..51')
    t.same(order, [...order].sort((a, b) => a - b), 'resolved in commit order')
    t.equal(port.head().state?.counters.event, 50, 'every change applied')
  })

  await withStore('names like __proto__ and constructor are ordinary keys', async (t, port) => {
    await seed(port)
    const names = ['__proto__', 'constructor', 'prototype', 'hasOwnProperty', 'toString']
    const check = (t: ContractTest, port: StoragePort, label: string) => {
      const state = port.head().state!
      for (const name of names) {
        const row = getRow(state.tagTypes, name)
        t.same([row?.name, row?.description], [name, `${name} changed`], `${label}: ${name}`)
      }
      t.equal(({} as Record<string, unknown>).description, undefined, `${label}: Object.prototype untouched`)
    }
    const template = getRow(port.head().state!.tagTypes, 'simple')!
    await change(port, (d) => {
      for (const name of names) setRow(d.tagTypes, name, { ...template, name, description: name })
    })
    // Patches whose paths run through those names, not only end at them.
    t.same(
      await change(port, (d) => {
        for (const name of names) d.tagTypes.get(name)!.description = `${name} changed`
      }),
      E.right(3),
      'changed through the odd names',
    )
    await onEveryHandle(t, port, check)
  })

  await withStore('optional fields added to a record or a row, changed and removed later, read back as they were', async (t, port) => {
    await seed(port)
    // Fields a store written before them lacks: a record's (settings), a row's, and one inside a row.
    t.same(
      await change(port, (d) => {
        d.settings.featureTypeLifetimes = { release: 7 }
        d.projects.get('default')!.defaultStrategies = { development: { name: 'flexibleRollout', title: null, disabled: false, segments: [], constraints: [], variants: [], parameters: { rollout: '30' } } }
      }),
      E.right(2),
      'added',
    )
    t.same(
      await change(port, (d) => {
        d.settings.featureTypeLifetimes = { release: null, experiment: 3 }
        delete d.projects.get('default')!.defaultStrategies!['development']
      }),
      E.right(3),
      'changed and removed',
    )
    const check = (t: ContractTest, port: StoragePort, label: string) => {
      const state = port.head().state!
      t.same(state.settings.featureTypeLifetimes, { release: null, experiment: 3 }, `${label}: the record's new field`)
      t.same({ ...getRow(state.projects, 'default')!.defaultStrategies }, {}, `${label}: the row's field, its entry removed`)
    }
    await onEveryHandle(t, port, check)
  })

  await withStore('close refuses later commits and syncs', async (t, port) => {
    await seed(port)
    await port.close()
    const late = await change(port, (d) => void (d.counters.user += 1))
    t.equal(E.isLeft(late) && late.left._tag, 'StorageFailure', 'commit after close')
    const synced = await port.sync()
    t.equal(E.isLeft(synced) && synced.left._tag, 'StorageFailure', 'sync after close')
    await port.close()
    t.ok(true, 'closing twice is harmless')
  })

  if (capabilities.subscribe) {
    await withStore('unsubscribing stops notifications; versions heard only rise', async (t, port) => {
      await seed(port)
      const heard: Snapshot[] = []
      const stop = port.subscribe!((s) => heard.push(s))
      await change(port, (d) => void (d.counters.user += 1))
      await port.sync()
      stop()
      const before = heard.length
      await change(port, (d) => void (d.counters.user += 1))
      await port.sync()
      t.equal(heard.length, before, 'nothing heard after unsubscribing')
      t.same(heard.map((s) => s.version), [...new Set(heard.map((s) => s.version))].sort((a, b) => a - b), 'rising versions')
    })
  }

  if (capabilities.durable && reopen) {
    await withStore('reopening keeps every acknowledged commit', async (t, port) => {
      await seed(port)
      for (let i = 0; i < 5; i++) await change(port, (d) => void (d.counters.user += 1))
      await Promise.all(Array.from({ length: 5 }, () => change(port, (d) => void (d.counters.group += 1))))
      const before = port.head()
      await port.close()
      const again = await reopen()
      try {
        t.equal(again.head().version, 11, 'version')
        sameState(t, again.head().state, before.state, 'state')
        t.same(await change(again, (d) => void (d.counters.user += 1)), E.right(12), 'versions go on')
      } finally {
        await again.close()
      }
    })

    await withStore('commits accepted before close are durable, a conflict leaves nothing', async (t, port) => {
      await seed(port)
      const seeded = port.head().state!.counters.user
      const template = getRow(port.head().state!.tagTypes, 'simple')!
      const { state, changes } = transact(port.head().state!, immer, (d) => void (d.counters.user = 42))
      const stale = port.commit({ baseVersion: 0, changes, state })
      const pending = change(port, (d) => {
        d.counters.segment = 7
        setRow(d.tagTypes, 'atomic', { ...template, name: 'atomic', description: 'one commit' })
        d.settings.maintenanceMode = true
      })
      await port.close()
      t.equal(E.isLeft(await stale) && (await stale as E.Left<CommitError>).left._tag, 'StorageConflict', 'stale base refused')
      t.same(await pending, E.right(2), 'accepted commit acknowledged')
      const again = await reopen()
      try {
        const s = again.head().state!
        t.equal(again.head().version, 2, 'version')
        t.same([s.counters.segment, getRow(s.tagTypes, 'atomic')?.description, s.settings.maintenanceMode], [7, 'one commit', true], 'all of the commit')
        t.equal(s.counters.user, seeded, 'none of the conflict')
      } finally {
        await again.close()
      }
    })
  }

  if (capabilities.crossProcess && reopen) {
    await withStore('another handle sees commits after sync, and a stale one is a conflict', async (t, a) => {
      await seed(a)
      const b = await reopen()
      try {
        t.equal(b.head().version, 1, 'opened at the current version')
        await change(a, (d) => void (d.counters.user = 10))
        await change(a, (d) => void (d.counters.user = 11))
        const synced = await b.sync()
        t.equal(E.isRight(synced) && synced.right.version, 3, 'sync brings the version')
        sameState(t, b.head().state, a.head().state, 'and the state')
        await change(b, (d) => void (d.counters.group = 1))
        const stale = await change(a, (d) => void (d.counters.group = 2))
        t.same(stale, E.left({ _tag: 'StorageConflict', expected: 3, actual: 4 }), 'commit on a stale base refused')
        await a.sync()
        t.equal(a.head().state?.counters.group, 1, 'the other handle’s commit is there, ours is not')
        t.same(await change(a, (d) => void (d.counters.group = 2)), E.right(5), 'after sync the retry succeeds')
      } finally {
        await b.close()
      }
    })

    await withStore('two handles committing at once lose nothing', async (t, a) => {
      await seed(a)
      const b = await reopen()
      try {
        const writer = async (port: StoragePort, n: number) => {
          for (let i = 0; i < n; i++) {
            for (;;) {
              await port.sync()
              const r = await change(port, (d) => void (d.counters.event += 1))
              if (E.isRight(r)) break
              if (r.left._tag !== 'StorageConflict') throw new Error(r.left.message)
            }
          }
        }
        await Promise.all([writer(a, 15), writer(b, 15)])
        await a.sync()
        await b.sync()
        t.equal(a.head().state?.counters.event, 30, 'every increment, seen by one')
        t.equal(b.head().version, a.head().version, 'and by the other')
      } finally {
        await b.close()
      }
    })

    if (capabilities.subscribe) {
      await withStore('a listener hears of commits made through another handle', async (t, a) => {
        await seed(a)
        const b = await reopen()
        try {
          const heard: Snapshot[] = []
          const stop = a.subscribe!((s) => heard.push(s))
          await change(b, (d) => void (d.counters.user = 5))
          await change(b, (d) => void (d.counters.user = 6))
          const deadline = Date.now() + 10_000
          while (heard.at(-1)?.version !== 3 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10))
          stop()
          t.equal(heard.at(-1)?.version, 3, 'heard the newest version')
          t.equal(heard.at(-1)?.state?.counters.user, 6, 'with its state')
        } finally {
          await b.close()
        }
      })
    }
  }
}

/** The first commit, as the core makes it: one change holding the whole state. */
const seedCommit = (): [State, RowChange[]] => {
  const state = initialState('contract', NOW)
  return [state, [{ op: 'state', state }]]
}

/** Whole states compared as JSON first: tap's deep comparison of a whole store is slow. */
const sameState = (t: ContractTest, found: State | null | undefined, wanted: State | null | undefined, message: string) => {
  if (JSON.stringify(found) === JSON.stringify(wanted)) return t.ok(true, message)
  return t.same(found, wanted, message)
}

const seed = async (port: StoragePort): Promise<void> => {
  const [state, changes] = seedCommit()
  const r = await port.commit({ baseVersion: port.head().version, changes, state })
  if (E.isLeft(r)) throw new Error(`seeding failed: ${JSON.stringify(r.left)}`)
}

/** One transaction as the facade runs it: read the head, run it, commit in the same tick. */
const change = (port: StoragePort, recipe: (draft: Tx) => void) => {
  const { state, version } = port.head()
  if (state === null) throw new Error('seed the store first')
  const { state: next, changes } = transact(state, immer, recipe)
  return port.commit({ baseVersion: version, changes, state: next })
}

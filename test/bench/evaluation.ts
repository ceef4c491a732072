/**
 * Evaluation rows for `npm run bench`: `isEnabled` and `getVariant` through `api.evaluator`
 * on a store of 10k features, the compiled evaluator alone, the recompile a commit costs,
 * and the client endpoint's cached answer. Calls cost well under a microsecond, below the
 * timer's resolution, so each sample times a batch and divides.
 */
import { openAuth } from '../../adapters/auth/open.js'
import { createMemoryStorage } from '../../adapters/storage/memory.js'
import { createAdminApi } from '../../src/api/admin-api.js'
import { immer } from '../../src/api/immer.js'
import { initialState } from '../../src/domain/seed.js'
import { compileEvaluator } from '../../src/evaluation/index.js'
import { dictFrom } from '../../src/model/dict.js'
import type { FeatureState, State } from '../../src/model/state.js'
import { tableFrom } from '../../src/store/table.js'
import { transact } from '../../src/store/transaction.js'
import { fixedClock } from '../../src/ports/clock.js'

/** A row as `npm run bench` (bench/run.ts) takes it; it adds the section. */
export interface Row {
  readonly operation: string
  readonly storeSize: number
  readonly opsPerSec: number
  readonly p50us: number
  readonly p99us: number
  readonly note?: string
}

const NOW = '2026-01-01T00:00:00.000Z'
const STORE_SIZE = 10_000
const name = (i: number) => `flag-${String(i).padStart(5, '0')}`

/** Two constrained strategies: `userId IN` + 50% rollout, then `appName` prefix; two variants. */
const feature = (i: number): FeatureState => {
  const strategy = (n: number, body: Pick<FeatureState['environments'][string]['strategies'][number], 'name' | 'constraints' | 'parameters'>) => ({
    id: `${i}-${n}`, title: null, disabled: false, featureName: name(i), sortOrder: n, segments: [], variants: [], ...body,
  })
  return {
    name: name(i), project: 'default', type: 'release', description: null, stale: false, impressionData: false,
    archived: false, archivedAt: null, createdAt: NOW, createdByUserId: -1337, lifecycle: { stage: 'live', enteredStageAt: NOW },
    tags: [], dependencies: [], children: [], collaborators: [],
    environments: dictFrom([['production', {
      enabled: true,
      lastSeenAt: null,
      strategies: [
        strategy(0, {
          name: 'flexibleRollout',
          constraints: [{ contextName: 'userId', operator: 'IN', values: ['1', '2', '3', '4', '5'], caseInsensitive: false, inverted: false }],
          parameters: dictFrom([['rollout', '50'], ['stickiness', 'default'], ['groupId', name(i)]]),
        }),
        strategy(1, {
          name: 'default',
          constraints: [{ contextName: 'appName', operator: 'STR_STARTS_WITH', values: ['web'], caseInsensitive: true, inverted: false }],
          parameters: dictFrom<string>([]),
        }),
      ],
      variants: [
        { name: 'control', weight: 500, weightType: 'variable', stickiness: 'default', overrides: [] },
        { name: 'treatment', weight: 500, weightType: 'variable', stickiness: 'default', overrides: [] },
      ],
    }]]),
  }
}

const buildState = (n: number): State => ({
  ...initialState('bench', NOW),
  features: tableFrom(Array.from({ length: n }, (_, i) => [name(i), feature(i)] as const)),
})

const percentile = (sorted: Float64Array, p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!

/** Times `op` in batches of `batch` calls for about `seconds`; latencies are per call (a batch's mean). */
const timeBatches = (operation: string, op: (i: number) => unknown, { batch = 1000, seconds = 1, note = '' } = {}): Row => {
  for (let i = 0; i < batch * 20; i++) op(i)
  const samples: number[] = []
  let calls = 0
  const started = performance.now()
  while (performance.now() - started < seconds * 1000) {
    const t0 = performance.now()
    for (let i = 0; i < batch; i++) op(calls + i)
    samples.push(((performance.now() - t0) * 1000) / batch)
    calls += batch
  }
  const elapsed = (performance.now() - started) / 1000
  const sorted = Float64Array.from(samples).sort()
  return { operation, storeSize: STORE_SIZE, opsPerSec: calls / elapsed, p50us: percentile(sorted, 0.5), p99us: percentile(sorted, 0.99), ...(note ? { note } : {}) }
}

/** A one-off cost, reported as a row of one sample. */
const once = (operation: string, op: () => unknown, note: string): Row => {
  const t0 = performance.now()
  op()
  const us = (performance.now() - t0) * 1000
  return { operation, storeSize: STORE_SIZE, opsPerSec: 1e6 / us, p50us: us, p99us: us, note }
}

export async function benchEvaluation(): Promise<Row[]> {
  const state = buildState(STORE_SIZE)
  const storage = createMemoryStorage({ state, version: 1 })
  const api = await createAdminApi({ storage, auth: openAuth(), clock: fixedClock(NOW) })
  const flags = api.evaluator('production')
  const flag = name(4242)
  // A spread of users: most miss the IN list and fall through to the second strategy.
  const contexts = Array.from({ length: 1024 }, (_, i) => ({ userId: String(i % 7), appName: i % 3 === 0 ? 'Web-shop' : 'batch' }))
  const ctx = (i: number) => contexts[i & 1023]!

  const rows: Row[] = [once('first call: compile every flag', () => flags.isEnabled(flag), 'once per environment, lazily')]
  rows.push(
    timeBatches('api.evaluator isEnabled (2 constrained strategies)', (i) => flags.isEnabled(flag, ctx(i))),
    timeBatches('api.evaluator getVariant (2 variants)', (i) => flags.getVariant(flag, ctx(i))),
  )
  const compiled = compileEvaluator(api.clientFeatures('production'), { random: Math.random })
  rows.push(timeBatches('compiled evaluator isEnabled, no store check', (i) => compiled.isEnabled(flag, ctx(i))))

  // Each sample commits a change to one flag, then evaluates: what a commit costs the next call.
  let version = 1
  const commitOne = (i: number) => {
    const current = storage.head().state!
    const { state: next } = transact(current, immer, (draft) => {
      const f = draft.features.get(name(i % STORE_SIZE))!
      f.description = `changed ${i}`
    })
    void storage.commit({ baseVersion: version++, changes: [], state: next })
  }
  const commitThen = (op: () => Promise<unknown> | unknown) => async (i: number) => {
    commitOne(i)
    const t0 = performance.now()
    await op()
    return (performance.now() - t0) * 1000
  }
  const sampled = async (operation: string, op: (i: number) => Promise<number>, note: string, seconds = 1): Promise<Row> => {
    const samples: number[] = []
    const started = performance.now()
    for (let i = 0; performance.now() - started < seconds * 1000; i++) samples.push(await op(i))
    const sorted = Float64Array.from(samples).sort()
    const total = samples.reduce((a, b) => a + b, 0)
    return { operation, storeSize: STORE_SIZE, opsPerSec: (samples.length * 1e6) / total, p50us: percentile(sorted, 0.5), p99us: percentile(sorted, 0.99), note }
  }
  rows.push(await sampled('isEnabled after a commit to one flag', commitThen(() => flags.isEnabled(flag, ctx(0))), 'the commit itself not timed; recompiles that flag only'))

  const query = { environment: 'production' }
  const first = ok(await api.client.features({ query, clientSpec: '5.0.0' }))
  rows.push(await sampled('GET /api/client/features, unchanged (304)', async () => {
    const t0 = performance.now()
    ok(await api.client.features({ query, clientSpec: '5.0.0', ifNoneMatch: first.etag }))
    return (performance.now() - t0) * 1000
  }, 'facade call: sync, authenticate, cached ETag'))
  rows.push(await sampled('GET /api/client/features after a commit (200)', commitThen(async () => ok(await api.client.features({ query, clientSpec: '5.0.0' }))), 'ETag from per-flag hashes, 8 MB of JSON joined', 3))
  return rows
}

const ok = <A>(result: { _tag: 'Left'; left: unknown } | { _tag: 'Right'; right: A }): A => {
  if (result._tag === 'Left') throw new Error(JSON.stringify(result.left))
  return result.right
}

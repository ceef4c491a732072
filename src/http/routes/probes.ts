import * as E from 'fp-ts/lib/Either.js'
import * as t from 'io-ts'
import type { StoragePort } from '../../ports/storage.js'
import { JSON_TYPE } from '../errors.js'
import { rawRoute, type RawRoute } from '../route.js'
import type { HttpResponse } from '../messages.js'

/** How long `/ready` waits for the store before it calls it unreachable. */
export const DEFAULT_READY_TIMEOUT_MS = 2_000

/** Unleash's answer to a probe that passes: `{"health":"GOOD"}`. */
const HealthGood = t.type({ health: t.literal('GOOD') }, 'healthCheckSchema')

const GOOD = '{"health":"GOOD"}'
/** Answered to every probe that passes; one shared value, as nothing changes a response once made. */
export const probeGood: HttpResponse = Object.freeze({ status: 200, headers: Object.freeze({ 'content-type': JSON_TYPE, 'cache-control': 'no-store' }), body: GOOD })
/** Not ready: Unleash's 503 with no body. */
export const probeNotReady: HttpResponse = Object.freeze({ status: 503, headers: Object.freeze({ 'cache-control': 'no-store' }) })

/** Whether the store answers a sync within `timeoutMs`: PostgreSQL's reads the head version from the database. */
export const storeAnswers = async (storage: Pick<StoragePort, 'sync'>, timeoutMs: number): Promise<boolean> => {
  let timer: ReturnType<typeof setTimeout> | undefined
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs)
  })
  try {
    const synced = storage.sync().then(E.isRight, () => false)
    return await Promise.race([synced, late])
  } finally {
    clearTimeout(timer)
  }
}

/**
 * `GET /health` and `GET /ready`, to anyone, as Unleash answers them: `/health` says the
 * process answers (liveness); `/ready` says it can serve, which it cannot while its store
 * does not answer a sync within the deadline (a closed store, an unreachable database).
 */
export const probeRoutes = (storage: Pick<StoragePort, 'sync'>, readyTimeoutMs = DEFAULT_READY_TIMEOUT_MS): RawRoute[] => [
  rawRoute('GET', '/health', async () => E.right(probeGood), { answers: { 200: HealthGood }, open: true }),
  rawRoute('GET', '/ready', async () => E.right((await storeAnswers(storage, readyTimeoutMs)) ? probeGood : probeNotReady), {
    answers: { 200: HealthGood, 503: null },
    open: true,
  }),
]

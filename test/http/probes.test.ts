import * as E from 'fp-ts/lib/Either.js'
import t from 'tap'
import { createMemoryStorage } from '../../adapters/storage/memory.js'
import type { StoragePort } from '../../src/ports/storage.js'
import { serve } from './support.js'

/** A store whose sync can be made to fail or hang, as an unreachable database does. */
const faultyStorage = () => {
  const inner = createMemoryStorage()
  let mode: 'ok' | 'fail' | 'hang' = 'ok'
  const storage: StoragePort = {
    ...inner,
    sync: () =>
      mode === 'ok'
        ? inner.sync()
        : mode === 'fail'
          ? Promise.resolve(E.left({ _tag: 'StorageFailure', reason: 'io', message: 'the database is unreachable' } as never))
          : new Promise(() => undefined),
  }
  return { storage, set: (m: typeof mode) => (mode = m) }
}

t.test('/health and /ready answer {"health":"GOOD"} to anyone, as Unleash does, under the base path too', async (t) => {
  const served = await serve('node', { basePath: '/flags' })
  t.teardown(served.close)
  for (const path of ['/flags/health', '/flags/ready', '/flags/ready?probe=1']) {
    const answer = await served.call('GET', path, { token: null })
    t.equal(answer.status, 200, path)
    t.equal(answer.headers['content-type'], 'application/json; charset=utf-8')
    t.equal(answer.text, '{"health":"GOOD"}')
  }
  t.equal((await served.call('GET', '/ready', { token: null })).status, 401, 'outside the base path it is not a probe')
  const head = await served.call('HEAD', '/flags/ready', { token: null })
  t.equal(head.status, 200)
  t.equal(head.text, '')
})

t.test('/ready answers 503 while the store fails or does not answer within the deadline, and 200 once it does again', async (t) => {
  const faulty = faultyStorage()
  const served = await serve('fetch', { storage: faulty.storage, readyTimeoutMs: 50 })
  t.equal((await served.call('GET', '/ready', { token: null })).status, 200)
  faulty.set('fail')
  const failing = await served.call('GET', '/ready', { token: null })
  t.equal(failing.status, 503)
  t.equal(failing.text, '', 'no body, as Unleash')
  faulty.set('hang')
  t.equal((await served.call('GET', '/ready', { token: null })).status, 503, 'a sync past the deadline is not ready')
  t.equal((await served.call('GET', '/health', { token: null })).status, 200, 'the process still answers: /health stays 200')
  faulty.set('ok')
  t.equal((await served.call('GET', '/ready', { token: null })).status, 200, 'it recovers by itself')
})

t.test('/ready answers 503 once the store is closed', async (t) => {
  const storage = createMemoryStorage()
  const served = await serve('fetch', { storage })
  await storage.close()
  t.equal((await served.call('GET', '/ready', { token: null })).status, 503)
})

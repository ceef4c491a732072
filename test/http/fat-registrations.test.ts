import t from 'tap'
import { DEFAULT_METRICS_LIMITS } from '../../src/api/metrics/limits.js'
import { serve } from './support.js'

const NOW = '2026-01-01T00:00:00.000Z'
const MiB = 1024 * 1024

/** A registration of about half a megabyte: 1,000 strategy names of 255 two-byte characters. */
const fat = (appName: string, strategies = 1_000) => ({
  appName,
  instanceId: `${appName}-instance`,
  interval: 30_000,
  started: NOW,
  strategies: Array.from({ length: strategies }, (_, i) => `${String(i).padStart(4, '0')}${'é'.repeat(251)}`),
})

t.test('fat registrations from a public frontend token keep at most the caller\'s share, and no listing exceeds it', async (t) => {
  const s = await serve('fetch')
  const token = (await s.call('POST', '/api/admin/api-tokens', { body: { tokenName: 'web', type: 'frontend', environment: 'development', projects: ['*'] } })).json.secret as string
  const sample = JSON.stringify(fat('app-000'))
  t.ok(Buffer.byteLength(sample) > 500_000, `each body is ${Buffer.byteLength(sample)} bytes`)
  let sent = 0
  for (let i = 0; i < 200; i++) {
    const body = JSON.stringify(fat(`app-${String(i).padStart(3, '0')}`))
    sent += Buffer.byteLength(body)
    const answer = await s.call('POST', '/api/frontend/client/register', { token, body })
    t.equal(answer.status, 200)
  }
  t.ok(sent > 90 * MiB, `${(sent / MiB).toFixed(0)} MiB sent`)
  const kept = s.api.usageKept()
  t.ok(kept.applicationBytes <= DEFAULT_METRICS_LIMITS.maxBytesPerCaller, `kept ${kept.applicationBytes} bytes, within the caller's share`)
  t.equal(kept.callerBytes.size, 1, 'one caller')

  // What is kept, serialized: every application as the admin API lists it, with its details.
  const listing = await s.call('GET', '/api/admin/metrics/applications?limit=1000')
  t.equal(listing.status, 200)
  t.ok(Buffer.byteLength(listing.text) <= DEFAULT_METRICS_LIMITS.maxBytesPerCaller, `the listing is ${Buffer.byteLength(listing.text)} bytes`)
  const names: string[] = listing.json.applications.map((a: { appName: string }) => a.appName)
  t.ok(names.length >= 1 && names.length < 200, `${names.length} applications kept`)
  t.ok(names.includes('app-199'), 'the latest is kept, the oldest forgotten first')
  t.notOk(names.includes('app-000'))
  t.ok(listing.json.applications.every((a: { strategies: string[] }) => a.strategies.length <= DEFAULT_METRICS_LIMITS.maxStrategiesPerApplication))
  let serialized = 0
  for (const name of names) {
    const detail = await s.call('GET', `/api/admin/metrics/applications/${name}`)
    t.equal(detail.status, 200)
    serialized += Buffer.byteLength(detail.text)
  }
  t.ok(serialized <= DEFAULT_METRICS_LIMITS.maxBytesPerCaller, `every application's detail: ${serialized} bytes in all`)
})

t.test('many callers together keep at most the whole ceiling, the application seen longest ago forgotten first', async (t) => {
  const limits = { maxBytesPerCaller: 64 * 1024, maxApplicationBytes: 256 * 1024 }
  const s = await serve('fetch', { config: { metrics: limits } })
  const tokens: string[] = []
  for (let i = 0; i < 8; i++) tokens.push((await s.call('POST', '/api/admin/api-tokens', { body: { tokenName: `web-${i}`, type: 'frontend', environment: 'development', projects: ['*'] } })).json.secret)
  for (let round = 0; round < 10; round++) {
    for (const [i, token] of tokens.entries()) {
      const answer = await s.call('POST', '/api/frontend/client/register', { token, body: fat(`t${i}-r${round}`, 100) })
      t.equal(answer.status, 200)
      for (const bytes of s.api.usageKept().callerBytes.values()) if (bytes > limits.maxBytesPerCaller) t.fail(`a caller holds ${bytes} bytes`)
    }
  }
  const kept = s.api.usageKept()
  t.ok(kept.applicationBytes <= limits.maxApplicationBytes, `${kept.applicationBytes} bytes in all`)
  const listing = await s.call('GET', '/api/admin/metrics/applications')
  t.ok(Buffer.byteLength(listing.text) <= limits.maxApplicationBytes, `the listing is ${Buffer.byteLength(listing.text)} bytes`)
  const names: string[] = listing.json.applications.map((a: { appName: string }) => a.appName)
  t.ok(names.includes('t7-r9'))
  t.notOk(names.some((n) => n.endsWith('-r0')), 'the first round is forgotten')
})

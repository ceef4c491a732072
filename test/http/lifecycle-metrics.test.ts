import t from 'tap'
import { FEATURES, type Served, serve } from './support.js'

const clientToken = async (s: Served, environment: string) =>
  (await s.call('POST', '/api/admin/api-tokens', { body: { tokenName: `sdk-${environment}`, type: 'client', environment, projects: ['*'] } })).json.secret as string

const report = (s: Served, token: string, flag: string) => {
  const at = new Date(s.clock.now()).toISOString()
  return s.call('POST', '/api/client/metrics', { token, body: { appName: 'shop', instanceId: 'shop-1', bucket: { start: at, stop: at, toggles: { [flag]: { yes: 1, no: 0 } } } } })
}

t.test('SDK metrics move a flag to pre-live outside production and to live in a production environment it is on in, as Unleash moves it', async (t) => {
  const s = await serve('fetch')
  for (const name of ['used', 'unused', 'prod-off']) await s.call('POST', FEATURES, { body: { name } })
  const development = await clientToken(s, 'development')
  const production = await clientToken(s, 'production')
  const stages = async (name: string) => (await s.call('GET', `${FEATURES}/${name}/lifecycle`)).json as { stage: string; enteredStageAt: string }[]
  const count = async () => (await s.call('GET', '/api/admin/lifecycle/count')).json

  t.same(await count(), { initial: 3, preLive: 0, live: 0, completed: 0, archived: 0 })
  s.clock.advance(60_000)
  t.equal((await report(s, development, 'used')).status, 202)
  t.equal((await report(s, production, 'prod-off')).status, 202)
  t.same((await s.api.flushLastSeen())._tag, 'Right')
  const processed = new Date(s.clock.now()).toISOString()
  t.same(await stages('used'), [{ stage: 'initial', enteredStageAt: '2026-01-01T00:00:00.000Z' }, { stage: 'pre-live', enteredStageAt: processed }])
  t.same((await stages('prod-off')).map((x) => x.stage), ['initial', 'pre-live'], 'reported in production while off there: pre-live, as Unleash')
  t.same(await count(), { initial: 1, preLive: 2, live: 0, completed: 0, archived: 0 })

  await s.call('POST', `${FEATURES}/used/environments/production/on`)
  s.clock.advance(60_000)
  t.equal((await report(s, production, 'used')).status, 202)
  t.same((await s.api.flushLastSeen())._tag, 'Right')
  const live = new Date(s.clock.now()).toISOString()
  t.same(await stages('used'), [{ stage: 'initial', enteredStageAt: '2026-01-01T00:00:00.000Z' }, { stage: 'pre-live', enteredStageAt: processed }, { stage: 'live', enteredStageAt: live }])
  t.same(await count(), { initial: 1, preLive: 1, live: 1, completed: 0, archived: 0 })
  t.match((await s.call('GET', `${FEATURES}/used`)).json.lifecycle, { stage: 'live', enteredStageAt: live }, 'the flag page')
  const search = async (stage: string) => ((await s.call('GET', `/api/admin/search/features?lifecycle=IS:${stage}`)).json.features as { name: string }[]).map((f) => f.name)
  t.same(await search('live'), ['used'])
  t.same(await search('pre-live'), ['prod-off'])
  t.same(await search('initial'), ['unused'])
})

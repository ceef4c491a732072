/**
 * What the client specification does not reach: applicationHostname, IPv4-mapped IPv6
 * addresses, DATE constraints without a clock, disabled strategies that slip through, and
 * segment changes folded from the delta API.
 */
import t from 'tap'
import {
  type ClientConstraint,
  type ClientFeatures,
  type ClientStrategy,
  applyDeltaEvents,
  compileEvaluator,
} from '../../src/evaluation/index.js'

const oneFlag = (strategies: ClientStrategy[], segments: ClientFeatures['segments'] = []): ClientFeatures => ({
  version: 2,
  features: [{ name: 'f', enabled: true, strategies }],
  segments,
})

const withConstraint = (constraint: ClientConstraint): ClientFeatures => oneFlag([{ name: 'default', constraints: [constraint] }])

t.test('applicationHostname: the context hostname first, else the option; case-insensitive', async (t) => {
  const payload = oneFlag([{ name: 'applicationHostname', parameters: { hostNames: 'Web-1, api-2 ,' } }])
  const plain = compileEvaluator(payload)
  t.equal(plain.isEnabled('f', { properties: { hostname: 'WEB-1' } }), true)
  t.equal(plain.isEnabled('f', { properties: { hostname: 'api-2' } }), true, 'entries are trimmed')
  t.equal(plain.isEnabled('f', { properties: { hostname: 'web-2' } }), false)
  t.equal(plain.isEnabled('f'), false, 'no hostname anywhere: off')
  t.equal(plain.isEnabled('f', { properties: { hostname: '' } }), false, 'a blank entry matches nothing')
  const onApi = compileEvaluator(payload, { hostname: 'API-2' })
  t.equal(onApi.isEnabled('f'), true, 'the option stands in for a missing context hostname')
  t.equal(onApi.isEnabled('f', { properties: { hostname: 'db-1' } }), false, 'the context wins over the option')
  t.equal(compileEvaluator(oneFlag([{ name: 'applicationHostname' }]), { hostname: 'web-1' }).isEnabled('f'), false, 'no hostNames: nobody')
})

t.test('IPv4-mapped IPv6 addresses match IPv4 entries and ranges', async (t) => {
  const byStrategy = compileEvaluator(oneFlag([{ name: 'remoteAddress', parameters: { IPs: '10.0.0.0/8, 192.168.1.5' } }]))
  const from = (remoteAddress: string) => byStrategy.isEnabled('f', { remoteAddress })
  t.equal(from('::ffff:10.1.2.3'), true, 'dotted tail, in the /8')
  t.equal(from('::ffff:192.168.1.5'), true, 'dotted tail, the exact address')
  t.equal(from('::FFFF:c0a8:0105'), true, 'hex tail')
  t.equal(from('::ffff:11.0.0.1'), false)
  t.equal(from('::1'), false)
  t.equal(from('not an address'), false)

  const cidr = (values: string[], remoteAddress: string) =>
    compileEvaluator(withConstraint({ contextName: 'remoteAddress', operator: 'IN_CIDR', values })).isEnabled('f', { remoteAddress })
  t.equal(cidr(['10.0.0.0/24'], '::ffff:10.0.0.9'), true)
  t.equal(cidr(['::ffff:10.0.0.0/120'], '10.0.0.9'), true, 'a mapped range matches plain IPv4')
  t.equal(cidr(['::ffff:10.0.0.0/120'], '10.0.1.9'), false)
  t.equal(cidr(['::ffff:0:0/96'], '172.16.0.1'), true, 'the whole mapped block is all of IPv4')
  t.equal(cidr(['2001:db8::/32'], '::ffff:10.0.0.9'), false, 'IPv4 never matches an IPv6 range')
})

t.test('DATE constraints on currentTime without a clock', async (t) => {
  const after = withConstraint({ contextName: 'currentTime', operator: 'DATE_AFTER', value: '2025-06-01T00:00:00.000Z' })
  const noClock = compileEvaluator(after)
  t.equal(noClock.isEnabled('f'), false, 'neither context.currentTime nor options.now: false')
  t.equal(noClock.isEnabled('f', { currentTime: '2025-07-01T00:00:00.000Z' }), true)
  t.equal(noClock.isEnabled('f', { currentTime: new Date('2025-05-01T00:00:00.000Z') }), false, 'a Date is read too')
  t.equal(noClock.isEnabled('f', { currentTime: new Date('invalid') }), false, 'an invalid Date is absent')
  t.equal(noClock.isEnabled('f', { currentTime: 'yesterday' }), false, 'an unparsable time is absent')
  let now = Date.parse('2024-01-01T00:00:00.000Z')
  const clocked = compileEvaluator(after, { now: () => now })
  t.equal(clocked.isEnabled('f'), false)
  now = Date.parse('2026-01-01T00:00:00.000Z')
  t.equal(clocked.isEnabled('f'), true, 'the clock is read per call')
  const before = compileEvaluator(withConstraint({ contextName: 'currentTime', operator: 'DATE_BEFORE', value: '2025-06-01T00:00:00.000Z' }), { now: () => now })
  t.equal(before.isEnabled('f'), false)
  t.equal(compileEvaluator(withConstraint({ contextName: 'currentTime', operator: 'DATE_AFTER', value: 'soon' }), { now: () => now }).isEnabled('f'), false, 'an unparsable bound never holds')
  const custom = compileEvaluator(withConstraint({ contextName: 'expires', operator: 'DATE_BEFORE', value: '2025-06-01T00:00:00.000Z' }), { now: () => now })
  t.equal(custom.isEnabled('f'), false, 'the clock stands in for currentTime only')
  t.equal(custom.isEnabled('f', { properties: { expires: '2025-01-01T00:00:00.000Z' } }), true)
})

t.test('a disabled strategy never matches, and does not count as "no strategies"', async (t) => {
  const onlyDisabled = compileEvaluator(oneFlag([{ name: 'default', disabled: true }]))
  t.equal(onlyDisabled.isEnabled('f'), false)
  t.same(onlyDisabled.getVariant('f'), { name: 'disabled', enabled: false, featureEnabled: false, feature_enabled: false })
  const mixed = compileEvaluator(oneFlag([
    { name: 'default', disabled: true, variants: [{ name: 'never', weight: 1000 }] },
    { name: 'userWithId', disabled: null, parameters: { userIds: '7' }, variants: [{ name: 'seven', weight: 1000 }] },
  ]))
  t.equal(mixed.isEnabled('f', { userId: '7' }), true)
  t.equal(mixed.isEnabled('f', { userId: '8' }), false)
  t.equal(mixed.getVariant('f', { userId: '7' }).name, 'seven', 'the disabled strategy\'s variants are never given')
  t.equal(compileEvaluator(oneFlag([])).isEnabled('f'), true, 'no strategies at all: on')
})

t.test('delta events: segments updated and removed', async (t) => {
  const hydration = {
    eventId: 1,
    type: 'hydration' as const,
    features: [{ name: 'f', enabled: true, strategies: [{ name: 'default', segments: [1] }] }],
    segments: [{ id: 1, constraints: [{ contextName: 'region', operator: 'IN', values: ['eu'] }] }],
  }
  const eu = { properties: { region: 'eu' } }
  const us = { properties: { region: 'us' } }
  t.equal(compileEvaluator(applyDeltaEvents([hydration])).isEnabled('f', eu), true)

  const updated = applyDeltaEvents([hydration, { eventId: 2, type: 'segment-updated', segment: { id: 1, constraints: [{ contextName: 'region', operator: 'IN', values: ['us'] }] } }])
  t.equal(updated.segments!.length, 1, 'updated in place')
  t.equal(compileEvaluator(updated).isEnabled('f', us), true)
  t.equal(compileEvaluator(updated).isEnabled('f', eu), false)

  const removed = applyDeltaEvents([hydration, { eventId: 3, type: 'segment-removed', segmentId: 1 }])
  t.same(removed.segments, [])
  t.equal(compileEvaluator(removed).isEnabled('f', eu), false, 'a strategy naming a removed segment is off')

  const unrelated = applyDeltaEvents([hydration, { eventId: 4, type: 'segment-removed', segmentId: 99 }])
  t.same(unrelated.segments, hydration.segments, 'removing an unknown id changes nothing')

  const unknown = applyDeltaEvents([hydration, { eventId: 5, type: 'feature-archived', featureName: 'f' } as never])
  t.equal(unknown.features.length, 1, 'event types from a newer server are skipped')
})

import t from 'tap'
import { FEATURE_TYPES } from '../../src/model/feature.js'
import { err, makeApi, ok } from '../support/api.js'

t.test("the strategy types, as Unleash lists them: built-in ones first, in its order, with the names its UI shows", async (t) => {
  const { api } = await makeApi()
  const { version, strategies } = ok(await api.types.strategyTypes({ params: {} }))
  t.equal(version, 1)
  t.same(strategies.map((s) => [s.name, s.displayName, s.editable, s.deprecated, s.title]), [
    ['flexibleRollout', 'Gradual rollout', false, false, null],
    ['default', 'Standard', false, false, null],
    ['remoteAddress', 'IPs', false, false, null],
    ['applicationHostname', 'Hosts', false, false, null],
  ])
  t.same(strategies[0]!.parameters.map((p) => [p.name, p.type, p.required]), [['rollout', 'percentage', false], ['stickiness', 'string', true], ['groupId', 'string', true]])
  t.same(ok(await api.types.strategyType({ params: { name: 'remoteAddress' } })), strategies[2])
  t.match(err(await api.types.strategyType({ params: { name: 'nope' } })), { _tag: 'NotFoundError', message: 'No strategy found' }, "Unleash's words")
  strategies[0]!.parameters.pop()
  t.equal(ok(await api.types.strategyTypes({ params: {} })).strategies[0]!.parameters.length, 3, 'an answer is a copy')
})

t.test('the feature types, with their expected lifetimes', async (t) => {
  const { api } = await makeApi()
  const { version, types } = ok(await api.types.featureTypes({ params: {} }))
  t.equal(version, 1)
  t.same(types.map((type) => type.id).sort(), [...FEATURE_TYPES].sort(), 'every type a feature may have, and no other')
  t.same(types.map((type) => [type.id, type.lifetimeDays]), [['release', 40], ['experiment', 40], ['operational', 7], ['kill-switch', null], ['permission', null]], "in Unleash's order")
  types[0]!.lifetimeDays = 1
  t.equal(ok(await api.types.featureTypes({ params: {} })).types[0]!.lifetimeDays, 40, 'an answer is a copy')
})

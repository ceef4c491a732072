import t from 'tap'
import { ExportedFeature, ImportedFeature } from '../../src/model/export.js'
import { CreateFeatureBody, FEATURE_FIELDS, Feature, FeatureMetadata, UpdateFeatureBody } from '../../src/model/feature.js'
import { FeatureState } from '../../src/model/state.js'
import { plain } from '../support/api.js'
import { FEATURES, serve, strategiesOf, TRANSPORTS } from './support.js'

const JSON_TYPE = 'application/json; charset=utf-8'

for (const transport of TRANSPORTS) {
  t.test(`${transport}: a feature is created, read, updated, archived and revived`, async (t) => {
    const s = await serve(transport)
    t.teardown(s.close)

    const created = await s.call('POST', FEATURES, { body: { name: 'checkout', description: 'new checkout' } })
    t.equal(created.status, 201)
    t.equal(created.headers['location'], 'features/checkout', 'resolves against the request URL to the feature')
    t.equal(created.headers['content-type'], JSON_TYPE)
    // Unleash's short record, keys in its order; the full record is a GET away.
    t.equal(
      created.text,
      JSON.stringify({ name: 'checkout', description: 'new checkout', type: 'release', project: 'default', stale: false, createdAt: created.json.createdAt, impressionData: false, archived: false }),
    )

    const one = await s.call('GET', `${FEATURES}/checkout`)
    t.equal(one.status, 200)
    t.match(one.json, { ...created.json, enabled: false, environments: [{ name: 'development' }, { name: 'production' }] })
    const bare = await s.call('POST', FEATURES, { body: { name: 'bare', type: 'kill-switch', impressionData: true, description: '' } })
    t.same(Object.keys(bare.json), Object.keys(FeatureMetadata.props), 'the fields of the FeatureMetadata record, in its order')
    t.match(bare.json, { name: 'bare', description: null, type: 'kill-switch', impressionData: true }, 'an empty description is none, as Unleash stores it')
    t.equal((await s.call('DELETE', `${FEATURES}/bare`)).status, 202)
    const tagged = await s.call('POST', FEATURES, { body: { name: 'tagged', tags: [{ type: 'simple', value: 'launch' }], variants: [{ name: 'red', weight: 1000 }] } })
    t.same([tagged.status, 'tags' in tagged.json], [201, false], "tags and variants taken, Unleash's short record answered")
    t.same((await s.call('GET', '/api/admin/features/tagged/tags')).json.tags, [{ value: 'launch', type: 'simple', color: '#FFFFFF' }])
    t.same((await s.call('GET', `${FEATURES}/tagged/environments/production`)).json.variants.map((v: { name: string }) => v.name), ['red'])
    t.equal((await s.call('DELETE', `${FEATURES}/tagged`)).status, 202)

    const list = await s.call('GET', FEATURES)
    t.equal(list.status, 200)
    t.same(list.json.features.map((f: { name: string }) => f.name), ['checkout'])
    t.equal(list.json.version, 2)

    const updated = await s.call('PUT', `${FEATURES}/checkout`, { body: { stale: true } })
    t.equal(updated.status, 200)
    t.equal(updated.json.stale, true)
    t.equal(updated.json.description, 'new checkout', 'fields not sent are kept')

    const patched = await s.call('PATCH', `${FEATURES}/checkout`, { body: [{ op: 'replace', path: '/stale', value: false }, { op: 'replace', path: '/type', value: 'experiment' }] })
    t.equal(patched.status, 200, 'a JSON Patch, as the Unleash UI sends one')
    t.same(Object.keys(patched.json), Object.keys(FeatureMetadata.props), "answered with Unleash's short record")
    t.match(patched.json, { stale: false, type: 'experiment', description: 'new checkout' })
    const badPatch = await s.call('PATCH', `${FEATURES}/checkout`, { body: [{ op: 'test', path: '/stale', value: true }] })
    t.same([badPatch.status, badPatch.json.details[0].path], [400, '/body/0/value'], 'a failed test is a 400 at its operation (Unleash: 500)')

    const archived = await s.call('DELETE', `${FEATURES}/checkout`)
    t.equal(archived.status, 202, 'an archive is 202 Accepted, as in Unleash')
    t.equal(archived.text, '', 'with no body')
    t.equal(archived.headers['content-type'], undefined)
    const gone = await s.call('GET', `${FEATURES}/checkout`)
    t.equal(gone.status, 404, 'an archived feature is not found, as in Unleash')
    t.match(gone.json, { name: 'NotFoundError', message: 'Could not find feature flag with name checkout' })

    const revived = await s.call('POST', '/api/admin/archive/revive/checkout')
    t.equal(revived.status, 200)
    t.equal(revived.text, '')
    t.equal((await s.call('GET', `${FEATURES}/checkout`)).json.archived, false)

    t.equal((await s.call('DELETE', `${FEATURES}/checkout`)).status, 202)
    t.equal((await s.call('DELETE', '/api/admin/archive/checkout')).status, 200)
    t.equal((await s.call('GET', `${FEATURES}/checkout`)).status, 404)
  })

  t.test(`${transport}: environments are switched on and off, variants set, dependencies added and removed`, async (t) => {
    const s = await serve(transport)
    t.teardown(s.close)
    await s.call('POST', FEATURES, { body: { name: 'parent' } })
    await s.call('POST', FEATURES, { body: { name: 'child' } })

    const env = `${FEATURES}/child/environments/development`
    t.equal((await s.call('POST', `${env}/on`)).status, 200)
    const read = await s.call('GET', env)
    t.equal(read.status, 200)
    t.equal(read.json.name, 'development')
    t.equal(read.json.enabled, true)
    t.equal((await s.call('POST', `${env}/off`)).status, 200)
    t.equal((await s.call('GET', env)).json.enabled, false)

    const variants = await s.call('PUT', `${FEATURES}/child/variants-batch`, {
      body: { variants: [{ name: 'blue', weight: 1000, weightType: 'variable', stickiness: 'default' }], environments: ['development'] },
    })
    t.equal(variants.status, 200)
    t.same(variants.json, { version: 1, variants: [{ name: 'blue', weight: 1000, weightType: 'variable', stickiness: 'default', overrides: [] }] }, 'the variants set, as Unleash answers')
    t.same((await s.call('GET', env)).json.variants.map((v: { name: string }) => v.name), ['blue'])
    // Unleash stores variants sorted by name (SDKs walk the weights in that order) and echoes them as sent.
    const two = await s.call('PUT', `${FEATURES}/child/variants-batch`, {
      body: { variants: [{ name: 'red', weight: 100, weightType: 'fix' }, { name: 'blue', weight: 0 }, { name: 'Green', weight: 0 }], environments: ['development'] },
    })
    t.same(two.json.variants.map((v: { name: string; weight: number }) => [v.name, v.weight]), [['red', 100], ['blue', 450], ['Green', 450]], 'echoed as sent, weights shared out')
    t.same((await s.call('GET', env)).json.variants.map((v: { name: string }) => v.name), ['blue', 'Green', 'red'], 'stored sorted by name, as Unleash compares them')

    // One environment's variants, as Unleash serves them: `{ version: 1, variants }`.
    const variantsOf = `${env}/variants`
    t.same((await s.call('GET', variantsOf)).json.variants.map((v: { name: string }) => v.name), ['blue', 'Green', 'red'])
    const put = await s.call('PUT', variantsOf, { body: [{ name: 'solo', weight: 0, weightType: 'variable' }] })
    t.same([put.status, put.json], [200, { version: 1, variants: [{ name: 'solo', weight: 1000, weightType: 'variable', stickiness: 'default', overrides: [] }] }])
    const patch = await s.call('PATCH', variantsOf, { body: [{ op: 'add', path: '/-', value: { name: 'duo', weight: 0, weightType: 'variable' } }] })
    t.same([patch.status, patch.json.variants.map((v: { name: string; weight: number }) => [v.name, v.weight])], [200, [['duo', 500], ['solo', 500]]])
    const refused = await s.call('PATCH', variantsOf, { body: [{ op: 'test', path: '/0/name', value: 'solo' }] })
    t.same([refused.status, refused.json.details], [400, [{ path: '/body/0/value', message: 'The test failed: /0/name is "duo".' }]])
    const missing = await s.call('GET', `${FEATURES}/child/environments/staging/variants`)
    t.same([missing.status, missing.json.message], [404, 'Could not find child in staging'])

    // Unleash's bulk changes from a list of features: toggles answer 200, stale 202, both without a body.
    const bulk = '/api/admin/projects/default/bulk_features/environments/production'
    const on = await s.call('POST', `${bulk}/on`, { body: { features: ['child', 'parent'] } })
    t.same([on.status, on.text], [200, ''])
    t.same([(await s.call('GET', `${FEATURES}/parent/environments/production`)).json.enabled, (await s.call('GET', `${FEATURES}/child/environments/production`)).json.enabled], [true, true])
    t.equal((await s.call('POST', `${bulk}/off`, { body: { features: ['child'] } })).status, 200)
    t.equal((await s.call('GET', `${FEATURES}/child/environments/production`)).json.enabled, false)
    const ghost = await s.call('POST', `${bulk}/on`, { body: { features: ['child', 'ghost'] } })
    t.same([ghost.status, ghost.json.message], [404, `There's no feature named "ghost" in project "default".`])
    t.equal((await s.call('GET', `${FEATURES}/child/environments/production`)).json.enabled, false, 'a refused bulk toggle changes nothing')
    const stale = await s.call('POST', '/api/admin/projects/default/stale', { body: { features: ['child', 'ghost'], stale: true } })
    t.same([stale.status, stale.text, (await s.call('GET', `${FEATURES}/child`)).json.stale], [202, '', true])
    const impact = await s.call('POST', '/api/admin/projects/default/archive/validate', { body: { features: ['ghost'] } })
    t.same([impact.status, impact.json], [200, { parentsWithChildFeatures: [], hasDeletedDependencies: false }])
    t.same([(await s.call('POST', '/api/admin/projects/default/archive', { body: { features: ['ghost'] } })).status, (await s.call('POST', '/api/admin/projects/default/revive', { body: { features: ['ghost'] } })).status, (await s.call('POST', '/api/admin/projects/default/delete', { body: { features: ['ghost'] } })).status], [202, 200, 200], "Unleash's statuses for the project archive")
    const reactivated = await s.call('POST', `${FEATURES}/child/environments/production/on?shouldActivateDisabledStrategies=true`)
    t.equal(reactivated.status, 200)
    // A clone answers 201 with Unleash's short record, as a create does, and no location (Unleash sends none).
    const clone = await s.call('POST', `${FEATURES}/child/clone`, { body: { name: 'twin' } })
    t.same([clone.status, clone.json, clone.headers['location']], [201, { ...clone.json, name: 'twin', stale: true, project: 'default' }, undefined])
    t.same(Object.keys(clone.json), ['name', 'description', 'type', 'project', 'stale', 'createdAt', 'impressionData', 'archived'])
    t.same((await s.call('GET', `${FEATURES}/twin/environments/development`)).json.variants.map((v: { name: string }) => v.name), ['duo', 'solo'], 'with the variants')

    t.same((await s.call('GET', `${FEATURES}/child/parents`)).json, ['parent', 'twin'], 'the possible parents')
    t.equal((await s.call('POST', `${FEATURES}/child/dependencies`, { body: { feature: 'parent' } })).status, 200)
    t.same([(await s.call('GET', '/api/admin/projects/default/dependencies')).json, (await s.call('GET', `${FEATURES}/parent/parent-variants`)).json], [true, []])
    const history = await s.call('GET', '/api/admin/events/child')
    t.same([history.status, history.json.toggleName, history.json.events[0].type], [200, 'child', 'feature-dependency-added'])
    t.same((await s.call('GET', `${FEATURES}/child`)).json.dependencies, [{ feature: 'parent', enabled: true, variants: [] }], 'variants [] when any will do, as Unleash answers')
    t.equal((await s.call('DELETE', `${FEATURES}/child/dependencies/parent`)).status, 200)
    t.same((await s.call('GET', `${FEATURES}/child`)).json.dependencies, [])
    await s.call('POST', `${FEATURES}/child/dependencies`, { body: { feature: 'parent' } })
    t.equal((await s.call('DELETE', `${FEATURES}/child/dependencies`)).status, 200)
    t.same((await s.call('GET', `${FEATURES}/child`)).json.dependencies, [])
    // Nothing to remove is a 404, in Unleash's words (recorded from Unleash 8.2).
    const none = await s.call('DELETE', `${FEATURES}/child/dependencies`)
    t.same([none.status, none.json.message], [404, 'Feature "child" has no dependencies to remove in project "default".'])
    const notParent = await s.call('DELETE', `${FEATURES}/child/dependencies/parent`)
    t.same([notParent.status, notParent.json.message], [404, 'No dependency on "parent" for feature "child" in project "default".'])
    const noChild = await s.call('DELETE', `${FEATURES}/ghost/dependencies/parent`)
    t.same([noChild.status, noChild.json.message], [404, 'No dependency on "parent" for feature "ghost" in project "default".'])
  })

  t.test(`${transport}: strategies are added (200 with the strategy), listed, updated, ordered and deleted`, async (t) => {
    const s = await serve(transport)
    t.teardown(s.close)
    await s.call('POST', FEATURES, { body: { name: 'checkout' } })
    const path = strategiesOf('checkout')

    const first = await s.call('POST', path, { body: { name: 'default' } })
    t.equal(first.status, 200)
    t.equal(first.headers['content-type'], JSON_TYPE)
    t.equal(first.json.name, 'default')
    t.equal(first.json.sortOrder, 0)
    const second = await s.call('POST', path, { body: { name: 'flexibleRollout', parameters: { rollout: 50, stickiness: 'default', groupId: 'checkout' } } })
    t.equal(second.json.sortOrder, 1)

    t.same((await s.call('GET', path)).json.map((x: { id: string }) => x.id), [first.json.id, second.json.id])
    t.same((await s.call('GET', `${path}/${first.json.id}`)).json, first.json)

    const updated = await s.call('PUT', `${path}/${first.json.id}`, { body: { name: 'default', title: 'everyone' } })
    t.equal(updated.status, 200)
    t.equal(updated.json.title, 'everyone')

    // Unleash's JSON Patch of a strategy: 200 with the strategy; a refusal is a 400 at the operation to blame.
    const patched = await s.call('PATCH', `${path}/${first.json.id}`, { body: [{ op: 'replace', path: '/title', value: 'some' }, { op: 'add', path: '/constraints/-', value: { contextName: 'userId', operator: 'IN', values: ['1'] } }] })
    t.same([patched.status, patched.headers['content-type'], patched.json.title, patched.json.constraints.length], [200, JSON_TYPE, 'some', 1])
    const badPatch = await s.call('PATCH', `${path}/${first.json.id}`, { body: [{ op: 'replace', path: '/constraints/0/operator', value: 'LIKE' }] })
    t.same([badPatch.status, badPatch.json.name, badPatch.json.details.map((d: { path: string }) => d.path)], [400, 'ValidationError', ['/body/0/value']])
    t.same((await s.call('GET', `${path}/${first.json.id}`)).json, patched.json, 'the refused patch changed nothing')

    // The strategy and feature types, as Unleash's UI reads them.
    const types = await s.call('GET', '/api/admin/strategies')
    t.same([types.status, types.json.version, types.json.strategies.map((x: { name: string }) => x.name)], [200, 1, ['flexibleRollout', 'default', 'remoteAddress', 'applicationHostname']])
    t.same((await s.call('GET', '/api/admin/strategies/default')).json.displayName, 'Standard')
    const noType = await s.call('GET', '/api/admin/strategies/nope')
    t.same([noType.status, noType.json.message], [404, 'No strategy found'])
    const featureTypes = await s.call('GET', '/api/admin/feature-types')
    t.same([featureTypes.status, featureTypes.json.types.length], [200, 5])

    const sorted = await s.call('POST', `${path}/set-sort-order`, { body: [{ id: first.json.id, sortOrder: 5 }] })
    t.equal(sorted.status, 200)
    t.equal(sorted.text, '')
    t.same((await s.call('GET', path)).json.map((x: { id: string }) => x.id), [second.json.id, first.json.id])

    t.equal((await s.call('DELETE', `${path}/${first.json.id}`)).status, 200)
    t.same((await s.call('GET', path)).json.map((x: { id: string }) => x.id), [second.json.id])
    const gone = await s.call('GET', `${path}/${first.json.id}`)
    t.equal(gone.status, 404)
    t.equal(gone.json.message, `Could not find strategy with id: ${first.json.id}`, "Unleash's words")
  })

  t.test(`${transport}: custom strategy types are created (201 with location), replaced, deprecated and deleted (200, no body)`, async (t) => {
    const s = await serve(transport)
    t.teardown(s.close)
    const created = await s.call('POST', '/api/admin/strategies', { body: { name: 'mine', parameters: [{ name: 'p', type: 'string' }] } })
    t.equal(created.status, 201)
    t.equal(created.headers['location'], 'strategies/mine')
    t.same(created.json, { displayName: null, name: 'mine', editable: true, description: '', parameters: [{ name: 'p', type: 'string', description: '', required: false }], deprecated: false, title: null })
    const replaced = await s.call('PUT', '/api/admin/strategies/mine', { body: { description: 'd', parameters: [] } })
    t.equal(replaced.status, 200)
    t.equal(replaced.text, '')
    t.equal((await s.call('POST', '/api/admin/strategies/mine/deprecate')).status, 200)
    t.match((await s.call('GET', '/api/admin/strategies/mine')).json, { description: 'd', deprecated: true, parameters: [] })
    t.equal((await s.call('POST', '/api/admin/strategies/mine/reactivate')).status, 200)
    t.equal((await s.call('PUT', '/api/admin/strategies/default', { body: { parameters: [] } })).status, 400)
    t.equal((await s.call('DELETE', '/api/admin/strategies/mine')).status, 200)
    t.equal((await s.call('GET', '/api/admin/strategies/mine')).status, 404)
  })

  t.test(`${transport}: a feature type's lifetime is set (200 with the type) and listed`, async (t) => {
    const s = await serve(transport)
    t.teardown(s.close)
    const set = await s.call('PUT', '/api/admin/feature-types/operational/lifetime', { body: { lifetimeDays: 14 } })
    t.equal(set.status, 200)
    t.match(set.json, { id: 'operational', lifetimeDays: 14 })
    t.equal((await s.call('GET', '/api/admin/feature-types')).json.types.find((type: { id: string }) => type.id === 'operational').lifetimeDays, 14)
    t.equal((await s.call('PUT', '/api/admin/feature-types/nope/lifetime', { body: { lifetimeDays: 1 } })).status, 404)
  })

  t.test(`${transport}: a feature is completed and uncompleted (200, no body); its lifecycle lists the stages`, async (t) => {
    const s = await serve(transport)
    t.teardown(s.close)
    await s.call('POST', '/api/admin/projects/default/features', { body: { name: 'f' } })
    const completed = await s.call('POST', '/api/admin/projects/default/features/f/lifecycle/complete', { body: { status: 'discarded' } })
    t.equal(completed.status, 200)
    t.equal(completed.text, '')
    const stages = (await s.call('GET', '/api/admin/projects/default/features/f/lifecycle')).json
    t.same(stages.map((stage: { stage: string; status?: string }) => [stage.stage, stage.status]), [['initial', undefined], ['completed', 'discarded']])
    t.match((await s.call('GET', '/api/admin/projects/default/features/f')).json.lifecycle, { stage: 'completed', status: 'discarded' })
    t.equal((await s.call('POST', '/api/admin/projects/default/features/f/lifecycle/uncomplete')).status, 200)
    t.equal((await s.call('GET', '/api/admin/projects/default/features/f')).json.lifecycle.stage, 'initial')
    t.equal((await s.call('POST', '/api/admin/projects/default/features/f/lifecycle/complete', { body: { status: 'maybe' } })).status, 400)
  })

  t.test(`${transport}: links are added, changed and removed (204, no body), and shown in the feature`, async (t) => {
    const s = await serve(transport)
    t.teardown(s.close)
    await s.call('POST', '/api/admin/projects/default/features', { body: { name: 'f' } })
    const added = await s.call('POST', '/api/admin/projects/default/features/f/link', { body: { url: 'www.example.com/docs/', title: 'Docs' } })
    t.equal(added.status, 204)
    t.equal(added.text, '')
    t.equal(added.headers['content-type'], undefined)
    const [link] = (await s.call('GET', '/api/admin/projects/default/features/f')).json.links
    t.same(link, { id: link.id, url: 'https://example.com/docs', title: 'Docs', feature: 'f' })
    t.equal((await s.call('PUT', `/api/admin/projects/default/features/f/link/${link.id}`, { body: { url: 'example.org' } })).status, 204)
    t.same((await s.call('GET', '/api/admin/projects/default/features/f')).json.links, [{ id: link.id, url: 'https://example.org', title: 'Docs', feature: 'f' }], 'a title left out is kept, as Unleash keeps it')
    t.equal((await s.call('PUT', `/api/admin/projects/default/features/f/link/${link.id}`, { body: { url: 'example.org', title: null } })).status, 204)
    t.same((await s.call('GET', '/api/admin/projects/default/features/f')).json.links, [{ id: link.id, url: 'https://example.org', title: null, feature: 'f' }], 'a null title clears it')
    const bad = await s.call('POST', '/api/admin/projects/default/features/f/link', { body: { url: 'javascript:alert(1)' } })
    t.equal(bad.status, 400)
    t.same(bad.json.details, [{ path: '/body/url', message: 'Invalid URL: javascript:alert(1). A link is an http or https address.' }])
    t.equal((await s.call('DELETE', `/api/admin/projects/default/features/f/link/${link.id}`)).status, 204)
    t.equal((await s.call('DELETE', `/api/admin/projects/default/features/f/link/${link.id}`)).status, 404)
    t.same((await s.call('GET', '/api/admin/projects/default/features/f')).json.links, [])
  })

  t.test(`${transport}: domain refusals keep their status, body and store`, async (t) => {
    const s = await serve(transport)
    t.teardown(s.close)
    await s.call('POST', FEATURES, { body: { name: 'checkout' } })
    const before = plain(s.api.state())

    const taken = await s.call('POST', FEATURES, { body: { name: 'checkout' } })
    t.equal(taken.status, 409)
    t.equal(taken.json.name, 'NameExistsError')
    t.match(taken.json, { id: String, message: String, details: [{ message: String }] })

    const invalid = await s.call('POST', FEATURES, { body: { name: 'has space', type: 'nope' } })
    t.equal(invalid.status, 400)
    t.equal(invalid.json.name, 'ValidationError')
    t.same(invalid.json.details.map((d: { path: string }) => d.path).sort(), ['/body/name', '/body/type'])

    const missing = await s.call('PUT', '/api/admin/projects/default/features/nope', { body: { stale: true } })
    t.equal(missing.status, 404)
    t.equal(missing.json.message, `There's no feature named "nope" in project "default".`)

    const noEnv = await s.call('POST', `${strategiesOf('checkout', 'staging')}/set-sort-order`, { body: [] })
    t.equal(noEnv.status, 404)
    t.equal(noEnv.json.message, 'Feature checkout does not have environment staging')

    t.same(plain(s.api.state()), before)
  })

  t.test(`${transport}: names are percent-decoded, and __proto__ is an ordinary name`, async (t) => {
    const s = await serve(transport)
    t.teardown(s.close)
    for (const name of ['__proto__', 'constructor', 'a~b.c_d-e']) {
      const created = await s.call('POST', FEATURES, { body: { name } })
      t.equal(created.status, 201, name)
      t.equal(created.headers['location'], `features/${encodeURIComponent(name)}`)
      t.equal((await s.call('GET', `${FEATURES}/${encodeURIComponent(name)}`)).json.name, name)
    }
    // A project id the router sees encoded in the path.
    t.equal((await s.call('GET', '/api/admin/projects/%64efault/features/constructor')).json.name, 'constructor')
  })
}

t.test("an unknown project's features and an unknown tag type's tags are empty lists, as Unleash answers them", async (t) => {
  const s = await serve('fetch')
  await s.call('POST', FEATURES, { body: { name: 'checkout' } })
  const none = await s.call('GET', '/api/admin/projects/no-such-project/features')
  t.same([none.status, none.json], [200, { version: 2, features: [] }])
  const tags = await s.call('GET', '/api/admin/tags/no-such-type')
  t.same([tags.status, tags.json], [200, { version: 1, tags: [] }])
  t.equal((await s.call('GET', '/api/admin/projects/no-such-project/features/checkout')).status, 404, 'a feature under it is still not found')
})

/** The property names a codec declares, through its intersections, exact and readonly wrappers. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const propsOf = (codec: any): string[] => (codec.props ? Object.keys(codec.props) : codec.types ? codec.types.flatMap(propsOf) : codec.type ? propsOf(codec.type) : [])

t.test("each declared field of a feature is in its row, its bodies, its records, its export and its import", async (t) => {
  const codecs = { row: FeatureState, update: UpdateFeatureBody, record: Feature, metadata: FeatureMetadata, export: ExportedFeature, import: ImportedFeature }
  for (const [name, field] of Object.entries(FEATURE_FIELDS)) {
    for (const [where, codec] of Object.entries(codecs)) t.ok(propsOf(codec).includes(name), `${name} in the ${where}`)
    t.equal(propsOf(CreateFeatureBody).includes(name), !('onCreate' in field), `${name} in the create body unless a create does not set it`)
  }
})

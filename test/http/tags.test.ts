import t from 'tap'
import { ok, plain } from '../support/api.js'
import { FEATURES, serve, strategiesOf, TRANSPORTS } from './support.js'

/** `type:value` of each tag (the listing adds each type's colour). */
const tagsOf = (answer: { json: { tags: { type: string; value: string }[] } }) => answer.json.tags.map((x) => `${x.type}:${x.value}`)

for (const transport of TRANSPORTS) {
  t.test(`${transport}: tags and tag types are created (201 with location), listed, read and deleted`, async (t) => {
    const s = await serve(transport)
    t.teardown(s.close)
    const type = await s.call('POST', '/api/admin/tag-types', { body: { name: 'team', description: 'owning team' } })
    t.equal(type.status, 201)
    t.equal(type.headers['location'], 'tag-types/team')
    t.equal(type.text, JSON.stringify({ name: 'team', description: 'owning team' }), 'the fields sent, as Unleash echoes them')
    const colored = await s.call('POST', '/api/admin/tag-types', { body: { color: '#123456', name: 'colored' } })
    t.equal(colored.text, JSON.stringify({ color: '#123456', name: 'colored' }), 'in the order sent')
    const before = plain(s.api.state())
    const unknown = await s.call('POST', '/api/admin/tag-types', { body: { name: 'other', unknown: 1 } })
    t.same([unknown.status, unknown.json.details.map((d: { path: string }) => d.path)], [400, ['/body/unknown']], 'an unknown property is refused, as in Unleash')
    t.same(plain(s.api.state()), before)
    t.same((await s.call('GET', '/api/admin/tag-types/colored')).json.tagType, { name: 'colored', description: null, icon: null, color: '#123456' }, 'stored whole')
    t.ok((await s.call('GET', '/api/admin/tag-types')).json.tagTypes.some((x: { name: string }) => x.name === 'team'))
    t.equal((await s.call('GET', '/api/admin/tag-types/team')).json.tagType.name, 'team')

    const tag = await s.call('POST', '/api/admin/tags', { body: { type: 'team', value: 'web shop' } })
    t.equal(tag.status, 201)
    t.same(tag.json, { version: 1, tag: { type: 'team', value: 'web shop' } }, 'answered as a read tag is, as in Unleash')
    t.equal(tag.headers['location'], 'tags/team/web%20shop', 'segments are percent-encoded')
    t.same((await s.call('GET', '/api/admin/tags/team/web%20shop')).json, { version: 1, tag: { type: 'team', value: 'web shop' } })
    t.same((await s.call('GET', '/api/admin/tags/team')).json.tags, [{ type: 'team', value: 'web shop' }])
    t.ok((await s.call('GET', '/api/admin/tags')).json.tags.length >= 1)
    const missing = await s.call('GET', '/api/admin/tags/team/nope')
    t.equal(missing.status, 404)
    t.equal(missing.json.message, 'No tag with type: [team] and value [nope]')
    t.equal((await s.call('DELETE', '/api/admin/tags/team/web%20shop')).status, 200)
    t.equal((await s.call('GET', '/api/admin/tags/team/web%20shop')).status, 404)
  })

  t.test(`${transport}: a tag answered over HTTP from a kept record stays the stored tag, and a caller's record is its own`, async (t) => {
    const s = await serve(transport, { tokens: false })
    t.teardown(s.close)
    const PATH = '/api/admin/tags/simple/kept'
    const STORED = JSON.stringify({ version: 1, tag: { type: 'simple', value: 'kept' } })
    t.equal((await s.call('POST', '/api/admin/tags', { body: { type: 'simple', value: 'kept' } })).status, 201)
    t.equal((await s.call('GET', PATH)).text, STORED)
    t.equal((await s.call('GET', PATH)).text, STORED, 'read again: the same bytes')

    const mine = ok(await s.api.tags.get({ params: { type: 'simple', value: 'kept' } }))
    t.notOk(Object.isFrozen(mine) || Object.isFrozen(mine.tag), 'a caller of the facade gets a record it may change')
    mine.tag.value = 'changed by its caller'
    t.equal((await s.call('GET', PATH)).text, STORED, 'which changes neither the store nor the HTTP answer')
    t.equal(JSON.stringify(ok(await s.api.tags.get({ params: { type: 'simple', value: 'kept' } }))), STORED)

    t.equal((await s.call('DELETE', PATH)).status, 200)
    const gone = await s.call('GET', PATH)
    t.same([gone.status, gone.json.message], [404, 'No tag with type: [simple] and value [kept]'], 'deleted: nothing kept is answered')
    t.equal((await s.call('POST', '/api/admin/tags', { body: { type: 'simple', value: 'kept' } })).status, 201)
    t.equal((await s.call('GET', PATH)).text, STORED, 'created again')
  })

  t.test(`${transport}: features are tagged one at a time and in bulk (operation 8)`, async (t) => {
    const s = await serve(transport)
    t.teardown(s.close)
    await s.call('POST', FEATURES, { body: { name: 'a' } })
    await s.call('POST', FEATURES, { body: { name: 'b' } })
    const added = await s.call('POST', '/api/admin/features/a/tags', { body: { type: 'simple', value: 'beta' } })
    t.equal(added.status, 201)
    t.equal(added.headers['location'], 'tags', 'resolves against the request URL to the feature\'s tags')
    t.same(added.json, { type: 'simple', value: 'beta' })
    t.same(tagsOf(await s.call('GET', '/api/admin/features/a/tags')), ['simple:beta'])

    const bulk = await s.call('PUT', '/api/admin/projects/default/tags', {
      body: { features: ['a', 'b'], tags: { addedTags: [{ value: 'checkout' }], removedTags: [{ value: 'beta' }] } },
    })
    t.equal(bulk.status, 200)
    t.equal(bulk.text, '')
    t.same(tagsOf(await s.call('GET', '/api/admin/features/a/tags')), ['simple:checkout'])
    t.same(tagsOf(await s.call('GET', '/api/admin/features/b/tags')), ['simple:checkout'])

    const before = plain(s.api.state())
    const invalid = await s.call('PUT', '/api/admin/projects/default/tags', { body: { features: [], tags: { addedTags: [{ value: 'x' }], removedTags: [] } } })
    t.equal(invalid.status, 400)
    t.same(invalid.json.details.map((d: { path: string }) => d.path).sort(), ['/body/features', '/body/tags/addedTags/0/value'])
    const outside = await s.call('PUT', '/api/admin/projects/default/tags', { body: { features: ['a', 'ghost'], tags: { addedTags: [{ value: 'new-tag' }], removedTags: [] } } })
    t.equal(outside.status, 404)
    const unsupported = await s.call('PUT', '/api/admin/projects/default/tags', { body: 'x', headers: { 'content-type': 'text/plain' } })
    t.equal(unsupported.status, 415)
    t.same(plain(s.api.state()), before)

    t.equal((await s.call('DELETE', '/api/admin/features/a/tags/simple/checkout')).status, 200)
    t.same(tagsOf(await s.call('GET', '/api/admin/features/a/tags')), [])
  })

  t.test(`${transport}: segments and context fields`, async (t) => {
    const s = await serve(transport)
    t.teardown(s.close)
    const segment = await s.call('POST', '/api/admin/segments', { body: { name: 'beta users', constraints: [{ contextName: 'userId', operator: 'IN', values: ['1'] }] } })
    t.equal(segment.status, 201)
    t.equal(segment.headers['location'], `segments/${segment.json.id}`)
    t.same((await s.call('GET', '/api/admin/segments')).json.segments.map((x: { id: number }) => x.id), [segment.json.id])
    t.equal((await s.call('GET', `/api/admin/segments/${segment.json.id}`)).json.name, 'beta users')
    const updated = await s.call('PUT', `/api/admin/segments/${segment.json.id}`, { body: { name: 'beta', constraints: [] } })
    t.same([updated.status, updated.text], [204, ''], 'an update is 204 with no body, as in Unleash')
    t.equal((await s.call('GET', `/api/admin/segments/${segment.json.id}`)).json.name, 'beta')
    t.equal((await s.call('DELETE', `/api/admin/segments/${segment.json.id}`)).status, 204)
    t.equal((await s.call('GET', `/api/admin/segments/${segment.json.id}`)).status, 404)

    const field = await s.call('POST', '/api/admin/context', { body: { name: 'tenant', description: 'the customer', stickiness: true } })
    t.equal(field.status, 201)
    t.equal(field.headers['location'], 'context/tenant')
    t.ok((await s.call('GET', '/api/admin/context')).json.some((x: { name: string }) => x.name === 'tenant'))
    t.equal((await s.call('GET', '/api/admin/context/tenant')).json.description, 'the customer')
    const updatedField = await s.call('PUT', '/api/admin/context/tenant', { body: { description: 'who pays' } })
    t.same([updatedField.status, updatedField.text], [200, ''], 'an update is 200 with no body, as in Unleash')
    t.equal((await s.call('GET', '/api/admin/context/tenant')).json.description, 'who pays')
    t.equal((await s.call('POST', '/api/admin/context', { body: { name: 'tenant' } })).status, 409)
    // In use by a strategy (with the segment): both deletes are 409 ConflictError, as in Unleash, and change nothing.
    const reused = await s.call('POST', '/api/admin/segments', { body: { name: 'tenants', constraints: [] } })
    t.equal((await s.call('POST', '/api/admin/projects/default/features', { body: { name: 'uses' } })).status, 201)
    const strategy = { name: 'default', segments: [reused.json.id], constraints: [{ contextName: 'tenant', operator: 'IN', values: ['a'] }] }
    t.equal((await s.call('POST', '/api/admin/projects/default/features/uses/environments/development/strategies', { body: strategy })).status, 200)
    for (const path of [`/api/admin/segments/${reused.json.id}`, '/api/admin/context/tenant']) {
      const refused = await s.call('DELETE', path)
      t.same([refused.status, refused.json.name], [409, 'ConflictError'], path)
      t.equal((await s.call('GET', path)).status, 200, 'still there')
    }
    t.equal((await s.call('DELETE', '/api/admin/projects/default/features/uses')).status, 202)
    t.equal((await s.call('DELETE', '/api/admin/archive/uses')).status, 200)
    t.equal((await s.call('DELETE', '/api/admin/context/tenant')).status, 200)
    t.equal((await s.call('GET', '/api/admin/context/tenant')).status, 404)
  })

  t.test(`${transport}: export as JSON or as a download (content-disposition), and import it back`, async (t) => {
    const s = await serve(transport)
    t.teardown(s.close)
    await s.call('POST', FEATURES, { body: { name: 'checkout', description: 'paiement \u00e0 la caisse \u2713 \ud83d\uded2' } })
    await s.call('POST', strategiesOf('checkout', 'production'), { body: { name: 'default' } })
    await s.call('POST', '/api/admin/features/checkout/tags', { body: { type: 'simple', value: 'web' } })

    const plainExport = await s.call('POST', '/api/admin/features-batch/export', { body: { environment: 'production', features: ['checkout'] } })
    t.equal(plainExport.status, 200)
    t.equal(plainExport.headers['content-disposition'], undefined)
    t.equal(plainExport.headers['content-type'], 'application/json; charset=utf-8')
    t.same(plainExport.json.features.map((f: { name: string }) => f.name), ['checkout'])
    t.same(plainExport.json.featureTags, [{ featureName: 'checkout', tagType: 'simple', tagValue: 'web' }])
    t.equal(plainExport.json.features[0].description, 'paiement \u00e0 la caisse \u2713 \ud83d\uded2', 'sent as UTF-8 bytes, read back as the same text')
    if (transport === 'node') t.equal(plainExport.headers['content-length'], String(Buffer.byteLength(plainExport.text)), 'the length in bytes')

    const download = await s.call('POST', '/api/admin/features-batch/export', { body: { environment: 'production', tag: 'web', downloadFile: true } })
    t.equal(download.status, 200)
    t.equal(download.headers['content-disposition'], 'attachment; filename="export-production-2026-01-01_00-00-00.json"')
    t.same(download.json, plainExport.json, 'the same JSON body')
    t.equal((await s.call('POST', '/api/admin/features-batch/export', { body: { environment: 'production', project: 'nope' } })).status, 404)

    await s.call('POST', '/api/admin/projects', { body: { id: 'copy', name: 'Copy' } })
    const imported = await s.call('POST', '/api/admin/features-batch/import', {
      body: { project: 'copy', environment: 'development', data: { ...plainExport.json, features: [{ ...plainExport.json.features[0], name: 'checkout-copy' }], featureStrategies: [], featureEnvironments: [], featureTags: [], dependencies: [] } },
    })
    t.equal(imported.status, 200, imported.text)
    t.equal(imported.text, '')
    t.equal((await s.call('GET', '/api/admin/projects/copy/features/checkout-copy')).json.project, 'copy')
  })

  t.test(`${transport}: the strategies using a segment or a context field, and a strategy's segments`, async (t) => {
    const s = await serve(transport)
    t.teardown(s.close)
    const segment = (await s.call('POST', '/api/admin/segments', { body: { name: 'beta', constraints: [] } })).json.id
    await s.call('POST', FEATURES, { body: { name: 'f' } })
    const strategy = (await s.call('POST', strategiesOf('f'), { body: { name: 'default', segments: [segment], constraints: [{ contextName: 'appName', operator: 'IN', values: ['web'] }] } })).json.id
    const using = await s.call('GET', `/api/admin/segments/${segment}/strategies`)
    t.equal(using.status, 200)
    t.same(using.json, { strategies: [{ id: strategy, projectId: 'default', featureName: 'f', strategyName: 'default', environment: 'development' }], changeRequestStrategies: [] })
    t.same((await s.call('GET', `/api/admin/segments/strategies/${strategy}`)).json.segments.map((x: { id: number }) => x.id), [segment])
    t.same((await s.call('GET', '/api/admin/context/appName/strategies')).json.strategies.map((x: { id: string }) => x.id), [strategy])
    t.equal((await s.call('GET', '/api/admin/segments/99/strategies')).status, 404)
  })
}

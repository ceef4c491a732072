import t from 'tap'
import { makeApi, ok, plain } from '../support/api.js'
import { refused } from '../support/refused.js'

const project = { projectId: 'default' }
const flag = { ...project, featureName: 'flag' }

const seeded = async (names = ['flag']) => {
  const { api } = await makeApi()
  for (const name of names) ok(await api.features.create({ params: project, body: { name } }))
  return api
}


t.test('a link is added with its URL normalized as Unleash stores it, shown in the feature record, changed and removed', async (t) => {
  const api = await seeded()
  const added = ok(await api.features.addLink({ params: flag, body: { url: ' HTTP://WWW.Example.COM:80/a/b/?utm_source=x&b=2&a=1#frag ', title: 'Docs' } }))
  t.same(added, { id: added.id, url: 'http://example.com/a/b?a=1&b=2#frag', title: 'Docs', feature: 'flag' })
  t.match(api.events(1)[0], { type: 'feature-link-added', project: 'default', featureName: 'flag', data: { url: 'http://example.com/a/b?a=1&b=2#frag', title: 'Docs' } })
  const second = ok(await api.features.addLink({ params: flag, body: { url: 'github.com/org/repo/issues/1' } }))
  t.same([second.url, second.title], ['https://github.com/org/repo/issues/1', null], 'no scheme: https; no title: null')
  const record = ok(await api.features.get({ params: flag }))
  t.same(record.links, [added, second], 'in the order added, each naming its feature')
  t.equal(record.collaborators.users.length, 1, 'a change of the feature: its author is a collaborator')

  const changed = ok(await api.features.updateLink({ params: { ...flag, linkId: added.id }, body: { url: 'https://example.com/docs/', title: null } }))
  t.same(changed, { id: added.id, url: 'https://example.com/docs', title: null, feature: 'flag' })
  t.match(api.events(1)[0], { type: 'feature-link-updated', data: { url: 'https://example.com/docs', title: null }, preData: { url: 'http://example.com/a/b?a=1&b=2#frag', title: 'Docs' } })
  const unchanged = plain(api.state())
  ok(await api.features.updateLink({ params: { ...flag, linkId: added.id }, body: { url: 'example.com/docs' } }))
  t.same(plain(api.state()), unchanged, 'a link sent as it is stored changes and records nothing')

  ok(await api.features.deleteLink({ params: { ...flag, linkId: added.id } }))
  t.same(ok(await api.features.get({ params: flag })).links, [second])
  t.match(api.events(1)[0], { type: 'feature-link-removed', featureName: 'flag', preData: { url: 'https://example.com/docs', title: null } })
})

t.test('links that cannot be kept are refused, and nothing changes', async (t) => {
  const api = await seeded(['flag', 'other'])
  for (const url of ['not a url', 'javascript:alert(1)', 'mailto:a@b.c', 'ftp://x.org/file', '   ']) {
    await refused(t, api, () => api.features.addLink({ params: flag, body: { url } }), { _tag: 'ValidationError', details: [{ message: `Invalid URL: ${url}. A link is an http or https address.` }] }, ['/body/url'])
  }
  await refused(t, api, () => api.features.addLink({ params: flag, body: { title: 'x' } as never }), { _tag: 'ValidationError' }, ['/body/url'])
  await refused(t, api, () => api.features.addLink({ params: { projectId: 'ghost', featureName: 'flag' }, body: { url: 'example.com' } }), { _tag: 'NotFoundError' })
  const link = ok(await api.features.addLink({ params: flag, body: { url: 'example.com' } }))
  await refused(t, api, () => api.features.updateLink({ params: { ...project, featureName: 'other', linkId: link.id }, body: { url: 'example.org' } }), { _tag: 'NotFoundError', message: `Could not find link with id ${link.id}` })
  await refused(t, api, () => api.features.deleteLink({ params: { ...flag, linkId: 'ghost' } }), { _tag: 'NotFoundError', message: 'Could not find link with id ghost' })
  await refused(t, api, () => api.features.updateLink({ params: { ...flag, linkId: link.id }, body: { url: 'javascript:void(0)' } }), { _tag: 'ValidationError' }, ['/body/url'])
  for (let i = 1; i < 10; i++) ok(await api.features.addLink({ params: flag, body: { url: `example.com/${i}` } }))
  await refused(t, api, () => api.features.addLink({ params: flag, body: { url: 'example.com/11' } }), { _tag: 'ValidationError', message: /Too many links \(10\) exist for this feature/ })
})

t.test("an export carries the features' links, grouped by feature; an import replaces the links of the features it lists", async (t) => {
  const source = await seeded(['a', 'b', 'c'])
  ok(await source.features.addLink({ params: { ...project, featureName: 'a' }, body: { url: 'example.com/1', title: 'one' } }))
  ok(await source.features.addLink({ params: { ...project, featureName: 'a' }, body: { url: 'example.com/2' } }))
  ok(await source.features.addLink({ params: { ...project, featureName: 'c' }, body: { url: 'example.com/3', title: '' } }))
  const exported = ok(await source.batch.exportFeatures({ params: {}, body: { environment: 'development', features: [] } })).body
  t.same(exported.links.map((l) => [l.feature, l.links.map((x) => [x.url, x.title])]), [
    ['a', [['https://example.com/1', 'one'], ['https://example.com/2', null]]],
    ['c', [['https://example.com/3', '']]],
  ], 'only features that have links, each link with its id')

  const target = await seeded(['a', 'b'])
  ok(await target.features.addLink({ params: { ...project, featureName: 'a' }, body: { url: 'old.example.com' } }))
  ok(await target.features.addLink({ params: { ...project, featureName: 'b' }, body: { url: 'kept.example.com' } }))
  ok(await target.batch.importFeatures({ params: {}, body: { project: 'default', environment: 'development', data: exported } }))
  const linksOf = async (name: string) => ok(await target.features.get({ params: { ...project, featureName: name } })).links.map((l) => [l.url, l.title])
  t.same(await linksOf('a'), [['https://example.com/1', 'one'], ['https://example.com/2', null]], "a: replaced by the export's")
  t.same(await linksOf('b'), [['https://kept.example.com', null]], 'b: not among the export\'s links, kept')
  t.same(await linksOf('c'), [['https://example.com/3', null]], 'c: created, an empty title none, as Unleash imports it')
  t.not(ok(await target.features.get({ params: { ...project, featureName: 'a' } })).links[0]!.id, exported.links[0]!.links[0]!.id, 'new ids, as Unleash makes')
})

t.test("an import's links are checked with the rest, each problem at its path", async (t) => {
  const api = await seeded()
  const data = {
    features: [{ name: 'x' }],
    featureStrategies: [],
    tagTypes: [],
    links: [
      { feature: 'x', links: [{ url: 'javascript:alert(1)' }, ...Array.from({ length: 9 }, (_, i) => ({ url: `example.com/${i}` }))] },
      { feature: 'x', links: [{ url: 'example.com/extra' }] },
      { feature: 'ghost', links: [] },
    ],
  }
  await refused(t, api, () => api.batch.importFeatures({ params: {}, body: { project: 'default', environment: 'development', data } }), { _tag: 'ValidationError' }, [
    '/body/data/links/0/links/0/url',
    '/body/data/links/1/links',
    '/body/data/links/2/feature',
  ])
})

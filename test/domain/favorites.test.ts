import t from 'tap'
import { ADMIN_TOKEN, err, makeApi, ok, plain } from '../support/api.js'

const admin = { authorization: ADMIN_TOKEN }
const project = { projectId: 'default' }
const feature = (featureName: string) => ({ ...project, featureName })

/** A store with features a and b, and two users (a Viewer and an Editor) each calling with a personal token. */
const twoUsers = async () => {
  const { api } = await makeApi({ tokens: true })
  for (const name of ['a', 'b']) ok(await api.features.create({ ...admin, params: project, body: { name } }))
  const as = async (email: string, rootRole: number) => {
    const user = ok(await api.users.create({ ...admin, params: {}, body: { email, rootRole } }))
    const { secret } = ok(await api.personalTokens.create({ ...admin, params: { id: String(user.id) }, body: { description: 'mine', expiresAt: '2100-01-01T00:00:00.000Z' } }))
    return { authorization: secret, id: user.id }
  }
  return { api, viewer: await as('viewer@example.com', 3), editor: await as('editor@example.com', 2) }
}

t.test("a user marks features as favourites: the records they read say so, no one else's do", async (t) => {
  const { api, viewer, editor } = await twoUsers()
  ok(await api.features.favorite({ authorization: viewer.authorization, params: feature('b') }))
  t.match(api.events(1)[0], { type: 'feature-favorited', featureName: 'b', project: null, data: { feature: 'b' }, createdByUserId: viewer.id })
  const favorite = async (who: { authorization: string }, name: string) => ok(await api.features.get({ ...who, params: feature(name) })).favorite
  t.same([await favorite(viewer, 'a'), await favorite(viewer, 'b'), await favorite(editor, 'b'), await favorite(admin, 'b')], [false, true, false, false], 'a Viewer may mark; only the one who marked sees it')
  const listed = ok(await api.features.listInProject({ ...viewer, params: project })).features
  t.same(listed.map((f) => [f.name, f.favorite]), [['a', false], ['b', true]], 'in the project list too')
  ok(await api.features.favorite({ ...editor, params: feature('a') }))
  const updated = ok(await api.features.update({ ...editor, params: feature('a'), body: { description: 'x' } }))
  t.equal(updated.favorite, true, 'and in the answer of a change')
  t.same([await favorite(viewer, 'a'), await favorite(editor, 'b')], [false, false])

  const unchanged = plain(api.state())
  ok(await api.features.favorite({ ...viewer, params: feature('b') }))
  ok(await api.features.unfavorite({ ...viewer, params: feature('a') }))
  t.same(plain(api.state()), unchanged, 'marking a favourite again, or unmarking one that is not, changes and records nothing')

  ok(await api.features.unfavorite({ ...viewer, params: feature('b') }))
  t.equal(await favorite(viewer, 'b'), false)
  t.match(api.events(1)[0], { type: 'feature-unfavorited', featureName: 'b' })
})

t.test('a user marks projects as favourites, shown in the project list they read', async (t) => {
  const { api, viewer, editor } = await twoUsers()
  ok(await api.projects.create({ ...admin, params: {}, body: { id: 'shop', name: 'Shop' } }))
  ok(await api.projects.favorite({ ...viewer, params: { projectId: 'shop' } }))
  t.match(api.events(1)[0], { type: 'project-favorited', project: 'shop', data: { project: 'shop' } })
  const marks = async (who: { authorization: string }) => ok(await api.projects.list({ ...who, params: {} })).projects.map((p) => [p.id, p.favorite])
  t.same(await marks(viewer), [['default', false], ['shop', true]])
  t.same(await marks(editor), [['default', false], ['shop', false]])
  ok(await api.projects.unfavorite({ ...viewer, params: { projectId: 'shop' } }))
  t.same(await marks(viewer), [['default', false], ['shop', false]])
  t.match(api.events(1)[0], { type: 'project-unfavorited', project: 'shop' })
})

t.test('favourites are refused to callers that are not users and for what does not exist, changing nothing', async (t) => {
  const { api, viewer } = await twoUsers()
  const before = plain(api.state())
  t.match(err(await api.features.favorite({ ...admin, params: feature('a') })), { _tag: 'NoAccessError', message: 'Favorites require an authenticated user.' })
  t.match(err(await api.projects.favorite({ ...admin, params: project })), { _tag: 'NoAccessError', message: 'Favorites require an authenticated user.' })
  t.match(err(await api.features.favorite({ ...viewer, params: feature('ghost') })), { _tag: 'NotFoundError', message: `There's no feature named "ghost" in project "default".` })
  t.match(err(await api.features.favorite({ ...viewer, params: { projectId: 'other', featureName: 'a' } })), { _tag: 'NotFoundError', message: `There's no feature named "a" in project "other", but there's a feature with that name in project "default"` })
  t.match(err(await api.projects.favorite({ ...viewer, params: { projectId: 'ghost' } })), { _tag: 'NotFoundError', message: 'Could not find project with id "ghost".' })
  t.same(err(await api.features.favorite({ ...viewer, params: { projectId: 'default' } as never })).details.map((d) => d.path), ['/params/featureName'])
  t.same(plain(api.state()), before)
})

t.test('a feature deleted for good is no one\'s favourite: one made again with its name starts unmarked', async (t) => {
  const { api, viewer } = await twoUsers()
  ok(await api.features.favorite({ ...viewer, params: feature('a') }))
  ok(await api.features.archive({ ...admin, params: feature('a') }))
  t.equal(ok(await api.features.get({ ...viewer, params: feature('b') })).favorite, false)
  ok(await api.features.deleteArchived({ ...admin, params: { featureName: 'a' } }))
  ok(await api.features.create({ ...admin, params: project, body: { name: 'a' } }))
  t.equal(ok(await api.features.get({ ...viewer, params: feature('a') })).favorite, false)
  ok(await api.users.delete({ ...admin, params: { id: String(viewer.id) } }))
  t.equal(api.state().users.size, 2, 'a user deleted takes their favourites along (the admin and the other are left)')
})

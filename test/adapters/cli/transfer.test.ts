import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import * as E from 'fp-ts/lib/Either.js'
import t from 'tap'
import { openAuth } from '../../../adapters/auth/open.js'
import { openStore } from '../../../adapters/cli/open-store.js'
import { runTransfer } from '../../../adapters/cli/transfer.js'
import { createAdminApi, type AdminApi } from '../../../src/api/admin-api.js'
import { tempDir } from '../../storage/fixtures/helpers.js'
import { TOKEN, fixture, startFixtureServer, type FixtureServer } from './unleash-fixture-server.js'

const NO_ENV = {}

/** runTransfer in process, its lines kept. */
const transfer = async (command: 'import' | 'export', args: string[], env: NodeJS.ProcessEnv = NO_ENV) => {
  const out: string[] = []
  const err: string[] = []
  const code = await runTransfer(command, args, env, { out: (line) => out.push(line), err: (line) => err.push(line) })
  return { code, out: out.join('\n'), err: err.join('\n') }
}

/** The store in `dir` through a facade, for a look after a command; closed when done. */
const inStore = async <T>(dir: string, look: (api: AdminApi, version: number) => Promise<T>): Promise<T> => {
  const opened = await openStore({ data: dir, storeName: 'default' })
  if (E.isLeft(opened)) throw new Error(opened.left)
  try {
    const api = await createAdminApi({ storage: opened.right.storage, auth: openAuth() })
    return await look(api, opened.right.storage.head().version)
  } finally {
    await opened.right.storage.close()
  }
}

const right = <A>(either: E.Either<unknown, A>): A => {
  if (E.isLeft(either)) throw new Error(`refused: ${JSON.stringify(either.left)}`)
  return either.right
}

/** The answer, or undefined for a refusal (a 404 of a record not there). */
const found = <A>(either: E.Either<unknown, A>): A | undefined => (E.isRight(either) ? either.right : undefined)

/** What a test checks of a store: the imported records, as the facade answers them. */
const imported = (dir: string) =>
  inStore(dir, async (api, version) => {
    return {
      version,
      parent: found(await api.features.get({ params: { projectId: 'default', featureName: 'tr45-parent' } })),
      child: found(await api.features.get({ params: { projectId: 'default', featureName: 'tr45-child' } })),
      childTags: found(await api.featureTags.list({ params: { featureName: 'tr45-child' } })),
      tagType: found(await api.tagTypes.get({ params: { name: 'tr45team' } })),
      contextField: found(await api.contextFields.get({ params: { contextName: 'tr45region' } })),
      strategyType: found(await api.types.strategyType({ params: { name: 'tr45custom' } })),
      segments: right(await api.segments.list({})).segments.filter((s) => s.name.startsWith('tr45')),
    }
  })

/** A record without what each store makes anew: times, and link ids (an import makes new ones, as Unleash's does). */
const lasting = (value: unknown): unknown =>
  JSON.parse(JSON.stringify(value, function (this: Record<string, unknown>, key, field) {
    if (key === 'createdAt' || key === 'enteredStageAt' || (key === 'id' && 'url' in this)) return undefined
    return field
  }))

let server: FixtureServer
t.beforeEach(async () => {
  server = await startFixtureServer()
})
t.afterEach(() => server.close())

const fromUnleash = (dir: string, ...more: string[]) => ['--from-unleash', server.url, '--token', TOKEN, '--data', dir, ...more]

t.test('an import from Unleash lands every kind in the store, and a second run changes nothing', async (t) => {
  const dir = join(await tempDir(t), 'store')
  const first = await transfer('import', fromUnleash(dir))
  t.equal(first.code, 0, first.err)
  t.match(first.out, /flags: 2 created \(tr45-child, tr45-parent\)/)
  t.match(first.out, /segments: 2 created \(tr45beta, tr45unused\)/)

  const after = await imported(dir)
  t.match(after.tagType, { tagType: { name: 'tr45team', description: 'owning team', icon: 'T' } }, 'tag type')
  t.match(after.contextField, { name: 'tr45region', stickiness: true, legalValues: [{ value: 'eu', description: 'Europe' }, { value: 'us' }] }, 'context field')
  t.match(after.strategyType, { name: 'tr45custom', description: 'a custom one', parameters: [{ name: 'percent', type: 'percentage' }] }, 'strategy type')
  t.same(after.segments.map((s) => [s.name, s.constraints.map((c) => [c.contextName, c.values])]), [['tr45beta', [['userId', ['a', 'b']]]], ['tr45unused', [['tr45region', ['eu']]]]], 'segments')
  const beta = after.segments.find((s) => s.name === 'tr45beta')!
  t.match(after.parent, { name: 'tr45-parent', type: 'release', description: 'the parent', impressionData: true }, 'flag metadata')
  const development = after.parent!.environments.find((e) => e.name === 'development')!
  t.equal(development.enabled, true, 'development switched on')
  t.match(development.strategies, [
    {
      id: '01M8GN2JSWSFXSTQDEM27ZAX85',
      name: 'flexibleRollout',
      title: 'half',
      parameters: { rollout: '50', stickiness: 'default', groupId: 'tr45-parent' },
      constraints: [{ contextName: 'tr45region', operator: 'IN', values: ['eu'] }],
      segments: [beta.id],
      variants: [{ name: 'blue', weight: 1000, payload: { type: 'string', value: 'b' } }],
    },
  ], 'strategy with its constraint, segment and variants')
  const production = after.parent!.environments.find((e) => e.name === 'production')!
  t.match(production, { enabled: false, strategies: [{ name: 'tr45custom', parameters: { percent: '10' } }] }, 'production')
  t.match(after.child, { type: 'experiment', dependencies: [{ feature: 'tr45-parent', enabled: true }], links: [{ url: 'https://example.com/tr45', title: 'docs' }] }, 'dependency and link')
  t.match(after.childTags, { tags: [{ type: 'tr45team', value: 'checkout' }] }, 'tag')

  const second = await transfer('import', fromUnleash(dir))
  t.equal(second.code, 0, second.err)
  t.match(second.out, /nothing to change/)
  t.match(second.out, /flags: 0 created, 0 updated, 2 unchanged/)
  t.equal((await imported(dir)).version, after.version, 'no commit')
})

t.test('a dry run prints what would change and changes nothing', async (t) => {
  const dir = join(await tempDir(t), 'store')
  const before = await imported(dir)
  const dry = await transfer('import', fromUnleash(dir, '--dry-run'))
  t.equal(dry.code, 0, dry.err)
  t.match(dry.out, /flags: 2 to create \(tr45-child, tr45-parent\)/)
  t.match(dry.out, /tag types: 1 to create \(tr45team\), 0 to update, 1 unchanged/)
  const after = await imported(dir)
  t.same(after, before, 'the store as it was')
  t.equal(after.parent, undefined)

  // A changed flag in Unleash is an update, dry or not.
  t.equal((await transfer('import', fromUnleash(dir))).code, 0)
  const dev = server.answers.get('POST export default development') as any
  dev.featureEnvironments[0].enabled = true
  const changed = await transfer('import', fromUnleash(dir, '--dry-run'))
  t.match(changed.out, /flags: 0 to create, 1 to update \(tr45-child\), 1 unchanged/)
  const applied = await transfer('import', fromUnleash(dir))
  t.match(applied.out, /flags: 0 created, 1 updated \(tr45-child\), 1 unchanged/)
  const child = await inStore(dir, async (api) => right(await api.features.get({ params: { projectId: 'default', featureName: 'tr45-child' } })))
  t.equal(child.environments.find((e) => e.name === 'development')!.enabled, true)
})

t.test('definitions changed in Unleash are updated in the store', async (t) => {
  const dir = join(await tempDir(t), 'store')
  t.equal((await transfer('import', fromUnleash(dir))).code, 0)
  const answer = (key: string) => server.answers.get(key) as any
  answer('GET /api/admin/segments').segments[0].constraints[0].values = ['a', 'b', 'c']
  answer('GET /api/admin/tag-types').tagTypes.find((x: any) => x.name === 'tr45team').description = 'the team that owns it'
  answer('GET /api/admin/context').find((x: any) => x.name === 'tr45region').legalValues.push({ value: 'apac' })
  answer('GET /api/admin/strategies').strategies.find((x: any) => x.name === 'tr45custom').description = 'changed'
  answer('GET /api/admin/environments').environments.find((x: any) => x.name === 'production').sortOrder = 9
  const changed = await transfer('import', fromUnleash(dir))
  t.equal(changed.code, 0, changed.err)
  for (const line of ['environments: 0 created, 1 updated (production)', 'segments: 0 created, 1 updated (tr45beta)', 'tag types: 0 created, 1 updated (tr45team)', 'context fields: 0 created, 1 updated (tr45region)', 'strategy types: 0 created, 1 updated (tr45custom)']) {
    t.match(changed.out, line)
  }
  const after = await imported(dir)
  t.same(after.segments.find((s) => s.name === 'tr45beta')!.constraints[0]!.values, ['a', 'b', 'c'])
  t.match(after.tagType, { tagType: { description: 'the team that owns it' } })
  t.same(after.contextField!.legalValues.map((v) => v.value), ['eu', 'us', 'apac'])
  t.match(after.strategyType, { description: 'changed' })
  const production = await inStore(dir, async (api) => right(await api.environments.get({ params: { name: 'production' } })))
  t.equal(production.sortOrder, 9)
  t.match((await transfer('import', fromUnleash(dir))).out, /nothing to change/)
})

t.test('projects and environments the store lacks are created, with their flags', async (t) => {
  // Unleash's open-source edition makes neither, so these answers are the recorded ones extended.
  const dir = join(await tempDir(t), 'store')
  ;(server.answers.get('GET /api/admin/projects') as any).projects.push({ id: 'shop', name: 'Shop', description: 'the shop', mode: 'open' })
  ;(server.answers.get('GET /api/admin/environments') as any).environments.push({ name: 'staging', type: 'test', sortOrder: 5, enabled: true })
  const all = fixture('environments-project-default').environments.map((e: any) => ({ ...e, visible: false }))
  server.answers.set('GET /api/admin/environments/project/shop', { version: 1, environments: [...all, { name: 'staging', type: 'test', visible: true }] })
  server.answers.set('POST export shop staging', {
    features: [{ name: 'shop-cart', description: null, type: 'release', project: 'shop', stale: false, impressionData: false, archived: false }],
    featureStrategies: [{ name: 'default', id: '01M8GN2KZ3N686MXJYBJSZ4XMZ', featureName: 'shop-cart', title: null, parameters: {}, constraints: [], variants: [], disabled: false, segments: [] }],
    featureEnvironments: [{ enabled: true, featureName: 'shop-cart', environment: 'staging', variants: [], name: 'shop-cart' }],
    contextFields: [],
    featureTags: [],
    segments: [],
    tagTypes: [],
    dependencies: [],
    links: [],
  })
  const run = await transfer('import', fromUnleash(dir))
  t.equal(run.code, 0, run.err)
  t.match(run.out, /environments: 1 created \(staging\), 0 updated, 2 unchanged/)
  t.match(run.out, /projects: 1 created \(shop\), 0 updated, 1 unchanged/)
  const [environment, project, flag] = await inStore(dir, async (api) => [
    right(await api.environments.get({ params: { name: 'staging' } })),
    right(await api.environments.ofProject({ params: { projectId: 'shop' } })),
    right(await api.features.get({ params: { projectId: 'shop', featureName: 'shop-cart' } })),
  ] as const)
  t.match(environment, { name: 'staging', type: 'test', sortOrder: 5, enabled: true })
  t.same(project.environments.filter((e) => e.visible).map((e) => e.name), ['staging'], 'connected to its environment only')
  t.match(flag.environments, [{ name: 'staging', enabled: true, strategies: [{ name: 'default' }] }])
  t.match((await transfer('import', fromUnleash(dir))).out, /nothing to change/)
})

t.test('a failure leaves the store as it was and names what failed', async (t) => {
  const dir = join(await tempDir(t), 'store')
  const before = await imported(dir)

  server.overrides.set('POST export default production', 'drop')
  const dropped = await transfer('import', fromUnleash(dir))
  t.equal(dropped.code, 1)
  t.match(dropped.err, /nothing changed: POST .*\/api\/admin\/features-batch\/export failed/)
  t.same(await imported(dir), before)

  server.overrides.set('POST export default production', { status: 500, body: '{"name":"InternalError"}' })
  const failed = await transfer('import', fromUnleash(dir))
  t.match(failed.err, /answered 500/)

  // Refused by the store's own rules on the last step, after definitions it would create: none is kept.
  server.overrides.clear()
  const production = server.answers.get('POST export default production') as any
  production.featureStrategies[0].name = 'tr45-no-such-strategy'
  const refused = await transfer('import', fromUnleash(dir))
  t.equal(refused.code, 1)
  t.match(refused.err, /the store refused the changes: .*\/flags\/1\/data\/featureStrategies\/0/)
  t.same(await imported(dir), before, 'no tag type, context field, segment or flag kept')

  const wrongToken = await transfer('import', ['--from-unleash', server.url, '--token', 'wrong', '--data', dir])
  t.match(wrongToken.err, /GET .*\/api\/admin\/environments answered 401/)
})

t.test('a malformed answer is a clear error naming the route and the path', async (t) => {
  const dir = join(await tempDir(t), 'store')
  server.answers.set('GET /api/admin/segments', { segments: [{ id: 1, name: 'x', constraints: 'none' }] })
  const malformed = await transfer('import', fromUnleash(dir))
  t.equal(malformed.code, 1)
  t.match(malformed.err, /answered GET \/api\/admin\/segments with what flagport cannot read: \/segments\/0\/constraints/)
  server.answers.set('GET /api/admin/segments', fixture('segments'))
  const development = server.answers.get('POST export default development') as any
  // An operator of Unleash's that flagport does not take (nor does Unleash 8.2's admin API).
  const operator = development.featureStrategies[1].constraints[0].operator
  development.featureStrategies[1].constraints[0].operator = 'IN_CIDR'
  const unknownOperator = await transfer('import', fromUnleash(dir))
  development.featureStrategies[1].constraints[0].operator = operator
  t.match(unknownOperator.err, /the export of project default in development with what flagport cannot read: \/featureStrategies\/1\/constraints\/0\/operator \(flag tr45-parent\): .*You sent "IN_CIDR"/)
  server.overrides.set('GET /api/admin/projects', { status: 200, body: '<html>' })
  const notJson = await transfer('import', fromUnleash(dir))
  t.match(notJson.err, /not JSON/)
  t.equal((await imported(dir)).parent, undefined)
})

t.test('export then import into an empty store round-trips', async (t) => {
  const root = await tempDir(t)
  const [a, b, file, again] = ['a', 'b', 'a.json', 'b.json'].map((name) => join(root, name)) as [string, string, string, string]
  t.equal((await transfer('import', fromUnleash(a))).code, 0)
  const exported = await transfer('export', ['--out', file, '--data', a])
  t.equal(exported.code, 0, exported.err)
  t.match(exported.out, /1 projects, 2 environments, 2 flags/)
  const dry = await transfer('import', [file, '--data', b, '--dry-run'])
  t.match(dry.out, /flags: 2 to create/)
  const into = await transfer('import', [file, '--data', b])
  t.equal(into.code, 0, into.err)
  t.match((await transfer('import', [file, '--data', b])).out, /nothing to change/)
  t.equal((await transfer('export', ['--out', again, '--data', b])).code, 0)
  t.same(lasting(JSON.parse(await readFile(again, 'utf8'))), lasting(JSON.parse(await readFile(file, 'utf8'))), 'the same document')
  const [inA, inB] = [await imported(a), await imported(b)]
  t.same(lasting({ ...inB, version: 0 }), lasting({ ...inA, version: 0 }), 'the same records')

  await writeFile(join(root, 'bad.json'), JSON.stringify({ format: 'flagport-transfer', version: 1, environments: 'x' }))
  const bad = await transfer('import', [join(root, 'bad.json'), '--data', b])
  t.equal(bad.code, 1)
  t.match(bad.err, /is not a flagport transfer document: \/environments/)
})

t.test('usage errors exit 2 and say what to give', async (t) => {
  t.match(await transfer('import', []), { code: 2, err: /give either one FILE or --from-unleash URL/ })
  t.match(await transfer('import', ['x.json', '--from-unleash', 'http://127.0.0.1:1']), { code: 2 })
  t.match(await transfer('import', ['--from-unleash', 'http://127.0.0.1:1']), { code: 2, err: /needs --token \(or UNLEASH_TOKEN\)/ })
  t.match(await transfer('export', []), { code: 2, err: /--out FILE/ })
  t.match(await transfer('export', ['--out', 'x', '--bogus']), { code: 2, err: /bogus/ })
  // The token may come from UNLEASH_TOKEN, keeping it out of the process list.
  const dir = join(await tempDir(t), 'store')
  const viaEnv = await transfer('import', ['--from-unleash', server.url, '--data', dir, '--dry-run'], { UNLEASH_TOKEN: TOKEN })
  t.equal(viaEnv.code, 0, viaEnv.err)
})

t.test('into PostgreSQL: one commit that a fresh open replays, and a second run changes nothing', { skip: process.env['DATABASE_URL'] ? false : 'no DATABASE_URL (test/scripts/postgres.sh)' }, async (t) => {
  const store = `transfer_${process.pid}_${Date.now()}`
  const env = { DATABASE_URL: process.env['DATABASE_URL'] }
  const root = await tempDir(t)
  const first = await transfer('import', ['--from-unleash', server.url, '--token', TOKEN, '--store', store], env)
  t.equal(first.code, 0, first.err)
  t.match(first.out, /flags: 2 created/)
  // A fresh open replays the commit's row changes, step after step.
  t.match((await transfer('import', ['--from-unleash', server.url, '--token', TOKEN, '--store', store], env)).out, /nothing to change/)
  const [fromPg, fromFile] = [join(root, 'pg.json'), join(root, 'file.json')]
  t.equal((await transfer('export', ['--out', fromPg, '--store', store], env)).code, 0)
  t.equal((await transfer('import', fromUnleash(join(root, 'store')))).code, 0)
  t.equal((await transfer('export', ['--out', fromFile, '--data', join(root, 'store')])).code, 0)
  t.same(lasting(JSON.parse(await readFile(fromPg, 'utf8'))), lasting(JSON.parse(await readFile(fromFile, 'utf8'))), 'the same records as the file store holds')
})

import * as E from 'fp-ts/lib/Either.js'
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import t from 'tap'
import { fillIndexHtml, withUi } from '../../adapters/http/ui.js'
import type { HttpRequest, HttpResponse, PlainHandler } from '../../src/http/messages.js'

// A UI build in miniature: the placeholders and asset links Unleash's index.html has, one asset, one image.
const INDEX = [
  '<link rel="icon" href="::faviconPrefix::/favicon.ico" />',
  '<meta name="baseUriPath" content="::baseUriPath::" />',
  '<meta name="cdnPrefix" content="::cdnPrefix::" />',
  '<meta name="uiFlags" content="::uiFlags::" />',
  '<meta name="unleashToken" content="::unleashToken::" />',
  '<script type="module" src="/static/app-1a2b.js"></script>',
  '<link rel="stylesheet" href="/static/style-3c4d.css">',
].join('\n')
const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0xff])

const fixture = async (t: { teardown(fn: () => unknown): void }): Promise<string> => {
  const dir = await mkdtemp(join(tmpdir(), 'flagport-ui-'))
  t.teardown(() => rm(dir, { recursive: true, force: true }))
  await mkdir(join(dir, 'static'))
  await writeFile(join(dir, 'index.html'), INDEX)
  await writeFile(join(dir, 'static', 'app-1a2b.js'), 'console.log("ui")')
  await writeFile(join(dir, 'logo.png'), PNG)
  await writeFile(join(dir, '.env'), 'SECRET=1')
  const outside = join(dir, '..', `${dir.split('/').pop()}-outside.txt`)
  await writeFile(outside, 'outside')
  t.teardown(() => rm(outside, { force: true }))
  return dir
}

/** Stands for the admin API: answers every request it is given with its path. */
const api: PlainHandler = Object.assign(async (request: HttpRequest): Promise<HttpResponse> => ({ status: 299, headers: {}, body: `api ${request.method} ${request.path}` }), { bodyLimit: 1234 })

const served = async (dir: string, options: { basePath?: string; cdnPrefix?: string } = {}) => {
  const made = await withUi(api, { dir, ...options })
  if (E.isLeft(made)) throw new Error(made.left)
  return (method: string, path: string) => made.right({ method, path })
}

t.test("index.html's placeholders are filled as Unleash fills them, and its asset links follow the base path", async (t) => {
  const dir = await fixture(t)
  const get = await served(dir, { basePath: '/flags/' })
  const page = await get('GET', '/flags/')
  t.equal(page.status, 200)
  t.equal(page.headers['content-type'], 'text/html; charset=utf-8')
  t.equal(page.headers['cache-control'], 'no-cache')
  t.equal(
    page.body,
    [
      '<link rel="icon" href="/favicon.ico" />',
      '<meta name="baseUriPath" content="/flags" />',
      '<meta name="cdnPrefix" content="" />',
      '<meta name="uiFlags" content="%7B%7D" />',
      '<meta name="unleashToken" content="" />',
      '<script type="module" src="/flags/static/app-1a2b.js"></script>',
      '<link rel="stylesheet" href="/flags/static/style-3c4d.css">',
    ].join('\n'),
  )
  t.equal((await get('GET', '/flags/index.html')).body, page.body, 'never the file with its placeholders')
  t.equal((await get('GET', '/flags')).body, page.body)
})

t.test('a CDN prefix moves the assets and the favicon; flags are URI-encoded JSON', async (t) => {
  const html = fillIndexHtml(INDEX, { basePath: '', cdnPrefix: 'https://cdn.example.com/ui', uiFlags: { P: 'a b' }, unleashToken: 'tok' })
  t.match(html, '<link rel="icon" href="https://cdn.example.com/ui/favicon.ico" />')
  t.match(html, 'src="https://cdn.example.com/ui/static/app-1a2b.js"')
  t.match(html, '<meta name="uiFlags" content="%7B%22P%22:%22a%20b%22%7D" />')
  t.match(html, '<meta name="unleashToken" content="tok" />')
  t.notMatch(html, /::\w+::/)
})

t.test('files are served with their type; browser routes get index.html; a missing asset a 404', async (t) => {
  const dir = await fixture(t)
  const get = await served(dir)
  const script = await get('GET', '/static/app-1a2b.js')
  t.equal(script.status, 200)
  t.equal(script.body, 'console.log("ui")')
  t.equal(script.headers['content-type'], 'text/javascript; charset=utf-8')
  t.equal(script.headers['cache-control'], 'public, max-age=31536000, immutable', 'hashed assets never change')
  t.equal(script.headers['x-content-type-options'], 'nosniff')
  const image = await get('GET', '/logo.png?v=1')
  t.same(image.bytes && [...image.bytes], [...PNG], 'bytes as they are')
  t.equal(image.headers['content-type'], 'image/png')
  const route = await get('GET', '/projects/default/features/x')
  t.equal(route.status, 200)
  t.match(route.body, '<meta name="baseUriPath" content="" />')
  const missing = await get('GET', '/static/gone-9z.js')
  t.equal(missing.status, 404)
  t.equal(missing.headers['content-type'], 'text/html; charset=utf-8')
  const head = await get('HEAD', '/static/app-1a2b.js')
  t.equal(head.status, 200)
  t.equal(head.body, undefined)
  t.equal(head.headers['content-length'], String('console.log("ui")'.length))
})

t.test('nothing outside the directory, and no dotfiles, is ever served', async (t) => {
  const dir = await fixture(t)
  const get = await served(dir)
  for (const path of ['/.env', '/static/../.env', '/%2e%2e/outside.txt', `/..%2f${dir.split('/').pop()}-outside.txt`, '/static/%2e%2e/%2e%2e/etc/passwd', '/bad%zz.js']) {
    const answer = await get('GET', path)
    t.not(answer.body, 'SECRET=1', path)
    t.not(answer.body, 'outside', path)
    t.ok(answer.status === 200 || answer.status === 404, `${path}: ${answer.status}`)
  }
})

t.test('an escaped separator is decoded before the path is checked: no way up to a dotfile', async (t) => {
  const dir = await fixture(t)
  await mkdir(join(dir, 'x'))
  const get = await served(dir)
  for (const path of ['/x%2f..%2f.env', '/x%2F..%2F.env', '/static%2f..%2f.env', '/x/..%2f.env', '/%2e%2fx%2f..%2f.env', '/x%5c..%5c.env']) {
    const answer = await get('GET', path)
    t.not(answer.body, 'SECRET=1', path)
    t.notOk(answer.bytes && Buffer.from(answer.bytes).toString() === 'SECRET=1', path)
    t.equal(answer.headers['content-type'], 'text/html; charset=utf-8', `${path}: the index page or its 404, never the file`)
  }
  t.equal((await get('GET', '/static%2fapp-1a2b.js')).body, 'console.log("ui")', 'an escaped separator inside the directory still finds the file')
})

t.test('a symlink inside the directory that leads out of it is not followed; one that stays inside is', async (t) => {
  const dir = await fixture(t)
  const outside = join(dir, '..', `${dir.split('/').pop()}-outside.txt`)
  await symlink(outside, join(dir, 'leak.txt'))
  await symlink(join(dir, '..'), join(dir, 'up'))
  await symlink(join(dir, 'static', 'app-1a2b.js'), join(dir, 'alias.js'))
  const get = await served(dir)
  const leak = await get('GET', '/leak.txt')
  t.equal(leak.status, 404)
  t.not(leak.body, 'outside')
  const up = await get('GET', `/up/${dir.split('/').pop()}-outside.txt`)
  t.equal(up.status, 404)
  t.not(up.body, 'outside')
  const alias = await get('GET', '/alias.js')
  t.equal(alias.status, 200)
  t.equal(alias.body, 'console.log("ui")')
})

t.test('the OpenAPI document, and every first segment the handler routes, stay the API\'s', async (t) => {
  const dir = await fixture(t)
  const get = await served(dir)
  const doc = await get('GET', '/docs/openapi.json')
  t.equal(doc.status, 299)
  t.equal(doc.body, 'api GET /docs/openapi.json')
  const routed: PlainHandler = Object.assign(async (request: HttpRequest): Promise<HttpResponse> => ({ status: 298, headers: {}, body: `own ${request.path}` }), { apiRoots: ['internal'] })
  const made = await withUi(routed, { dir })
  if (E.isLeft(made)) throw new Error(made.left)
  t.equal((await made.right({ method: 'GET', path: '/internal/x' })).status, 298, "a root the handler names is the handler's")
  t.equal((await made.right({ method: 'GET', path: '/projects' })).status, 200, 'other paths are the UI')
})

t.test('the API keeps its paths and every method but GET and HEAD; paths outside the base path are its too', async (t) => {
  const dir = await fixture(t)
  const get = await served(dir, { basePath: '/flags' })
  for (const [method, path] of [
    ['GET', '/flags/api/admin/projects'],
    ['POST', '/flags/auth/simple/login'],
    ['POST', '/flags/logout'],
    ['GET', '/flags/health'],
    ['POST', '/flags/projects'],
    ['GET', '/elsewhere'],
  ] as const) {
    const answer = await get(method, path)
    t.equal(answer.status, 299, `${method} ${path}`)
    t.equal(answer.body, `api ${method} ${path}`)
  }
  const made = await withUi(api, { dir })
  t.equal(E.isRight(made) && made.right.bodyLimit, 1234, "the API's body limit, for adapters")
})

t.test('a directory without index.html is refused with a reason', async (t) => {
  const dir = await mkdtemp(join(tmpdir(), 'flagport-ui-empty-'))
  t.teardown(() => rm(dir, { recursive: true, force: true }))
  const made = await withUi(api, { dir })
  t.ok(E.isLeft(made))
  t.match(E.isLeft(made) ? made.left : '', /has no readable index\.html/)
})

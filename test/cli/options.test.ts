import * as E from 'fp-ts/lib/Either.js'
import { readFile } from 'node:fs/promises'
import t from 'tap'
import { runCli, helpText } from '../../adapters/cli/cli.js'
import { loggedPath } from '../../adapters/cli/log.js'
import { parseFlags, serveConfig, SERVE_OPTIONS } from '../../adapters/cli/options.js'
import { startingHandler } from '../../adapters/cli/serve.js'
import { matchesIntegrity } from '../../adapters/cli/ui-build.js'
import { createHash } from 'node:crypto'

const config = (argv: string[], env: NodeJS.ProcessEnv = {}) => {
  const flags = parseFlags(argv, SERVE_OPTIONS)
  return E.isLeft(flags) ? flags : serveConfig(flags.right, env)
}

t.test('defaults: port 4242 on 127.0.0.1, the file store in ./flagport-data, no UI, text logs', async (t) => {
  const read = config([], { XDG_CACHE_HOME: '/cache' })
  t.match(read, { _tag: 'Right', right: { port: 4242, host: '127.0.0.1', data: './flagport-data', databaseUrl: undefined, storeName: 'default', ui: false, uiCache: '/cache/flagport', uiVersion: '8.2.0', log: 'text', url: 'http://127.0.0.1:4242' } })
})

t.test('a flag wins over its variable; an empty variable is unset; tokens add up', async (t) => {
  const env = { PORT: '1234', FLAGPORT_DATA: '', DATABASE_URL: 'postgresql://db/x', FLAGPORT_ADMIN_TOKENS: '*:*.from-env', FLAGPORT_UI: 'true', FLAGPORT_LOG: 'json' }
  t.match(config(['--port', '0', '--admin-token', '*:*.a', '--admin-token', '*:*.b,*:*.c', '--log', 'text'], env), {
    right: { port: 0, data: './flagport-data', databaseUrl: 'postgresql://db/x', adminTokens: ['*:*.a', '*:*.b', '*:*.c'], ui: true, log: 'text' },
  })
  t.match(config([], env), { right: { port: 1234, adminTokens: ['*:*.from-env'], log: 'json' } })
  t.match(config(['--ui-dir', 'build']), { right: { ui: true, uiDir: 'build' } }, '--ui-dir implies --ui')
  t.match(config(['--base-path', '/flags/']), { right: { basePath: '/flags', url: 'http://127.0.0.1:4242/flags' } })
  t.match(config(['--port', '0']), { _tag: 'Right', right: { url: undefined } }, 'port 0: the URL is the one listened at, known later')
})

t.test('a bad flag is a usage error (exit 2); a bad variable a configuration error (exit 1); each names the culprit', async (t) => {
  t.match(config(['--port', '70000']), { left: { kind: 'usage', message: '--port must be a port number; it is "70000".' } })
  t.match(config([], { PORT: 'x' }), { left: { kind: 'config', message: 'PORT must be a port number; it is "x".' } })
  t.match(config(['--log', 'xml']), { left: { kind: 'usage', message: /--log must be text or json/ } })
  t.match(config(['--admin-token', 'nope']), { left: { kind: 'usage', message: /an admin token must look like/ } })
  t.match(config(['--ui-version', 'latest']), { left: { kind: 'usage', message: /--ui-version must be a version/ } })
  t.match(config(['--bogus']), { left: { kind: 'usage', message: /Unknown option '--bogus'/ } })
  t.match(config(['stray']), { left: { kind: 'usage', message: 'unexpected argument "stray".' } })
  t.match(config(['--port']), { left: { kind: 'usage', message: /--port/ } })
  for (const argv of [['--bogus'], ['nonsense'], ['ui'], ['ui', 'fetch', '--port', '1'], ['--port', 'x']]) t.equal(await runCli(argv, {}), 2, argv.join(' '))
  t.equal(await runCli([], { PORT: 'x' }), 1)
  t.equal(await runCli(['--help'], {}), 0)
})

t.test('--help and docs/cli.md name every flag with its variables and default', async (t) => {
  const help = await helpText()
  const doc = await readFile(new URL('../../docs/cli.md', import.meta.url), 'utf8')
  for (const option of SERVE_OPTIONS) {
    t.match(help, `--${option.flag}`)
    t.match(help, option.shown)
    t.match(doc, `\`--${option.flag}`, `docs/cli.md has --${option.flag}`)
    for (const name of option.env) {
      t.match(help, name)
      t.match(doc, `\`${name}\``, `docs/cli.md has ${name}`)
    }
  }
  for (const command of ['serve', 'ui fetch', 'help', 'version']) t.match(help, `flagport ${command}`)
})

t.test('a logged path has no query, and no segment that looks like an API token', async (t) => {
  t.equal(loggedPath('/api/admin/projects?token=*:*.secret'), '/api/admin/projects')
  t.equal(loggedPath('/api/admin/api-tokens/default%3Adevelopment.abc123'), '/api/admin/api-tokens/[redacted]')
  t.equal(loggedPath('/api/admin/api-tokens/*:*.abc'), '/api/admin/api-tokens/[redacted]')
  t.equal(loggedPath('/api/admin/features/checkout.v2'), '/api/admin/features/checkout.v2')
})

t.test('while the store opens: /health 200, /ready 503 with no body, anything else 503 with retry-after', async (t) => {
  const starting = startingHandler('/flags')
  t.match(await starting({ method: 'GET', path: '/flags/health', headers: {} }), { status: 200, body: '{"health":"GOOD"}' })
  const ready = await starting({ method: 'GET', path: '/flags/ready', headers: {} })
  t.equal(ready.status, 503)
  t.equal(ready.body, undefined)
  t.match(await starting({ method: 'GET', path: '/flags/api/admin/projects', headers: {} }), { status: 503, headers: { 'retry-after': '1' }, body: /store is not open yet/ })
})

t.test('a tarball matches only the sha512 the registry publishes', async (t) => {
  const bytes = Buffer.from('a tarball')
  const integrity = `sha512-${createHash('sha512').update(bytes).digest('base64')}`
  t.ok(matchesIntegrity(bytes, integrity))
  t.ok(matchesIntegrity(bytes, `sha1-abc ${integrity}`))
  t.notOk(matchesIntegrity(Buffer.from('another'), integrity))
  t.notOk(matchesIntegrity(bytes, `sha1-${createHash('sha1').update(bytes).digest('base64')}`), 'a weaker hash alone is not enough')
})

/**
 * flagport as `npm i` delivers it: the project is packed as `npm pack` packs it (its `prepack`
 * builds dist/), the tarball is installed into scratch apps outside the repository (npm's
 * default layout, and nested, where only declared dependencies are reachable), and there the
 * README's quick start and the guide's test snippet are compiled with `tsc --strict` and run
 * with plain node, as written; the runner examples of examples/testing (node:test, tap,
 * vitest, and jest as CommonJS) run there against the installed package.
 */
import { execFile } from 'node:child_process'
import { cp, mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { dirname, join, normalize } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import t from 'tap'
import { performance } from 'node:perf_hooks'
import { logIn, missingPrerequisites, openBrowser, PASSWORD, UI_DIR } from '../e2e/browser-harness.js'
import { brokenLinks } from '../support/links.js'
import { callScript, startCommand, stopScript } from '../support/script.js'
import { snippetAfter } from '../support/snippets.js'
import { commonJsHostApp, esmHostApp, facadeGroups } from './host-app.js'

t.setTimeout(10 * 60_000)
const ROOT = fileURLToPath(new URL('../..', import.meta.url))
const TSC = createRequire(import.meta.url).resolve('typescript/bin/tsc')
const TYPES = join(ROOT, 'node_modules/@types')
const exec = promisify(execFile)

/** Runs a command; its exit code and output, never a throw. */
const sh = async (file: string, args: string[], cwd: string) => {
  try {
    const { stdout, stderr } = await exec(file, args, { cwd, maxBuffer: 64 * 1024 * 1024, env: { ...process.env, NODE_OPTIONS: '' } })
    return { code: 0, out: stdout + stderr, stdout }
  } catch (e) {
    const failed = e as { code?: number; stdout?: string; stderr?: string }
    return { code: failed.code ?? 1, out: `${failed.stdout ?? ''}${failed.stderr ?? ''}`, stdout: failed.stdout ?? '' }
  }
}

// Subtests run while the file's own awaits go on: everything waits inside one test, so the
// scratch directory outlives every install.
t.test('the packed package', async (t) => {
  const work = await mkdtemp(join(tmpdir(), 'flagport-package-'))
  t.teardown(() => rm(work, { recursive: true, force: true }))

  // Packed from a copy, whose prepack may empty its own dist/ while other tests run the repository's.
  const copy = join(work, 'source')
  for (const entry of ['package.json', 'package-lock.json', 'tsconfig.json', 'tsconfig.build.json', 'tsconfig.cjs.json', 'README.md', 'LICENSE', 'src', 'adapters', 'examples', 'docs']) {
    await cp(join(ROOT, entry), join(copy, entry), { recursive: true })
  }
  await symlink(join(ROOT, 'node_modules'), join(copy, 'node_modules'))
  const packed = await sh('npm', ['pack', '--json', '--pack-destination', work], copy)
  // The JSON report ends what npm prints; the prepare script's own output comes before it.
  const [pack] = JSON.parse(packed.stdout.slice(packed.stdout.lastIndexOf('\n[\n') + 1)) as [{ filename: string; files: { path: string }[]; size: number }]
  const tarball = join(work, pack.filename)
  const files = new Set(pack.files.map((f) => f.path))

  t.test('the tarball holds the compiled package, its declarations, sources and licence, and nothing of the repository', async (t) => {
    for (const file of ['package.json', 'README.md', 'LICENSE', 'dist/src/index.js', 'dist/src/index.d.ts', 'dist/src/evaluation/index.js', 'dist/adapters/testing/index.d.ts', 'dist/adapters/storage/file.js', 'src/index.ts']) {
      t.ok(files.has(file), file)
    }
    const strays = [...files].filter((f) => /^(test|bench|examples|dist\/examples|\.snippets|\.ci)\/|tsbuildinfo|start-stamp/.test(f))
    t.same(strays, [], 'no tests, benchmarks, examples or build state')
    const manifest = JSON.parse(await readFile(join(ROOT, 'package.json'), 'utf8')) as { exports: Record<string, Record<string, string> | string> }
    const missing = Object.values(manifest.exports)
      .flatMap((entry) => (typeof entry === 'string' ? [entry] : Object.values(entry)))
      .map((target) => normalize(target))
      .filter((target) => !files.has(target))
    t.same(missing, [], 'every target of the exports map is in the tarball')
  })

  t.test('every source map in the tarball points at sources the tarball holds', async (t) => {
    const maps = [...files].filter((f) => f.endsWith('.map'))
    t.ok(maps.length > 100, `${maps.length} maps`)
    const unresolved: string[] = []
    for (const map of maps) {
      const { sources } = JSON.parse(await readFile(join(copy, map), 'utf8')) as { sources: string[] }
      for (const source of sources) if (!files.has(normalize(join(dirname(map), source)))) unresolved.push(`${map} -> ${source}`)
    }
    t.same(unresolved, [])
  })

  t.test('every relative link in the shipped Markdown names a file the tarball holds', async (t) => {
    const docs = [...files].filter((f) => f.endsWith('.md'))
    t.ok(docs.includes('README.md') && docs.includes('docs/cli.md'), 'the README and docs/cli.md ship')
    const broken: string[] = []
    for (const doc of docs) broken.push(...brokenLinks(doc, await readFile(join(copy, doc), 'utf8'), files))
    t.same(broken, [], 'links to files not shipped point at the repository URL instead')
  })

  const README = await readFile(join(ROOT, 'README.md'), 'utf8')
  const GUIDE = await readFile(join(ROOT, 'docs/guide.md'), 'utf8')
  const TSCONFIG = {
    compilerOptions: { strict: true, target: 'ES2022', module: 'NodeNext', moduleResolution: 'NodeNext', outDir: 'out', typeRoots: [TYPES], types: ['node'], skipLibCheck: false },
    include: ['*.ts'],
  }

  /** A scratch app with the tarball installed, the README's quick start and the guide's test snippet in it. */
  const scratchApp = async (name: string, installArgs: string[]) => {
    const dir = join(work, name)
    await exec('mkdir', ['-p', dir])
    await writeFile(join(dir, 'package.json'), JSON.stringify({ name: `scratch-${name}`, private: true, type: 'module' }))
    const installed = await sh('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', ...installArgs, tarball], dir)
    await writeFile(join(dir, 'tsconfig.json'), JSON.stringify(TSCONFIG))
    await writeFile(join(dir, 'quickstart.ts'), snippetAfter(README, '## Quick start').code)
    await writeFile(join(dir, 'guide-test.ts'), snippetAfter(GUIDE, "## In a host app's unit tests").code)
    return { dir, installed }
  }

  const [hoisted, nested] = await Promise.all([scratchApp('hoisted', []), scratchApp('nested', ['--install-strategy=nested'])])

  for (const app of [hoisted, nested]) {
    t.test(`in a scratch app (${app === hoisted ? "npm's default layout" : 'nested install'}), the README quick start and the guide's test compile strictly and run`, async (t) => {
      t.equal(app.installed.code, 0, 'the tarball installs', { output: app.installed.out })
      t.notMatch(app.installed.out, /flagport[^\n]*script|prepare|install-scripts/i, "npm has nothing to say about flagport's scripts")
      const compiled = await sh(process.execPath, [TSC, '-p', '.'], app.dir)
      t.equal(compiled.code, 0, 'tsc --strict compiles both', { output: compiled.out })
      const quickstart = await sh(process.execPath, ['out/quickstart.js'], app.dir)
      t.equal(quickstart.code, 0, 'the quick start runs', { output: quickstart.out })
      t.match(quickstart.out, /development: false\n?.*production: false/s, 'the quick start prints the updated feature')
      const test = await sh(process.execPath, ['--test', 'out/guide-test.js'], app.dir)
      t.equal(test.code, 0, 'node --test runs the test', { output: test.out })
      t.match(test.out, /# pass 1\n# fail 0/, 'its one test passes')
    })
  }

  /** `npx flagport ARGS` in the scratch app; resolves once it prints where it listens. */
  const npxFlagport = (args: string[]) => startCommand('npx', ['--no-install', 'flagport', ...args], { NODE_OPTIONS: '' }, hoisted.dir)

  /** Polls /ready until it answers 200; how long that took since `since`. */
  const readyAfter = async (url: string, since: number): Promise<number> => {
    for (;;) {
      const ready = await callScript(url, 'GET', '/ready').catch(() => undefined)
      if (ready?.status === 200) return Math.round(performance.now() - since)
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
  }

  t.test('in the scratch app, npx flagport serves the API: /ready 200, the printed token works, and a SIGTERM to the command stops it cleanly', async (t) => {
    const data = join(hoisted.dir, 'store')
    const times: number[] = []
    let token: string | undefined
    // The first run through npx, as a user types it; the second through the installed bin, as a
    // process manager runs it, since npx does not pass SIGTERM on to the command.
    for (const run of ['first', 'second']) {
      const started = performance.now()
      const args = ['--port', '0', '--data', data]
      const server = run === 'first' ? await npxFlagport(args) : await startCommand(join(hoisted.dir, 'node_modules/.bin/flagport'), args, { NODE_OPTIONS: '' }, hoisted.dir)
      t.teardown(() => stopScript(server))
      times.push(await readyAfter(server.url, started))
      token ??= /admin token: (\*:\*\.\S+)$/m.exec(server.output())?.[1]
      t.ok(token, `${run} run: the admin token printed by the first run`)
      t.equal((await callScript(server.url, 'GET', '/api/admin/projects', { token: token! })).status, 200, `${run} run: the admin API takes it`)
      t.equal((await callScript(server.url, 'GET', '/api/admin/projects', { token: '*:*.wrong' })).status, 401)
      if (run === 'first') {
        stopScript(server)
        await server.exited
        continue
      }
      server.child.kill('SIGTERM')
      t.equal(await server.exited, 0, 'SIGTERM: a clean stop')
      t.match(server.output(), /flagport: stopped\./, `${run} run: the store was closed`)
    }
    t.comment(`to /ready 200: first run (npx flagport) ${times[0]} ms, second run (the bin) ${times[1]} ms`)
  })

  t.test('in the scratch app, npx flagport --ui serves the Admin UI from the UI cache, and a browser logs in', async (t) => {
    const missing = missingPrerequisites()
    if (missing.length > 0) {
      if (process.env['CI'] === 'true') t.fail(`the browser test cannot run: ${missing.join('; ')}`)
      return void t.comment(`skipped: ${missing.join('; ')}`)
    }
    // The cache .ci/run fills (npm run ui:fetch): nothing is downloaded here.
    const server = await npxFlagport(['--port', '0', '--data', join(hoisted.dir, 'ui-store'), '--ui', '--ui-cache', dirname(UI_DIR), '--ui-version', UI_DIR.replace(/^.*unleash-server-/, ''), '--admin-password', PASSWORD])
    t.teardown(() => stopScript(server))
    t.match(server.output(), /Unleash Admin UI from \S+ at /)
    const index = await callScript(server.url, 'GET', '/')
    t.equal(index.status, 200)
    t.match(String(index.json), /<div id="app"|<html/i, 'the UI index is served')
    const browser = await openBrowser(t, server.url)
    t.equal(await logIn(browser), 200, 'the login succeeds')
    t.match((await browser.page.cookies()).find((c) => c.name === 'unleash-session'), { httpOnly: true }, 'the browser holds the session cookie')
    t.same(browser.serverErrors, [], 'no API call failed on the server')
  })

  t.test("in the scratch app, tsc --strict rejects a misspelled body field and a mistyped one", async (t) => {
    const dir = join(work, 'hoisted')
    await writeFile(
      join(dir, 'typo.ts'),
      `import { createAdminApi } from 'flagport'
  import { createMemoryStorage } from 'flagport/storage/memory'
  import { openAuth } from 'flagport/auth/open'
  const api = await createAdminApi({ storage: createMemoryStorage(), auth: openAuth() })
  await api.features.create({ params: { projectId: 'default' }, body: { nmae: 'checkout' } })
  await api.features.update({ params: { projectId: 'default', featureName: 'checkout' }, body: { stale: 'yes' } })
  `,
    )
    const compiled = await sh(process.execPath, [TSC, '--strict', '--noEmit', '--module', 'NodeNext', '--target', 'ES2022', '--typeRoots', TYPES, 'typo.ts'], dir)
    t.not(compiled.code, 0, 'tsc refuses it')
    t.match(compiled.out, /typo\.ts\(5,[0-9]+\): error TS2353: Object literal may only specify known properties, and 'nmae' does not exist/)
    t.match(compiled.out, /typo\.ts\(6,[0-9]+\): error TS2322: Type 'string' is not assignable to type 'boolean/)
  })

  t.test('every subpath of the exports map has its declarations in typesVersions too, for node10 resolution', async (t) => {
    const manifest = JSON.parse(await readFile(join(ROOT, 'package.json'), 'utf8')) as { types: string; exports: Record<string, { types?: string } | string>; typesVersions: { '*': Record<string, string[]> } }
    const wanted = Object.entries(manifest.exports).flatMap(([subpath, entry]) => (typeof entry === 'string' || subpath === '.' ? [] : [[subpath.slice(2), [entry.types]]]))
    t.same(Object.entries(manifest.typesVersions['*']), wanted)
    t.equal(manifest.types, (manifest.exports['.'] as { types: string }).types)
  })

  // Each export's type must be written in the app's own .d.ts with names flagport exports:
  // TS2742 is a type it cannot name, TS7056 one too long to write.
  const groups = await facadeGroups()
  const hostApps = [
    { name: 'an ES module app (node16)', dir: 'host-esm', type: 'module', code: esmHostApp(groups), options: ['--module', 'node16', '--moduleResolution', 'node16'] },
    { name: 'a CommonJS app (node10)', dir: 'host-cjs', type: 'commonjs', code: commonJsHostApp(groups), options: ['--module', 'commonjs', '--moduleResolution', 'node10'] },
  ]
  for (const app of hostApps) {
    t.test(`in the scratch app, ${app.name} exporting an inferred facade, kit, every method and its answer emits declarations`, async (t) => {
      const dir = join(hoisted.dir, app.dir)
      await exec('mkdir', ['-p', dir])
      await writeFile(join(dir, 'package.json'), JSON.stringify({ name: app.dir, private: true, type: app.type }))
      await writeFile(join(dir, 'app.ts'), app.code)
      const args = [TSC, '--declaration', '--emitDeclarationOnly', '--outDir', 'out', '--strict', '--target', 'ES2022', '--typeRoots', TYPES, '--types', 'node', ...app.options, 'app.ts']
      const compiled = await sh(process.execPath, args, dir)
      t.notMatch(compiled.out, /TS2742|TS7056/, 'every type is named by an export of flagport and short enough to write')
      t.equal(compiled.code, 0, 'tsc emits the declarations', { output: compiled.out.slice(0, 4000) })
      const declarations = await readFile(join(dir, 'out/app.d.ts'), 'utf8')
      t.match(declarations, /AdminApi/, 'the facade is named')
      t.match(declarations, /TestKit/, 'the kit is named')
      t.match(declarations, /featureNamed: \(featureName: string\) => Promise<(import\("flagport"\)\.)?Feature>/, 'a feature record is named')
    })
  }

  t.test('in the scratch app, require() loads the CommonJS build, and no ES module of flagport', async (t) => {
    const script = `
      const f = require('flagport'); const e = require('flagport/evaluation'); const k = require('flagport/testing')
      console.log(typeof f.createAdminApi, typeof e.compileEvaluator, typeof k.createTestKit)
      console.log(Object.keys(require.cache).filter((m) => m.includes('/node_modules/flagport/')).every((m) => m.includes('/dist/cjs/')))`
    const required = await sh(process.execPath, ['-e', script], hoisted.dir)
    t.equal(required.code, 0, 'require() loads', { output: required.out })
    t.match(required.out, /^function function function\ntrue$/m)
  })

  // The runner examples, in the scratch app beside the installed package; the runners and
  // express are linked from the repository's node_modules rather than installed again (the
  // runners' own declarations are not this test's to check: skipLibCheck).
  const runners = join(hoisted.dir, 'runners')
  await mkdir(runners)
  for (const file of ['app.ts', 'checkout.node-test.ts', 'checkout.tap.ts', 'checkout.vitest.ts', 'jest/checkout.test.cjs']) {
    await cp(join(ROOT, 'examples/testing', file), join(runners, file.replace('jest/', '')))
  }
  for (const name of ['express', '@types/express', 'tap', 'vitest', 'jest']) {
    await mkdir(dirname(join(hoisted.dir, 'node_modules', name)), { recursive: true })
    await symlink(join(ROOT, 'node_modules', name), join(hoisted.dir, 'node_modules', name))
  }
  await writeFile(join(runners, 'tsconfig.json'), JSON.stringify({ compilerOptions: { ...TSCONFIG.compilerOptions, skipLibCheck: true }, include: ['app.ts', 'checkout.node-test.ts', 'checkout.tap.ts'] }))
  await writeFile(join(runners, 'vitest.config.mjs'), "export default { test: { include: ['checkout.vitest.ts'] } }\n")
  const compiledRunners = sh(process.execPath, [TSC, '-p', '.'], runners)
  const bin = (path: string) => join(ROOT, 'node_modules', path)

  t.test('in the scratch app, the runner examples pass against the installed package', async (t) => {
    const compiled = await compiledRunners
    t.equal(compiled.code, 0, 'tsc --strict compiles the examples', { output: compiled.out })
    const [nodeTest, tap, vitest, jest] = await Promise.all([
      sh(process.execPath, ['--test', '--test-reporter=tap', 'out/checkout.node-test.js'], runners),
      sh(process.execPath, ['out/checkout.tap.js'], runners),
      sh(process.execPath, [bin('vitest/vitest.mjs'), 'run'], runners),
      sh(process.execPath, [bin('jest/bin/jest.js'), '--ci'], runners),
    ])
    t.equal(nodeTest.code, 0, 'node --test', { output: nodeTest.out })
    t.match(nodeTest.out, /# pass 2\n# fail 0/)
    t.equal(tap.code, 0, 'tap', { output: tap.out })
    t.match(tap.out, /^1\.\.2$/m)
    t.equal(vitest.code, 0, 'vitest', { output: vitest.out })
    t.match(vitest.out, /Tests\s+2 passed \(2\)/)
    t.equal(jest.code, 0, 'jest, CommonJS, no configuration', { output: jest.out })
    t.match(jest.out, /Tests:\s+3 passed, 3 total/)
  })
})

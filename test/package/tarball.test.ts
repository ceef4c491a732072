/**
 * flagport as `npm i` delivers it: the project is packed as `npm pack` packs it (its `prepare`
 * builds dist/), the tarball is installed into scratch apps outside the repository (npm's
 * default layout, and nested, where only declared dependencies are reachable), and there the
 * README's quick start and the guide's test snippet are compiled with `tsc --strict` and run
 * with plain node, as written.
 */
import { execFile } from 'node:child_process'
import { cp, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { dirname, join, normalize } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import t from 'tap'
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
  for (const entry of ['package.json', 'package-lock.json', 'tsconfig.json', 'tsconfig.build.json', 'README.md', 'LICENSE', 'src', 'adapters', 'examples', 'docs']) {
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

  t.test('in the scratch app, require() loads the package (Node.js 20.19 and newer load ES modules)', async (t) => {
    const required = await sh(process.execPath, ['-e', "const f = require('flagport'); const e = require('flagport/evaluation'); console.log(typeof f.createAdminApi, typeof e.compileEvaluator)"], hoisted.dir)
    t.equal(required.code, 0, 'require() loads', { output: required.out })
    t.match(required.out, /^function function$/m)
  })
})

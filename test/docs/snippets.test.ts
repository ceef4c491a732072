/**
 * Every TypeScript snippet of README.md and docs/*.md runs, as a user would paste it into an
 * app: imports of `flagport/...` resolve through the package's own exports map (to its sources,
 * under the `flagport-source` condition), in a fresh working directory. A snippet whose first
 * line is a `// fragment: ...` comment is a shape or an excerpt, shown as such to the reader,
 * and is not run.
 */
import { spawn } from 'node:child_process'
import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import t from 'tap'
import { tsSnippets } from '../support/snippets.js'

const ROOT = fileURLToPath(new URL('../..', import.meta.url))
// Inside the package, so that `flagport/...` resolves to it by self-reference.
const SCRATCH = join(ROOT, '.snippets')
const TSX = import.meta.resolve('tsx')

const run = (file: string, cwd: string): Promise<{ code: number | null; output: string }> =>
  new Promise((resolve) => {
    const child = spawn(process.execPath, ['--conditions=flagport-source', '--import', TSX, file], { cwd, stdio: ['ignore', 'pipe', 'pipe'], timeout: 60_000 })
    let output = ''
    child.stdout.on('data', (d: Buffer) => (output += d))
    child.stderr.on('data', (d: Buffer) => (output += d))
    child.on('close', (code) => resolve({ code, output }))
  })

const manifest = JSON.parse(await readFile(join(ROOT, 'package.json'), 'utf8')) as { dependencies: Record<string, string> }
/** The package a bare specifier names (`@scope/name/sub` -> `@scope/name`). */
const packageOf = (specifier: string): string => specifier.split('/').slice(0, specifier.startsWith('@') ? 2 : 1).join('/')

const docs = ['README.md', ...(await readdir(join(ROOT, 'docs'))).filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`)]
await mkdir(SCRATCH, { recursive: true })
t.teardown(() => rm(SCRATCH, { recursive: true, force: true }))

for (const doc of docs) {
  const snippets = tsSnippets(await readFile(join(ROOT, doc), 'utf8'))
  for (const snippet of snippets.filter((s) => !s.fragment)) {
    t.test(`${doc}:${snippet.line} runs as written`, async (t) => {
      const cwd = await mkdtemp(join(tmpdir(), 'flagport-snippet-'))
      t.teardown(() => rm(cwd, { recursive: true, force: true }))
      const file = join(SCRATCH, `${doc.replace(/\W/g, '-')}-${snippet.line}.ts`)
      await writeFile(file, `${snippet.code}\nexport {}\n`)
      // flagport's own dependencies reach a reader's app only where npm happens to hoist them
      // (a nested install has none): a snippet imports flagport, node's modules, or what the
      // page has the reader install (the test doubles it compares with).
      const borrowed = [...snippet.code.matchAll(/from '([^'.][^']*)'/g)].map((m) => m[1]!).filter((spec) => packageOf(spec) in manifest.dependencies)
      t.same(borrowed, [], "imports none of flagport's own dependencies")
      const { code, output } = await run(file, cwd)
      t.equal(code, 0, output)
    })
  }
}

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

// Each snippet is its own node process: two at a time, started ahead of the subtest that reads
// its outcome, so the file takes about half the time of running them in turn.
t.setTimeout(10 * 60_000)
const ahead = 2
let running = 0
const waiting: (() => void)[] = []
const inTurn = async <T>(work: () => Promise<T>): Promise<T> => {
  if (running >= ahead) await new Promise<void>((resolve) => waiting.push(resolve))
  running++
  try {
    return await work()
  } finally {
    running--
    waiting.shift()?.()
  }
}

for (const doc of docs) {
  const snippets = tsSnippets(await readFile(join(ROOT, doc), 'utf8'))
  for (const snippet of snippets.filter((s) => !s.fragment)) {
    const file = join(SCRATCH, `${doc.replace(/\W/g, '-')}-${snippet.line}.ts`)
    const outcome = inTurn(async () => {
      const cwd = await mkdtemp(join(tmpdir(), 'flagport-snippet-'))
      try {
        await writeFile(file, `${snippet.code}\nexport {}\n`)
        return await run(file, cwd)
      } finally {
        await rm(cwd, { recursive: true, force: true })
      }
    })
    t.test(`${doc}:${snippet.line} runs as written`, async (t) => {
      // flagport's own dependencies reach a reader's app only where npm happens to hoist them
      // (a nested install has none): a snippet imports flagport, node's modules, or what the
      // page has the reader install (the test doubles it compares with).
      const borrowed = [...snippet.code.matchAll(/from '([^'.][^']*)'/g)].map((m) => m[1]!).filter((spec) => packageOf(spec) in manifest.dependencies)
      t.same(borrowed, [], "imports none of flagport's own dependencies")
      const { code, output } = await outcome
      t.equal(code, 0, output)
    })
  }
}

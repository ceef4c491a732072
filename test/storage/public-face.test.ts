import { readdir, readFile } from 'node:fs/promises'
import { dirname, join, relative, resolve } from 'node:path'
import t from 'tap'

const ROOT = resolve(import.meta.dirname, '../..')

/** The source files the package's public subpaths point at (their `flagport-source` entries). */
const publicEntries = async (): Promise<Set<string>> => {
  const manifest = JSON.parse(await readFile(join(ROOT, 'package.json'), 'utf8')) as { exports: Record<string, { 'flagport-source'?: string } | string> }
  const entries = new Set<string>()
  for (const target of Object.values(manifest.exports)) if (typeof target === 'object' && target['flagport-source']) entries.add(resolve(ROOT, target['flagport-source']))
  return entries
}

const sourceFiles = async (dir: string): Promise<string[]> =>
  (await readdir(dir, { recursive: true })).filter((f) => f.endsWith('.ts')).map((f) => join(dir, f))

/** Every module a file imports or re-exports (static, dynamic, type-only). */
const specifiers = (code: string): string[] => [...code.matchAll(/(?:from|import)\s*\(?\s*'([^']+)'/g)].map((m) => m[1]!)

t.test('the storage adapters reach src/ only through public entry files', async (t) => {
  const entries = await publicEntries()
  t.ok(entries.has(join(ROOT, 'src/storage/index.ts')), 'flagport/storage is a public subpath')
  const offending: string[] = []
  let reached = 0
  for (const file of await sourceFiles(join(ROOT, 'adapters/storage'))) {
    for (const spec of specifiers(await readFile(file, 'utf8'))) {
      if (!spec.startsWith('.')) continue
      const target = resolve(dirname(file), spec).replace(/\.js$/, '.ts')
      if (!target.startsWith(join(ROOT, 'src') + '/')) continue
      reached += 1
      if (!entries.has(target)) offending.push(`${relative(ROOT, file)} imports ${spec}`)
    }
  }
  t.ok(reached > 0, 'the adapters do use the core')
  t.same(offending, [], 'no import of an engine module other than a public entry')
})

t.test('the check sees an engine import for what it is', async (t) => {
  const entries = await publicEntries()
  const target = resolve(ROOT, 'adapters/storage/postgres', '../../../src/store/table-layout.js').replace(/\.js$/, '.ts')
  t.notOk(entries.has(target), 'an engine module is not an entry')
  t.same(specifiers("import type { A } from '../x.js'\nexport { b } from './y.js'\nawait import('./z.js')"), ['../x.js', './y.js', './z.js'])
})

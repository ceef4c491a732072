/**
 * A flagport build as `npm run bench:compare` uses it: the four public entry points it needs.
 * This checkout's comes from the code the bench compiled; a baseline's from its built `dist/`,
 * found through its package.json `exports`, so any commit that has those entry points serves.
 */
import { existsSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import * as auth from '../../adapters/auth/open.js'
import * as file from '../../adapters/storage/file.js'
import * as memory from '../../adapters/storage/memory.js'
import * as root from '../../src/index.js'

export interface Build {
  readonly name: string
  readonly createAdminApi: typeof root.createAdminApi
  readonly createMemoryStorage: typeof memory.createMemoryStorage
  readonly openFileStorage: typeof file.openFileStorage
  readonly openAuth: typeof auth.openAuth
}

export const thisBuild: Build = { name: 'this', createAdminApi: root.createAdminApi, createMemoryStorage: memory.createMemoryStorage, openFileStorage: file.openFileStorage, openAuth: auth.openAuth }

/** The file an ESM `import` of `subpath` loads, by the package's `exports`. */
const entryOf = (dir: string, exports: Record<string, unknown>, subpath: string): string => {
  let target = exports[subpath]
  while (target !== null && typeof target === 'object') {
    const conditions = target as Record<string, unknown>
    target = conditions['import'] ?? conditions['default']
  }
  if (typeof target !== 'string') throw new Error(`the baseline's package.json exports no "${subpath}"`)
  return join(dir, target)
}

/**
 * The build in the flagport checkout at `dir`, loaded from its `dist/` (its own module graph,
 * its own dependencies). Throws, saying how to build it, when it is not built.
 */
export const loadBaseline = async (dir: string): Promise<Build> => {
  const checkout = resolve(dir)
  const manifest = JSON.parse(readFileSync(join(checkout, 'package.json'), 'utf8')) as { name?: string; exports?: Record<string, unknown> }
  if (manifest.name !== 'flagport' || manifest.exports === undefined) throw new Error(`${checkout} is not a flagport checkout with package exports`)
  const files = ['.', './storage/memory', './storage/file', './auth/open'].map((subpath) => entryOf(checkout, manifest.exports!, subpath))
  const missing = files.filter((f) => !existsSync(f))
  if (missing.length > 0) throw new Error(`the baseline is not built (no ${missing[0]}): run (cd ${checkout} && npm ci && npm run build)`)
  const [index, mem, fil, open] = (await Promise.all(files.map((f) => import(pathToFileURL(f).href)))) as [typeof root, typeof memory, typeof file, typeof auth]
  return { name: 'baseline', createAdminApi: index.createAdminApi, createMemoryStorage: mem.createMemoryStorage, openFileStorage: fil.openFileStorage, openAuth: open.openAuth }
}

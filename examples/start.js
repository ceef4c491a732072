/**
 * What `npm start` runs: the `flagport` command (adapters/cli/main.ts) as the compiled JavaScript
 * in dist/, compiled first when any of its sources is newer than the last build, so an unchanged
 * tree starts at once. Compiling skips the type check (`npm run typecheck` does that). In the
 * repository the store stays in ./data (git-ignored) unless FLAGPORT_DATA or --data says otherwise.
 */
import { spawnSync } from 'node:child_process'
import { readdirSync, statSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('..', import.meta.url))
const at = (path) => join(root, path)
const STAMP = at('dist/.start-stamp')
const SERVER = at('dist/adapters/cli/main.js')

const mtime = (path) => {
  try {
    return statSync(path).mtimeMs
  } catch {
    return 0
  }
}

/** The newest modification time among the files the build reads. */
const newestSource = () => {
  let newest = Math.max(...['package.json', 'tsconfig.json', 'tsconfig.build.json'].map((f) => mtime(at(f))))
  for (const dir of ['src', 'adapters']) {
    for (const entry of readdirSync(at(dir), { recursive: true, withFileTypes: true })) {
      if (entry.isFile()) newest = Math.max(newest, mtime(join(entry.parentPath ?? entry.path, entry.name)))
    }
  }
  return newest
}

// The last build: this script's, or `npm run build`'s, which writes tsc's build info.
const built = Math.max(mtime(STAMP), mtime(at('dist/.tsbuildinfo')))
if (built === 0 || mtime(SERVER) === 0 || newestSource() > built) {
  console.log(built === 0 ? 'flagport: compiling the server (first start) ...' : 'flagport: sources changed; compiling the server ...')
  const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc')
  const compiled = spawnSync(process.execPath, [tsc, '-p', at('tsconfig.build.json'), '--noCheck'], { stdio: 'inherit' })
  if (compiled.status !== 0) process.exit(compiled.status ?? 1)
  writeFileSync(STAMP, `${new Date().toISOString()}\n`)
}

process.env.FLAGPORT_DATA ||= './data'
await import(SERVER)

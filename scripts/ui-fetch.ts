/**
 * `npm run ui:fetch`: fetches Unleash's Admin UI for `FLAGPORT_UI_DIR`. It asks the registry
 * for the `unleash-server` package with `npm pack`, and extracts only its built UI
 * (`frontend/build`) into a cache directory outside version control; nothing else is kept.
 *
 *   UNLEASH_UI_VERSION   the unleash-server version (default 8.2.0, the one flagport follows)
 *   FLAGPORT_UI_CACHE    where builds are kept (default ./.ui-cache)
 *
 * It prints the directory to give as FLAGPORT_UI_DIR.
 */
import { execFileSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, resolve, sep } from 'node:path'
import { gunzipSync } from 'node:zlib'
import { tarFiles } from './tar.js'

const version = process.env['UNLEASH_UI_VERSION'] || '8.2.0'
if (!/^\d+\.\d+\.\d+$/.test(version)) {
  console.error(`ui:fetch: UNLEASH_UI_VERSION must be a version such as 8.2.0; it is "${version}".`)
  process.exit(1)
}
const cache = resolve(process.env['FLAGPORT_UI_CACHE'] || '.ui-cache')
const target = join(cache, `unleash-server-${version}`)
const BUILD = 'package/frontend/build/'

const scratch = mkdtempSync(join(tmpdir(), 'flagport-ui-'))
try {
  const packed = JSON.parse(
    execFileSync('npm', ['pack', `unleash-server@${version}`, '--pack-destination', scratch, '--json', '--silent'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] }),
  ) as { filename: string }[]
  const tarball = readFileSync(join(scratch, packed[0]!.filename))
  rmSync(target, { recursive: true, force: true })
  let count = 0
  for (const file of tarFiles(gunzipSync(tarball))) {
    if (!file.path.startsWith(BUILD)) continue
    const destination = resolve(target, file.path.slice(BUILD.length))
    // A path that climbs out of the target is not written.
    if (!destination.startsWith(target + sep)) continue
    mkdirSync(dirname(destination), { recursive: true })
    writeFileSync(destination, file.content)
    count++
  }
  if (count === 0) throw new Error(`unleash-server@${version} holds no ${BUILD}`)
  console.log(`Extracted ${count} files of the Unleash Admin UI into ${target}`)
  console.log(`Serve it with: FLAGPORT_UI_DIR=${target} npm start`)
} catch (error) {
  console.error(`ui:fetch: ${(error as Error).message}`)
  process.exitCode = 1
} finally {
  rmSync(scratch, { recursive: true, force: true })
}

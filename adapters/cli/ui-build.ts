/**
 * Unleash's Admin UI build, taken from the `unleash-server` package on npm: `npm pack` fetches
 * the package's tarball, its sha512 is checked against the integrity the registry publishes
 * (`npm view unleash-server@V dist.integrity`), and only `package/frontend/build/` is kept, in
 * `<cache>/unleash-server-<version>/`. Nothing of Unleash is in flagport's own package.
 */
import { left, right, type Either } from 'fp-ts/lib/Either.js'
import { execFile } from 'node:child_process'
import { createHash } from 'node:crypto'
import { existsSync } from 'node:fs'
import { chmod, mkdir, mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join, resolve, sep } from 'node:path'
import { promisify } from 'node:util'
import { gunzipSync } from 'node:zlib'
import { tarFiles } from './tar.js'

const run = promisify(execFile)
const BUILD = 'package/frontend/build/'
const NPM = process.platform === 'win32' ? 'npm.cmd' : 'npm'

/** The directory a version's build is kept in. */
export const uiBuildDir = (cache: string, version: string): string => resolve(cache, `unleash-server-${version}`)

/** The kept build of a version, if one is there (a build is moved in whole, so one with index.html is complete). */
export const cachedUiBuild = (cache: string, version: string): string | undefined => {
  const dir = uiBuildDir(cache, version)
  return existsSync(join(dir, 'index.html')) ? dir : undefined
}

const npm = async (args: string[], cwd: string): Promise<string> => {
  const { stdout } = await run(NPM, args, { cwd, encoding: 'utf8', maxBuffer: 16 * 1024 * 1024, shell: process.platform === 'win32' })
  return stdout
}

/** Whether `bytes` match one of the sha512 hashes of an SRI string (`sha512-<base64> ...`). */
export const matchesIntegrity = (bytes: Uint8Array, integrity: string): boolean => {
  const actual = createHash('sha512').update(bytes).digest('base64')
  const expected = integrity.split(/\s+/).filter((h) => h.startsWith('sha512-')).map((h) => h.slice('sha512-'.length))
  return expected.length > 0 && expected.includes(actual)
}

/** Extracts the UI build of a package tarball into `target`; the number of files written. */
export const extractUiBuild = async (tarball: Uint8Array, target: string): Promise<number> => {
  let count = 0
  for (const file of tarFiles(gunzipSync(tarball))) {
    if (!file.path.startsWith(BUILD)) continue
    const destination = resolve(target, file.path.slice(BUILD.length))
    // A path that climbs out of the target is not written.
    if (!destination.startsWith(target + sep)) continue
    await mkdir(dirname(destination), { recursive: true })
    await writeFile(destination, file.content)
    count++
  }
  return count
}

/**
 * Fetches a version's build into the cache, replacing any kept one: the directory it is in, or
 * why not (npm missing, offline, an integrity mismatch, a package without a build).
 */
export const fetchUiBuild = async (cache: string, version: string): Promise<Either<string, { dir: string; files: number }>> => {
  const scratch = await mkdtemp(join(tmpdir(), 'flagport-ui-'))
  const target = uiBuildDir(cache, version)
  const spec = `unleash-server@${version}`
  try {
    let integrity: string
    let tarball: Uint8Array
    try {
      integrity = JSON.parse(await npm(['view', spec, 'dist.integrity', '--json'], scratch)) as string
      const packed = JSON.parse(await npm(['pack', spec, '--pack-destination', scratch, '--json', '--silent'], scratch)) as { filename: string }[]
      tarball = await readFile(join(scratch, packed[0]!.filename))
    } catch (error) {
      const detail = (error as { stderr?: string }).stderr?.trim().split('\n').slice(-3).join(' ') || (error as Error).message
      return left(`npm could not fetch ${spec} (${detail})`)
    }
    if (typeof integrity !== 'string' || !matchesIntegrity(tarball, integrity)) return left(`the tarball of ${spec} does not match the integrity the registry publishes (${String(integrity)})`)
    // Extracted beside the target and moved in whole: a kept build is never half written.
    await mkdir(cache, { recursive: true })
    const staging = await mkdtemp(join(resolve(cache), `.unleash-server-${version}-`))
    const files = await extractUiBuild(tarball, staging)
    if (files === 0 || !existsSync(join(staging, 'index.html'))) {
      await rm(staging, { recursive: true, force: true })
      return left(`${spec} holds no ${BUILD}index.html`)
    }
    await writeFile(join(staging, '.integrity'), `${integrity}\n`)
    // mkdtemp makes it private; the build is as readable as any other download.
    await chmod(staging, 0o755)
    await rm(target, { recursive: true, force: true })
    await rename(staging, target)
    return right({ dir: target, files })
  } catch (error) {
    return left(`could not keep the Admin UI in ${target}: ${(error as Error).message}`)
  } finally {
    await rm(scratch, { recursive: true, force: true })
  }
}

/** The kept build, else a freshly fetched one. */
export const ensureUiBuild = async (cache: string, version: string): Promise<Either<string, { dir: string; fetched: boolean }>> => {
  const kept = cachedUiBuild(cache, version)
  if (kept !== undefined) return right({ dir: kept, fetched: false })
  const fetched = await fetchUiBuild(cache, version)
  return fetched._tag === 'Left' ? fetched : right({ dir: fetched.right.dir, fetched: true })
}

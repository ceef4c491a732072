import * as E from 'fp-ts/lib/Either.js'
import { readFile, realpath, stat } from 'node:fs/promises'
import { extname, join, posix, resolve, sep } from 'node:path'
import { normalizeBasePath, target, underBase } from '../../src/http/request.js'
import { bytesResponse } from '../../src/http/response.js'
import type { HttpRequest, HttpResponse, PlainHandler } from '../../src/http/messages.js'
import { contentTypeOf } from './ui/content-types.js'
import { fillIndexHtml, type IndexSettings } from './ui/index-html.js'

export { fillIndexHtml, type IndexSettings } from './ui/index-html.js'

export interface UiOptions extends Omit<IndexSettings, 'basePath'> {
  /** A built Unleash Admin UI (the `frontend/build` directory of the `unleash-server` package). */
  readonly dir: string
  /** The prefix the API is served under, as given to `createHttpHandler`. */
  readonly basePath?: string
}

/**
 * What stays the API's under the base path: its routes (the OpenAPI document under `docs`),
 * the login and logout, and whatever first segments the handler says it routes (`apiRoots`).
 */
const API_ROOTS = ['api', 'auth', 'logout', 'health', 'ready', 'docs']

// Built assets carry a hash in their name: they never change. Anything else is checked each time.
const IMMUTABLE = 'public, max-age=31536000, immutable'
const REVALIDATE = 'no-cache'

/**
 * Serves a built Unleash Admin UI beside the admin API: GET and HEAD requests under the base
 * path that are not the API's get the UI's files, `index.html` filled as Unleash fills it
 * (see `fillIndexHtml`), and any other path `index.html` (the UI routes in the browser), but a
 * 404 for a missing file with an extension, as Unleash answers. Everything else goes to `api`.
 * A directory without `index.html` is refused when the handler is made.
 */
export const withUi = async (api: PlainHandler, options: UiOptions): Promise<E.Either<string, PlainHandler>> => {
  const apiRoots = new Set([...API_ROOTS, ...(api.apiRoots ?? [])])
  let dir: string
  try {
    // The directory as the file system names it, so that a file's real path can be compared with it.
    dir = await realpath(resolve(options.dir))
  } catch (error) {
    return E.left(`the UI directory ${resolve(options.dir)} cannot be read (${(error as Error).message})`)
  }
  const basePath = normalizeBasePath(options.basePath)
  let template: string
  try {
    template = await readFile(join(dir, 'index.html'), 'utf8')
  } catch (error) {
    return E.left(`the UI directory ${dir} has no readable index.html (${(error as Error).message})`)
  }
  const index = Buffer.from(fillIndexHtml(template, { ...options, basePath }))
  const page = (status: number): HttpResponse =>
    bytesResponse(status, { 'content-type': contentTypeOf('.html'), 'cache-control': REVALIDATE, 'x-content-type-options': 'nosniff' }, index)

  /**
   * The regular file a path names inside the directory, or undefined. The whole path is decoded
   * first (so an escaped `/` is a separator like any other), then no segment may be `.`, `..` or
   * a dotfile, and the file's real path (symlinks followed) must still be inside the directory.
   */
  const fileOf = async (relative: string): Promise<string | undefined> => {
    let decoded: string
    try {
      decoded = decodeURIComponent(relative)
    } catch {
      return undefined
    }
    if (decoded.includes('\\') || decoded.includes('\0')) return undefined
    const segments = decoded.split('/').filter((s) => s !== '')
    if (segments.some((s) => s.startsWith('.'))) return undefined
    const file = resolve(dir, posix.normalize(segments.join('/')))
    if (!file.startsWith(dir + sep)) return undefined
    const real = await realpath(file).catch(() => undefined)
    if (real === undefined || !real.startsWith(dir + sep)) return undefined
    const found = await stat(real).catch(() => undefined)
    return found?.isFile() ? real : undefined
  }

  const ui = async (relative: string): Promise<HttpResponse> => {
    if (relative === '/' || relative === '/index.html') return page(200)
    const file = await fileOf(relative)
    if (file === undefined) {
      const extension = extname(relative)
      return page(extension !== '' && extension !== '.html' ? 404 : 200)
    }
    const headers = {
      'content-type': contentTypeOf(extname(file)),
      'cache-control': relative.startsWith('/static/') ? IMMUTABLE : REVALIDATE,
      'x-content-type-options': 'nosniff',
    }
    // Removed since it was found (a new build copied in): as if it had never been there.
    const bytes = await readFile(file).catch(() => undefined)
    return bytes === undefined ? page(404) : bytesResponse(200, headers, bytes)
  }

  const handler = async (request: HttpRequest): Promise<HttpResponse> => {
    const method = String(request.method).toUpperCase()
    const relative = method === 'GET' || method === 'HEAD' ? underBase(target(request).pathname, basePath) : undefined
    const root = relative?.split('/')[1]
    if (relative === undefined || root === undefined || apiRoots.has(root)) return api(request)
    const response = await ui(relative)
    if (method !== 'HEAD') return response
    return { status: response.status, headers: { ...response.headers, 'content-length': String(response.bytes?.byteLength ?? 0) } }
  }
  return E.right(Object.assign(handler, api.bodyLimit === undefined ? {} : { bodyLimit: api.bodyLimit }, { apiRoots: [...apiRoots] }))
}

import type { HttpHeaders, HttpRequest } from './messages.js'

const first = (value: string | readonly string[] | undefined): string | undefined =>
  typeof value === 'string' ? value : value?.[0]

/**
 * A header's value, its name (given in lower case) matched in any case: the lower-case key
 * first, as node:http and fetch give them, else the first key that matches. Of a repeated
 * header, the first value.
 */
export const header = (headers: HttpHeaders | undefined, name: string): string | undefined => {
  if (!headers) return undefined
  const exact = Object.hasOwn(headers, name) ? headers[name] : undefined
  if (exact !== undefined) return first(exact)
  for (const key of Object.keys(headers)) {
    if (key.toLowerCase() !== name) continue
    return first(headers[key])
  }
  return undefined
}

/** The query of a request that has none. */
export const NO_QUERY: Readonly<Record<string, string>> = Object.freeze(Object.create(null))

/** Keys an SDK repeats for a list (`tag=simple:a&tag=simple:b`, Unleash's SDKs): their values are joined with commas. */
const LISTS = new Set(['tag'])

/**
 * The path without its query, and the query as a prototype-free object (first value of a
 * repeated key, but for the keys in LISTS), from both the path's query string and `request.query`.
 */
export const target = (request: HttpRequest): { pathname: string; query: Readonly<Record<string, string>> } => {
  let path = request.path
  // An absolute-form target (`GET http://host/path`), as proxies send; origin-form starts with a slash.
  if (path[0] !== '/' && /^https?:\/\//i.test(path)) path = path.replace(/^https?:\/\/[^/?#]*/i, '')
  const hash = path.indexOf('#')
  if (hash >= 0) path = path.slice(0, hash)
  const mark = path.indexOf('?')
  const pathname = mark >= 0 ? path.slice(0, mark) : path
  // Most requests have no query: they share one empty object.
  if (mark < 0 && request.query === undefined) return { pathname: pathname || '/', query: NO_QUERY }
  const query: Record<string, string> = Object.create(null)
  if (mark >= 0) {
    for (const [key, value] of new URLSearchParams(path.slice(mark + 1))) {
      if (!(key in query)) query[key] = value
      else if (LISTS.has(key)) query[key] += `,${value}`
    }
  }
  for (const key of Object.keys(request.query ?? {})) {
    const value = first(request.query![key])
    if (value !== undefined && !(key in query)) query[key] = value
  }
  return { pathname: pathname || '/', query }
}

/** The path under `basePath`, or undefined when it lies outside. */
export const underBase = (pathname: string, basePath: string): string | undefined => {
  if (basePath === '') return pathname
  if (pathname === basePath) return '/'
  return pathname.startsWith(`${basePath}/`) ? pathname.slice(basePath.length) : undefined
}

/** `flags/` or `/flags/` -> `/flags`; `/` or nothing -> ''. */
export const normalizeBasePath = (basePath: string | undefined): string => {
  const trimmed = (basePath ?? '').replace(/^\/+|\/+$/g, '')
  return trimmed === '' ? '' : `/${trimmed}`
}

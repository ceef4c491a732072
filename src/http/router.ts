import type { HttpMethod, Route } from './route.js'

/** What the path names: a route and its parameters, a path with other methods, or nothing. */
export type Resolution =
  | { readonly kind: 'route'; readonly route: Route; readonly params: Record<string, string> }
  | { readonly kind: 'wrong-method'; readonly allowed: readonly HttpMethod[] }
  | { readonly kind: 'unknown' }

interface Compiled {
  readonly route: Route
  /** Literal segments as strings, placeholders as `{ param }`. */
  readonly segments: readonly (string | { readonly param: string })[]
}

/**
 * Splits a path into decoded segments. Empty segments are dropped, so `//api/admin/tags/`
 * is `/api/admin/tags` (as Unleash collapses slashes). A malformed %-escape gives undefined.
 */
export const splitPath = (path: string): string[] | undefined => {
  const segments: string[] = []
  for (const raw of path.split('/')) {
    if (raw === '') continue
    // Most segments hold no escape, and decoding one costs as much as routing the request.
    if (!raw.includes('%')) {
      segments.push(raw)
      continue
    }
    try {
      segments.push(decodeURIComponent(raw))
    } catch {
      return undefined
    }
  }
  return segments
}

const compile = (route: Route): Compiled => ({
  route,
  segments: route.pattern
    .split('/')
    .filter((s) => s !== '')
    .map((s) => (s.startsWith(':') ? { param: s.slice(1) } : s)),
})

const bind = (compiled: Compiled, segments: readonly string[]): Record<string, string> | undefined => {
  const params: Record<string, string> = Object.create(null)
  for (let i = 0; i < segments.length; i++) {
    const expected = compiled.segments[i]!
    const actual = segments[i]!
    if (typeof expected === 'string') {
      if (expected !== actual) return undefined
    } else {
      params[expected.param] = actual
    }
  }
  return params
}

/**
 * A small router: segment by segment, literal segments before placeholders, so
 * `/strategies/set-sort-order` is never taken for `/strategies/:strategyId`.
 */
export const createRouter = (routes: readonly Route[]) => {
  const literals = (c: Compiled) => c.segments.filter((s) => typeof s === 'string').length
  // More literal segments first; among equals, the earlier declaration wins.
  const sorted = routes.map(compile).sort((a, b) => literals(b) - literals(a))
  const byLength = new Map<number, Compiled[]>()
  for (const c of sorted) byLength.set(c.segments.length, [...(byLength.get(c.segments.length) ?? []), c])

  return (method: string, segments: readonly string[]): Resolution => {
    const allowed = new Set<HttpMethod>()
    for (const compiled of byLength.get(segments.length) ?? []) {
      const params = bind(compiled, segments)
      if (!params) continue
      if (compiled.route.method === method) return { kind: 'route', route: compiled.route, params }
      allowed.add(compiled.route.method)
    }
    return allowed.size > 0 ? { kind: 'wrong-method', allowed: [...allowed] } : { kind: 'unknown' }
  }
}

export type Router = ReturnType<typeof createRouter>

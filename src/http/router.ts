import type { HttpMethod, Route } from './route.js'

/** What the path names: a route and its parameters, a path with other methods, or nothing. */
export type Resolution =
  | { readonly kind: 'route'; readonly route: Route; readonly params: Record<string, string> }
  | { readonly kind: 'wrong-method'; readonly allowed: readonly HttpMethod[] }
  | { readonly kind: 'unknown' }

interface Compiled {
  readonly route: Route
  /** Its place in the order of preference: more literal segments first, then as declared. */
  readonly rank: number
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

const compile = (route: Route, rank: number): Compiled => ({
  route,
  rank,
  segments: route.pattern
    .split('/')
    .filter((s) => s !== '')
    .map((s) => (s.startsWith(':') ? { param: s.slice(1) } : s)),
})

/**
 * The parameters a path gives a route it matched, prototype-free. Built as an ordinary object
 * and then cut from its prototype, which V8 keeps compact (`Object.create(null)` starts a
 * dictionary); the names are the patterns' own, never `__proto__`.
 */
const bind = (compiled: Compiled, segments: readonly string[]): Record<string, string> => {
  const params: Record<string, string> = {}
  for (let i = 0; i < segments.length; i++) {
    const expected = compiled.segments[i]!
    if (typeof expected !== 'string') params[expected.param] = segments[i]!
  }
  return Object.setPrototypeOf(params, null) as Record<string, string>
}

/** A tree of path segments: literal children by name, one child for any placeholder. */
interface Node {
  readonly literals: Map<string, Node>
  param?: Node
  /** The routes whose pattern ends here. */
  readonly ends: Compiled[]
}

const newNode = (): Node => ({ literals: new Map(), ends: [] })

/** Every route whose pattern matches `segments` from `depth` on, into `found`. */
const collect = (node: Node, segments: readonly string[], depth: number, found: Compiled[]): void => {
  if (depth === segments.length) {
    for (const c of node.ends) found.push(c)
    return
  }
  const literal = node.literals.get(segments[depth]!)
  if (literal) collect(literal, segments, depth + 1, found)
  if (node.param) collect(node.param, segments, depth + 1, found)
}

/**
 * A small router: a tree of segments, walked once a request, so the cost does not grow with
 * the number of routes. Of the routes a path matches, the one with more literal segments wins
 * (`/strategies/set-sort-order` is never taken for `/strategies/:strategyId`); among equals,
 * the one declared first.
 */
export const createRouter = (routes: readonly Route[]) => {
  const literals = (c: Compiled) => c.segments.filter((s) => typeof s === 'string').length
  const ranked = routes
    .map((route, declared) => compile(route, declared))
    .sort((a, b) => literals(b) - literals(a) || a.rank - b.rank)
    .map((c, rank) => ({ ...c, rank }))
  const root = newNode()
  for (const c of ranked) {
    let node = root
    for (const segment of c.segments) {
      if (typeof segment === 'string') {
        let next = node.literals.get(segment)
        if (!next) node.literals.set(segment, (next = newNode()))
        node = next
      } else node = node.param ??= newNode()
    }
    node.ends.push(c)
  }

  return (method: string, segments: readonly string[]): Resolution => {
    const found: Compiled[] = []
    collect(root, segments, 0, found)
    let best: Compiled | undefined
    for (const c of found) if (c.route.method === method && (!best || c.rank < best.rank)) best = c
    if (best) return { kind: 'route', route: best.route, params: bind(best, segments) }
    if (found.length === 0) return { kind: 'unknown' }
    const allowed = new Set<HttpMethod>(found.sort((a, b) => a.rank - b.rank).map((c) => c.route.method))
    return { kind: 'wrong-method', allowed: [...allowed] }
  }
}
export type Router = ReturnType<typeof createRouter>

/** How many paths a method's resolutions keep (see `resolvePaths`). */
const KEPT_PATHS = 1024

/**
 * `resolve` from a path as sent (below the base path), undefined for one with a malformed
 * %-escape. Clients ask the same paths again and again, and splitting and walking one cost as
 * much as the rest of a read's routing: what a path names is kept, per method, for the next
 * request to it, its parameters frozen, as those requests share them. Bounded: a stream of
 * made-up paths cannot grow it. Only paths that name a route are kept.
 */
export const resolvePaths = (resolve: Router) => {
  const kept = new Map<string, Map<string, Resolution>>()
  return (method: string, path: string): Resolution | undefined => {
    let paths = kept.get(method)
    const known = paths?.get(path)
    if (known !== undefined) return known
    const segments = splitPath(path)
    if (!segments) return undefined
    const resolved = resolve(method, segments)
    if (resolved.kind !== 'route') return resolved
    const shared: Resolution = { kind: 'route', route: resolved.route, params: Object.freeze(resolved.params) }
    if (paths === undefined) kept.set(method, (paths = new Map()))
    if (paths.size >= KEPT_PATHS) paths.clear()
    paths.set(path, shared)
    return shared
  }
}

import type { Context } from '../../evaluation/index.js'
import { type FrontendContext, MAX_CONTEXT_PROPERTIES } from '../../model/frontend.js'

const STANDARD = new Set(['userId', 'sessionId', 'remoteAddress', 'appName', 'environment', 'currentTime', 'properties'])

type Scalar = string | number | boolean

/**
 * The evaluation context of a frontend request, as Unleash's `createContext` makes it: the
 * decoded standard fields, empty ones left out, and the other fields of `raw` that hold a
 * plain value added to `properties` (the explicit `properties` win). Past
 * `MAX_CONTEXT_PROPERTIES` other fields are ignored.
 */
export const frontendContext = (decoded: FrontendContext, raw: unknown): Context => {
  // Prototype-free: a body names any key, `__proto__` too.
  const extra: Record<string, Scalar> = Object.create(null)
  if (raw !== null && typeof raw === 'object' && !Array.isArray(raw)) {
    let count = 0
    for (const [key, value] of Object.entries(raw)) {
      if (STANDARD.has(key) || !(typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')) continue
      if (++count > MAX_CONTEXT_PROPERTIES) break
      extra[key] = value
    }
  }
  const { properties, ...fields } = decoded
  const context: Record<string, unknown> = Object.create(null)
  for (const [key, value] of Object.entries(fields)) if (value !== undefined && value !== '') context[key] = value
  const merged: Record<string, Scalar> = Object.assign(Object.create(null), extra, properties)
  if (Object.keys(merged).length > 0) context['properties'] = merged
  return context as Context
}

/**
 * The evaluation context: who is asking, and where. Custom fields live in `properties`.
 *
 * @category model
 */
export interface Context {
  readonly userId?: string
  readonly sessionId?: string
  readonly remoteAddress?: string
  readonly environment?: string
  readonly appName?: string
  /** The time to evaluate DATE_* constraints at; otherwise the evaluator's `now`. */
  readonly currentTime?: string | Date
  readonly properties?: Readonly<Record<string, string | number | boolean | null | undefined>>
}

/** Reads one context field as a string; an absent, null or empty value is `undefined`. */
export type FieldReader = (context: Context) => string | undefined

const nonEmpty = (value: unknown): string | undefined => {
  if (value === undefined || value === null) return undefined
  const text = value instanceof Date ? value.toISOString() : String(value)
  return text === '' ? undefined : text
}

const STANDARD_FIELDS = new Set(['userId', 'sessionId', 'remoteAddress', 'environment', 'appName', 'currentTime'])

/**
 * Builds the reader for a field once, so evaluation does not re-decide between standard
 * fields and `properties` on every call. Unknown names are looked up in `properties`.
 */
export const fieldReader = (name: string): FieldReader => {
  if (STANDARD_FIELDS.has(name)) {
    const key = name as keyof Context
    return (context) => nonEmpty(context[key])
  }
  return (context) => {
    const properties = context.properties
    // Own properties only: a field named `constructor` must not reach Object.prototype.
    return properties !== undefined && Object.hasOwn(properties, name) ? nonEmpty(properties[name]) : undefined
  }
}

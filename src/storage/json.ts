/**
 * `JSON.parse` with every object rebuilt prototype-free, as `reviveDicts` (src/model/dict.ts)
 * does: `__proto__` and `constructor` are legal flag and tag names and must stay ordinary
 * keys. The same result, but a plain parse and one walk: V8's reviver path costs several
 * times as much.
 *
 * A plain `JSON.parse` already makes `"__proto__"` an own property (it defines, it does not
 * assign), so nothing reaches a prototype before the walk.
 */
export const parseJson = (text: string): unknown => prototypeFree(JSON.parse(text))

/**
 * Every empty array read is this one: a feature of the common shape holds fourteen (segments,
 * variants, overrides, dependencies ...). Frozen, so that a change can only
 * come through immer, which copies it.
 */
export const EMPTY_ARRAY: readonly unknown[] = Object.freeze([])

const prototypeFree = (value: unknown): unknown => {
  if (value === null || typeof value !== 'object') return value
  if (Array.isArray(value)) {
    if (value.length === 0) return EMPTY_ARRAY
    for (let i = 0; i < value.length; i++) value[i] = prototypeFree(value[i])
    return value
  }
  // JSON.parse made `__proto__` an own key; cutting the prototype in place keeps the object
  // compact (Object.create(null) would start a slow dictionary for each of them).
  const source = value as Record<string, unknown>
  for (const key of Object.keys(source)) source[key] = prototypeFree(source[key])
  return Object.setPrototypeOf(source, null)
}

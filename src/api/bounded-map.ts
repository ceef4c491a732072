/**
 * A map that keeps at least its `limit` most recently used entries, and at most twice as many:
 * keys may come from requests. Entries live in two generations. A set, or a get that finds an
 * entry only in the older one, puts it in the younger; once the younger holds `limit` entries it
 * becomes the older, and the older is dropped. A hit in the younger generation is one lookup
 * with no reordering, where a strict least-recently-used order costs a delete and a set per hit.
 */
export const boundedMap = <K, V>(limit: number) => {
  let young = new Map<K, V>()
  let old = new Map<K, V>()
  const put = (key: K, value: V): void => {
    if (young.size >= limit) {
      old = young
      young = new Map()
    }
    young.set(key, value)
  }
  return {
    get: (key: K): V | undefined => {
      const value = young.get(key)
      if (value !== undefined) return value
      const older = old.get(key)
      if (older !== undefined) put(key, older)
      return older
    },
    set: (key: K, value: V): void => {
      if (young.has(key)) young.set(key, value)
      else put(key, value)
    },
  }
}

export type BoundedMap<K, V> = ReturnType<typeof boundedMap<K, V>>

/** A Map that forgets its least recently used entry past `limit`: keys may come from requests. */
export const boundedMap = <K, V>(limit: number) => {
  const entries = new Map<K, V>()
  return {
    get: (key: K): V | undefined => {
      const value = entries.get(key)
      if (value !== undefined) {
        entries.delete(key)
        entries.set(key, value)
      }
      return value
    },
    set: (key: K, value: V): void => {
      entries.delete(key)
      entries.set(key, value)
      if (entries.size > limit) entries.delete(entries.keys().next().value!)
    },
  }
}

export type BoundedMap<K, V> = ReturnType<typeof boundedMap<K, V>>

/*
 * The HTTP edge's response caches. Each keeps what an answer was written as while the
 * objects it was written from are the same ones:
 * - a tag's JSON, by its stored row (`tags.get`, sent at once, answers the row itself);
 * - the UI configuration's JSON, by its record (the operation answers one frozen record for
 *   each version of the settings, the configuration and the instance id; docs/projects.md);
 * - a feature's environments' JSON, by the rendered environments array the api keeps for the
 *   feature's stored environments (src/http/feature-json.ts, src/api/feature-records.ts);
 * - an export's bytes, and those of its records, by the records the api shares between
 *   exports (src/http/export-bytes.ts, src/api/export-cache.ts).
 * This is safe because a commit never changes a stored row or a shared record in place: it
 * makes new objects of what it changes, so the same object means the same JSON. Keys are held
 * weakly, so what a replaced row or record was written as goes with it.
 * What callers in process read too is kept by the api, under the same rule: the client
 * payloads and their ETags (src/api/client-cache.ts, also `api.clientFeatures` and the
 * evaluators), whole exports and their parts (src/api/export-results.ts, export-cache.ts).
 */

/**
 * `JSON.stringify(sent)`, written once for each object `keyOf(sent)` returns: for answers
 * whose JSON depends on nothing but that object, which is never changed in place.
 */
export const jsonKeptBy = <T>(keyOf: (sent: T) => object) => {
  const written = new WeakMap<object, string>()
  return (sent: T): string => {
    const key = keyOf(sent)
    let json = written.get(key)
    if (json === undefined) written.set(key, (json = JSON.stringify(sent)))
    return json
  }
}

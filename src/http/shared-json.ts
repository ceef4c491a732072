// The JSON of records the facade shares (deeply frozen, so never changed): with every caller,
// or with every request whose answer is sent at once (a tag over HTTP);
// kept as long as the record is: the UI configuration is the same record until the settings change.
const written = new WeakMap<object, string>()

/** `JSON.stringify(value)`, written once per frozen record; anything else is written each time. */
export const sharedJson = (value: unknown): string => {
  if (value === null || typeof value !== 'object' || !Object.isFrozen(value)) return JSON.stringify(value)
  let json = written.get(value)
  if (json === undefined) written.set(value, (json = JSON.stringify(value)))
  return json
}

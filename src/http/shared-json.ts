// The JSON of records the facade shares with every caller (deeply frozen, so never changed),
// kept as long as the record is: the UI configuration is the same record until the settings change.
const written = new WeakMap<object, string>()

/** `JSON.stringify(value)`, written once per frozen record; anything else is written each time. */
export const sharedJson = (value: unknown): string => {
  if (value === null || typeof value !== 'object' || !Object.isFrozen(value)) return JSON.stringify(value)
  let json = written.get(value)
  if (json === undefined) written.set(value, (json = JSON.stringify(value)))
  return json
}

/** What one kept object costs beside its text: its header, its fields, its map entry. */
export const ENTRY_BYTES = 128

/** What a registered strategy name costs beside its text: the detail answers one the store has no type of as `{ "name": …, "notFound": true }`. */
export const STRATEGY_NAME_BYTES = 32

/**
 * The bytes a string costs kept and answered, whichever is more: in memory (two a UTF-16 unit)
 * or as JSON's UTF-8 (escapes of six bytes for control characters), so a bound on it bounds
 * both the memory and the answers that list it.
 */
export const textBytes = (text: string): number => {
  let json = 2
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    json += c < 0x20 ? 6 : c === 0x22 || c === 0x5c ? 2 : c < 0x80 ? 1 : c < 0x800 ? 2 : 3
  }
  return Math.max(2 * text.length, json)
}

export const optionalBytes = (text: string | undefined): number => (text === undefined ? 0 : textBytes(text))

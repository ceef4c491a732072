import { copyRecord } from './dict.js'

/**
 * A deep copy of a JSON value (a request body, what events hold in `data` and `preData`):
 * arrays and objects are copied, each object with the prototype it had, so a prototype-free
 * `Dict` stays one, and compact (`copyRecord`): bodies are stored as they are.
 */
export const copyJson = <T>(value: T): T => {
  if (value === null || typeof value !== 'object') return value
  if (Array.isArray(value)) return value.map(copyJson) as T
  return copyRecord(value as Record<string, unknown>, copyJson) as T
}

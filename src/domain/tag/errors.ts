import { type NotFoundError, notFound } from '../errors.js'

/** A tag names a type the store does not have (Unleash's words). */
export const tagTypeMissing = (type: string): NotFoundError => notFound(`Tag type '${type}' does not exist`)

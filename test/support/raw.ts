/**
 * A value passed as it is, past the compiler's checks of the facade's types: for tests of what a
 * caller from plain JavaScript (or with a cast) may send, which the codecs must refuse at run time.
 */
export const raw = (value: unknown): never => value as never

/**
 * A test kit asked about a flag its store does not hold: most often a misspelled name, which
 * Unleash's SDKs (and flagport's evaluator in production) would answer with a silent false.
 */
export class UnknownFlagError extends Error {
  override readonly name = 'UnknownFlagError'

  constructor(
    readonly flag: string,
    readonly known: readonly string[],
  ) {
    const near = known.filter((name) => name.toLowerCase().startsWith(flag.slice(0, 3).toLowerCase())).slice(0, 5)
    super(`flagport: no flag "${flag}" in the test kit${near.length > 0 ? ` (did you mean ${near.map((n) => `"${n}"`).join(', ')}?)` : ''}; declare it in the seed, or pass onUnknownFlag to createTestKit to answer false`)
  }
}

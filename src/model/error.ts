/** The shape of every expected failure: the domain's errors and the ports' (a 401) alike. */
export interface ErrorDetail {
  readonly message: string
  /** JSON path of the offending value, e.g. `/body/tags/addedTags/0/value`. */
  readonly path?: string
  /** Every rule a refused password breaks (the first detail only), where Unleash's UI reads them. */
  readonly validationErrors?: readonly string[]
}

export interface ErrorOf<N extends string> {
  readonly _tag: N
  readonly message: string
  readonly details: readonly ErrorDetail[]
  /** Extra fields of the error body (401's login path, 403's permissions). */
  readonly extra?: Readonly<Record<string, unknown>>
}

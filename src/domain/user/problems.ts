import { type ErrorDetail, type ValidationError, validationError } from '../errors.js'

/**
 * A refusal listing every problem found. A single one reads as Unleash's own message
 * (`...: User already exists`) and still names its path.
 */
export const refuse = (problems: readonly ErrorDetail[]): ValidationError =>
  problems.length === 1 ? { ...validationError(problems[0]!.message), details: problems } : validationError(problems)

/** `""` counts as not given, as Unleash treats it. */
export const given = (s: string | null | undefined): string | null => (s ? s : null)

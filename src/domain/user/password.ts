import { type ValidationError, validationError } from '../errors.js'

/*
 * Unleash's password rule (the OWASP strength test it configures, passphrases not allowed):
 * 10 to 127 characters, no character three times in a row, and at least one lower-case
 * letter, upper-case letter, digit and other character. Checked where a password is set for
 * someone to log in with; creating a user takes any, as Unleash's route does.
 */
const RULES: readonly [(password: string) => boolean, string][] = [
  [(p) => p.length >= 10, 'The password must be at least 10 characters long.'],
  [(p) => p.length < 128, 'The password must be fewer than 128 characters.'],
  [(p) => !/(.)\1\1/u.test(p), 'The password may not contain sequences of three or more repeated characters.'],
  [(p) => /[a-z]/.test(p), 'The password must contain at least one lowercase letter.'],
  [(p) => /[A-Z]/.test(p), 'The password must contain at least one uppercase letter.'],
  [(p) => /[0-9]/.test(p), 'The password must contain at least one number.'],
  [(p) => /[^A-Za-z0-9]/.test(p), 'The password must contain at least one special character.'],
]

/** What the password lacks, each in Unleash's words; none when it is strong enough. */
export const passwordProblems = (password: string): string[] => RULES.filter(([ok]) => !ok(password)).map(([, message]) => message)

/**
 * A refused password: each broken rule a detail at `/body/password`, and all of them on the
 * first as `validationErrors`, where Unleash's UI reads the list it ticks off.
 */
export const weakPassword = (problems: readonly string[]): ValidationError =>
  validationError(problems.map((message, i) => ({ path: '/body/password', message, ...(i === 0 ? { validationErrors: problems } : {}) })))

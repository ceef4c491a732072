import type { ClockPort } from '../../src/ports/clock.js'

/** How `createTestKit` makes a kit. */
export interface TestKitOptions {
  /** The environment `isEnabled`, `enable` ... use when none is named. Default `development`, as the client API's. */
  readonly environment?: string
  /** The time of later changes and of DATE constraints. Default: the system clock. */
  readonly clock?: ClockPort
  /**
   * What `isEnabled` and `getVariant` do with a flag the kit's store does not hold (a name
   * misspelled, a flag missing from the seed). Default `'throw'`: an UnknownFlagError. A
   * function is told of it instead, and the answer is Unleash's for an unknown flag (false,
   * the disabled variant), as in production.
   */
  readonly onUnknownFlag?: 'throw' | ((flag: string, environment: string) => void)
}

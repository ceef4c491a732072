/**
 * What a transfer reads from: a running Unleash over HTTP or a flagport store through its
 * facade. Both answer the same admin-API routes; each answer is raw JSON, decoded by collect.
 */
import type { Either } from 'fp-ts/lib/Either.js'

export interface TransferSource {
  /** Where it reads from, for messages. */
  readonly name: string
  /** GET of an admin-API route (`/api/admin/projects`): the decoded JSON, or what failed. */
  readonly get: (route: string) => Promise<Either<string, unknown>>
  /** One project's flags in one environment: Unleash's features-batch export. */
  readonly exportFlags: (project: string, environment: string) => Promise<Either<string, unknown>>
}

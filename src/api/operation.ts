import type { Either } from 'fp-ts/lib/Either.js'
import type * as t from 'io-ts'
import type { Ctx } from '../domain/context.js'
import type { ApiError, DomainError, InvalidOperationError, InvalidTokenError, MaintenanceModeError, NoAccessError, PasswordMismatch, StorageError, ValidationError } from '../domain/errors.js'
import type { AuthenticationRequired } from '../ports/auth.js'
import type { Requirement } from '../domain/permissions.js'
import type { State } from '../model/state.js'
import type { Principal } from '../ports/auth.js'
import type { ResolvedConfig } from './config.js'
import type { Tx } from '../store/tx.js'
import type { Admission, TokenScope } from './admission.js'

/**
 * What the HTTP edge (src/http/handler.ts) asks of a call besides its input. A facade call has
 * no such field (`Call`, src/api/methods.ts), so what it gets is its own.
 */
export interface EdgeOptions {
  /**
   * The answer is serialized at once and handed to no one, so its records may hold stored
   * rows rather than copies of them: a commit never changes a stored row in place (it makes a
   * new one), and nothing holds the answer once it is written.
   */
  readonly sendAtOnce: boolean
  /**
   * A check run once the caller is authenticated, permitted and past maintenance, before any
   * input is read (a rate limit): an error it returns is the answer. It may be run more than
   * once for one request, and must count it once.
   */
  readonly onAdmitted?: () => ApiError | undefined
}

/** What the caller sends: credentials, path parameters, query and body. */
export interface ApiRequest<P = Record<string, string>> {
  /** The Authorization header value. Optional with open auth. */
  readonly authorization?: string
  /** The Cookie header value: a login session's id, for an auth adapter that reads sessions. */
  readonly cookie?: string
  readonly params: P
  readonly query?: Readonly<Record<string, string | undefined>>
  readonly body?: unknown
  /**
   * Answered instead, once the caller is authenticated and permitted: the HTTP layer's
   * content-type (415), size (413) and JSON (400) refusals, which decisions.md orders after 403.
   */
  readonly reject?: ApiError
  /** Set by the HTTP edge only. */
  readonly edge?: EdgeOptions
}

/** Where a permission applies, as Unleash takes it from the path. */
export interface Scope {
  readonly project?: string
  readonly environment?: string
}

/** What an operation's code gets besides the state. */
export interface OperationEnv<P, B> {
  readonly params: P
  readonly body: B
  readonly query: Readonly<Record<string, string | undefined>>
  readonly ctx: Ctx
  readonly principal: Principal
  readonly config: ResolvedConfig
  /** What the operation's `prepare` produced (a password hash ...), else undefined. */
  readonly prepared?: unknown
  /** The answer is serialized at once and handed to no one (`EdgeOptions.sendAtOnce`). */
  readonly sendAtOnce: boolean
  /** What the caller's client or frontend token fixes, for an operation that admits that token type; absent or `UNSCOPED`, nothing. */
  readonly tokenScope?: TokenScope
}

interface Common<P, B> {
  /** The path parameters' codec (src/model/params.ts), read with the body, once the caller is admitted. */
  readonly params: t.Decoder<unknown, P>
  /** The permission needed, checked with the scope below before the body is decoded. */
  readonly requirement: Requirement
  readonly scope?: (params: P) => Scope
  /** The body's codec. Absent: the operation takes no body. */
  readonly body?: t.Decoder<unknown, B>
  /** How the caller is admitted (see `Admission`); absent, by the `requirement` above. */
  readonly admits?: Admission
}

/** What an operation's own code may refuse with; each operation's type names the ones it can. */
export type OperationError = DomainError | NoAccessError | InvalidOperationError | PasswordMismatch | InvalidTokenError

/** What any call may be refused with before its operation runs: credentials, permission, input, the store. */
export type CallError = AuthenticationRequired | NoAccessError | ValidationError | StorageError

/** A write is refused during maintenance too. */
export type WriteCallError = CallError | MaintenanceModeError

/** Reads the state. */
export interface ReadOperation<P, B, R, X extends OperationError = OperationError> extends Common<P, B> {
  readonly kind: 'read'
  readonly run: (state: State, env: OperationEnv<P, B>) => Either<X, R>
}

/**
 * Changes the state inside one transaction. `run` mutates the immer draft and returns how to
 * render the answer from the committed state; a Left aborts and nothing changes.
 */
export interface WriteOperation<P, B, R, X extends OperationError = OperationError> extends Common<P, B> {
  readonly kind: 'write'
  /**
   * Slow or impure work done once, before the transaction (hashing a password): its result
   * arrives as `env.prepared`. It runs after the body is decoded and the caller admitted.
   */
  readonly prepare?: (env: OperationEnv<P, B>) => Promise<unknown>
  readonly run: (draft: Tx, env: OperationEnv<P, B>) => Either<X, (next: State) => R>
  /** Work after the commit (an e-mail): it may amend the answer, never the store. */
  readonly after?: (result: R, env: OperationEnv<P, B>) => Promise<R>
}

export type Operation<P, B, R, X extends OperationError = OperationError> = ReadOperation<P, B, R, X> | WriteOperation<P, B, R, X>

/** What a call to the operation may be refused with: its own errors and the pipeline's. */
export type ErrorsOf<O> = O extends ReadOperation<any, any, any, infer X> ? X | CallError : O extends WriteOperation<any, any, any, infer X> ? X | WriteCallError : never

// Each type is inferred from the codecs and `run`: B is undefined for an operation with no body, X the errors `run` can return.
export const read = <P, B = undefined, R = void, X extends OperationError = never>(op: Omit<ReadOperation<P, B, R, X>, 'kind'>): ReadOperation<P, B, R, X> => ({ kind: 'read', ...op })
export const write = <P, B = undefined, R = void, X extends OperationError = never>(op: Omit<WriteOperation<P, B, R, X>, 'kind'>): WriteOperation<P, B, R, X> => ({
  kind: 'write',
  ...op,
})

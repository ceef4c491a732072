import type { Either } from 'fp-ts/lib/Either.js'
import type { ApiRequest, CallError, Operation, OperationError, ReadOperation, WriteCallError, WriteOperation } from './operation.js'
import type { Result } from './runner.js'

/** `params`, required when the operation's path has any. */
type ParamsField<P> = {} extends P ? { readonly params?: P } : { readonly params: P }

/** What a caller may pass for a `T`: the same shape, read-only all the way down (the runner copies what it keeps). */
export type Input<T> = unknown extends T
  ? T
  : T extends string | number | boolean | null | undefined
  ? T
  : T extends readonly (infer E)[]
    ? readonly Input<E>[]
    : { readonly [K in keyof T]: Input<T[K]> }

/** `body`: the input type of the operation's body codec, required when the codec requires one; none when it takes none. */
type BodyField<B> = [B] extends [undefined] ? { readonly body?: undefined } : undefined extends B ? { readonly body?: Input<B> } : { readonly body: Input<B> }

/**
 * What a caller in process sends to a facade method: credentials, the path parameters and the
 * body, each typed by the codec that reads it, so a misspelled or mistyped field is a compile
 * error. (A call from plain JavaScript is read through the same codecs at run time.)
 */
export type Call<P, B> = {
  /** The Authorization header value. Optional with open auth. */
  readonly authorization?: string
  /** The Cookie header value: a login session's id, for an auth adapter that reads sessions. */
  readonly cookie?: string
  readonly query?: Readonly<Record<string, string | undefined>>
} & ParamsField<P> &
  BodyField<B>

/** A facade method: one request in, the operation's answer or one of the errors it names out. */
export type Method<P, B, R, X = CallError> = (request: Call<P, B>) => Promise<Either<X, R>>

export type Run = <P, B, R, X extends OperationError>(op: Operation<P, B, R, X>, request: ApiRequest<P>) => Promise<Result<R>>

/**
 * Where a facade method keeps the operation it runs, so the HTTP layer can document the
 * method's path parameters and body from the operation's own codecs.
 */
export const OPERATION: unique symbol = Symbol('flagport.operation')

/** The operation a facade method runs, when it runs one (see `OPERATION`). */
export const operationOf = (method: unknown): Operation<unknown, unknown, unknown, OperationError> | undefined =>
  typeof method === 'function' ? (method as { [OPERATION]?: Operation<unknown, unknown, unknown, OperationError> })[OPERATION] : undefined

/**
 * Binds operations to the runner. The runner answers only what an operation and the pipeline
 * can (the HTTP layer's own refusals come in through `ApiRequest.reject`, which a facade call
 * cannot set), so a method's error type is its operation's errors and the pipeline's.
 */
export const bind = (run: Run) => {
  function method<P, B, R, X extends OperationError>(op: ReadOperation<P, B, R, X>): Method<P, B, R, X | CallError>
  function method<P, B, R, X extends OperationError>(op: WriteOperation<P, B, R, X>): Method<P, B, R, X | WriteCallError>
  function method<P, B, R, X extends OperationError>(op: Operation<P, B, R, X>): Method<P, B, R, X | WriteCallError> {
    const called: Method<P, B, R, X | WriteCallError> = (request) => run(op, request as ApiRequest<P>) as Promise<Either<X | WriteCallError, R>>
    // Assigned, not defined read-only: every method then shares one hidden class, where
    // `defineProperty` gave each its own and made creating a facade markedly slower.
    ;(called as { [OPERATION]?: unknown })[OPERATION] = op
    return called
  }
  return method
}

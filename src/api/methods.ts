import type { ApiRequest, Operation } from './operation.js'
import type { Result } from './runner.js'

/** A facade method: one request in, the operation's answer or a typed error out. */
export type Method<P, R> = (request: ApiRequest<P>) => Promise<Result<R>>

export type Run = <P, B, R>(op: Operation<P, B, R>, request: ApiRequest<P>) => Promise<Result<R>>

/** Binds operations to the runner, keeping each one's parameter and result types. */
export const bind =
  (run: Run) =>
  <P, B, R>(op: Operation<P, B, R>): Method<P, R> =>
  (request) =>
    run(op, request)

import { validateEdgeTokensOp } from '../operations/edge.js'
import * as E from 'fp-ts/lib/Either.js'
import type { ApiTokenParams, NoParams, ProjectApiTokenParams, ProjectParams } from '../../model/params.js'
import type { ApiTokenKind, CreateApiTokenBody, CreatedApiToken, CreateProjectApiTokenBody } from '../../model/token.js'
import { bind, type Method, type Run } from '../methods.js'
import type { ApiRequest, ErrorsOf, Operation, OperationError, WriteCallError, WriteOperation } from '../operation.js'
import * as tk from '../operations/tokens.js'

/**
 * Admin, client (backend) and frontend tokens, checked as Unleash checks them: first what the
 * route asks (ADMIN, or the permission for either kind), then the permission for the token's
 * kind, read from the body to create, from the store to update or delete. A path names a
 * token by its secret, as Unleash's do, or by the id flagport lists.
 */
export const apiTokenMethods = (run: Run) => {
  const m = bind(run)
  // Two operations a call: what each can refuse with is the method's error type.
  type CreateError = ErrorsOf<typeof tk.mayCreateApiTokensOp> | ErrorsOf<ReturnType<typeof tk.createApiTokenOp>>
  const create: Method<NoParams, CreateApiTokenBody, CreatedApiToken, CreateError> = async (request) => {
    const admitted = await run(tk.mayCreateApiTokensOp, request as ApiRequest<NoParams>)
    return (E.isLeft(admitted) ? admitted : run(tk.createApiTokenOp(tk.requestedKind(request?.body)), request as ApiRequest<NoParams>)) as E.Either<CreateError, CreatedApiToken>
  }
  // A path that names no token: a success that changes nothing, as in Unleash.
  const ofStoredKind =
    <B, X1 extends OperationError, X2 extends OperationError>(
      kindOf: Operation<ApiTokenParams, B, ApiTokenKind | undefined, X1>,
      change: (kind: ApiTokenKind | undefined) => WriteOperation<ApiTokenParams, B, undefined, X2>,
    ): Method<ApiTokenParams, B, undefined, X1 | X2 | WriteCallError> =>
    async (request) => {
      const kind = await run(kindOf, request as ApiRequest<ApiTokenParams>)
      return (E.isLeft(kind) ? kind : run(change(kind.right), request as ApiRequest<ApiTokenParams>)) as E.Either<X1 | X2 | WriteCallError, undefined>
    }
  // A project's tokens: checked for the project, then made or deleted as any token is.
  const createInProject: Method<ProjectParams, CreateProjectApiTokenBody, CreatedApiToken, CreateError | ErrorsOf<typeof tk.projectTokenBodyOp>> = async (request) => {
    const body = await run(tk.projectTokenBodyOp, request)
    return E.isLeft(body) ? (body as E.Left<ErrorsOf<typeof tk.projectTokenBodyOp>>) : create({ ...request, params: {}, body: body.right })
  }
  type DeleteInProjectError = ErrorsOf<typeof tk.projectTokenKindOp> | ErrorsOf<ReturnType<typeof tk.deleteApiTokenOp>>
  const deleteInProject: Method<ProjectApiTokenParams, undefined, undefined, DeleteInProjectError> = async (request) => {
    const found = await run(tk.projectTokenKindOp, request)
    return (E.isLeft(found) ? found : run(tk.deleteApiTokenOp(found.right.kind), { ...request, params: { token: found.right.token } })) as E.Either<DeleteInProjectError, undefined>
  }
  return {
    create,
    list: m(tk.listApiTokensOp),
    /** `POST /edge/validate`: which of the tokens an Edge instance holds are live SDK tokens. */
    validateForEdge: m(validateEdgeTokensOp),
    listByName: m(tk.listApiTokensByNameOp),
    update: ofStoredKind(tk.updatedTokenKindOp, tk.updateApiTokenOp),
    delete: ofStoredKind(tk.deletedTokenKindOp, tk.deleteApiTokenOp),
    createInProject,
    listInProject: m(tk.listProjectApiTokensOp),
    deleteInProject,
  }
}

/**
 * Personal access tokens (`user:<secret>`), which act with their user's root role. `*Own`
 * work on the calling user's tokens; the others, for any user, need ADMIN.
 */
export const personalTokenMethods = (run: Run) => {
  const m = bind(run)
  return {
    createOwn: m(tk.createOwnPatOp),
    listOwn: m(tk.listOwnPatsOp),
    deleteOwn: m(tk.deleteOwnPatOp),
    create: m(tk.createUserPatOp),
    list: m(tk.listUserPatsOp),
    delete: m(tk.deleteUserPatOp),
  }
}

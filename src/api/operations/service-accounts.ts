import * as E from 'fp-ts/lib/Either.js'
import { deleteAccount } from '../../domain/user/delete.js'
import { findAccount } from '../../domain/user/lookup.js'
import { createServiceAccount, listServiceAccounts, renderServiceAccount } from '../../domain/user/service-accounts.js'
import { updateAccount } from '../../domain/user/update.js'
import type { State, UserState } from '../../model/state.js'
import {
  CreateServiceAccountBody,
  type ServiceAccount,
  UpdateServiceAccountBody,
} from '../../model/user.js'
import { read, write } from '../operation.js'
import { gravatarUrl } from './users.js'
import { IdParams, NoParams } from '../../model/params.js'

const accountAt = (id: number) => (next: State): ServiceAccount => renderServiceAccount(next, next.users.get(String(id))!)

/** Service accounts are managed by admins, as in Unleash. */
export const createServiceAccountOp = write({
  params: NoParams,
  requirement: 'ADMIN',
  body: CreateServiceAccountBody,
  prepare: async ({ body }) => gravatarUrl(body.username),
  run: (draft, { body, ctx, prepared }) => E.map(accountAt)(createServiceAccount(draft, { body, imageUrl: prepared as string }, ctx)),
})

export const listServiceAccountsOp = read({
  params: NoParams,
  requirement: 'ADMIN',
  run: (state) => E.right(listServiceAccounts(state)),
})

export const getServiceAccountOp = read({
  params: IdParams,
  requirement: 'ADMIN',
  run: (state, { params }) => E.map((a: UserState) => renderServiceAccount(state, a))(findAccount(state, params.id, 'Service Account')),
})

export const updateServiceAccountOp = write({
  params: IdParams,
  requirement: 'ADMIN',
  body: UpdateServiceAccountBody,
  run: (draft, { params, body, ctx }) => E.map(accountAt)(updateAccount(draft, params.id, 'Service Account', body, ctx)),
})

/** Its tokens are deleted with it. */
export const deleteServiceAccountOp = write({
  params: IdParams,
  requirement: 'ADMIN',
  run: (draft, { params, ctx }) => E.map(() => () => undefined)(deleteAccount(draft, params.id, 'Service Account', ctx)),
})

import * as E from 'fp-ts/lib/Either.js'
import { createAddon, deleteAddon, findAddon, integrationEvents, listAddons, renderAddon, updateAddon } from '../../domain/addon/addons.js'
import { PROVIDERS } from '../../domain/addon/providers.js'
import { type NotFoundError, type ValidationError, validationError } from '../../domain/errors.js'
import { AddonBody, DELIVERY_LOG_SIZE, type IntegrationEventList } from '../../model/addon.js'
import { IdParams, NoParams } from '../../model/params.js'
import type { State } from '../../model/state.js'
import { copyJson } from '../../model/json-copy.js'
import { read, write } from '../operation.js'

const rendered = (id: number) => (next: State) => renderAddon(next.addons.get(String(id))!)

/** Unleash: GET /api/admin/addons, the addons and the providers offered. */
export const listAddonsOp = read({
  params: NoParams,
  requirement: 'NONE',
  run: (state) => E.right({ addons: listAddons(state), providers: copyJson(PROVIDERS) }),
})

export const getAddonOp = read({
  params: IdParams,
  requirement: 'NONE',
  run: (state, { params }) => E.map(renderAddon)(findAddon(state, params.id)),
})

export const createAddonOp = write({
  params: NoParams,
  requirement: 'CREATE_ADDON',
  body: AddonBody,
  run: (draft, { body, ctx }) => E.map(rendered)(createAddon(draft, body, ctx)),
})

/** Sensitive parameters sent back masked (`*****`) keep their stored values. */
export const updateAddonOp = write({
  params: IdParams,
  requirement: 'UPDATE_ADDON',
  body: AddonBody,
  run: (draft, { params, body, ctx }) => E.map(rendered)(updateAddon(draft, params.id, body, ctx)),
})

export const deleteAddonOp = write({
  params: IdParams,
  requirement: 'DELETE_ADDON',
  run: (draft, { params, ctx }) => E.map(() => () => undefined)(deleteAddon(draft, params.id, ctx)),
})

const integer = (query: Readonly<Record<string, string | undefined>>, name: string, fallback: number, max: number): E.Either<ValidationError, number> => {
  const given = query[name]
  const value = given === undefined ? fallback : Number(given)
  return Number.isInteger(value) && value >= 0 && value <= max
    ? E.right(value)
    : E.left(validationError(`The \`/query/${name}\` parameter must be an integer from 0 to ${max}. You sent ${JSON.stringify(given)}.`, `/query/${name}`))
}

/** Unleash: GET /api/admin/addons/:id/events, the addon's delivery log, newest first (`limit`, default 50, and `offset`). */
export const addonEventsOp = read({
  params: IdParams,
  requirement: 'NONE',
  run: (state, { params, query }): E.Either<ValidationError | NotFoundError, IntegrationEventList> => {
    const limit = integer(query, 'limit', 50, DELIVERY_LOG_SIZE)
    if (E.isLeft(limit)) return limit
    const offset = integer(query, 'offset', 0, DELIVERY_LOG_SIZE)
    if (E.isLeft(offset)) return offset
    const addon = findAddon(state, params.id)
    return E.isLeft(addon) ? addon : E.right({ integrationEvents: copyJson(integrationEvents(addon.right, limit.right, offset.right)) })
  },
})

import * as E from 'fp-ts/lib/Either.js'
import { featureTypes, setFeatureTypeLifetime } from '../../domain/feature/feature-types.js'
import {
  createStrategyType,
  deleteStrategyType,
  findStrategyType,
  listStrategyTypes,
  setStrategyTypeDeprecated,
  updateStrategyType,
} from '../../domain/strategy-type/strategy-types.js'
import { FeatureTypeParams, NameParams, NoParams } from '../../model/params.js'
import { FeatureTypeLifetimeBody, type FeatureTypeRecord } from '../../model/feature.js'
import { CreateStrategyTypeBody, type StrategyTypeRecord, UpdateStrategyTypeBody } from '../../model/strategy-type.js'
import { copyJson } from '../../model/json-copy.js'
import { read, write } from '../operation.js'

/** The strategy types a strategy may name (Unleash: GET /api/admin/strategies). */
export const listStrategyTypesOp = read({
  params: NoParams,
  requirement: 'NONE',
  run: (state) => E.right({ version: 1, strategies: listStrategyTypes(state) }),
})

export const getStrategyTypeOp = read({
  params: NameParams,
  requirement: 'NONE',
  run: (state, { params }) => findStrategyType(state, params.name),
})

/** The feature types (Unleash: GET /api/admin/feature-types); copies, as every answer is. */
export const listFeatureTypesOp = read({
  params: NoParams,
  requirement: 'NONE',
  run: (state) => E.right({ version: 1, types: featureTypes(state) }),
})

/** Unleash: PUT /api/admin/feature-types/:id/lifetime `{ lifetimeDays }`; 200 with the type. */
export const setFeatureTypeLifetimeOp = write({
  params: FeatureTypeParams,
  requirement: 'ADMIN',
  body: FeatureTypeLifetimeBody,
  run: (draft, { params, body, ctx }) => E.map((type: FeatureTypeRecord) => () => type)(setFeatureTypeLifetime(draft, params.id, body.lifetimeDays, ctx)),
})

/** Unleash: POST /api/admin/strategies; 201 with the type and `location: strategies/<name>` over HTTP. */
export const createStrategyTypeOp = write({
  params: NoParams,
  requirement: 'CREATE_STRATEGY',
  body: CreateStrategyTypeBody,
  run: (draft, { body, ctx }) => E.map((record: StrategyTypeRecord) => () => copyJson(record))(createStrategyType(draft, body, ctx)),
})

/** Unleash: PUT /api/admin/strategies/:name; 200 with no body over HTTP, the type to the facade. */
export const updateStrategyTypeOp = write({
  params: NameParams,
  requirement: 'UPDATE_STRATEGY',
  body: UpdateStrategyTypeBody,
  run: (draft, { params, body, ctx }) => E.map((record: StrategyTypeRecord) => () => copyJson(record))(updateStrategyType(draft, params.name, body, ctx)),
})

/** Unleash: DELETE /api/admin/strategies/:name. */
export const deleteStrategyTypeOp = write({
  params: NameParams,
  requirement: 'DELETE_STRATEGY',
  run: (draft, { params, ctx }) => E.map(() => () => undefined)(deleteStrategyType(draft, params.name, ctx)),
})

/** Unleash: POST /api/admin/strategies/:name/deprecate and /reactivate. */
export const setStrategyTypeDeprecatedOp = (deprecated: boolean) =>
  write({
    params: NameParams,
    requirement: 'UPDATE_STRATEGY',
    run: (draft, { params, ctx }) => E.map(() => () => undefined)(setStrategyTypeDeprecated(draft, params.name, deprecated, ctx)),
  })

import * as E from 'fp-ts/lib/Either.js'
import { FEATURE_TYPE_RECORDS } from '../../domain/feature/types.js'
import { findStrategyType, listStrategyTypes } from '../../domain/strategy-type/strategy-types.js'
import { NameParams, NoParams } from '../../model/params.js'
import type { FeatureTypeList } from '../../model/feature.js'
import type { StrategyTypeList, StrategyTypeRecord } from '../../model/strategy-type.js'
import { read } from '../operation.js'

/** The strategy types a strategy may name (Unleash: GET /api/admin/strategies). */
export const listStrategyTypesOp = read<NoParams, undefined, StrategyTypeList>({
  params: NoParams,
  requirement: 'NONE',
  run: (state) => E.right({ version: 1, strategies: listStrategyTypes(state) }),
})

export const getStrategyTypeOp = read<NameParams, undefined, StrategyTypeRecord>({
  params: NameParams,
  requirement: 'NONE',
  run: (state, { params }) => findStrategyType(state, params.name),
})

/** The feature types (Unleash: GET /api/admin/feature-types); copies, as every answer is. */
export const listFeatureTypesOp = read<NoParams, undefined, FeatureTypeList>({
  params: NoParams,
  requirement: 'NONE',
  run: () => E.right({ version: 1, types: FEATURE_TYPE_RECORDS.map((type) => ({ ...type })) }),
})

import * as E from 'fp-ts/lib/Either.js'
import { searchEvents } from '../../domain/search/events.js'
import { searchFeatures } from '../../domain/search/features.js'
import { favoriteFeaturesOf } from '../../domain/user/favorites.js'
import { EventSearchQuery } from '../../model/event-search.js'
import { FeatureSearchQuery } from '../../model/feature-search.js'
import { NoParams } from '../../model/params.js'
import { callerUserId } from '../caller.js'
import { read } from '../operation.js'
import { decodeSearchQuery } from '../search-query.js'

const featureQuery = decodeSearchQuery(FeatureSearchQuery)
const eventQuery = decodeSearchQuery(EventSearchQuery)

/**
 * Unleash: GET /api/admin/search/features, what the UI's flag lists call: the features that
 * pass the query's filters, one page of them sorted, and how many match. Any caller may search.
 */
export const searchFeaturesOp = read({
  params: NoParams,
  requirement: 'NONE',
  run: (state, env) => E.map((q: FeatureSearchQuery) => searchFeatures(state, q, favoriteFeaturesOf(state, callerUserId(env)), Date.parse(env.ctx.now), env.kept.hourUsage(state, Date.parse(env.ctx.now))))(featureQuery(env.query)),
})

/**
 * Unleash: GET /api/admin/search/events, the UI's event log: the stored events that pass the
 * query's filters, newest first, one page and how many match. Admins only, as
 * GET /api/admin/events: events carry before-and-after data.
 */
export const searchEventsOp = read({
  params: NoParams,
  requirement: 'ADMIN',
  run: (state, env) => E.map((q: EventSearchQuery) => searchEvents(state, q))(eventQuery(env.query)),
})

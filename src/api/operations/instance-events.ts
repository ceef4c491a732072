import * as E from 'fp-ts/lib/Either.js'
import { countEvents, eventCreators, latestEvents } from '../../domain/events.js'
import { validationError } from '../../domain/errors.js'
import type { StoredEvent } from '../../model/state.js'
import { read } from '../operation.js'
import { FeatureNameParams, NoParams } from '../../model/params.js'

const MAX = 1000

/**
 * Recorded events, newest first, optionally filtered by `project`, `feature` and `type`;
 * `limit` defaults to 100 (at most 1000). Admins only: events carry before-and-after data.
 */
export const listEventsOp = read({
  params: NoParams,
  requirement: 'ADMIN',
  run: (state, { query }) => {
    const limit = query['limit'] === undefined ? 100 : Number(query['limit'])
    if (!Number.isInteger(limit) || limit < 1 || limit > MAX) {
      return E.left(validationError([{ path: '/query/limit', message: `The \`/query/limit\` parameter must be an integer from 1 to ${MAX}. You sent ${JSON.stringify(query['limit'])}.` }]))
    }
    const { project, feature, type } = query
    const events = latestEvents(state.events, limit, (e) =>
      (project === undefined || e.project === project) && (feature === undefined || e.featureName === feature) && (type === undefined || e.type === type),
    )
    return E.right({ version: 1, events, totalEvents: events.length })
  },
})

/** How many events of a feature its history shows, as Unleash's. */
const FEATURE_EVENTS = 50

/**
 * A feature's newest 50 events and how many it has (Unleash: GET /api/admin/events/:featureName,
 * which any caller may read, as its UI shows a feature's history to everyone).
 */
export const featureEventsOp = read({
  params: FeatureNameParams,
  requirement: 'NONE',
  run: (state, { params }) => {
    const ofFeature = (e: StoredEvent) => e.featureName === params.featureName
    const totalEvents = countEvents(state.events, ofFeature)
    return E.right({ version: 1, toggleName: params.featureName, events: latestEvents(state.events, FEATURE_EVENTS, ofFeature), totalEvents })
  },
})

/** Unleash: GET /api/admin/event-creators, for its event log's filter: who made the recorded events. */
export const eventCreatorsOp = read({
  params: NoParams,
  requirement: 'NONE',
  run: (state) => E.right(eventCreators(state)),
})

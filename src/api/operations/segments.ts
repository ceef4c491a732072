import * as E from 'fp-ts/lib/Either.js'
import { createSegment, deleteSegment, findSegment, listSegments, renderSegment, segmentNameTaken, updateSegment } from '../../domain/segment/segments.js'
import { type Segment, SegmentBody, SegmentNameBody } from '../../model/segment.js'
import { segmentIdsOfStrategy, strategiesWithSegment } from '../../domain/segment/strategy-refs.js'
import type { SegmentState, State } from '../../model/state.js'
import { read, write } from '../operation.js'
import { NoParams, SegmentParams, StrategyIdParams } from '../../model/params.js'

const rendered = (id: number) => (next: State): Segment => renderSegment(next.segments.get(String(id))!)

export const listSegmentsOp = read({
  params: NoParams,
  requirement: 'NONE',
  run: (state, { kept }) => E.right({ segments: listSegments(state, kept.usage(state)) }),
})

export const getSegmentOp = read({
  params: SegmentParams,
  requirement: 'NONE',
  run: (state, { params }) => E.map((s: SegmentState) => renderSegment(s))(findSegment(state, params.segmentId)),
})

export const createSegmentOp = write({
  params: NoParams,
  requirement: 'CREATE_SEGMENT',
  body: SegmentBody,
  run: (draft, { body, ctx }) => E.map(rendered)(createSegment(draft, body, ctx)),
})

export const updateSegmentOp = write({
  params: SegmentParams,
  requirement: 'UPDATE_SEGMENT',
  body: SegmentBody,
  run: (draft, { params, body, ctx }) => E.map(rendered)(updateSegment(draft, params.segmentId, body, ctx)),
})

/** Refused while a strategy uses the segment. */
export const deleteSegmentOp = write({
  params: SegmentParams,
  requirement: 'DELETE_SEGMENT',
  run: (draft, { params, ctx }) => E.map(() => () => undefined)(deleteSegment(draft, params.segmentId, ctx)),
})

/** A name checked as a create would check it (Unleash: POST /api/admin/segments/validate, 204): the form (400) and whether it is taken (409). */
export const validateSegmentNameOp = read({
  params: NoParams,
  requirement: 'NONE',
  body: SegmentNameBody,
  run: (state, { body }) => {
    const taken = segmentNameTaken(state, body.name)
    return taken ? E.left(taken) : E.right(undefined)
  },
})

/** Unleash: GET /api/admin/segments/:id/strategies, the strategies using a segment (what stops its deletion). */
export const segmentStrategiesOp = read({
  params: SegmentParams,
  requirement: 'NONE',
  run: (state, { params }) =>
    E.map((s: SegmentState) => ({ strategies: strategiesWithSegment(state, s.id), changeRequestStrategies: [] }))(findSegment(state, params.segmentId)),
})

/** Unleash: GET /api/admin/segments/strategies/:strategyId, the segments of a strategy (none for an unknown one, as in Unleash). */
export const strategySegmentsOp = read({
  params: StrategyIdParams,
  requirement: 'NONE',
  run: (state, { params }) =>
    E.right({ segments: segmentIdsOfStrategy(state, params.strategyId).flatMap((id) => state.segments.get(String(id)) ?? []).map(renderSegment) }),
})

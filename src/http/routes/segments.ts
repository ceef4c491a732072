import type { AdminApi } from '../../api/admin-api.js'
import { location, type Route, route } from '../route.js'
import * as t from 'io-ts'
import { ListedSegment, Segment, SegmentStrategies, StrategySegments, StrategySegmentsBody } from '../../model/segment.js'

/** Segments: named constraints that strategies share by id. */
export const segmentRoutes = ({ segments }: AdminApi): Route[] => [
  route('GET', '/api/admin/segments', segments.list, { answer: t.type({ segments: t.array(ListedSegment) }) }),
  route('POST', '/api/admin/segments', segments.create, { answer: Segment, status: 201, body: true, headers: ({ result }) => location('segments', result.id) }),
  route('POST', '/api/admin/segments/validate', segments.validateName, { body: true, status: 204 }),
  route('POST', '/api/admin/segments/strategies', segments.setOfStrategy, { answer: StrategySegmentsBody, status: 201, body: true }),
  route('GET', '/api/admin/segments/strategies/:strategyId', segments.ofStrategy, { answer: StrategySegments }),
  route('GET', '/api/admin/segments/:segmentId', segments.get, { answer: Segment }),
  route('GET', '/api/admin/segments/:segmentId/strategies', segments.strategies, { answer: SegmentStrategies }),
  // Unleash answers a segment's update and deletion 204, without a body.
  route('PUT', '/api/admin/segments/:segmentId', segments.update, { status: 204, body: true, render: () => undefined }),
  route('DELETE', '/api/admin/segments/:segmentId', segments.delete, { status: 204 }),
]

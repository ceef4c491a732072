import type { AdminApi } from '../../api/admin-api.js'
import { location, type Route, route } from '../route.js'

/** Segments: named constraints that strategies share by id. */
export const segmentRoutes = ({ segments }: AdminApi): Route[] => [
  route('GET', '/api/admin/segments', segments.list),
  route('POST', '/api/admin/segments', segments.create, { status: 201, body: true, headers: ({ result }) => location('segments', result.id) }),
  route('POST', '/api/admin/segments/validate', segments.validateName, { body: true, status: 204 }),
  route('GET', '/api/admin/segments/strategies/:strategyId', segments.ofStrategy),
  route('GET', '/api/admin/segments/:segmentId', segments.get),
  route('GET', '/api/admin/segments/:segmentId/strategies', segments.strategies),
  // Unleash answers a segment's update and deletion 204, without a body.
  route('PUT', '/api/admin/segments/:segmentId', segments.update, { status: 204, body: true, render: () => undefined }),
  route('DELETE', '/api/admin/segments/:segmentId', segments.delete, { status: 204 }),
]

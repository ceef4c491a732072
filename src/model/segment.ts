import * as t from 'io-ts'
import { Integer, PrintableName, closed, open } from './codec.js'
import { Constraint, ConstraintInput } from './constraint.js'

/** A segment, named constraints that strategies share by id, as returned: in Unleash's key order, `project` only when it has one. */
export const Segment = t.intersection([
  t.type({ id: t.number, name: t.string, description: t.union([t.string, t.null]) }),
  t.partial({ project: t.string }),
  t.type({ constraints: t.array(Constraint), createdBy: t.string, createdAt: t.string }),
])
export type Segment = t.TypeOf<typeof Segment>

/** A segment as listed: with how many live projects and features use it, as Unleash counts. */
export const ListedSegment = t.intersection([Segment, t.type({ usedInProjects: t.number, usedInFeatures: t.number })])
export type ListedSegment = t.TypeOf<typeof ListedSegment>

export const SegmentList = t.type({ segments: t.array(ListedSegment) })
export type SegmentList = t.TypeOf<typeof SegmentList>

/** Creating or replacing a segment (Unleash's upsertSegmentSchema). */
export const SegmentBody = open(
  { name: PrintableName, constraints: t.array(ConstraintInput) },
  { description: t.union([t.string, t.null]), project: t.union([t.string, t.null]) },
  'a segment',
)
export type SegmentBody = t.TypeOf<typeof SegmentBody>

/** Checking a segment name before creating one (Unleash: POST /api/admin/segments/validate). */
export const SegmentNameBody = open({ name: PrintableName }, {}, 'a segment name')
export type SegmentNameBody = t.TypeOf<typeof SegmentNameBody>

/** Where a strategy is, as Unleash lists the strategies using a segment or a context field. */
export const StrategyRef = t.type({ id: t.string, projectId: t.string, featureName: t.string, strategyName: t.string, environment: t.string })
export type StrategyRef = t.TypeOf<typeof StrategyRef>

/** The strategies using a segment (Unleash: GET /api/admin/segments/:id/strategies); flagport has no change requests. */
export const SegmentStrategies = t.type({ strategies: t.array(StrategyRef), changeRequestStrategies: t.array(t.unknown) })
export type SegmentStrategies = t.TypeOf<typeof SegmentStrategies>

/** The segments of one strategy (Unleash: GET /api/admin/segments/strategies/:strategyId). */
export const StrategySegments = t.type({ segments: t.array(Segment) })
export type StrategySegments = t.TypeOf<typeof StrategySegments>

/** `POST /api/admin/segments/strategies`: the segments one strategy should have (Unleash's updateFeatureStrategySegmentsSchema). */
export const StrategySegmentsBody = closed(
  { projectId: t.string, strategyId: t.string, environmentId: t.string, segmentIds: t.array(Integer) },
  {},
  'a strategy and its segments',
)
export type StrategySegmentsBody = t.TypeOf<typeof StrategySegmentsBody>

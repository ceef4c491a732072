import * as t from 'io-ts'
import { Integer, PrintableName, closed, open, type Named } from './codec.js'
import { Constraint, ConstraintInput } from './constraint.js'

/** A segment, named constraints that strategies share by id, as returned: in Unleash's key order, `project` only when it has one. */
export interface Segment extends t.TypeOf<typeof SegmentCodec> {}
const SegmentCodec = t.intersection([
  t.type({ id: t.number, name: t.string, description: t.union([t.string, t.null]) }),
  t.partial({ project: t.string }),
  t.type({ constraints: t.array(Constraint), createdBy: t.string, createdAt: t.string }),
])
export const Segment: Named<typeof SegmentCodec, Segment> = SegmentCodec

/** A segment as listed: with how many live projects and features use it, as Unleash counts. */
export interface ListedSegment extends t.TypeOf<typeof ListedSegmentCodec> {}
const ListedSegmentCodec = t.intersection([Segment, t.type({ usedInProjects: t.number, usedInFeatures: t.number })])
export const ListedSegment: Named<typeof ListedSegmentCodec, ListedSegment> = ListedSegmentCodec

export interface SegmentList extends t.TypeOf<typeof SegmentListCodec> {}
const SegmentListCodec = t.type({ segments: t.array(ListedSegment) })
export const SegmentList: Named<typeof SegmentListCodec, SegmentList> = SegmentListCodec

/** Creating or replacing a segment (Unleash's upsertSegmentSchema). */
export interface SegmentBody extends t.TypeOf<typeof SegmentBodyCodec> {}
const SegmentBodyCodec = open(
  { name: PrintableName, constraints: t.array(ConstraintInput) },
  { description: t.union([t.string, t.null]), project: t.union([t.string, t.null]) },
  'a segment',
)
export const SegmentBody: Named<typeof SegmentBodyCodec, SegmentBody> = SegmentBodyCodec

/** Checking a segment name before creating one (Unleash: POST /api/admin/segments/validate). */
export interface SegmentNameBody extends t.TypeOf<typeof SegmentNameBodyCodec> {}
const SegmentNameBodyCodec = open({ name: PrintableName }, {}, 'a segment name')
export const SegmentNameBody: Named<typeof SegmentNameBodyCodec, SegmentNameBody> = SegmentNameBodyCodec

/** Where a strategy is, as Unleash lists the strategies using a segment or a context field. */
export interface StrategyRef extends t.TypeOf<typeof StrategyRefCodec> {}
const StrategyRefCodec = t.type({ id: t.string, projectId: t.string, featureName: t.string, strategyName: t.string, environment: t.string })
export const StrategyRef: Named<typeof StrategyRefCodec, StrategyRef> = StrategyRefCodec

/** The strategies using a segment (Unleash: GET /api/admin/segments/:id/strategies); flagport has no change requests. */
export interface SegmentStrategies extends t.TypeOf<typeof SegmentStrategiesCodec> {}
const SegmentStrategiesCodec = t.type({ strategies: t.array(StrategyRef), changeRequestStrategies: t.array(t.unknown) })
export const SegmentStrategies: Named<typeof SegmentStrategiesCodec, SegmentStrategies> = SegmentStrategiesCodec

/** The segments of one strategy (Unleash: GET /api/admin/segments/strategies/:strategyId). */
export interface StrategySegments extends t.TypeOf<typeof StrategySegmentsCodec> {}
const StrategySegmentsCodec = t.type({ segments: t.array(Segment) })
export const StrategySegments: Named<typeof StrategySegmentsCodec, StrategySegments> = StrategySegmentsCodec

/** `POST /api/admin/segments/strategies`: the segments one strategy should have (Unleash's updateFeatureStrategySegmentsSchema). */
export interface StrategySegmentsBody extends t.TypeOf<typeof StrategySegmentsBodyCodec> {}
const StrategySegmentsBodyCodec = closed(
  { projectId: t.string, strategyId: t.string, environmentId: t.string, segmentIds: t.array(Integer) },
  {},
  'a strategy and its segments',
)
export const StrategySegmentsBody: Named<typeof StrategySegmentsBodyCodec, StrategySegmentsBody> = StrategySegmentsBodyCodec

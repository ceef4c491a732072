import * as t from 'io-ts'
import { NonBlankString, open } from './codec.js'
import { Constraint, ConstraintInput } from './constraint.js'

/** A segment: named constraints that strategies share by id. */
export const Segment = t.type({
  id: t.number,
  name: t.string,
  description: t.union([t.string, t.null]),
  project: t.union([t.string, t.null]),
  constraints: t.array(Constraint),
  createdAt: t.string,
  createdBy: t.string,
})
export type Segment = t.TypeOf<typeof Segment>

export const SegmentList = t.type({ segments: t.array(Segment) })
export type SegmentList = t.TypeOf<typeof SegmentList>

/** Creating or replacing a segment (Unleash's upsertSegmentSchema). */
export const SegmentBody = open(
  { name: NonBlankString, constraints: t.array(ConstraintInput) },
  { description: t.union([t.string, t.null]), project: t.union([t.string, t.null]) },
  'a segment',
)
export type SegmentBody = t.TypeOf<typeof SegmentBody>

import * as E from 'fp-ts/lib/Either.js'
import type { Constraint } from '../../model/constraint.js'
import type { ListedSegment, Segment, SegmentBody } from '../../model/segment.js'
import type { SegmentState } from '../../model/state.js'
import type { Ctx } from '../context.js'
import { type ErrorDetail, type NameExistsError, type NotFoundError, conflict, exceedsLimit, nameExists, notFound, validationError, type ConflictError, type ExceedsLimitError, type ValidationError } from '../errors.js'
import { recordEvent } from '../events.js'
import { checkConstraint } from '../feature/validate-strategy.js'
import { type Usage, defaultsUsingSegment, describeDefaultUse, describeUse, segmentUsage, stateBefore, strategiesUsingSegment, usageOf } from './usage.js'
import type { ReadState, Tx } from '../../store/tx.js'

export const renderSegment = (s: SegmentState): Segment => ({
  id: s.id,
  name: s.name,
  description: s.description,
  ...(s.project !== null ? { project: s.project } : {}),
  constraints: s.constraints.map((c) => ({ ...c, values: [...c.values] })),
  createdBy: s.createdBy,
  createdAt: s.createdAt,
})

export const findSegment = (state: ReadState, id: string | number): E.Either<NotFoundError, SegmentState> => {
  const segment = state.segments.get(String(id))
  return segment ? E.right(segment) : E.left(notFound(`No segment exists with ID "${id}"`)) // Unleash's words
}

/** Segments by name, each with its use (`segmentUsage`), as Unleash lists them. */
export const listSegments = (state: ReadState, usage: Usage = usageOf(state)): ListedSegment[] =>
  Array.from(state.segments.rows())
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.id - b.id))
    .map((s) => ({ ...renderSegment(s), ...segmentUsage(usage, s.id) }))

export const valueCount = (constraints: readonly Constraint[]): number =>
  constraints.reduce((n, c) => n + (c.values.length > 0 ? c.values.length : c.value !== undefined ? 1 : 0), 0)

/** Unleash's 409 when another segment than `self` has the name. */
export const segmentNameTaken = (state: ReadState, name: string, self?: number): NameExistsError | undefined =>
  [...state.segments.rows()].some((s) => s.name === name && s.id !== self) ? nameExists('Segment name already exists') : undefined // Unleash's words

/** Checks a body against the store; `self` is the segment being replaced, if any. */
const checkBody = (state: ReadState, body: SegmentBody, self: number | undefined, ctx: Ctx): E.Either<(ExceedsLimitError | NameExistsError | ValidationError), Constraint[]> => {
  const taken = segmentNameTaken(state, body.name, self)
  if (taken) return E.left(taken)
  const problems: ErrorDetail[] = []
  if (body.project != null && !state.projects.get(body.project)) {
    problems.push({ path: '/body/project', message: `Could not find project with id "${body.project}".` })
  }
  const constraints = body.constraints.map((c, i) => checkConstraint(c, `/body/constraints/${i}`, problems))
  if (problems.length > 0) return E.left(validationError(problems))
  // A segment's values answer to segmentValues, counted over all its constraints, not to constraintValues.
  if (valueCount(constraints) > ctx.limits.segmentValues) return E.left(exceedsLimit('segment values', ctx.limits.segmentValues))
  return E.right(constraints)
}

/** Creates a segment with the next id; at most `limits.segments` of them. */
export const createSegment = (draft: Tx, body: SegmentBody, ctx: Ctx): E.Either<ExceedsLimitError | NameExistsError | ValidationError, number> => {
  if (draft.segments.size >= ctx.limits.segments) return E.left(exceedsLimit('segment', ctx.limits.segments))
  const constraints = checkBody(draft, body, undefined, ctx)
  if (E.isLeft(constraints)) return constraints
  draft.counters.segment += 1
  const segment: SegmentState = {
    id: draft.counters.segment,
    name: body.name,
    description: body.description ?? null,
    project: body.project ?? null,
    constraints: constraints.right,
    createdAt: ctx.now,
    createdBy: ctx.actor.name,
  }
  draft.segments.set(String(segment.id), segment)
  recordEvent(draft, ctx, { type: 'segment-created', ...(segment.project ? { project: segment.project } : {}), data: renderSegment(segment) })
  return E.right(segment.id)
}

/**
 * Replaces a segment's name, description, project and constraints. Moving it into a project
 * is refused while strategies of other projects use it (default strategies included).
 */
export const updateSegment = (draft: Tx, id: string, body: SegmentBody, ctx: Ctx): E.Either<ExceedsLimitError | NameExistsError | NotFoundError | ValidationError, number> => {
  const found = findSegment(draft, id)
  if (E.isLeft(found)) return found
  const before = renderSegment(found.right)
  const constraints = checkBody(draft, body, before.id, ctx)
  if (E.isLeft(constraints)) return constraints
  const project = body.project ?? null
  if (project !== null) {
    const state = stateBefore(draft)
    const outside = [
      ...strategiesUsingSegment(state, before.id)
        .filter((use) => use.feature.project !== project)
        .map((use) => `${describeUse(use)} (project "${use.feature.project}")`),
      ...defaultsUsingSegment(state, before.id)
        .filter((use) => use.project !== project)
        .map(describeDefaultUse),
    ]
    if (outside.length > 0) {
      return E.left(validationError(outside.map((use) => ({ path: '/body/project', message: `The segment cannot move to project "${project}": ${use} uses it.` }))))
    }
  }
  const segment = draft.segments.get(String(before.id))!
  segment.name = body.name
  // Left out, the description is kept, as Unleash keeps it; the project left out is none, as in Unleash.
  if (body.description !== undefined) segment.description = body.description
  segment.project = project
  segment.constraints = constraints.right
  recordEvent(draft, ctx, { type: 'segment-updated', ...(project ? { project } : {}), data: renderSegment(segment as SegmentState), preData: before })
  return E.right(before.id)
}

/** Deletes a segment that no strategy uses (archived features' strategies and projects' default strategies included). */
export const deleteSegment = (draft: Tx, id: string, ctx: Ctx): E.Either<ConflictError | NotFoundError, void> => {
  const found = findSegment(draft, id)
  if (E.isLeft(found)) return found
  const state = stateBefore(draft)
  const uses = [...strategiesUsingSegment(state, found.right.id).map(describeUse), ...defaultsUsingSegment(state, found.right.id).map(describeDefaultUse)]
  if (uses.length > 0) {
    // A 409, as in Unleash (which sends no body); ours names the strategies.
    const message = `Segment ${found.right.id} is in use; remove it from these strategies first.`
    return E.left(conflict(message, uses.map((use) => `Used by ${use}.`)))
  }
  const before = renderSegment(found.right)
  draft.segments.delete(String(before.id))
  recordEvent(draft, ctx, { type: 'segment-deleted', ...(before.project ? { project: before.project } : {}), preData: before })
  return E.right(undefined)
}

/**
 * flagport's transfer document: a whole store's definitions and flags, in the shapes of
 * Unleash's admin API (each record the body that creates it; flags as features-batch exports,
 * one per project and environment). `flagport export` writes one, `flagport import` reads one,
 * and an import from Unleash reads Unleash into one first.
 */
import * as t from 'io-ts'
import { open } from '../../../src/model/codec.js'
import { CreateContextFieldBody } from '../../../src/model/context-field.js'
import { CreateEnvironmentBody } from '../../../src/model/environment.js'
import { ImportData } from '../../../src/model/export.js'
import { CreateProjectBody } from '../../../src/model/project.js'
import { SegmentBody } from '../../../src/model/segment.js'
import { CreateStrategyTypeBody } from '../../../src/model/strategy-type.js'
import { CreateTagTypeBody } from '../../../src/model/tag.js'

export const TransferEnvironment = CreateEnvironmentBody
export type TransferEnvironment = t.TypeOf<typeof TransferEnvironment>

/** A project and the environments connected to it. */
export const TransferProject = t.intersection([CreateProjectBody, open({ id: t.string }, { environments: t.array(t.string) })], 'a project')
export type TransferProject = t.TypeOf<typeof TransferProject>

/** A segment; its `id` is the source's, used only to find it again in the same store. */
export const TransferSegment = t.intersection([SegmentBody, open({}, { id: t.number })], 'a segment')
export type TransferSegment = t.TypeOf<typeof TransferSegment>

/** One project's flags in one environment: the features-batch export of that pair. */
export const TransferFlags = open({ project: t.string, environment: t.string, data: ImportData }, {}, 'a project and environment with its flags')
export type TransferFlags = t.TypeOf<typeof TransferFlags>

export const TransferDocument = open(
  {
    format: t.literal('flagport-transfer'),
    version: t.literal(1),
    environments: t.array(TransferEnvironment),
    projects: t.array(TransferProject),
    /** Custom strategy types only: the built-in ones are in every store. */
    strategyTypes: t.array(CreateStrategyTypeBody),
    tagTypes: t.array(CreateTagTypeBody),
    contextFields: t.array(CreateContextFieldBody),
    segments: t.array(TransferSegment),
    flags: t.array(TransferFlags),
  },
  {},
  'a flagport transfer document',
)
export type TransferDocument = t.TypeOf<typeof TransferDocument>

import type { AdminApi } from '../../api/admin-api.js'
import * as t from 'io-ts'
import { ContextField, ContextFieldStrategies, ListedContextField } from '../../model/context-field.js'
import { ExportResult, ImportValidation } from '../../model/export.js'
import { ListedSegment, Segment, SegmentStrategies, StrategySegments } from '../../model/segment.js'
import { CreateTagTypeBody, FeatureTagList, Tag, TagList, TagTypeList, TagTypeRecord, TagTypeValidation, TagWithVersion } from '../../model/tag.js'
import { attachment, location, type Route, route } from '../route.js'
import { exportBytes } from '../../api/export-cache.js'
import { sharedJson } from '../shared-json.js'

/** Tags and tag types (operations 8 and 9), feature tags, segments, context fields, export (operation 1) and import. */
export const tagRoutes = ({ tags, tagTypes, featureTags, segments, contextFields, batch }: AdminApi): Route[] => [
  route('GET', '/api/admin/tags', tags.list, { answer: TagList }),
  // Unleash answers a created tag as it answers a read one: `{ version: 1, tag }`.
  route('POST', '/api/admin/tags', tags.create, {
    status: 201,
    body: true,
    headers: ({ result }) => location('tags', result.type, result.value),
    render: (tag) => ({ version: 1, tag }),
    answer: TagWithVersion,
  }),
  route('GET', '/api/admin/tags/:type', tags.listOfType, { answer: TagList }),
  // Over HTTP the answer is a frozen record kept per tag (src/api/operations/tags.ts): its JSON is written once.
  route('GET', '/api/admin/tags/:type/:value', tags.get, { serialize: sharedJson, answer: TagWithVersion }),
  route('DELETE', '/api/admin/tags/:type/:value', tags.delete),

  route('GET', '/api/admin/tag-types', tagTypes.list, { answer: TagTypeList }),
  // Unleash answers a created tag type with the body it validated: the fields sent, in their order.
  route('POST', '/api/admin/tag-types', tagTypes.create, {
    status: 201,
    body: true,
    headers: ({ result }) => location('tag-types', result.name),
    render: (_, { body }) => body,
    answer: CreateTagTypeBody,
  }),
  route('POST', '/api/admin/tag-types/validate', tagTypes.validate, { body: true, answer: TagTypeValidation }),
  route('GET', '/api/admin/tag-types/:name', tagTypes.get, { answer: t.type({ version: t.number, tagType: TagTypeRecord }) }),
  route('PUT', '/api/admin/tag-types/:name', tagTypes.update, { body: true }),
  route('DELETE', '/api/admin/tag-types/:name', tagTypes.delete),

  route('GET', '/api/admin/features/:featureName/tags', featureTags.list, { answer: FeatureTagList }),
  // `tags` resolves against the request URL to the feature's tags; Unleash's `<name>/tags` doubles the name.
  route('POST', '/api/admin/features/:featureName/tags', featureTags.add, { status: 201, body: true, answer: Tag, headers: () => location('tags') }),
  route('PUT', '/api/admin/features/:featureName/tags', featureTags.update, { body: true, answer: FeatureTagList }),
  route('DELETE', '/api/admin/features/:featureName/tags/:type/:value', featureTags.remove),
  route('PUT', '/api/admin/projects/:projectId/tags', featureTags.bulkUpdate, { body: true }),

  route('GET', '/api/admin/segments', segments.list, { answer: t.type({ segments: t.array(ListedSegment) }) }),
  route('POST', '/api/admin/segments', segments.create, { status: 201, body: true, answer: Segment, headers: ({ result }) => location('segments', result.id) }),
  route('POST', '/api/admin/segments/validate', segments.validateName, { body: true, status: 204 }),
  route('GET', '/api/admin/segments/strategies/:strategyId', segments.ofStrategy, { answer: StrategySegments }),
  route('GET', '/api/admin/segments/:segmentId', segments.get, { answer: Segment }),
  route('GET', '/api/admin/segments/:segmentId/strategies', segments.strategies, { answer: SegmentStrategies }),
  // Unleash answers a segment's update and deletion 204, and a context field's update 200, all without a body.
  route('PUT', '/api/admin/segments/:segmentId', segments.update, { status: 204, body: true, render: () => undefined }),
  route('DELETE', '/api/admin/segments/:segmentId', segments.delete, { status: 204 }),

  route('GET', '/api/admin/context', contextFields.list, { answer: t.array(ListedContextField) }),
  route('POST', '/api/admin/context', contextFields.create, { status: 201, body: true, answer: ContextField, headers: ({ result }) => location('context', result.name) }),
  route('POST', '/api/admin/context/validate', contextFields.validateName, { body: true }),
  route('GET', '/api/admin/context/:contextName', contextFields.get, { answer: ContextField }),
  route('GET', '/api/admin/context/:contextName/strategies', contextFields.strategies, { answer: ContextFieldStrategies }),
  route('PUT', '/api/admin/context/:contextName', contextFields.update, { body: true, render: () => undefined }),
  route('DELETE', '/api/admin/context/:contextName', contextFields.delete),
  route('POST', '/api/admin/context/:contextName/legal-values', contextFields.setLegalValue, { body: true }),
  route('DELETE', '/api/admin/context/:contextName/legal-values/:legalValue', contextFields.removeLegalValue),

  // `downloadFile: true` makes the same JSON a download (decisions.md).
  route('POST', '/api/admin/features-batch/export', batch.exportFeatures, {
    body: true,
    headers: ({ result }) => (result.filename === undefined ? {} : attachment(result.filename)),
    render: (result) => result.body,
    answer: ExportResult,
    serialize: exportBytes,
  }),
  route('POST', '/api/admin/features-batch/validate', batch.validateImport, { body: true, answer: ImportValidation }),
  route('POST', '/api/admin/features-batch/import', batch.importFeatures, { body: true }),
]

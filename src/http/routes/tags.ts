import type { AdminApi } from '../../api/admin-api.js'
import { location, type Route, route } from '../route.js'
import * as t from 'io-ts'
import { CreateTagTypeBody, FeatureTagList, Tag, TagList, TagTypeList, TagTypeRecord, TagTypeValidation, TagWithVersion } from '../../model/tag.js'

/** Tags and tag types (operations 8 and 9), and the tags of features. */
export const tagRoutes = ({ tags, tagTypes, featureTags }: AdminApi): Route[] => [
  route('GET', '/api/admin/tags', tags.list, { answer: TagList }),
  // Unleash answers a created tag as it answers a read one: `{ version: 1, tag }`.
  route('POST', '/api/admin/tags', tags.create, {
    answer: TagWithVersion,
    status: 201,
    body: true,
    headers: ({ result }) => location('tags', result.type, result.value),
    render: (tag) => ({ version: 1, tag }),
  }),
  route('GET', '/api/admin/tags/:type', tags.listOfType, { answer: TagList }),
  // Sent at once, the answer holds the stored row: its JSON is kept while the row is the same.
  route('GET', '/api/admin/tags/:type/:value', tags.get, { answer: TagWithVersion, serialize: (answer: TagWithVersion, kept) => kept.jsonKeptBy(answer.tag, answer) }),
  route('DELETE', '/api/admin/tags/:type/:value', tags.delete),

  route('GET', '/api/admin/tag-types', tagTypes.list, { answer: TagTypeList }),
  // Unleash answers a created tag type with the body it validated: the fields sent, in their order.
  route('POST', '/api/admin/tag-types', tagTypes.create, {
    answer: CreateTagTypeBody,
    status: 201,
    body: true,
    headers: ({ result }) => location('tag-types', result.name),
    render: (_, { body }) => body,
  }),
  route('POST', '/api/admin/tag-types/validate', tagTypes.validate, { answer: TagTypeValidation, body: true }),
  route('GET', '/api/admin/tag-types/:name', tagTypes.get, { answer: t.type({ version: t.number, tagType: TagTypeRecord }) }),
  route('PUT', '/api/admin/tag-types/:name', tagTypes.update, { body: true }),
  route('DELETE', '/api/admin/tag-types/:name', tagTypes.delete),

  route('GET', '/api/admin/features/:featureName/tags', featureTags.list, { answer: FeatureTagList }),
  // `tags` resolves against the request URL to the feature's tags; Unleash's `<name>/tags` doubles the name.
  route('POST', '/api/admin/features/:featureName/tags', featureTags.add, { answer: Tag, status: 201, body: true, headers: () => location('tags') }),
  route('PUT', '/api/admin/features/:featureName/tags', featureTags.update, { answer: FeatureTagList, body: true }),
  route('DELETE', '/api/admin/features/:featureName/tags/:type/:value', featureTags.remove),
  route('PUT', '/api/admin/projects/:projectId/tags', featureTags.bulkUpdate, { body: true }),
]

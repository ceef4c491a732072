/** Reads a whole source into a transfer document, every answer decoded by its codec. */
import * as E from 'fp-ts/lib/Either.js'
import * as t from 'io-ts'
import { decodeAt } from '../../../src/domain/decode.js'
import { open } from '../../../src/model/codec.js'
import { CreateContextFieldBody } from '../../../src/model/context-field.js'
import { ImportData } from '../../../src/model/export.js'
import { ProjectMode } from '../../../src/model/project.js'
import { CreateStrategyTypeBody } from '../../../src/model/strategy-type.js'
import { CreateTagTypeBody } from '../../../src/model/tag.js'
import { type TransferDocument, type TransferFlags, TransferEnvironment, TransferSegment } from './document.js'
import type { TransferSource } from './source.js'

const ProjectsAnswer = open({ projects: t.array(open({ id: t.string, name: t.string }, { description: t.union([t.string, t.null]), mode: ProjectMode })) })
const EnvironmentsAnswer = open({ environments: t.array(t.intersection([TransferEnvironment, open({}, { enabled: t.boolean })])) })
/** Every environment, `visible` marking those connected to the project. */
const ProjectEnvironmentsAnswer = open({ environments: t.array(open({ name: t.string, visible: t.boolean })) })
/** `editable` is false for the built-in types, which every store has. */
const StrategyTypesAnswer = open({ strategies: t.array(t.intersection([CreateStrategyTypeBody, open({}, { editable: t.boolean })])) })
const TagTypesAnswer = open({ tagTypes: t.array(CreateTagTypeBody) })
const ContextFieldsAnswer = t.array(CreateContextFieldBody)
const SegmentsAnswer = open({ segments: t.array(TransferSegment) })

/** In an export, the flag a path is about (` (flag checkout)`): an export lists a flag's parts apart from it. */
const flagAt = (answer: unknown, path: string | undefined): string => {
  const [, list, index] = /^\/(features|featureStrategies|featureEnvironments|featureTags)\/(\d+)/.exec(path ?? '') ?? []
  if (list === undefined || answer === null || typeof answer !== 'object') return ''
  const item = ((answer as Record<string, unknown>)[list] as unknown[] | undefined)?.[Number(index)] as Record<string, unknown> | undefined
  const name = item?.['featureName'] ?? item?.['name']
  return typeof name === 'string' ? ` (flag ${name})` : ''
}

/** An answer decoded, or a message naming the route and the offending paths. */
const decoded = async <A>(source: TransferSource, what: string, answer: Promise<E.Either<string, unknown>>, codec: t.Decoder<unknown, A>): Promise<E.Either<string, A>> => {
  const got = await answer
  if (E.isLeft(got)) return got
  const read = decodeAt(codec, '', got.right)
  if (E.isRight(read)) return read
  const details = read.left.details.map((d) => `${d.path ?? ''}${flagAt(got.right, d.path)}: ${d.message}`).join('; ')
  return E.left(`${source.name} answered ${what} with what flagport cannot read: ${details || read.left.message}`)
}

export const collect = async (source: TransferSource): Promise<E.Either<string, TransferDocument>> => {
  const get = <A>(route: string, codec: t.Decoder<unknown, A>) => decoded(source, `GET ${route}`, source.get(route), codec)
  const environments = await get('/api/admin/environments', EnvironmentsAnswer)
  if (E.isLeft(environments)) return environments
  const projects = await get('/api/admin/projects', ProjectsAnswer)
  if (E.isLeft(projects)) return projects
  const strategyTypes = await get('/api/admin/strategies', StrategyTypesAnswer)
  if (E.isLeft(strategyTypes)) return strategyTypes
  const tagTypes = await get('/api/admin/tag-types', TagTypesAnswer)
  if (E.isLeft(tagTypes)) return tagTypes
  const contextFields = await get('/api/admin/context', ContextFieldsAnswer)
  if (E.isLeft(contextFields)) return contextFields
  const segments = await get('/api/admin/segments', SegmentsAnswer)
  if (E.isLeft(segments)) return segments

  const documentProjects: TransferDocument['projects'][number][] = []
  const flags: TransferFlags[] = []
  for (const project of projects.right.projects) {
    const connected = await get(`/api/admin/environments/project/${encodeURIComponent(project.id)}`, ProjectEnvironmentsAnswer)
    if (E.isLeft(connected)) return connected
    const names = connected.right.environments.filter((e) => e.visible).map((e) => e.name)
    documentProjects.push({ ...project, environments: names })
    for (const environment of names) {
      const data = await decoded(source, `the export of project ${project.id} in ${environment}`, source.exportFlags(project.id, environment), ImportData)
      if (E.isLeft(data)) return data
      flags.push({ project: project.id, environment, data: data.right })
    }
  }
  return E.right({
    format: 'flagport-transfer',
    version: 1,
    environments: environments.right.environments,
    projects: documentProjects,
    strategyTypes: strategyTypes.right.strategies.filter((s) => s.editable !== false).map(({ editable: _editable, ...type }) => type),
    tagTypes: tagTypes.right.tagTypes,
    contextFields: contextFields.right,
    segments: segments.right.segments,
    flags,
  })
}

import * as t from 'io-ts'
import * as constraint from '../../model/constraint.js'
import * as contextField from '../../model/context-field.js'
import * as environment from '../../model/environment.js'
import * as event from '../../model/event.js'
import * as eventSearch from '../../model/event-search.js'
import * as exported from '../../model/export.js'
import * as feature from '../../model/feature.js'
import * as featureSearch from '../../model/feature-search.js'
import * as frontend from '../../model/frontend.js'
import * as group from '../../model/group.js'
import * as insights from '../../model/insights.js'
import * as jsonPatch from '../../model/json-patch.js'
import * as limits from '../../model/limits.js'
import * as metrics from '../../model/metrics.js'
import * as playground from '../../model/playground.js'
import * as project from '../../model/project.js'
import * as segment from '../../model/segment.js'
import * as session from '../../model/session.js'
import * as strategy from '../../model/strategy.js'
import * as strategyType from '../../model/strategy-type.js'
import * as tag from '../../model/tag.js'
import * as token from '../../model/token.js'
import * as uiConfig from '../../model/ui-config.js'
import * as user from '../../model/user.js'
import * as variant from '../../model/variant.js'
import * as errorBody from './error-body.js'

/**
 * The modules whose exported codecs are named components of the document, each by the name it
 * is exported under. Path parameters (model/params.ts) are written inline, where they are read.
 */
const MODULES: readonly Record<string, unknown>[] = [
  errorBody,
  constraint,
  contextField,
  environment,
  event,
  eventSearch,
  exported,
  feature,
  featureSearch,
  frontend,
  group,
  insights,
  jsonPatch,
  limits,
  metrics,
  playground,
  project,
  segment,
  session,
  strategy,
  strategyType,
  tag,
  token,
  uiConfig,
  user,
  variant,
]

/** io-ts's own primitives, which a module may export under a name of its own: never a component. */
const PRIMITIVES = new Set(['StringType', 'NumberType', 'BooleanType', 'NullType', 'UndefinedType', 'UnknownType', 'AnyType', 'AnyDictionaryType', 'AnyArrayType'])

/** Every exported codec and its name; a codec exported twice keeps the first name, sorted. */
export const componentNames = (): Map<object, string> => {
  const names = new Map<object, string>()
  const taken = new Set<string>()
  for (const module of MODULES) {
    for (const name of Object.keys(module).sort()) {
      const value = module[name]
      if (!(value instanceof t.Type) || PRIMITIVES.has((value as { _tag?: string })._tag ?? '') || names.has(value) || taken.has(name)) continue
      names.set(value, name)
      taken.add(name)
    }
  }
  return names
}

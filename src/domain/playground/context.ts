import type { Context } from '../../evaluation/context.js'
import { dictFrom } from '../../model/dict.js'
import type { FlatContext, PlaygroundContext } from '../../model/playground.js'

const STANDARD = new Set(['userId', 'sessionId', 'remoteAddress', 'environment', 'appName', 'currentTime'])

/**
 * The context with `properties` spread beside the standard fields (Unleash's flat context),
 * and the names of the fields left out because their values are not strings.
 */
export const flatten = (context: PlaygroundContext): { flat: FlatContext; invalid: string[] } => {
  const entries: [string, string][] = []
  const invalid: string[] = []
  for (const [name, value] of Object.entries(context)) {
    if (name === 'properties') continue
    if (typeof value === 'string') entries.push([name, value])
    else invalid.push(name)
  }
  for (const [name, value] of Object.entries(context.properties ?? {})) entries.push([name, value])
  return { flat: dictFrom(entries) as FlatContext, invalid }
}

/**
 * Every combination of the context's comma-separated values, as Unleash's advanced playground
 * expands them (`userId: "1,2"` is two contexts); stops counting past `limit`.
 */
export const combinations = (flat: FlatContext, limit: number): FlatContext[] | 'too many' => {
  let out: Record<string, string>[] = [{}]
  for (const [name, value] of Object.entries(flat)) {
    const values = name === 'appName' ? [value] : value.split(',').map((v) => v.trim()).filter((v) => v !== '')
    const choices = values.length === 0 ? [value] : values
    if (out.length * choices.length > limit) return 'too many'
    out = out.flatMap((partial) => choices.map((choice) => ({ ...partial, [name]: choice })))
  }
  return out.map((c) => dictFrom(Object.entries(c)) as FlatContext)
}

/** The evaluator's context for a flat one in an environment: standard fields as they are (the environment the one evaluated), the rest as properties. */
export const evaluationContext = (flat: FlatContext, environment: string): Context => {
  const properties: [string, string][] = []
  const standard: Record<string, string> = {}
  for (const [name, value] of Object.entries(flat)) {
    if (STANDARD.has(name)) standard[name] = value
    else properties.push([name, value])
  }
  return { ...standard, environment, properties: dictFrom(properties) }
}

/**
 * Unleash's client specification, every case: each isEnabled and getVariant case of each
 * file in index.json is one assertion named `<file> › <description>`.
 */
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import t from 'tap'
import {
  type ClientFeatures,
  type Context,
  type DeltaEvent,
  type RandomSource,
  applyDeltaEvents,
  compileEvaluator,
  seededRandom,
} from '../../src/evaluation/index.js'

/** The specification as the pinned devDependency ships it (CLIENT_SPECIFICATION_DIR to try another). */
const SPEC_DIR =
  process.env['CLIENT_SPECIFICATION_DIR'] ?? join(dirname(createRequire(import.meta.url).resolve('@unleash/client-specification/package.json')), 'specifications')

interface Case<R> {
  readonly description: string
  readonly context: Context
  readonly toggleName: string
  readonly expectedResult: R
}

interface SpecFile {
  readonly name: string
  readonly state: ClientFeatures | { readonly events: readonly DeltaEvent[] }
  readonly tests?: readonly Case<boolean>[]
  readonly variantTests?: readonly Case<Record<string, unknown>>[]
}

const readJson = (file: string): unknown => JSON.parse(readFileSync(join(SPEC_DIR, file), 'utf8'))

const files = (readJson('index.json') as string[]).map((file) => ({
  label: file.replace(/\.json$/, ''),
  spec: readJson(file) as SpecFile,
}))

const payloadOf = (spec: SpecFile): ClientFeatures =>
  'events' in spec.state ? applyDeltaEvents(spec.state.events) : spec.state

/** The actual variant cut down to the fields the spec states, plus any payload we returned. */
const comparable = (actual: object, expected: Record<string, unknown>): Record<string, unknown> => {
  const fields = new Set(Object.keys(expected))
  if ('payload' in actual) fields.add('payload')
  return Object.fromEntries([...fields].map((key) => [key, (actual as Record<string, unknown>)[key]]))
}

let enabledCases = 0
let variantCases = 0
for (const { label, spec } of files) {
  const flags = compileEvaluator(payloadOf(spec), { random: seededRandom(1) })
  for (const c of spec.tests ?? []) {
    enabledCases += 1
    t.equal(flags.isEnabled(c.toggleName, c.context), c.expectedResult, `${label} › ${c.description}`)
  }
  for (const c of spec.variantTests ?? []) {
    variantCases += 1
    const actual = flags.getVariant(c.toggleName, c.context)
    t.same(comparable(actual, c.expectedResult), c.expectedResult, `${label} › ${c.description}`)
  }
}

t.equal(files.length, 22, 'index.json lists the 22 specification files')
t.equal(enabledCases, 227, 'all 227 isEnabled cases ran')
t.equal(variantCases, 52, 'all 52 getVariant cases ran')

t.test('no case depends on what the random source draws', async (t) => {
  const extremes: Record<string, RandomSource> = { lowest: () => 0, highest: () => 1 - Number.EPSILON }
  for (const [which, random] of Object.entries(extremes)) {
    const misses: string[] = []
    for (const { label, spec } of files) {
      const flags = compileEvaluator(payloadOf(spec), { random })
      for (const c of spec.tests ?? []) {
        if (flags.isEnabled(c.toggleName, c.context) !== c.expectedResult) misses.push(`${label} › ${c.description}`)
      }
      for (const c of spec.variantTests ?? []) {
        const actual = flags.getVariant(c.toggleName, c.context)
        if (JSON.stringify(comparable(actual, c.expectedResult)) !== JSON.stringify(c.expectedResult)) {
          misses.push(`${label} › ${c.description}`)
        }
      }
    }
    t.same(misses, [], `every case passes when the source always draws its ${which} value`)
  }
})

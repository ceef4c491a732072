import { readFileSync } from 'node:fs'
import t from 'tap'
import { internalsOf } from '../../src/api/internals.js'
import { adminRoutes } from '../../src/http/routes/index.js'
import { probeRoutes } from '../../src/http/routes/probes.js'
import { makeApi } from '../support/api.js'

/*
 * Every operation of Unleash 8.2's own OpenAPI document (a copy in test/fixtures) is served by
 * flagport's route table, listed as deliberately absent in docs/decisions.md (between its
 * `absent-operations` markers), or listed below as not yet served, with the issue that serves it.
 */
const doc = JSON.parse(readFileSync(new URL('../fixtures/unleash-8.2-openapi.json', import.meta.url), 'utf8')) as { paths: Record<string, Record<string, unknown>> }
const METHODS = new Set(['get', 'post', 'put', 'patch', 'delete'])

/** Operations another issue serves; each leaves this list when it is served. */
const NOT_YET_SERVED: Readonly<Record<string, string>> = {
}

/** `GET /a/{b}` and `GET /a/:c` are one operation: the placeholders' names do not matter. */
const shape = (operation: string): string => operation.replace(/\{[^}]+\}|:[^/]+/g, '{}')

/** The operations docs/decisions.md lists as deliberately absent: lines `- \`METHOD /path\`` between its markers. */
const deliberatelyAbsent = (): string[] => {
  const text = readFileSync(new URL('../../docs/decisions.md', import.meta.url), 'utf8')
  const section = /<!-- absent-operations -->([\s\S]*?)<!-- \/absent-operations -->/.exec(text)?.[1] ?? ''
  return [...section.matchAll(/^- `((?:GET|POST|PUT|PATCH|DELETE) \/\S*)`/gm)].map((m) => m[1]!)
}

t.test("every operation of Unleash 8.2's OpenAPI document is served, deliberately absent, or not yet served with its issue", async (t) => {
  const { api } = await makeApi()
  const served = new Set([...adminRoutes(api), ...probeRoutes(internalsOf(api).storage)].map((r) => shape(`${r.method} ${r.pattern}`)))
  const absent = deliberatelyAbsent()
  t.ok(absent.length > 0, 'docs/decisions.md lists the deliberate absences between its markers')
  const operations = Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops).filter((m) => METHODS.has(m)).map((m) => `${m.toUpperCase()} ${path}`))
  t.equal(operations.length, 211, "the fixture is Unleash 8.2's document")
  const known = new Set(operations.map(shape))
  const listed = new Set([...absent, ...Object.keys(NOT_YET_SERVED)].map(shape))

  const unaccounted = operations.filter((op) => !served.has(shape(op)) && !listed.has(shape(op)))
  t.same(unaccounted, [], 'no operation is neither served nor listed')
  const servedAndListed = [...absent, ...Object.keys(NOT_YET_SERVED)].filter((op) => served.has(shape(op)))
  t.same(servedAndListed, [], 'a served operation leaves the lists')
  const stale = [...absent, ...Object.keys(NOT_YET_SERVED)].filter((op) => !known.has(shape(op)))
  t.same(stale, [], 'every listed operation is in the document')
  t.comment(`served: ${operations.filter((op) => served.has(shape(op))).length} of ${operations.length}; deliberately absent: ${absent.length}; not yet served: ${Object.keys(NOT_YET_SERVED).length}`)
})

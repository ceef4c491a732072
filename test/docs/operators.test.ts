/**
 * docs/evaluation.md lists the constraint operators in two groups: those the admin API accepts
 * (and the evaluator implements), and those of the client specification that the admin API
 * refuses (and the evaluator implements all the same). Both lists are checked against the code.
 */
import { readFileSync } from 'node:fs'
import t from 'tap'
import { compileConstraint } from 'flagport/evaluation'
import { MULTI_VALUE_OPERATORS, SINGLE_VALUE_OPERATORS } from '../../src/model/constraint.js'
import { makeApi, ok } from '../support/api.js'
import { raw } from '../support/raw.js'

const doc = readFileSync(new URL('../../docs/evaluation.md', import.meta.url), 'utf8')
/** The backticked upper-case names of the bullet that starts with `start`. */
const listed = (start: string): string[] => {
  const from = doc.indexOf(start)
  const bullet = doc.slice(from, doc.indexOf('\n- ', from + 1))
  return [...bullet.matchAll(/`([A-Z_]+)`/g)].map((m) => m[1]!)
}
const accepted = listed('- **Constraint operators** the admin API accepts')
const refused = listed('- **Operators of the client specification that the admin API refuses**')

/** A constraint of each operator, and a context it holds for. */
const HOLDS: Record<string, [{ values?: string[]; value?: string }, Record<string, string>]> = {
  IN: [{ values: ['a'] }, { x: 'a' }],
  NOT_IN: [{ values: ['a'] }, { x: 'b' }],
  STR_STARTS_WITH: [{ values: ['ab'] }, { x: 'abc' }],
  STR_ENDS_WITH: [{ values: ['bc'] }, { x: 'abc' }],
  STR_CONTAINS: [{ values: ['b'] }, { x: 'abc' }],
  NUM_EQ: [{ value: '2' }, { x: '2' }],
  NUM_GT: [{ value: '2' }, { x: '3' }],
  NUM_GTE: [{ value: '2' }, { x: '2' }],
  NUM_LT: [{ value: '2' }, { x: '1' }],
  NUM_LTE: [{ value: '2' }, { x: '2' }],
  DATE_AFTER: [{ value: '2026-01-01T00:00:00.000Z' }, { x: '2026-06-01T00:00:00.000Z' }],
  DATE_BEFORE: [{ value: '2026-01-01T00:00:00.000Z' }, { x: '2025-06-01T00:00:00.000Z' }],
  SEMVER_EQ: [{ value: '1.2.3' }, { x: '1.2.3' }],
  SEMVER_GT: [{ value: '1.2.3' }, { x: '1.3.0' }],
  SEMVER_GTE: [{ value: '1.2.3' }, { x: '1.2.3' }],
  SEMVER_LT: [{ value: '1.2.3' }, { x: '1.2.0' }],
  SEMVER_LTE: [{ value: '1.2.3' }, { x: '1.2.3' }],
  REGEX: [{ value: '^a.c$' }, { x: 'abc' }],
  IN_CIDR: [{ values: ['10.0.0.0/8'] }, { x: '10.1.2.3' }],
}

t.test('the operators the docs say the admin API accepts are exactly those its codec takes', async (t) => {
  t.same([...accepted].sort(), [...MULTI_VALUE_OPERATORS, ...SINGLE_VALUE_OPERATORS].sort())
  t.same(accepted.filter((op) => refused.includes(op)), [], 'and no operator is in both lists')
})

t.test('every operator the docs list is implemented by the evaluator', async (t) => {
  t.ok(accepted.length > 0 && refused.length > 0)
  for (const operator of [...accepted, ...refused]) {
    const example = HOLDS[operator]
    if (!t.ok(example, `an example of ${operator}`) || !example) continue
    const [values, properties] = example
    const holds = compileConstraint({ contextName: 'x', operator, ...values })
    t.equal(holds({ properties }), true, `${operator} holds`)
    t.equal(holds({ properties: {} }), operator === 'NOT_IN', `${operator} without the field`)
  }
})

t.test('the operators the docs say the admin API refuses are refused with a 400 naming the operator', async (t) => {
  const { api } = await makeApi()
  ok(await api.features.create({ params: { projectId: 'default' }, body: { name: 'f' } }))
  const params = { projectId: 'default', featureName: 'f', environment: 'development' }
  for (const operator of refused) {
    const [values] = HOLDS[operator]!
    const result = await api.strategies.add({ params, body: raw({ name: 'default', constraints: [{ contextName: 'x', operator, ...values }] }) })
    t.match(result, { _tag: 'Left', left: { _tag: 'ValidationError', details: [{ path: '/body/constraints/0/operator' }] } }, operator)
  }
  t.same(ok(await api.strategies.list({ params })), [], 'and nothing was stored')
})

t.test('SEMVER_GTE, SEMVER_LTE and REGEX are stored as Unleash 8.2 stores them; a bad version or pattern is a 400 at its value', async (t) => {
  const { api } = await makeApi()
  ok(await api.features.create({ params: { projectId: 'default' }, body: { name: 'f' } }))
  const params = { projectId: 'default', featureName: 'f', environment: 'development' }
  const constraints = [
    { contextName: 'appVersion', operator: 'SEMVER_GTE', value: '1.2.3' },
    { contextName: 'appVersion', operator: 'SEMVER_LTE', value: '2.0.0-rc.1' },
    { contextName: 'email', operator: 'REGEX', value: '^[a-z]+@example\\.com$', caseInsensitive: true },
  ] as const
  const added = ok(await api.strategies.add({ params, body: { name: 'default', constraints: [...constraints] } }))
  t.match(added.constraints, constraints.map((c) => ({ ...c, values: [], inverted: false })))
  for (const [constraint, path] of [
    [{ contextName: 'v', operator: 'SEMVER_LTE', value: 'v1.2' }, '/body/constraints/0/value'],
    [{ contextName: 'e', operator: 'REGEX', value: '^a(b' }, '/body/constraints/0/value'],
    [{ contextName: 'e', operator: 'REGEX', value: '(?<=a)b' }, '/body/constraints/0/value'],
    [{ contextName: 'e', operator: 'REGEX', values: ['a'] }, '/body/constraints/0/value'],
  ] as const) {
    const result = await api.strategies.add({ params, body: raw({ name: 'default', constraints: [constraint] }) })
    t.match(result, { _tag: 'Left', left: { _tag: 'ValidationError', details: [{ path }] } }, JSON.stringify(constraint))
  }
  t.equal(ok(await api.strategies.list({ params })).length, 1, 'only the valid strategy was stored')
})

/**
 * Each example of examples/ runs as written, as its own process on a free port, and serves
 * the admin API through its framework: a feature, a strategy, a tag and an export, and the
 * checks flagport owns (401, 415, 400, 413) unchanged by the framework in front of it.
 */
import t from 'tap'
import { type Answer, callScript, startScript, stopScript } from '../support/script.js'

const TOKEN = '*:*.change-me'
const FEATURES = '/api/admin/projects/default/features'

const EXAMPLES = ['examples/node-http.ts', 'examples/express.ts', 'examples/fastify.ts', 'examples/hono.ts']

const errorName = (answer: Answer) => (answer.json as { name?: string } | undefined)?.name

for (const example of EXAMPLES) {
  t.test(example, async (t) => {
    const running = await startScript(example, { FLAGPORT_ADMIN_TOKENS: TOKEN })
    t.teardown(() => stopScript(running))
    const call = (method: string, path: string, body?: unknown, headers?: Record<string, string>) =>
      callScript(running.url, method, path, { token: TOKEN, ...(body !== undefined ? { body } : {}), ...(headers ? { headers } : {}) })

    const anonymous = await callScript(running.url, 'GET', '/api/admin/projects')
    t.equal(anonymous.status, 401)
    t.equal(errorName(anonymous), 'AuthenticationRequired')

    const created = await call('POST', FEATURES, { name: 'checkout' })
    t.equal(created.status, 201)
    t.equal(created.headers['location'], 'features/checkout')
    t.match(created.headers['content-type'], /^application\/json/)

    const strategy = await call('POST', `${FEATURES}/checkout/environments/development/strategies`, { name: 'flexibleRollout', parameters: { rollout: '50' } })
    t.equal(strategy.status, 200)
    t.equal(strategy.json.name, 'flexibleRollout')

    t.equal((await call('POST', '/api/admin/features/checkout/tags', { type: 'simple', value: 'beta' })).status, 201)

    const exported = await call('POST', '/api/admin/features-batch/export', { environment: 'development', features: ['checkout'], downloadFile: true })
    t.equal(exported.status, 200)
    t.match(exported.headers['content-disposition'], /^attachment; filename="export-development-[\d_-]+\.json"$/)
    t.same(exported.json.features.map((f: { name: string }) => f.name), ['checkout'])
    t.same(exported.json.featureStrategies.map((s: { id: string }) => s.id), [strategy.json.id])
    t.same(exported.json.featureTags, [{ featureName: 'checkout', tagType: 'simple', tagValue: 'beta' }])

    const asText = await call('POST', FEATURES, '{"name":"plain"}', { 'content-type': 'text/plain' })
    t.equal(asText.status, 415)
    t.equal(errorName(asText), 'ContentTypeerror')
    const malformed = await call('POST', FEATURES, '{"name":')
    t.equal(malformed.status, 400)
    t.equal(errorName(malformed), 'ValidationError')
    t.equal((await call('POST', FEATURES, { name: 'huge', description: 'x'.repeat(1024 * 1024) })).status, 413)

    const listed = await call('GET', FEATURES)
    t.same(listed.json.features.map((f: { name: string }) => f.name), ['checkout'], 'the refused requests stored nothing')
  })
}

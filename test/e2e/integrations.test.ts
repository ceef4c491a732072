import * as E from 'fp-ts/lib/Either.js'
import { createServer, type IncomingHttpHeaders } from 'node:http'
import type { AddressInfo } from 'node:net'
import { startIntegrations } from '../../adapters/integrations/deliveries.js'
import { ADMIN_TOKEN, answerTo, browserTest, logIn, visit } from './browser-harness.js'

/*
 * Issue 49's integration, in Unleash's own Admin UI: a webhook is created on the Integrations
 * page, a flag is toggled on the project page, and a receiver on loopback gets the event with
 * the configured Authorization header. Skips without Chromium or the fetched UI; fails under CI=true.
 */
const FLAG = 'hooked-flag'
const admin = { authorization: ADMIN_TOKEN }

browserTest('a webhook created on the Integrations page receives a flag toggled in the UI', 'integrations', async (t, ui, step) => {
  const { api, page } = ui
  const got: { headers: IncomingHttpHeaders; body: string }[] = []
  let arrived: () => void = () => undefined
  const delivered = new Promise<void>((resolve) => (arrived = resolve))
  const receiver = createServer((req, res) => {
    let body = ''
    req.on('data', (c: Buffer) => (body += c.toString('utf8')))
    req.on('end', () => {
      got.push({ headers: req.headers, body })
      res.end()
      arrived()
    })
  })
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve))
  t.teardown(() => new Promise((resolve) => receiver.close(resolve)))
  const hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`

  const integrations = startIntegrations(api, { logger: { error: () => undefined, warn: () => undefined } })
  t.teardown(() => integrations.close())
  t.ok(E.isRight(await api.features.create({ ...admin, params: { projectId: 'default' }, body: { name: FLAG } })), 'a flag is seeded')
  const strategy = await api.strategies.add({ ...admin, params: { projectId: 'default', featureName: FLAG, environment: 'development' }, body: { name: 'default' } })
  t.ok(E.isRight(strategy), 'with a strategy in development, so enabling it asks nothing')
  step('log in')
  t.equal(await logIn(ui), 200, 'the admin logs in')

  step('open the Integrations page')
  await visit(page, '/integrations')
  await page.locator('::-p-text(Webhook)').wait()
  await visit(page, '/integrations/create/webhook')

  step('create the webhook')
  await page.locator('input[name="url"]').fill(hookUrl)
  await page.locator('input[name="authorization"]').fill('Bearer ui-secret')
  await page.locator('[data-testid="select-event-input"] input').click()
  await page.keyboard.type('feature-environment-enabled')
  await page.locator('::-p-xpath(//li[@role="option"][.//*[normalize-space(text())="feature-environment-enabled"] or normalize-space()="feature-environment-enabled"])').click()
  await page.keyboard.press('Escape')
  const created = answerTo(page, 'POST', '/api/admin/addons')
  await page.locator('button[type="submit"]').click()
  const answer = await created
  t.equal(answer.status(), 200, 'the webhook is created')
  t.match(JSON.parse(answer.request().postData() ?? '{}'), { provider: 'webhook', enabled: true, events: ['feature-environment-enabled'] })
  const listed = await api.addons.list(admin)
  t.match(E.isRight(listed) && listed.right.addons, [{ provider: 'webhook', parameters: { url: '*****', authorization: '*****' } }], 'the store holds it, secrets masked')

  step('toggle the flag')
  // Once the page has read the flag: a click on a switch drawn before that is lost.
  const read = answerTo(page, 'GET', `/api/admin/projects/default/features/${FLAG}`)
  await visit(page, `/projects/default/features/${FLAG}`)
  await read
  await page.waitForNetworkIdle({ idleTime: 250 })
  const toggled = answerTo(page, 'POST', new RegExp(`/features/${FLAG}/environments/development/on$`))
  await page.locator(`[data-testid="TOGGLE-${FLAG}-development"]`).click()
  t.equal((await toggled).status(), 200, 'the flag is enabled in development')

  step('receive the delivery')
  await delivered
  t.equal(got.length, 1)
  t.equal(got[0]!.headers.authorization, 'Bearer ui-secret', 'with the configured Authorization header')
  t.match(JSON.parse(got[0]!.body), { type: 'feature-environment-enabled', featureName: FLAG, environment: 'development' })
})

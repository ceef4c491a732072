import * as E from 'fp-ts/lib/Either.js'
import { once } from 'node:events'
import { Unleash } from 'unleash-client'
import { ADMIN_TOKEN, answerTo, browserTest, byText, logIn, pageShows, STEP_TIMEOUT, visit } from './browser-harness.js'

/*
 * Issue 40's flow, driven in Unleash's own Admin UI as a person would: log in, create a flag,
 * give it a gradual rollout with a constraint, enable it in development, find it in the flags
 * overview, read the change in the event log and evaluate it in the playground. Then Unleash's
 * Node SDK evaluates the flag and reports its use, and the applications pages and the flag's
 * Metrics tab show it (issue 48). After each step the store is read through the facade, so a
 * page that merely looks right cannot pass. Skips without Chromium or the fetched UI, and
 * fails under CI=true.
 */
const FLAG = 'checkout-redesign'
const APP = 'checkout-web'
const INSTANCE = 'checkout-web-1'
const admin = { authorization: ADMIN_TOKEN }
const flagPath = { projectId: 'default', featureName: FLAG }

browserTest('a flag is created, targeted, enabled, found, logged and evaluated in the Admin UI; its use shows on the applications pages and its Metrics tab', 'admin-ui-flow', async (t, ui, step) => {
  const { api, page, url } = ui
  const readFlag = async () => {
    const flag = await api.features.get({ ...admin, params: flagPath })
    if (E.isLeft(flag)) throw new Error(`${FLAG} cannot be read: ${JSON.stringify(flag.left)}`)
    return flag.right
  }
  const development = async () => (await readFlag()).environments.find((e) => e.name === 'development')
  // Another flag, which the search must leave out.
  t.ok(E.isRight(await api.features.create({ ...admin, params: { projectId: 'default' }, body: { name: 'checkout-legacy' } })), 'a second flag is seeded')
  step('log in')
  t.equal(await logIn(ui), 200, 'the admin logs in')

  // Create the flag from the project page's dialog.
  step('create the flag')
  await visit(page, `/projects/default`)
  await page.locator('button[data-testid="NAVIGATE_TO_CREATE_FEATURE"]').click()
  await page.locator('[data-testid="FORM_NAME_INPUT"] input').fill(FLAG)
  await page.locator('[data-testid="FORM_DESCRIPTION_INPUT"] textarea').fill('the new checkout')
  const created = answerTo(page, 'POST', /^\/api\/admin\/projects\/default\/features$/)
  await page.locator('button[data-testid="FORM_CREATE_BUTTON"]').click()
  t.equal((await created).status(), 201, 'the flag is created')
  await page.waitForSelector(`[data-testid="TOGGLE-${FLAG}-development"]`)
  t.match(await readFlag(), { name: FLAG, project: 'default', description: 'the new checkout' }, 'the store holds the flag')
  // Its toast would lie over the strategy form's Save button: close it as a person would.
  await page.locator(`${byText('Flag created successfully')}`).wait()
  await page.locator('::-p-xpath(//*[normalize-space(text())="Flag created successfully"]/ancestor::*[.//button[@aria-label="Close"]][1]//button[@aria-label="Close"])').click()
  await page.waitForFunction(`!document.body.innerText.includes('Flag created successfully')`, { timeout: STEP_TIMEOUT })

  // A gradual rollout to everyone, constrained to one application, in development.
  step('add the rollout')
  await page.locator('[data-testid="FEATURE_ENVIRONMENT_ACCORDION_development"] button[data-testid="ADD_STRATEGY_BUTTON"]').click()
  // The strategy cards show their Configure button on hover.
  await page.locator(byText('Gradual rollout')).hover()
  await page.locator(byText('Configure', `//*[normalize-space(text())="Gradual rollout"]/ancestor::*[.//*[normalize-space(text())="Configure"]][1]`)).click()
  await page.locator('button[data-testid="STRATEGY_TARGETING_TAB"]').click()
  await page.locator('button[data-testid="ADD_CONSTRAINT_BUTTON"]').click()
  await page.locator('[data-testid="CONSTRAINT_ADD_VALUES_BUTTON"]').click()
  await page.locator('[data-testid="CONSTRAINT_VALUES_INPUT"] input').fill(APP)
  const validated = answerTo(page, 'POST', /^\/api\/admin\/constraints\/validate$/)
  await page.locator('button[data-testid="CONSTRAINT_VALUES_ADD_BUTTON"]').click()
  t.equal((await validated).status(), 204, 'the constraint is valid')
  await pageShows(page, APP)
  // The values popover stays open after adding; a click beside it closes it, as for a person.
  await page.locator(byText('Constraints', '//*[@data-testid="SIDEBAR_MODAL_ID"]')).click()
  await page.waitForSelector('[data-testid="CONSTRAINT_VALUES_INPUT"]', { hidden: true })
  await page.locator(byText('General', '//*[@data-testid="SIDEBAR_MODAL_ID"]')).click()
  // A click at the right end of the slider's track sets the rollout to everyone.
  const slider = await (await page.waitForSelector('[data-testid="ROLLOUT_SLIDER_ID"]'))?.boundingBox()
  if (!slider) throw new Error('the rollout slider has no box')
  await page.mouse.click(slider.x + slider.width - 1, slider.y + slider.height / 2)
  // The API command beside the form shows the body the form will send.
  await pageShows(page, '"rollout": "100"')
  const strategySaved = answerTo(page, 'POST', /\/features\/[^/]+\/environments\/development\/strategies$/)
  await page.locator('button[data-testid="STRATEGY_FORM_SUBMIT_ID"]').click()
  t.equal((await strategySaved).status(), 200, 'the strategy is saved')
  t.match((await development())?.strategies, [
    { name: 'flexibleRollout', parameters: { rollout: '100', stickiness: 'default', groupId: FLAG }, constraints: [{ contextName: 'appName', operator: 'IN', values: [APP] }] },
  ], 'the store holds the rollout with its constraint')

  // Enable development with its switch.
  step('enable development')
  const enabled = answerTo(page, 'POST', /\/environments\/development\/on$/)
  await page.locator(`[data-testid="TOGGLE-${FLAG}-development"]`).click()
  t.equal((await enabled).status(), 200, 'development is enabled')
  t.equal((await development())?.enabled, true, 'the store has development enabled')

  // Find it in the flags overview by searching for part of its name.
  step('search')
  const searched = answerTo(page, 'GET', /^\/api\/admin\/search\/features$/)
  await visit(page, `/search`)
  const search = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/admin/search/features' && new URL(r.url()).searchParams.get('query') === 'redesign', { timeout: STEP_TIMEOUT })
  await searched
  await page.locator('input[data-testid="SEARCH_INPUT"][placeholder^="Search"]').fill('redesign')
  const found = await search
  t.match(await found.json(), { total: 1, features: [{ name: FLAG }] }, 'the search finds only the flag')
  await page.locator(`a ::-p-text(${FLAG})`).wait()

  // The event log shows what was done, newest first.
  step('event log')
  await visit(page, `/history`)
  await pageShows(page, 'feature-environment-enabled')
  await pageShows(page, 'feature-strategy-add')
  await pageShows(page, 'feature-created')
  t.same(
    api.events(10, (e) => e.featureName === FLAG).map((e) => e.type),
    ['feature-environment-enabled', 'feature-strategy-add', 'feature-created'],
    'the store recorded the three changes',
  )

  // Evaluate it in the playground for the targeted application.
  step('playground')
  await visit(page, `/playground`)
  await page.locator('#context-field').click()
  await page.locator(`[role="option"] ::-p-text(appName)`).click()
  // The closing list would swallow the next click.
  await page.waitForSelector('[role="listbox"]', { hidden: true })
  await page.locator('#context-value').fill(APP)
  await page.locator('::-p-xpath(//button[normalize-space()="Add"])').click()
  await pageShows(page, `"appName": "${APP}"`)
  const evaluated = answerTo(page, 'POST', /^\/api\/admin\/playground\/advanced$/)
  await page.locator(byText('Try configuration')).click()
  const answer = await evaluated
  t.match(JSON.parse(answer.request().postData() ?? '{}'), { environments: ['development'], context: { appName: APP } }, 'the playground asks for the application')
  t.equal(answer.status(), 200, 'the playground evaluates')
  const evaluation = (await answer.json()) as { features: { name: string }[] }
  t.match(evaluation.features.find((f) => f.name === FLAG), {
    environments: { development: [{ isEnabled: true, isEnabledInCurrentEnvironment: true, strategies: { result: true, data: [{ name: 'flexibleRollout', constraints: [{ contextName: 'appName', result: true }] }] } }] },
  }, 'the flag is on for the targeted application, its constraint holding')
  await page.locator(`::-p-text(${FLAG})`).wait()

  // Unleash's Node SDK, as the targeted application: three evaluations on, one for another application off.
  step('the SDK reports')
  const token = await api.apiTokens.create({ ...admin, params: {}, body: { tokenName: APP, type: 'client', environment: 'development', projects: ['default'] } })
  if (E.isLeft(token)) throw new Error(`no client token: ${JSON.stringify(token.left)}`)
  const sdk = new Unleash({ url: `${url}/api/`, appName: APP, instanceId: INSTANCE, customHeaders: { Authorization: token.right.secret }, refreshInterval: 60_000, metricsInterval: 60_000, skipInstanceCountWarning: true })
  t.teardown(() => sdk.destroy())
  const complaints: unknown[] = []
  for (const kind of ['warn', 'error']) sdk.on(kind, (complaint) => complaints.push(complaint))
  // `once` rejects on the SDK's first error.
  await Promise.all([once(sdk, 'registered'), once(sdk, 'synchronized')])
  t.same([1, 2, 3].map(() => sdk.isEnabled(FLAG)), [true, true, true], 'the flag is on for the application')
  t.equal(sdk.isEnabled(FLAG, { appName: 'checkout-admin' }), false, 'and off for another')
  await sdk.destroyWithFlush()
  t.same(complaints, [], 'with no warning or error')
  const usage = await api.metrics.feature({ ...admin, params: { featureName: FLAG } })
  t.match(E.isRight(usage) && usage.right, { totalUsage: [{ environment: 'development', yes: 3, no: 1 }], seenApplications: [APP] }, 'the store holds what the SDK reported')

  // The applications page lists the application; its page shows the environment and the SDK.
  step('applications')
  const listed = answerTo(page, 'GET', '/api/admin/metrics/applications')
  await visit(page, `/applications`)
  t.match(await (await listed).json(), { total: 1, applications: [{ appName: APP, usage: [{ project: 'default', environments: ['development'] }] }] }, 'the listing holds the application')
  const overview = answerTo(page, 'GET', `/api/admin/metrics/applications/${APP}/overview`)
  await page.locator(`a ::-p-text(${APP})`).click()
  t.match(await (await overview).json(), { projects: ['default'], featureCount: 1, environments: [{ name: 'development', instanceCount: 1 }], issues: { missingStrategies: [] } }, "the application's overview")
  await pageShows(page, 'development environment')
  await pageShows(page, 'unleash-node-sdk:')
  await pageShows(page, 'Created: ')
  t.notOk(((await page.evaluate('document.body.innerText')) as string).includes('Invalid Date'), 'the page shows when the application was first seen')

  step('instances')
  const instances = answerTo(page, 'GET', `/api/admin/metrics/instances/${APP}/environment/development`)
  await page.locator(byText('Last seen instances (24h)')).click()
  t.equal((await instances).status(), 200, "the development environment's instances are read")
  await pageShows(page, INSTANCE)

  // The flag's Metrics tab, for development: its exposure, 3 of 4 evaluations.
  step('metrics tab')
  await visit(page, `/projects/default/features/${FLAG}`)
  const raw = answerTo(page, 'GET', `/api/admin/client-metrics/features/${FLAG}/raw`)
  await page.locator('::-p-xpath(//button[@role="tab"][normalize-space()="Metrics"])').click()
  // Every hour of the last day, zeros included, as Unleash answers: this hour holds the counts.
  const hours = ((await (await raw).json()) as { data: { appName: string; environment: string; yes: number; no: number }[] }).data
  t.equal(hours.length, 24, 'the hourly counts are read, one a hour')
  t.match(hours.at(-1), { appName: APP, environment: 'development', yes: 3, no: 1 }, 'the last hour holds what the SDK reported')
  await page.locator('[data-testid="unselected-chip-development"]').click()
  await page.waitForSelector('[aria-label="Feature metrics summary"]')
  const figures = await page.$eval('[aria-label="Feature metrics summary"]', (section) => (section as unknown as { innerText: string }).innerText)
  t.match(figures, /Exposure\s+3\b[\s\S]*Exposure %\s+75%[\s\S]*Requests\s+4\b/, 'the tab shows 3 exposures of 4 requests, 75%')

  t.same([...new Set(ui.notFound)], [], 'every API call of the flow is served (none answered 404)')
})

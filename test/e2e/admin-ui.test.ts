import * as E from 'fp-ts/lib/Either.js'
import t from 'tap'
import { ADMIN_TOKEN, keepScreen, logIn, missingPrerequisites, startAdminUi, STEP_TIMEOUT } from './browser-harness.js'

/*
 * Unleash's own Admin UI, driven in headless Chromium against flagport: log in as the built-in
 * admin and see a flag. It needs Debian's `chromium` and the UI fetched by `npm run ui:fetch`;
 * without them it skips, but under CI=true it fails, so CI cannot pass without running it.
 */
const FLAG = 'browser-checkout'
const DESCRIPTION = 'seen in the browser'

const missing = missingPrerequisites()
if (missing.length > 0) {
  if (process.env['CI'] === 'true') t.fail(`the browser test cannot run: ${missing.join('; ')}`)
  else t.plan(0, `skipped: the browser test needs ${missing.join('; ')}`)
} else {
  t.test('the Unleash Admin UI logs in as admin through a session and shows a flag', async (t) => {
    const ui = await startAdminUi(t)
    const { api, page, url } = ui
    const created = await api.features.create({ authorization: ADMIN_TOKEN, params: { projectId: 'default' }, body: { name: FLAG, description: DESCRIPTION } })
    t.ok(E.isRight(created), 'the flag is seeded')
    try {
      t.equal(await logIn(ui), 200, 'the login succeeds')
      const cookies = await page.cookies()
      t.match(cookies.find((c) => c.name === 'unleash-session'), { httpOnly: true, sameSite: 'Lax' }, 'the browser holds the session cookie')

      await page.goto(`${url}/projects/default/features/${FLAG}`, { waitUntil: 'domcontentloaded' })
      // The name shows in the breadcrumb before the flag loads; its description only after.
      await page.waitForFunction(`document.body.innerText.includes(${JSON.stringify(DESCRIPTION)})`, { timeout: STEP_TIMEOUT })
      t.ok((await page.content()).includes(FLAG), "the flag's page shows it, with its description")
      t.same(ui.serverErrors, [], 'no API call failed on the server')
    } catch (error) {
      t.fail(`${(error as Error).message} (screen and HTML kept in ${await keepScreen(page, 'admin-ui')})`)
    }
  })
}

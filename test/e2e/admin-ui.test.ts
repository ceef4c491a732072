import * as E from 'fp-ts/lib/Either.js'
import { ADMIN_TOKEN, browserTest, logIn, pageShows, visit } from './browser-harness.js'

/*
 * Unleash's own Admin UI, driven in headless Chromium against flagport: log in as the built-in
 * admin and see a flag. It needs Debian's `chromium` and the UI fetched by `npm run ui:fetch`;
 * without them it skips, but under CI=true it fails, so CI cannot pass without running it.
 */
const FLAG = 'browser-checkout'
const DESCRIPTION = 'seen in the browser'

browserTest('the Unleash Admin UI logs in as admin through a session and shows a flag', 'admin-ui', async (t, ui, step) => {
  const { api, page } = ui
  const created = await api.features.create({ authorization: ADMIN_TOKEN, params: { projectId: 'default' }, body: { name: FLAG, description: DESCRIPTION } })
  t.ok(E.isRight(created), 'the flag is seeded')
  step('log in')
  t.equal(await logIn(ui), 200, 'the login succeeds')
  const cookies = await page.cookies()
  t.match(cookies.find((c) => c.name === 'unleash-session'), { httpOnly: true, sameSite: 'Lax' }, 'the browser holds the session cookie')

  step("the flag's page")
  await visit(page, `/projects/default/features/${FLAG}`)
  // The name shows in the breadcrumb before the flag loads; its description only after.
  await pageShows(page, DESCRIPTION)
  t.ok((await page.content()).includes(FLAG), "the flag's page shows it, with its description")
})

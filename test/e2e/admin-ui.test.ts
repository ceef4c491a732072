import * as E from 'fp-ts/lib/Either.js'
import { existsSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import t from 'tap'
import { tokenAuth } from '../../adapters/auth/api-tokens.js'
import { sessionAuth } from '../../adapters/auth/sessions.js'
import { listen } from '../../adapters/http/node.js'
import { withUi } from '../../adapters/http/ui.js'
import { createMemoryStorage } from '../../adapters/storage/memory.js'
import { createAdminApi } from '../../src/api/admin-api.js'
import { createHttpHandler } from '../../src/http/handler.js'

/*
 * Unleash's own Admin UI, driven in headless Chromium against flagport: log in as the built-in
 * admin and see a flag. It needs Debian's `chromium` and the UI fetched by `npm run ui:fetch`;
 * without them it skips, but under CI=true it fails, so CI cannot pass without running it.
 */
const CHROMIUM = process.env['FLAGPORT_CHROMIUM'] || '/usr/bin/chromium'
const UI_DIR = resolve(process.env['FLAGPORT_UI_DIR'] || '.ui-cache/unleash-server-8.2.0')
const ADMIN_TOKEN = '*:*.browser-test-admin'
const PASSWORD = 'Browser-Test-42'
const FLAG = 'browser-checkout'

const missing = [
  ...(existsSync(CHROMIUM) ? [] : [`no Chromium at ${CHROMIUM} (apt-get install chromium)`]),
  ...(existsSync(join(UI_DIR, 'index.html')) ? [] : [`no Admin UI in ${UI_DIR} (npm run ui:fetch)`]),
]

if (missing.length > 0) {
  if (process.env['CI'] === 'true') t.fail(`the browser test cannot run: ${missing.join('; ')}`)
  else t.plan(0, `skipped: the browser test needs ${missing.join('; ')}`)
} else {
  t.test('the Unleash Admin UI logs in as admin through a session and shows a flag', async (t) => {
    const { default: puppeteer } = await import('puppeteer-core')
    const api = await createAdminApi({ storage: createMemoryStorage(), auth: sessionAuth(tokenAuth({ adminTokens: [ADMIN_TOKEN] })) })
    const admin = { authorization: ADMIN_TOKEN }
    t.ok(E.isRight(await api.users.changePassword({ ...admin, params: { id: '1' }, body: { password: PASSWORD } })))
    t.ok(E.isRight(await api.features.create({ ...admin, params: { projectId: 'default' }, body: { name: FLAG, description: 'seen in the browser' } })))
    const served = await withUi(createHttpHandler(api), { dir: UI_DIR })
    if (E.isLeft(served)) throw new Error(served.left)
    const server = await listen(served.right, { port: 0, host: '127.0.0.1' })
    t.teardown(() => server.close())

    const profile = await mkdtemp(join(tmpdir(), 'flagport-chromium-'))
    t.teardown(() => rm(profile, { recursive: true, force: true }))
    const browser = await puppeteer.launch({
      executablePath: CHROMIUM,
      userDataDir: profile,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    })
    t.teardown(() => browser.close())
    const page = await browser.newPage()
    const apiErrors: string[] = []
    page.on('response', (response) => {
      const url = new URL(response.url())
      if (url.origin === server.url && url.pathname.startsWith('/api/') && response.status() >= 500) apiErrors.push(`${response.status()} ${url.pathname}`)
    })
    try {
      await page.goto(`${server.url}/`, { waitUntil: 'domcontentloaded' })
      await page.waitForSelector('input[name="username"]', { timeout: 60_000 })
      await page.type('input[name="username"]', 'admin')
      await page.type('input[name="password"]', PASSWORD)
      const loggedIn = page.waitForResponse((r) => r.url().endsWith('/auth/simple/login'), { timeout: 60_000 })
      await page.keyboard.press('Enter')
      t.equal((await loggedIn).status(), 200, 'the login succeeds')
      const cookies = await page.cookies()
      t.match(cookies.find((c) => c.name === 'unleash-session'), { httpOnly: true, sameSite: 'Lax' }, 'the browser holds the session cookie')

      await page.goto(`${server.url}/projects/default/features/${FLAG}`, { waitUntil: 'domcontentloaded' })
      // The name shows in the breadcrumbs first; the description once the feature itself is read.
      await page.waitForFunction(`document.body.innerText.includes(${JSON.stringify(FLAG)})`, { timeout: 60_000 })
      const described = await page.waitForFunction(`document.body.innerText.includes('seen in the browser')`, { timeout: 30_000 }).then(() => true, () => false)
      t.ok(described, "the flag's page shows it, with its description")
      t.same(apiErrors, [], 'no API call failed on the server')
    } catch (error) {
      // What the browser showed, kept for whoever reads the failure.
      const shot = join(tmpdir(), `flagport-admin-ui-${process.pid}.png`)
      await page.screenshot({ path: shot as `${string}.png`, fullPage: true }).catch(() => undefined)
      t.fail(`${(error as Error).message} (screen saved to ${shot})`)
    }
  })
}

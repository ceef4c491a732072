import * as E from 'fp-ts/lib/Either.js'
import { existsSync } from 'node:fs'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import type { HTTPResponse, Page } from 'puppeteer-core'
import t, { type Test } from 'tap'
import { tokenAuth } from '../../adapters/auth/api-tokens.js'
import { sessionAuth } from '../../adapters/auth/sessions.js'
import { listen } from '../../adapters/http/node.js'
import { withUi } from '../../adapters/http/ui.js'
import { createMemoryStorage } from '../../adapters/storage/memory.js'
import { createAdminApi, type AdminApi } from '../../src/api/admin-api.js'
import { TEST_HASH_COST } from '../support/api.js'
import { createHttpHandler } from '../../src/http/handler.js'

/*
 * What the browser tests share: flagport serving Unleash's Admin UI on loopback, headless
 * Debian Chromium, logging in as the built-in admin, and the screen and HTML kept on failure.
 * `browserTest` runs one such test, or skips it where Chromium or the UI is missing.
 */
export const CHROMIUM = process.env['FLAGPORT_CHROMIUM'] || '/usr/bin/chromium'
export const UI_DIR = resolve(process.env['FLAGPORT_UI_DIR'] || '.ui-cache/unleash-server-8.2.0')
export const ADMIN_TOKEN = '*:*.browser-test-admin'
export const PASSWORD = 'Browser-Test-42'
/** Generous, because the machines running these share their cores, yet bounded. */
export const STEP_TIMEOUT = 60_000

/** Why the browser tests cannot run here, if they cannot. */
export const missingPrerequisites = (): string[] => [
  ...(existsSync(CHROMIUM) ? [] : [`no Chromium at ${CHROMIUM} (apt-get install chromium)`]),
  ...(existsSync(join(UI_DIR, 'index.html')) ? [] : [`no Admin UI in ${UI_DIR} (npm run ui:fetch)`]),
]

type Teardown = { teardown: (fn: () => unknown) => void }

export type AdminUi = {
  api: AdminApi
  url: string
  page: Page
  /** API paths the server answered with a 5xx, which no flow should cause. */
  serverErrors: string[]
  /** API paths the server answered with a 404: calls of the UI flagport does not serve yet. */
  notFound: string[]
}

/** flagport with the admin's password set, serving the UI, and a fresh browser page on it. */
export const startAdminUi = async (t: Teardown): Promise<AdminUi> => {
  const api = await createAdminApi({ storage: createMemoryStorage(), auth: sessionAuth(tokenAuth({ adminTokens: [ADMIN_TOKEN] })), config: { passwordHashCost: TEST_HASH_COST } })
  const changed = await api.users.changePassword({ authorization: ADMIN_TOKEN, params: { id: '1' }, body: { password: PASSWORD } })
  if (E.isLeft(changed)) throw new Error(`the admin's password was refused: ${JSON.stringify(changed.left)}`)
  const served = await withUi(createHttpHandler(api), { dir: UI_DIR })
  if (E.isLeft(served)) throw new Error(served.left)
  const server = await listen(served.right, { port: 0, host: '127.0.0.1' })
  t.teardown(() => server.close())

  return { api, ...(await openBrowser(t, server.url)) }
}

/** Headless Chromium on a fresh profile, with a page that notes the API's 404s and 5xx answers from `url`. */
export const openBrowser = async (t: Teardown, url: string): Promise<Omit<AdminUi, 'api'>> => {
  const { default: puppeteer } = await import('puppeteer-core')
  const profile = await mkdtemp(join(tmpdir(), 'flagport-chromium-'))
  t.teardown(() => rm(profile, { recursive: true, force: true }))
  const browser = await puppeteer.launch({
    executablePath: CHROMIUM,
    userDataDir: profile,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  })
  t.teardown(() => browser.close())
  const page = await browser.newPage()
  await page.setViewport({ width: 1400, height: 1000 })
  page.setDefaultTimeout(STEP_TIMEOUT)
  const serverErrors: string[] = []
  const notFound: string[] = []
  const { origin } = new URL(url)
  page.on('response', (response) => {
    const answered = new URL(response.url())
    if (answered.origin !== origin || !answered.pathname.startsWith('/api/')) return
    if (response.status() >= 500) serverErrors.push(`${response.status()} ${answered.pathname}`)
    if (response.status() === 404) notFound.push(answered.pathname)
  })
  return { url, page, serverErrors, notFound }
}

/** Logs in through the login form as a person would; resolves to the login's status. */
export const logIn = async ({ page, url }: Pick<AdminUi, 'page' | 'url'>): Promise<number> => {
  await page.goto(`${url}/`, { waitUntil: 'domcontentloaded' })
  await page.waitForSelector('input[name="username"]')
  await page.type('input[name="username"]', 'admin')
  await page.type('input[name="password"]', PASSWORD)
  const loggedIn = page.waitForResponse((r) => r.url().endsWith('/auth/simple/login'))
  await page.keyboard.press('Enter')
  const status = (await loggedIn).status()
  // Once the UI has left the login page, `visit` may move it on.
  if (status === 200) await page.waitForFunction(`location.pathname !== '/login'`, { timeout: STEP_TIMEOUT })
  return status
}

/**
 * Opens `path` in the UI already loaded, as its own links do (its router follows the history),
 * instead of loading the whole app again: each load costs the browser seconds on a busy machine.
 */
export const visit = (page: Page, path: string): Promise<unknown> =>
  page.evaluate(`history.pushState(null, '', ${JSON.stringify(path)}); dispatchEvent(new PopStateEvent('popstate'))`)

/** Keeps what the browser showed (screen and HTML) in a fresh temporary directory; resolves to it. */
export const keepScreen = async (page: Page, name: string): Promise<string> => {
  const dir = await mkdtemp(join(tmpdir(), `flagport-${name}-`))
  await page.screenshot({ path: join(dir, 'screen.png') as `${string}.png`, fullPage: true }).catch(() => undefined)
  await page.content().then((html) => writeFile(join(dir, 'page.html'), html)).catch(() => undefined)
  return dir
}

/** The next answer of the server to a `method` request whose path matches `path`. */
export const answerTo = (page: Page, method: string, path: RegExp | string): Promise<HTTPResponse> =>
  page.waitForResponse(
    (r) => r.request().method() === method && (typeof path === 'string' ? new URL(r.url()).pathname === path : path.test(new URL(r.url()).pathname)),
    { timeout: STEP_TIMEOUT },
  )

/** Resolves once the page's text holds `text`. */
export const pageShows = (page: Page, text: string): Promise<unknown> =>
  page.waitForFunction(`document.body.innerText.includes(${JSON.stringify(text)})`, { timeout: STEP_TIMEOUT })

/** A selector of the element whose own text is exactly `text`, inside `scope` (an XPath). */
export const byText = (text: string, scope = ''): string => `::-p-xpath(${scope}//*[normalize-space(text())=${JSON.stringify(text)}])`

/**
 * One browser test: flagport with the UI and a fresh page (`startAdminUi`), handed to `run`
 * with `step`, which names the step under way. A step that throws fails the test with its name
 * and where the screen and HTML were kept (a directory named after `keep`); a run that ends
 * checks that no API call failed on the server. Without Chromium or the fetched UI the file
 * skips, but under CI=true it fails, so CI cannot pass without running it.
 */
export const browserTest = (title: string, keep: string, run: (t: Test, ui: AdminUi, step: (name: string) => void) => Promise<void>): void => {
  const missing = missingPrerequisites()
  if (missing.length > 0) {
    if (process.env['CI'] === 'true') t.fail(`the browser test cannot run: ${missing.join('; ')}`)
    else t.plan(0, `skipped: the browser test needs ${missing.join('; ')}`)
    return
  }
  t.test(title, async (t) => {
    const ui = await startAdminUi(t)
    let step = 'set up'
    try {
      await run(t, ui, (name) => (step = name))
      t.same(ui.serverErrors, [], 'no API call failed on the server')
    } catch (error) {
      t.fail(`${step}: ${(error as Error).message} (screen and HTML kept in ${await keepScreen(ui.page, keep)})`)
    }
  })
}

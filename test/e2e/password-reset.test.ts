import * as E from 'fp-ts/lib/Either.js'
import type { HTTPRequest, Page } from 'puppeteer-core'
import { ADMIN_TOKEN, type AdminUi, answerTo, browserTest, STEP_TIMEOUT } from './browser-harness.js'

/*
 * A new user in Unleash's own Admin UI: the admin creates them, they open their invite link
 * (the new-user page, which checks the token with `/auth/reset/validate`), set a password
 * there, log in with it, and later set another through a reset link the admin makes. The
 * store is read after each step. Skips without Chromium or the fetched UI, fails under CI=true.
 */
const EMAIL = 'newcomer@example.com'
const FIRST = 'First-Password-42'
const SECOND = 'Second-Password-42'
const admin = { authorization: ADMIN_TOKEN }

/** The two pages that take a token: their password fields, their button, and where they go after. */
const PAGES = {
  'new-user': { fields: ['Password', 'Confirm password'], button: 'Submit', next: '/login' },
  'reset-password': { fields: ['New password'], button: 'Set new password', next: '/reset-password-success' },
} as const

/**
 * Counts the page's password checks in flight, and resolves once none has been for a quarter
 * second. The whole page's network is not watched: a request left over from the page before
 * can stay "in flight" to the browser's driver for good.
 */
const watchPasswordChecks = (page: Page): (() => Promise<void>) => {
  let pending = 0
  let changedAt = Date.now()
  const isCheck = (request: HTTPRequest) => new URL(request.url()).pathname === '/auth/reset/validate-password'
  const step = (by: number) => (request: HTTPRequest) => {
    if (!isCheck(request)) return
    pending += by
    changedAt = Date.now()
  }
  page.on('request', step(1))
  page.on('requestfinished', step(-1))
  page.on('requestfailed', step(-1))
  return async () => {
    const deadline = Date.now() + STEP_TIMEOUT
    while (pending > 0 || Date.now() - changedAt < 250) {
      if (Date.now() > deadline) throw new Error(`${pending} password checks still unanswered`)
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
  }
}

/** Opens a link's page on this server (the link names the configured `unleashUrl`), and sets the password there. */
const setPassword = async ({ page, url }: AdminUi, link: string, password: string): Promise<number> => {
  const { pathname, search } = new URL(link)
  const form = PAGES[pathname.slice(1) as keyof typeof PAGES]
  const checked = answerTo(page, 'GET', '/auth/reset/validate')
  checked.catch(() => undefined)
  const checksSettled = watchPasswordChecks(page)
  await page.goto(`${url}${pathname}${search}`, { waitUntil: 'domcontentloaded' })
  if ((await checked).status() !== 200) throw new Error(`the page's token check answered ${(await checked).status()}`)
  for (const field of form.fields) await page.locator(`input[placeholder="${field}"]`).fill(password)
  // The page checks the password at every keystroke; on a loaded machine those answers can come
  // back out of order and leave a stale verdict, so the last keystroke is made again once they are in.
  await checksSettled()
  await page.focus(`input[placeholder="${form.fields[0]}"]`)
  await page.keyboard.press('End')
  await page.keyboard.press('Backspace')
  await page.keyboard.type(password.slice(-1))
  await checksSettled()
  const reset = answerTo(page, 'POST', '/auth/reset/password')
  reset.catch(() => undefined)
  await page.locator(`::-p-xpath(//button[normalize-space(.)="${form.button}"])`).click()
  const status = (await reset).status()
  await page.waitForFunction(`location.pathname === '${form.next}'`, { timeout: STEP_TIMEOUT })
  return status
}

const logInAs = async ({ page }: AdminUi, username: string, password: string): Promise<number> => {
  await page.waitForSelector('input[name="username"]')
  await page.type('input[name="username"]', username)
  await page.type('input[name="password"]', password)
  const loggedIn = page.waitForResponse((r) => r.url().endsWith('/auth/simple/login'))
  await page.keyboard.press('Enter')
  return (await loggedIn).status()
}

browserTest('a new user sets a password through the invite link, logs in, and resets it through a reset link', 'password-reset', async (t, ui, step) => {
  const { api, page, url } = ui
  const created = await api.users.create({ ...admin, body: { email: EMAIL, name: 'Newcomer', rootRole: 'Editor' } })
  if (E.isLeft(created)) throw new Error(JSON.stringify(created.left))
  const account = () => api.state().users.get(String(created.right.id))!
  step('the invite link')
  t.equal(await setPassword(ui, created.right.inviteLink, FIRST), 200, 'the new-user page sets the password')
  t.ok(account().passwordHash, 'the store holds a password for the user')
  t.equal(account().inviteToken, null, 'the invite token is used up')

  step('log in')
  t.equal(await logInAs(ui, EMAIL, FIRST), 200, 'the user logs in with it')
  await page.waitForFunction(`location.pathname !== '/login'`, { timeout: STEP_TIMEOUT })
  t.ok(account().seenAt, 'the store saw the login')

  step('the reset link')
  const made = await api.users.resetPassword({ ...admin, body: { id: EMAIL } })
  if (E.isLeft(made)) throw new Error(JSON.stringify(made.left))
  await page.deleteCookie(...(await page.cookies(url)))
  t.equal(await setPassword(ui, made.right.resetPasswordUrl, SECOND), 200, 'the reset page sets the new password')
  await page.goto(`${url}/login`, { waitUntil: 'domcontentloaded' })
  t.equal(await logInAs(ui, EMAIL, SECOND), 200, 'the user logs in with the new password')
})

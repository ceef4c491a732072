/**
 * `flagport serve`: the admin, client and frontend APIs (and, asked, Unleash's Admin UI) over
 * the file store or PostgreSQL. It listens first, answering `/health` 200 and `/ready` 503
 * while the store opens, then serves; SIGINT or SIGTERM drain requests in flight, close the
 * facade (which writes the usage SDKs reported since the last write), and close the store.
 */
import { isLeft, left, right, type Either } from 'fp-ts/lib/Either.js'
import { hostname } from 'node:os'
import { createAdminApi } from '../../src/api/admin-api.js'
import { type Integrations, startIntegrations } from '../integrations/deliveries.js'
import { DEFAULT_METRICS_LIMITS } from '../../src/api/metrics/limits.js'
import { storageError } from '../../src/domain/errors.js'
import { errorResponse } from '../../src/http/errors.js'
import { createHttpHandler } from '../../src/http/handler.js'
import { normalizeBasePath, target, underBase } from '../../src/http/request.js'
import { probeGood, probeNotReady } from '../../src/http/routes/probes.js'
import type { HttpRequest, HttpResponse, PlainHandler } from '../../src/http/messages.js'
import { tokenAuth } from '../auth/api-tokens.js'
import { openAuth } from '../auth/open.js'
import { sessionAuth } from '../auth/sessions.js'
import { listen, type Listening } from '../http/listen.js'
import { withUi } from '../http/ui.js'
import { ensureAdminPassword } from './admin-password.js'
import { EXIT } from './exit-codes.js'
import { cliLog, handlerLogging, withRequestLog, type CliLog } from './log.js'
import { openStore, type OpenedStore } from './open-store.js'
import type { ServeConfig } from './options.js'
import { ensureUiBuild } from './ui-build.js'

/** Ctrl-C signals npm and the server at once, and npm passes its own on: one request, two signals. */
const SAME_REQUEST_MS = 500

/** What answers while the store opens: the probes, and a 503 to anything else under the base path. */
export const startingHandler = (basePath: string): PlainHandler => {
  const base = normalizeBasePath(basePath)
  return async (request: HttpRequest): Promise<HttpResponse> => {
    const relative = underBase(target(request).pathname, base)
    if (relative === '/health') return probeGood
    if (relative === '/ready') return probeNotReady
    const starting = errorResponse(storageError('flagport is starting: its store is not open yet. Try again in a moment.'), 'starting')
    return { ...starting, status: 503, headers: { ...starting.headers, 'retry-after': '1' } }
  }
}

/**
 * With no token given, the store must hold an admin token, or nobody could use the server.
 * The first run creates one through a private facade that no request reaches.
 */
const ensureStoredAdminToken = async (store: OpenedStore): Promise<Either<string, string | undefined>> => {
  const setup = await createAdminApi({ storage: store.storage, auth: openAuth() })
  const listed = await setup.apiTokens.list({ params: {} })
  if (isLeft(listed)) return left(`could not read the store's API tokens: ${listed.left.message}`)
  if (listed.right.tokens.some((token) => token.type === 'admin')) return right(undefined)
  const created = await setup.apiTokens.create({ params: {}, body: { tokenName: 'flagport-server', type: 'admin' } })
  if (isLeft(created)) return left(`could not create an admin token: ${created.left.message}`)
  return right(created.right.secret)
}

/** The Admin UI's directory to serve, if any; why it is not served is logged, and the API is served anyway. */
const uiDirOf = async (config: ServeConfig, log: CliLog): Promise<string | undefined> => {
  if (config.uiDir !== undefined) return config.uiDir
  if (!config.ui) return undefined
  const ensured = await ensureUiBuild(config.uiCache, config.uiVersion)
  if (isLeft(ensured)) {
    log.error(
      `the Admin UI is not served: ${ensured.left}. Run \`flagport ui fetch\` where the npm registry can be reached ` +
        `(with --ui-cache ${config.uiCache}), or give a built UI with --ui-dir; the API is served meanwhile.`,
    )
    return undefined
  }
  if (ensured.right.fetched) log.info(`Fetched the Admin UI of unleash-server@${config.uiVersion} into ${ensured.right.dir} (integrity checked).`)
  return ensured.right.dir
}

/** Runs the server until a signal stops it; resolves to the exit code. */
export const serve = async (config: ServeConfig): Promise<number> => {
  const log = cliLog(config.log)
  let current = startingHandler(config.basePath)
  const dispatch: PlainHandler = (request) => current(request)

  let server: Listening
  try {
    server = await listen(dispatch, { port: config.port, host: config.host, ...(config.headersTimeoutMs !== undefined ? { headersTimeoutMs: config.headersTimeoutMs } : {}) })
  } catch (error) {
    log.error(`could not listen on ${config.host}:${config.port}: ${(error as Error).message}`)
    return EXIT.failed
  }

  let store: OpenedStore | undefined
  let closeApi: (() => Promise<unknown>) | undefined
  let integrations: Integrations | undefined
  let flushTimer: NodeJS.Timeout | undefined
  let stoppingSince: number | undefined
  let exit: (code: number) => void = () => undefined
  const exited = new Promise<number>((resolve) => (exit = resolve))
  const stop = async (signal: string) => {
    if (stoppingSince !== undefined) {
      if (performance.now() - stoppingSince < SAME_REQUEST_MS) return
      log.error(`${signal} again; exiting without waiting.`)
      process.exit(EXIT.failed)
    }
    stoppingSince = performance.now()
    log.info(`flagport: ${signal}: finishing requests in flight, then closing the store.`)
    await server.close()
    await integrations?.close()
    clearInterval(flushTimer)
    if (closeApi) {
      const closed = await closeApi().catch((error: unknown) => error)
      if (closed instanceof Error || (closed as { _tag?: string } | undefined)?._tag === 'Left') log.error(`could not write the pending usage metrics: ${JSON.stringify(closed)}`)
    }
    await store?.storage.close()
    log.info('flagport: stopped.')
    exit(EXIT.ok)
  }
  const onSignal = (signal: NodeJS.Signals) => void stop(signal)
  process.on('SIGINT', onSignal)
  process.on('SIGTERM', onSignal)

  const failed = async (message: string): Promise<number> => {
    log.error(message)
    process.off('SIGINT', onSignal).off('SIGTERM', onSignal)
    await server.close()
    await store?.storage.close()
    return EXIT.failed
  }

  const opened = await openStore({ data: config.data, databaseUrl: config.databaseUrl, storeName: config.storeName })
  if (isLeft(opened)) return failed(opened.left)
  store = opened.right
  if (stoppingSince !== undefined) return exited

  const setUp = await store.exclusive(async () => ({
    generated: config.adminTokens.length === 0 ? await ensureStoredAdminToken(store!) : right(undefined),
    adminPassword: await ensureAdminPassword(store!.storage, config.adminPassword),
  }))
  if (isLeft(setUp)) return failed(`could not set up the store: ${setUp.left}`)
  const { generated, adminPassword } = setUp.right
  if (isLeft(generated)) return failed(generated.left)
  if (isLeft(adminPassword)) return failed(`FLAGPORT_ADMIN_PASSWORD is not strong enough: ${adminPassword.left}`)

  const url = config.url ?? `${server.url}${config.basePath}`
  const api = await createAdminApi({
    storage: store.storage,
    auth: sessionAuth(tokenAuth({ adminTokens: config.adminTokens, baseUriPath: config.basePath })),
    config: { unleashUrl: url, baseUriPath: config.basePath, hostname: hostname() },
  })
  // Webhooks receive committed events; what is owed is in the store, so stopping loses none.
  integrations = startIntegrations(api, { logger: { error: (m) => log.error(m), warn: (m) => log.error(m) } })
  closeApi = api.close
  // What SDKs reported is written once per interval even when no later report comes to write it.
  flushTimer = setInterval(() => void api.flushMetrics(), DEFAULT_METRICS_LIMITS.lastSeenWriteIntervalMs).unref()
  const apiHandler = createHttpHandler(api, {
    basePath: config.basePath,
    // Served as https (behind a proxy that ends TLS), session cookies are Secure.
    secureCookies: url.startsWith('https:'),
    ...(config.createUserMaxPerMinute !== undefined ? { rateLimiting: { createUserMaxPerMinute: config.createUserMaxPerMinute } } : {}),
    ...(log.format === 'json' ? handlerLogging(log) : {}),
  })
  const uiDir = await uiDirOf(config, log)
  const served = uiDir ? await withUi(apiHandler, { dir: uiDir, basePath: config.basePath }) : right(apiHandler)
  if (isLeft(served)) return failed(served.left)
  if (stoppingSince !== undefined) return exited
  current = withRequestLog(served.right, log)

  const base = `${server.url}${config.basePath}`
  if (generated.right) {
    log.info('No admin token was given (FLAGPORT_ADMIN_TOKENS), so one was created and stored. Its secret is shown only now:')
    log.info(`  admin token: ${generated.right}`)
    log.info(`e.g. curl -H 'Authorization: ${generated.right}' ${base}/api/admin/projects`)
  } else if (config.adminTokens.length === 0) {
    log.info('Admin token: the one printed by the first run on this store (or any admin token created since).')
  }
  if (adminPassword.right) log.info(`The built-in user admin's password, shown only now: ${adminPassword.right}`)
  if (uiDir) log.info(`Unleash Admin UI from ${uiDir} at ${base}/`)
  // Printed last: whoever waits for this line has everything above it.
  log.info(`flagport admin API listening on ${base} (${store.where})`, { url: base })
  return exited
}

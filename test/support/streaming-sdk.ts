import { Unleash } from 'unleash-client'

/** What a test's teardown is registered with (tap's `t`). */
interface Teardown {
  teardown(f: () => unknown): void
}

export interface StreamingSdkOptions {
  /** The SDK's `appName`; its instance is `<appName>-1`. */
  readonly appName?: string
  /** Whether it reports usage (once a minute, and when destroyed with a flush). */
  readonly metrics?: boolean
}

/**
 * Unleash's Node SDK streaming (`experimentalMode: { type: 'streaming' }`) from the server at
 * `url` with `token`, destroyed when the test ends; what it warned of or failed on; and
 * `until`, which resolves once `holds` is true of what it holds, checked on each `changed`.
 */
export const streamingSdk = (t: Teardown, url: string, token: string, { appName = 'shop', metrics = false }: StreamingSdkOptions = {}) => {
  const unleash = new Unleash({
    url: `${url}/api/`,
    appName,
    instanceId: `${appName}-1`,
    customHeaders: { Authorization: token },
    refreshInterval: 60_000,
    metricsInterval: 60_000,
    disableMetrics: !metrics,
    skipInstanceCountWarning: true,
    experimentalMode: { type: 'streaming' },
  })
  const problems: unknown[] = []
  unleash.on('warn', (w) => problems.push(w))
  unleash.on('error', (e) => problems.push(e))
  t.teardown(() => unleash.destroy())
  const until = (holds: () => boolean) =>
    new Promise<void>((resolve) => {
      if (holds()) return resolve()
      const check = () => {
        if (!holds()) return
        unleash.off('changed', check)
        resolve()
      }
      unleash.on('changed', check)
    })
  return { unleash, problems, until }
}

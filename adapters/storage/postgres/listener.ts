import pg from 'pg'
import type { LoggerPort } from '../../../src/storage/index.js'
import { HEAD_VERSION } from './sql.js'

export interface ListenerSettings {
  readonly config: pg.ClientConfig
  readonly store: string
  readonly heartbeatMs: number
  /** The store's head is at least this version: catch up if behind. */
  readonly onVersion: (version: number) => void
  readonly logger: LoggerPort
}

const MAX_BACKOFF_MS = 2_000

/**
 * Hears other instances' commits: a connection of its own (a pooled one may be handed to
 * someone else, and PgBouncer's transaction mode drops LISTEN), TCP keepalive, and a
 * heartbeat that reads the head version, so it doubles as a poll and notices a connection
 * dropped silently. On every (re)connect it LISTENs first and then reads the head, so a
 * notification sent while it was away is caught up by version.
 */
export class Listener {
  private client: pg.Client | null = null
  private closed = false
  private backoffMs = 50
  private heartbeat: NodeJS.Timeout | undefined
  private retry: NodeJS.Timeout | undefined

  constructor(private readonly settings: ListenerSettings) {}

  /** Connects once; on failure it keeps trying in the background. */
  async start(): Promise<void> {
    await this.connect()
  }

  private async connect(): Promise<void> {
    if (this.closed) return
    const { config, store, onVersion, logger } = this.settings
    const client = new pg.Client({ ...config, keepAlive: true, application_name: `flagport-listener:${store}`.slice(0, 63), query_timeout: Math.min(config.query_timeout ?? this.settings.heartbeatMs, Math.max(this.settings.heartbeatMs, 1_000)) })
    this.client = client
    client.on('error', (e) => this.lost(client, e))
    client.on('end', () => this.lost(client, new Error('the connection ended')))
    client.on('notification', (n) => {
      const payload = n.payload ?? ''
      const at = payload.lastIndexOf(':')
      if (n.channel !== 'flagport' || payload.slice(0, at) !== store) return
      const version = Number(payload.slice(at + 1))
      if (Number.isSafeInteger(version)) onVersion(version)
    })
    try {
      await client.connect()
      await client.query('LISTEN flagport')
      this.backoffMs = 50
      await this.beat(client)
      this.heartbeat = setInterval(() => void this.beat(client), this.settings.heartbeatMs)
      this.heartbeat.unref()
    } catch (e) {
      logger.warn(`flagport: the PostgreSQL listener could not connect (${(e as Error).message}); retrying`)
      this.lost(client, e)
    }
  }

  private async beat(client: pg.Client): Promise<void> {
    try {
      const r = await client.query<{ version: string }>(HEAD_VERSION, [this.settings.store])
      const version = Number(r.rows[0]?.version ?? 0)
      this.settings.onVersion(version)
    } catch (e) {
      this.lost(client, e)
    }
  }

  /** Drops a connection that failed and schedules another, backing off while they fail. */
  private lost(client: pg.Client, e: unknown): void {
    if (this.client !== client || this.closed) return
    this.client = null
    clearInterval(this.heartbeat)
    client.removeAllListeners('notification')
    client.on('error', () => undefined)
    void client.end().catch(() => undefined)
    this.settings.logger.warn(`flagport: the PostgreSQL listener lost its connection (${(e as Error)?.message ?? String(e)}); reconnecting`)
    this.retry = setTimeout(() => void this.connect(), this.backoffMs)
    this.retry.unref()
    this.backoffMs = Math.min(this.backoffMs * 2, MAX_BACKOFF_MS)
  }

  async close(): Promise<void> {
    this.closed = true
    clearInterval(this.heartbeat)
    clearTimeout(this.retry)
    const client = this.client
    this.client = null
    if (client) {
      client.on('error', () => undefined)
      await client.end().catch(() => undefined)
    }
  }
}

/** The bounds of the client streaming API (`GET /api/client/streaming`): docs/clients.md. */
export interface StreamingLimits {
  /** Open streams on this instance in all; past it a new stream is refused 429. */
  readonly maxStreams: number
  /** Open streams one token (one Authorization value) may hold on this instance; past it 429. */
  readonly maxStreamsPerToken: number
  /** Bytes written to a stream that its reader has not taken yet; past it the stream is closed, not buffered on. */
  readonly maxBufferedBytes: number
  /** Least time between two updates of one stream, in ms: a storm of commits inside it is one event. */
  readonly coalesceMs: number
  /** How often an idle stream gets a comment line, in ms, so proxies and the SDK's read timeout keep it. */
  readonly heartbeatMs: number
  /** Changes kept per scope so a reconnecting SDK (Last-Event-ID, or If-None-Match on the delta API) gets what it missed, not everything. */
  readonly historySize: number
  /** Scopes (environment, projects, name prefix) whose last payload is kept for the delta API. */
  readonly maxScopes: number
  /**
   * Whether answers of `/api/client/features` and `/api/client/delta` carry `fetch-mode: streaming`
   * while the caller's token has room for a stream, which moves Unleash's Node SDK (6.7+) from
   * polling to streaming.
   */
  readonly suggestStreaming: boolean
}

export const DEFAULT_STREAMING_LIMITS: StreamingLimits = Object.freeze({
  maxStreams: 10_000,
  maxStreamsPerToken: 2_000,
  maxBufferedBytes: 1024 * 1024,
  coalesceMs: 20,
  heartbeatMs: 20_000,
  historySize: 32,
  maxScopes: 64,
  suggestStreaming: false,
})

/** The host's limits over the defaults; a number that is not a whole number of 1 or more (0 for `coalesceMs`) is a programming error. */
export const resolveStreamingLimits = (given: Partial<StreamingLimits> = {}): StreamingLimits => {
  const limits: Record<string, number | boolean> = { ...DEFAULT_STREAMING_LIMITS }
  for (const [key, value] of Object.entries(given)) {
    if (!(key in DEFAULT_STREAMING_LIMITS) || value === undefined) continue
    if (key === 'suggestStreaming') {
      if (typeof value !== 'boolean') throw new TypeError(`flagport: streaming.suggestStreaming must be true or false, not ${String(value)}`)
    } else {
      const least = key === 'coalesceMs' ? 0 : 1
      if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < least) {
        throw new TypeError(`flagport: streaming.${key} must be a whole number of ${least} or more, not ${String(value)}`)
      }
    }
    limits[key] = value
  }
  return limits as unknown as StreamingLimits
}

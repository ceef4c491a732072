import { deltaBetween } from '../../domain/client-delta.js'
import type { ClientFilter } from '../../domain/client-projection.js'
import { type TooManyRequestsError, tooManyStreams } from '../../domain/errors.js'
import type { ClientFeatures } from '../../evaluation/index.js'
import type { State } from '../../model/state.js'
import { type ClientCache, scopeKey } from '../client-cache.js'
import type { StreamingLimits } from './limits.js'
import type { ChangeSignal } from './signal.js'

/**
 * The client streaming API's open streams, and the delta API's revisions. Streams are grouped
 * by scope (environment, projects, name prefix, segment inlining): on a change each scope's
 * payload is diffed once against what its streams were last sent, and the same event text is
 * written to all of them. A scope's revision is the store version at which this instance saw
 * its payload change, so it only grows, and instances that saw a change at the same version
 * name it alike.
 */

/** Where a stream's text goes: a node response, a fetch body. */
export interface StreamSink {
  /** UTF-8 text; the same bytes may go to many sinks: send them, never change them. */
  write(chunk: Uint8Array): void
  /** Bytes written that the reader has not taken yet. */
  buffered(): number
  /** Ends the stream from the server's side. */
  close(): void
}

/** A stream not yet started: the adapter opens it once it has sent the headers, and calls what it returns when the client leaves. */
export interface EventStream {
  open(sink: StreamSink): () => void
}

/** Time for coalescing and heartbeats: the system's, or a test's. */
export interface StreamTimers {
  now(): number
  /** Runs `run` once after `ms`; returns what cancels it. */
  after(ms: number, run: () => void): () => void
  /** Runs `run` every `ms`; returns what stops it. */
  every(ms: number, run: () => void): () => void
}

export const systemTimers: StreamTimers = {
  now: () => Date.now(),
  after: (ms, run) => {
    // No wait: right after this turn's I/O, so the commits of one turn are still one flush.
    if (ms <= 0) {
      const immediate = setImmediate(run)
      return () => clearImmediate(immediate)
    }
    const timer = setTimeout(run, ms)
    return () => clearTimeout(timer)
  },
  every: (ms, run) => {
    const timer = setInterval(run, ms)
    timer.unref()
    return () => clearInterval(timer)
  },
}

export interface StreamScope {
  readonly environment: string
  readonly filter: ClientFilter
}

/** `GET /api/client/delta`'s answer: unchanged since the caller's revision, or the events that bring it up to date. */
export type DeltaAnswer = { readonly notModified: true; readonly etag: string } | { readonly notModified: false; readonly etag: string; readonly json: string }

interface Change {
  readonly from: number
  readonly to: number
  /** The change's events as JSON, comma-separated. */
  readonly events: string
}

interface Group {
  readonly scope: StreamScope
  payload: ClientFeatures
  revision: number
  readonly history: Change[]
  readonly streams: Set<Stream>
  hydration?: { readonly revision: number; readonly json: string }
}

interface Stream {
  readonly sink: StreamSink
  readonly token: string
  readonly group: Group
}

export interface StreamHubDeps {
  readonly cache: ClientCache
  /** The newest state this instance knows of, and its version. */
  readonly head: () => { readonly state: State; readonly version: number }
  readonly signal: ChangeSignal
  readonly limits: StreamingLimits
  readonly timers?: StreamTimers
}

const utf8 = new TextEncoder()
/** One event, encoded once for every stream it goes to. */
const frame = (event: string, id: number, data: string): Uint8Array => utf8.encode(`id: ${id}\nevent: ${event}\ndata: ${data}\n\n`)
const HEARTBEAT = utf8.encode(':\n\n')

/** A revision as SDKs send it back: `"12"`, `W/"12"` or `12`; anything else is none. */
export const parseRevision = (value: string | undefined): number | undefined => {
  if (value === undefined) return undefined
  const bare = value.trim().replace(/^W\//, '').replace(/^"|"$/g, '')
  return /^\d{1,15}$/.test(bare) ? Number(bare) : undefined
}

export const createStreamHub = ({ cache, head, signal, limits, timers = systemTimers }: StreamHubDeps) => {
  const groups = new Map<string, Group>()
  const perToken = new Map<string, number>()
  let open = 0
  let lastFlush = Number.NEGATIVE_INFINITY
  let pending: (() => void) | undefined
  let stopHeartbeat: (() => void) | undefined
  let unlisten: (() => void) | undefined
  /** Set by `close`: no stream opens after it. */
  let closed = false

  /** The scope's group, brought up to `now`; made if new, when the oldest idle scope past `maxScopes` is forgotten. */
  const groupOf = (scope: StreamScope, now: ReturnType<typeof head>): Group => {
    const key = scopeKey(scope.environment, scope.filter)
    const found = groups.get(key)
    if (found !== undefined) {
      advance(found, now)
      return found
    }
    const made: Group = { scope, payload: cache.snapshot(now.state, scope.environment, scope.filter).payload, revision: now.version, history: [], streams: new Set() }
    groups.set(key, made)
    if (groups.size > limits.maxScopes) {
      for (const [k, g] of groups) {
        if (g.streams.size === 0 && g !== made) {
          groups.delete(k)
          break
        }
      }
    }
    return made
  }

  /** Diffs the group's payload against `now`'s; a change is kept and sent to the group's streams. */
  const advance = (group: Group, now: ReturnType<typeof head>): void => {
    const payload = cache.snapshot(now.state, group.scope.environment, group.scope.filter).payload
    if (payload === group.payload) return
    const revision = Math.max(now.version, group.revision + 1)
    const events = deltaBetween(group.payload, payload, revision)
    group.payload = payload
    if (events.length === 0) return
    const change: Change = { from: group.revision, to: revision, events: events.map((e) => JSON.stringify(e)).join(',') }
    group.revision = revision
    group.history.push(change)
    if (group.history.length > limits.historySize) group.history.shift()
    if (group.streams.size === 0) return
    const chunk = frame('unleash-updated', revision, `{"events":[${change.events}]}`)
    for (const stream of group.streams) send(stream, chunk)
  }

  /** The events since `revision`, comma-separated ('' when up to date), or undefined when they are no longer known. */
  const since = (group: Group, revision: number | undefined): string | undefined => {
    if (revision === undefined) return undefined
    if (revision === group.revision) return ''
    const at = group.history.findIndex((c) => c.from === revision)
    return at === -1 ? undefined : group.history.slice(at).map((c) => c.events).join(',')
  }

  /** The whole payload as one hydration event, made once per revision. */
  const hydration = (group: Group): string => {
    if (group.hydration?.revision !== group.revision) {
      const event = { eventId: group.revision, type: 'hydration', features: group.payload.features, segments: group.payload.segments ?? [] }
      group.hydration = { revision: group.revision, json: `{"events":[${JSON.stringify(event)}]}` }
    }
    return group.hydration.json
  }

  /** Writes to a stream, or drops it when its reader has left more than the limit untaken. */
  const send = (stream: Stream, chunk: Uint8Array): void => {
    if (stream.sink.buffered() > limits.maxBufferedBytes) {
      remove(stream)
      stream.sink.close()
    } else stream.sink.write(chunk)
  }

  const flush = (): void => {
    pending = undefined
    lastFlush = timers.now()
    const now = head()
    for (const group of groups.values()) if (group.streams.size > 0) advance(group, now)
  }

  /** At most one flush per `coalesceMs`: the first change of a quiet period goes at once. */
  const changed = (): void => {
    if (pending !== undefined) return
    pending = timers.after(Math.max(0, lastFlush + limits.coalesceMs - timers.now()), flush)
  }

  const heartbeat = (): void => {
    for (const group of groups.values()) for (const stream of group.streams) send(stream, HEARTBEAT)
  }

  const remove = (stream: Stream): void => {
    if (!stream.group.streams.delete(stream)) return
    open--
    const left = (perToken.get(stream.token) ?? 1) - 1
    if (left === 0) perToken.delete(stream.token)
    else perToken.set(stream.token, left)
    if (open === 0) {
      stopHeartbeat?.()
      unlisten?.()
      pending?.()
      stopHeartbeat = unlisten = pending = undefined
    }
  }

  /** Why a new stream of `token` is refused, if it is. */
  const refusal = (token: string): TooManyRequestsError | undefined => {
    if (open >= limits.maxStreams) return tooManyStreams(`This instance serves at most ${limits.maxStreams} streams. Poll /api/client/features instead.`)
    if ((perToken.get(token) ?? 0) >= limits.maxStreamsPerToken) {
      return tooManyStreams(`This token may hold at most ${limits.maxStreamsPerToken} streams on this instance. Poll /api/client/features instead.`)
    }
    return undefined
  }

  return {
    refusal,
    /** Whether `token` may open a stream now: what `fetch-mode: streaming` is suggested on. */
    hasRoom: (token: string): boolean => refusal(token) === undefined,
    /**
     * A stream of `scope` for `token`. It starts with `unleash-connected`: the events since
     * `lastEventId` when they are still known, else a hydration of the whole payload.
     */
    stream: (scope: StreamScope, token: string, lastEventId: string | undefined): EventStream => ({
      open: (sink) => {
        if (closed || refusal(token) !== undefined) {
          sink.close()
          return () => undefined
        }
        const group = groupOf(scope, head())
        const stream: Stream = { sink, token, group }
        group.streams.add(stream)
        open++
        perToken.set(token, (perToken.get(token) ?? 0) + 1)
        stopHeartbeat ??= timers.every(limits.heartbeatMs, heartbeat)
        unlisten ??= signal.listen(changed)
        const missed = since(group, parseRevision(lastEventId))
        send(stream, frame('unleash-connected', group.revision, missed === undefined ? hydration(group) : `{"events":[${missed}]}`))
        return () => remove(stream)
      },
    }),
    /** `GET /api/client/delta`: 304 at the current revision, the events since a known one, else a hydration. */
    delta: (scope: StreamScope, ifNoneMatch: string | undefined): DeltaAnswer => {
      const group = groupOf(scope, head())
      const etag = `"${group.revision}"`
      const revision = parseRevision(ifNoneMatch)
      if (revision === group.revision) return { notModified: true, etag }
      const missed = since(group, revision)
      return { notModified: false, etag, json: missed === undefined ? hydration(group) : `{"events":[${missed}]}` }
    },
    /** Open streams on this instance. */
    size: (): number => open,
    /**
     * Ends every stream and opens none after (a server stopping): SDKs reconnect, to this
     * instance or another. With no stream left, no timer runs and no commit is listened to.
     */
    close: (): void => {
      closed = true
      for (const group of groups.values()) {
        for (const stream of [...group.streams]) {
          remove(stream)
          stream.sink.close()
        }
      }
    },
  }
}

export type StreamHub = ReturnType<typeof createStreamHub>

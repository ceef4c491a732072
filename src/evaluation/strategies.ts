import type { ClientStrategy } from '../model/client-features.js'
import type { Predicate } from './constraints.js'
import { type Context, fieldReader } from './context.js'
import { parseIp, parseIpRange, rangeContains } from './ip.js'
import { normalizedValue } from './murmur3.js'
import { type RandomSource, drawBucket } from './random.js'

/**
 * The built-in activation strategies, compiled from their parameters. Constraints and
 * segments are not handled here: the evaluator checks them before the strategy.
 */

/** What strategies may need from outside: the random source and this host's name. */
export interface StrategySources {
  readonly random: RandomSource
  /** Used by `applicationHostname` when the context has no `properties.hostname`. */
  readonly hostname?: string
}

const never: Predicate = () => false
const always: Predicate = () => true

/** A parameter as a string; some servers send numbers for `rollout` and `percentage`. */
export const parameter = (strategy: ClientStrategy, name: string): string | undefined => {
  const parameters = strategy.parameters
  if (parameters === undefined || !Object.hasOwn(parameters, name)) return undefined
  const value: unknown = parameters[name]
  return value === undefined || value === null ? undefined : String(value)
}

/** A comma-separated parameter, entries trimmed, blanks dropped. */
const list = (text: string | undefined): string[] =>
  text === undefined ? [] : text.split(',').map((v) => v.trim()).filter((v) => v !== '')

/** `Number('')` is 0, and an unparsable percentage enables nobody. */
const percentage = (text: string | undefined): number => {
  const n = Number(text)
  return text === undefined || Number.isNaN(n) ? 0 : n
}

/** Enabled when the sticky id's bucket (1..100) is within the percentage; 0% is always off. */
const hashedRollout = (read: (c: Context) => string | undefined, groupId: string, percent: number): Predicate => {
  if (percent <= 0) return never
  return (context) => {
    const id = read(context)
    return id !== undefined && normalizedValue(id, groupId) <= percent
  }
}

const flexibleRollout = (strategy: ClientStrategy, featureName: string, random: RandomSource): Predicate => {
  const percent = percentage(parameter(strategy, 'rollout'))
  if (percent <= 0) return never
  const groupId = parameter(strategy, 'groupId') || featureName
  const stickiness = parameter(strategy, 'stickiness') || 'default'
  const randomBucket: Predicate = () => drawBucket(random, 100) <= percent

  if (stickiness === 'random') return randomBucket
  if (stickiness !== 'default') return hashedRollout(fieldReader(stickiness), groupId, percent)
  const readUser = fieldReader('userId')
  const readSession = fieldReader('sessionId')
  // No id at all: the request is anonymous, so it gets a random bucket, as in every SDK.
  return (context) => {
    const id = readUser(context) ?? readSession(context)
    return id === undefined ? randomBucket(context) : normalizedValue(id, groupId) <= percent
  }
}

const remoteAddress = (strategy: ClientStrategy): Predicate => {
  const entries = list(parameter(strategy, 'IPs'))
  const exact = new Set(entries)
  // Entries that are neither an address nor a range are ignored, as the SDKs do.
  const ranges = entries.flatMap((entry) => parseIpRange(entry) ?? [])
  const read = fieldReader('remoteAddress')
  return (context) => {
    const text = read(context)
    if (text === undefined) return false
    if (exact.has(text)) return true
    const address = parseIp(text)
    return address !== undefined && ranges.some((range) => rangeContains(range, address))
  }
}

const applicationHostname = (strategy: ClientStrategy, hostname: string | undefined): Predicate => {
  const names = new Set(list(parameter(strategy, 'hostNames')).map((n) => n.toLowerCase()))
  const readHost = fieldReader('hostname')
  const fallback = hostname?.toLowerCase()
  return (context) => {
    const host = readHost(context)?.toLowerCase() ?? fallback
    return host !== undefined && names.has(host)
  }
}

/**
 * Compiles the named strategy's test. An unknown name (a custom strategy this process has
 * no code for) is false, so the flag stays off rather than on for everyone.
 *
 * @param featureName the default `groupId` for `flexibleRollout`
 */
export const compileStrategy = (strategy: ClientStrategy, featureName: string, sources: StrategySources): Predicate => {
  switch (strategy.name) {
    case 'default':
      return always
    case 'userWithId': {
      const ids = new Set(list(parameter(strategy, 'userIds')))
      const read = fieldReader('userId')
      return (context) => {
        const id = read(context)
        return id !== undefined && ids.has(id)
      }
    }
    case 'flexibleRollout':
      return flexibleRollout(strategy, featureName, sources.random)
    case 'gradualRolloutUserId':
    case 'gradualRolloutSessionId': {
      const field = strategy.name === 'gradualRolloutUserId' ? 'userId' : 'sessionId'
      const groupId = parameter(strategy, 'groupId') ?? ''
      return hashedRollout(fieldReader(field), groupId, percentage(parameter(strategy, 'percentage')))
    }
    case 'gradualRolloutRandom': {
      const percent = percentage(parameter(strategy, 'percentage'))
      const random = sources.random
      return percent <= 0 ? never : () => drawBucket(random, 100) <= percent
    }
    case 'remoteAddress':
      return remoteAddress(strategy)
    case 'applicationHostname':
      return applicationHostname(strategy, sources.hostname)
    default:
      return never
  }
}

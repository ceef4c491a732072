import * as E from 'fp-ts/lib/Either.js'
import type { Addon, AddonBody, AddonState, IntegrationEvent } from '../../model/addon.js'
import type { Dict } from '../../model/dict.js'
import type { Ctx } from '../context.js'
import { type ErrorDetail, type NotFoundError, type ValidationError, notFound, validationError } from '../errors.js'
import { recordEvent } from '../events.js'
import type { ReadState, Tx } from '../../store/tx.js'
import { providerNamed, sensitiveParameters } from './providers.js'

/** What a sensitive parameter is answered as, and what the Admin UI sends back to keep it. */
export const MASK = '*****'

/** An addon as answered: every sensitive parameter masked, in Unleash's key order. */
export const renderAddon = (addon: AddonState): Addon => {
  const provider = providerNamed(addon.provider)
  const hidden = provider ? sensitiveParameters(provider) : new Set<string>()
  const parameters: Record<string, unknown> = {}
  for (const [name, value] of Object.entries(addon.parameters)) parameters[name] = hidden.has(name) ? MASK : value
  return {
    id: addon.id,
    provider: addon.provider,
    enabled: addon.enabled,
    description: addon.description,
    parameters,
    events: [...addon.events],
    projects: [...addon.projects],
    environments: [...addon.environments],
    createdAt: addon.createdAt,
  }
}

/** What an addon's events record: its configuration without parameters, which may hold secrets. */
const eventData = (addon: AddonState) => ({
  id: addon.id,
  provider: addon.provider,
  enabled: addon.enabled,
  description: addon.description,
  events: [...addon.events],
  projects: [...addon.projects],
  environments: [...addon.environments],
})

export const listAddons = (state: ReadState): Addon[] => Array.from(state.addons.rows()).sort((a, b) => a.id - b.id).map(renderAddon)

export const findAddon = (state: ReadState, id: string): E.Either<NotFoundError, AddonState> => {
  const addon = state.addons.get(String(Number(id)))
  return addon ? E.right(addon) : E.left(notFound('Could not find addon')) // Unleash's words
}

const isHttpUrl = (value: string): boolean => {
  try {
    const url = new URL(value)
    return url.protocol === 'http:' || url.protocol === 'https:'
  } catch {
    return false
  }
}

/**
 * The parameters to store: those the body gives, where a sensitive one sent back masked keeps
 * its stored value (the Admin UI sends what it was shown). Checked against the provider.
 */
const checkBody = (body: AddonBody, before: AddonState | undefined): E.Either<ValidationError, Dict<unknown>> => {
  const provider = providerNamed(body.provider)
  if (!provider) return E.left(validationError(`The provider "${body.provider}" is not one flagport offers (webhook).`, '/body/provider'))
  if (before && before.provider !== body.provider) return E.left(validationError('An addon\'s provider cannot be changed.', '/body/provider'))
  const hidden = sensitiveParameters(provider)
  const parameters: Record<string, unknown> = {}
  const problems: ErrorDetail[] = []
  for (const [name, value] of Object.entries(body.parameters)) {
    const kept = value === MASK && hidden.has(name) && before !== undefined ? before.parameters[name] : value
    if (kept === undefined) continue
    if (typeof kept !== 'string') problems.push({ path: `/body/parameters/${name}`, message: `The \`${name}\` parameter must be a string.` })
    parameters[name] = kept
  }
  for (const p of provider.parameters) {
    const value = parameters[p.name]
    if (p.required && (typeof value !== 'string' || value.trim() === '')) problems.push({ path: `/body/parameters/${p.name}`, message: `The \`${p.name}\` parameter is required.` })
    else if (p.type === 'url' && typeof value === 'string' && value !== '' && !isHttpUrl(value)) {
      problems.push({ path: `/body/parameters/${p.name}`, message: `The \`${p.name}\` parameter must be an http or https URL.` })
    }
  }
  return problems.length > 0 ? E.left(validationError(problems)) : E.right(parameters)
}

/** What a body sets of an addon: its configuration, checked (`checkBody`); not its id, provider, creation or deliveries. */
type Configuration = Pick<AddonState, 'enabled' | 'description' | 'parameters' | 'events' | 'projects' | 'environments'>

const configurationOf = (body: AddonBody, before: AddonState | undefined): E.Either<ValidationError, Configuration> => {
  const parameters = checkBody(body, before)
  if (E.isLeft(parameters)) return parameters
  return E.right({
    enabled: body.enabled,
    description: body.description ?? null,
    parameters: parameters.right,
    events: [...body.events],
    projects: [...(body.projects ?? [])],
    environments: [...(body.environments ?? [])],
  })
}

/**
 * Creates an addon with the next id. It owes the events recorded after it (its own creation
 * included, as in Unleash, when it listens to addon events): its cursor starts at the log's end.
 */
export const createAddon = (draft: Tx, body: AddonBody, ctx: Ctx): E.Either<ValidationError, number> => {
  const configuration = configurationOf(body, undefined)
  if (E.isLeft(configuration)) return configuration
  const id = (draft.counters.addon ?? 0) + 1
  draft.counters.addon = id
  const addon: AddonState = {
    id,
    provider: body.provider,
    ...configuration.right,
    createdAt: ctx.now,
    delivery: { cursor: draft.counters.event, claim: null, attempts: 0, retryAt: null, log: [], logged: 0 },
  }
  draft.addons.set(String(id), addon)
  recordEvent(draft, ctx, { type: 'addon-config-created', data: eventData(addon) })
  return E.right(id)
}

/**
 * Replaces an addon's configuration; where its deliveries stand is kept. Enabling a disabled
 * addon starts it at the log's end: what happened while it was off is not owed.
 */
export const updateAddon = (draft: Tx, id: string, body: AddonBody, ctx: Ctx): E.Either<NotFoundError | ValidationError, number> => {
  const found = findAddon(draft, id)
  if (E.isLeft(found)) return found
  const before = found.right
  const configuration = configurationOf(body, before)
  if (E.isLeft(configuration)) return configuration
  const resumed = body.enabled && !before.enabled
  const addon: AddonState = {
    ...before,
    ...configuration.right,
    delivery: resumed ? { ...before.delivery, cursor: draft.counters.event, claim: null, attempts: 0, retryAt: null } : before.delivery,
  }
  draft.addons.set(String(before.id), addon)
  recordEvent(draft, ctx, { type: 'addon-config-updated', data: eventData(addon), preData: eventData(before) })
  return E.right(before.id)
}

export const deleteAddon = (draft: Tx, id: string, ctx: Ctx): E.Either<NotFoundError, void> => {
  const found = findAddon(draft, id)
  if (E.isLeft(found)) return found
  draft.addons.delete(String(found.right.id))
  recordEvent(draft, ctx, { type: 'addon-config-deleted', preData: eventData(found.right) })
  return E.right(undefined)
}

/** An addon's delivery log, newest first, `offset` and `limit` as Unleash pages it. */
export const integrationEvents = (addon: AddonState, limit: number, offset: number): IntegrationEvent[] => {
  const log = addon.delivery.log
  const out: IntegrationEvent[] = []
  for (let i = log.length - 1 - offset; i >= 0 && out.length < limit; i--) out.push(log[i]!)
  return out
}

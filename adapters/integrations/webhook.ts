import { MASK } from '../../src/domain/addon/addons.js'
import { renderEvent } from '../../src/domain/events.js'
import type { AddonState, IntegrationEvent } from '../../src/model/addon.js'
import type { StoredEvent } from '../../src/model/state.js'
import { renderTemplate } from './template.js'

/** One delivery's outcome, as its log entry records it (secrets never in it). */
export type Outcome = Omit<IntegrationEvent, 'id' | 'integrationId'>

const param = (addon: AddonState, name: string): string | undefined => {
  const value = addon.parameters[name]
  return typeof value === 'string' && value.trim() !== '' ? value : undefined
}

/** A one-line summary for `{{eventMarkdown}}`. */
const markdown = (event: StoredEvent): string =>
  [`*${event.createdBy}*`, event.type, event.featureName && `*${event.featureName}*`, event.environment && `in *${event.environment}*`, event.project && `(project *${event.project}*)`]
    .filter(Boolean)
    .join(' ')

/** The extra headers (`customHeaders`: a JSON object of strings), or why they are left out. */
const customHeaders = (addon: AddonState): { headers: Record<string, string>; problem?: string } => {
  const given = param(addon, 'customHeaders')
  if (given === undefined) return { headers: {} }
  try {
    const parsed: unknown = JSON.parse(given)
    if (parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed) && Object.values(parsed).every((v) => typeof v === 'string')) {
      return { headers: parsed as Record<string, string> }
    }
  } catch {
    // Reported below.
  }
  return { headers: {}, problem: 'The extra HTTP headers are not a JSON object of strings and were not sent.' }
}

/** What is POSTed for an event: the body template rendered, else the event as JSON (Unleash's events format). */
export const webhookRequest = (addon: AddonState, stored: StoredEvent) => {
  const event = renderEvent(stored)
  const eventJson = JSON.stringify(event)
  const template = param(addon, 'bodyTemplate')
  const body = template === undefined ? eventJson : renderTemplate(template, { event, eventJson, eventMarkdown: markdown(stored) })
  const contentType = param(addon, 'contentType') ?? 'application/json'
  const extra = customHeaders(addon)
  const authorization = param(addon, 'authorization')
  const headers: Record<string, string> = { 'content-type': contentType, ...(authorization ? { authorization } : {}), ...extra.headers }
  return { url: param(addon, 'url') ?? '', body, headers, contentType, event, problem: extra.problem }
}

/** POSTs one event to the addon's URL; resolves to the outcome, never rejects. */
export const sendWebhook = async (addon: AddonState, stored: StoredEvent, fetcher: typeof fetch, timeoutMs: number, createdAt: string): Promise<Outcome> => {
  const request = webhookRequest(addon, stored)
  // The URL is a sensitive parameter: the log shows it masked.
  const details = { url: MASK, body: request.body, contentType: request.contentType }
  const event = request.event as unknown as Record<string, unknown>
  try {
    const response = await fetcher(request.url, { method: 'POST', headers: request.headers, body: request.body, signal: AbortSignal.timeout(timeoutMs), redirect: 'manual' })
    await response.body?.cancel().catch(() => undefined)
    if (!response.ok) return { createdAt, state: 'failed', stateDetails: `Webhook request failed with status code: ${response.status}.`, event, details }
    const done = `Webhook request was successful with status code: ${response.status}.`
    return request.problem
      ? { createdAt, state: 'successWithErrors', stateDetails: `${done} ${request.problem}`, event, details }
      : { createdAt, state: 'success', stateDetails: done, event, details }
  } catch (error) {
    // The cause's code (ECONNREFUSED, a timeout), never a message that may quote the URL.
    const cause = (error as { cause?: { code?: unknown } }).cause
    const why = typeof cause?.code === 'string' ? cause.code : (error as Error).name === 'TimeoutError' ? 'timed out' : 'no answer'
    return { createdAt, state: 'failed', stateDetails: `Webhook request failed: ${why}.`, event, details }
  }
}

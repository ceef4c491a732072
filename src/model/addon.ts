import * as t from 'io-ts'
import { type Named, open, row, rowDict } from './codec.js'

/**
 * Integrations (Unleash's addons): a provider (webhook ...) configured with parameters, the
 * event types it listens to, and the projects and environments it is limited to (empty: all).
 */

/** Creating or replacing an addon (Unleash's addonCreateUpdateSchema). */
export interface AddonBody extends t.TypeOf<typeof AddonBodyCodec> {}
const AddonBodyCodec = open(
  { provider: t.string, enabled: t.boolean, parameters: t.UnknownRecord, events: t.array(t.string) },
  { description: t.union([t.string, t.null]), projects: t.array(t.string), environments: t.array(t.string) },
  'an addon',
)
export const AddonBody: Named<typeof AddonBodyCodec, AddonBody> = AddonBodyCodec

/** An addon as answered: its sensitive parameters masked (`*****`). */
export interface Addon extends t.TypeOf<typeof AddonCodec> {}
const AddonCodec = t.type({
  id: t.number,
  provider: t.string,
  enabled: t.boolean,
  description: t.union([t.string, t.null]),
  parameters: t.record(t.string, t.unknown),
  events: t.array(t.string),
  projects: t.array(t.string),
  environments: t.array(t.string),
  createdAt: t.string,
})
export const Addon: Named<typeof AddonCodec, Addon> = AddonCodec

/** A parameter a provider takes, as the Admin UI draws its form. */
export interface AddonParameter extends t.TypeOf<typeof AddonParameterCodec> {}
const AddonParameterCodec = t.intersection([
  t.type({ name: t.string, displayName: t.string, type: t.string, required: t.boolean, sensitive: t.boolean }),
  t.partial({ description: t.string, placeholder: t.string }),
])
export const AddonParameter: Named<typeof AddonParameterCodec, AddonParameter> = AddonParameterCodec

/** A provider: what an addon of its kind takes and which events it can listen to. */
export interface AddonProvider extends t.TypeOf<typeof AddonProviderCodec> {}
const AddonProviderCodec = t.intersection([
  t.type({ name: t.string, displayName: t.string, description: t.string, documentationUrl: t.string, parameters: t.array(AddonParameter), events: t.array(t.string) }),
  t.partial({ howTo: t.string }),
])
export const AddonProvider: Named<typeof AddonProviderCodec, AddonProvider> = AddonProviderCodec

export interface AddonList extends t.TypeOf<typeof AddonListCodec> {}
const AddonListCodec = t.type({ addons: t.array(Addon), providers: t.array(AddonProvider) })
export const AddonList: Named<typeof AddonListCodec, AddonList> = AddonListCodec

/** One delivery attempt's outcome, as Unleash's integration events. */
export interface IntegrationEvent extends t.TypeOf<typeof IntegrationEventCodec> {}
const IntegrationEventCodec = t.type({
  id: t.string,
  integrationId: t.number,
  createdAt: t.string,
  state: t.union([t.literal('success'), t.literal('failed'), t.literal('successWithErrors')]),
  stateDetails: t.string,
  event: t.UnknownRecord,
  details: t.UnknownRecord,
})
export const IntegrationEvent: Named<typeof IntegrationEventCodec, IntegrationEvent> = IntegrationEventCodec

export interface IntegrationEventList extends t.TypeOf<typeof IntegrationEventListCodec> {}
const IntegrationEventListCodec = t.type({ integrationEvents: t.array(IntegrationEvent) })
export const IntegrationEventList: Named<typeof IntegrationEventListCodec, IntegrationEventList> = IntegrationEventListCodec

/**
 * Where an addon's deliveries stand. `cursor`: the id of the last event handled (delivered,
 * given up on, or not matching); every later event is still owed. `claim`: an instance sending
 * events up to `upTo` until `until` (a claim past `until` is abandoned and taken over).
 */
export interface AddonDelivery extends t.TypeOf<typeof AddonDeliveryCodec> {}
const AddonDeliveryCodec = t.readonly(
  t.type({
    cursor: t.number,
    claim: t.union([t.readonly(t.type({ owner: t.string, upTo: t.number, until: t.string })), t.null]),
    /** Failed attempts at the event after `cursor`; 0 when the last attempt succeeded. */
    attempts: t.number,
    /** Not before then (a failed attempt's backoff). */
    retryAt: t.union([t.string, t.null]),
    /** The newest outcomes, oldest first, at most `DELIVERY_LOG_SIZE`. */
    log: t.readonlyArray(IntegrationEvent),
    /** The id of the last outcome logged. */
    logged: t.number,
  }),
)
export const AddonDelivery: Named<typeof AddonDeliveryCodec, AddonDelivery> = AddonDeliveryCodec

/** An addon as stored (the `addons` table's row). */
export interface AddonState extends t.TypeOf<typeof AddonStateCodec> {}
const AddonStateCodec = row({
  id: t.number,
  provider: t.string,
  enabled: t.boolean,
  description: t.union([t.string, t.null]),
  /** Stored as given, secrets included; only delivery reads them. */
  parameters: rowDict(t.unknown),
  events: t.readonlyArray(t.string),
  projects: t.readonlyArray(t.string),
  environments: t.readonlyArray(t.string),
  createdAt: t.string,
  delivery: AddonDelivery,
})
export const AddonState: Named<typeof AddonStateCodec, AddonState> = AddonStateCodec

export const DELIVERY_LOG_SIZE = 100

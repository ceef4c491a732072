/** Integrations: deliver a facade's committed events to its webhooks (`startIntegrations`). */
export { type IntegrationOptions, type Integrations, startIntegrations } from './deliveries.js'

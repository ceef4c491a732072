/**
 * flagport: a feature-flag management core that runs inside your Node.js process and serves
 * Unleash's admin API. Start with `createAdminApi`.
 */
export { createAdminApi, type AdminApi, type AdminApiOptions } from './api/admin-api.js'
export type { AdminApiConfig } from './api/config.js'
export type { ApiRequest } from './api/operation.js'
export type { Result } from './api/runner.js'
export type { ClientDeltaAnswer, ClientFeaturesAnswer, ClientFeaturesRequest, ClientStreamRequest, LiveEvaluator } from './api/facade/client.js'
export type { EventStream, StreamSink } from './api/client-stream/hub.js'
export type { StreamingLimits } from './api/client-stream/limits.js'
export type { ClientFeatures, Context, EvaluatorOptions, Variant } from './evaluation/index.js'
export { VERSION } from './api/version.js'
/**
 * Every method resolves to an fp-ts `Either`: these read one without installing fp-ts
 * (a caller who wants more of fp-ts installs it, any 2.x).
 */
export { type Either, type Left, type Right, isLeft, isRight, left, right } from 'fp-ts/lib/Either.js'
export * from './domain/errors.js'
export type { Actor } from './domain/context.js'
export { ADMIN_ROLE_ID, EDITOR_ROLE_ID, VIEWER_ROLE_ID } from './domain/permissions.js'
export { PERMISSIONS, type Permission } from './ports/permissions.js'
export type { AuthPort, Principal } from './ports/auth.js'
export { type ClockPort, systemClock, fixedClock } from './ports/clock.js'
export type { EmailPort } from './ports/email.js'
export { type IdPort, randomIds, sequentialIds } from './ports/ids.js'
export { type LoggerPort, consoleLogger } from './ports/logger.js'
export type * from './ports/storage.js'
/** For storage adapters: replay a commit's row changes, list a whole state as changes, and write and read both in their stored form (docs/adapters.md). */
export { applyChanges } from './store/apply-changes.js'
export { stateChanges } from './store/state-changes.js'
export { StoredState, decodeStoredState, toStored } from './store/stored-state.js'
export { decodeChanges, storedChanges } from './store/row-change-codec.js'
export type { State } from './model/state.js'
export type * from './public-types.js'
export * as model from './model/index.js'

import * as t from 'io-ts'
import { type Named } from './codec.js'

/** The instance's resource limits, reported by the UI configuration and enforced by the domain. */
export interface ResourceLimits extends t.TypeOf<typeof ResourceLimitsCodec> {}
const ResourceLimitsCodec = t.type({
  segmentValues: t.number,
  strategySegments: t.number,
  actionSetActions: t.number,
  actionSetsPerProject: t.number,
  actionSetFilters: t.number,
  actionSetFilterValues: t.number,
  signalEndpoints: t.number,
  signalTokensPerEndpoint: t.number,
  featureEnvironmentStrategies: t.number,
  constraintValues: t.number,
  constraints: t.number,
  environments: t.number,
  apiTokens: t.number,
  projects: t.number,
  segments: t.number,
  featureFlags: t.number,
  /** Reported as Unleash 8.2 reports it; flagport has no release templates to limit. */
  releaseTemplates: t.number,
})
export const ResourceLimits: Named<typeof ResourceLimitsCodec, ResourceLimits> = ResourceLimitsCodec

/** Unleash's defaults (decisions.md). */
export const DEFAULT_LIMITS: ResourceLimits = {
  segmentValues: 1000,
  strategySegments: 5,
  actionSetActions: 10,
  actionSetsPerProject: 5,
  actionSetFilters: 5,
  actionSetFilterValues: 25,
  signalEndpoints: 5,
  signalTokensPerEndpoint: 5,
  featureEnvironmentStrategies: 30,
  constraintValues: 250,
  constraints: 30,
  environments: 50,
  apiTokens: 2000,
  projects: 500,
  segments: 300,
  featureFlags: 5000,
  releaseTemplates: 10,
}

/** Unleash's floors for host-set limits: these resources always allow at least one. */
export const LIMIT_MINIMUMS: Partial<ResourceLimits> = {
  featureEnvironmentStrategies: 1,
  constraintValues: 1,
  environments: 1,
  projects: 1,
  featureFlags: 1,
}

import * as E from 'fp-ts/lib/Either.js'
import type { ResourceLimits } from '../model/limits.js'
import type { Link, UiConfig } from '../model/ui-config.js'
import type { Ctx } from './context.js'
import { recordEvent } from './events.js'
import { UNLEASH_FLAGS } from './ui-flags.js'
import type { ReadState, Tx } from '../store/tx.js'

/** The host's instance settings (the facade's resolved configuration has this shape). */
export interface InstanceSettings {
  readonly name?: string | undefined
  readonly slogan?: string | undefined
  readonly unleashUrl: string
  readonly baseUriPath: string
  readonly feedbackUriPath?: string | undefined
  readonly links?: readonly Link[] | undefined
  readonly flags: Readonly<Record<string, unknown>>
  /** Used until an admin stores origins of their own. */
  readonly frontendApiOrigins: readonly string[]
  readonly authenticationType: UiConfig['authenticationType']
  readonly resourceLimits: ResourceLimits
}

/** What the build knows: the package's version, and whether an e-mail sender is plugged in. */
export interface BuildFacts {
  readonly version: string
  readonly emailEnabled: boolean
}

/** Instance flags every flagport reports: Unleash's, and export and import on; the host's `flags` are laid over them. */
const DEFAULT_FLAGS = { ...UNLEASH_FLAGS, featuresExportImport: true }

/** Flags are JSON values: a fresh copy keeps callers from changing the configuration through the record. */
const copyFlags = (hostFlags: Readonly<Record<string, unknown>>): Record<string, unknown> =>
  JSON.parse(JSON.stringify({ ...DEFAULT_FLAGS, ...hostFlags })) as Record<string, unknown>

/** Operation 6: the UI configuration record, with Unleash OSS's defaults (decisions.md). */
export const buildUiConfig = (settings: InstanceSettings, state: ReadState, build: BuildFacts): UiConfig => ({
  ...(settings.name !== undefined ? { name: settings.name } : {}),
  ...(settings.slogan !== undefined ? { slogan: settings.slogan } : {}),
  version: build.version,
  environment: 'Open Source',
  unleashUrl: settings.unleashUrl,
  baseUriPath: settings.baseUriPath,
  ...(settings.feedbackUriPath !== undefined ? { feedbackUriPath: settings.feedbackUriPath } : {}),
  disablePasswordAuth: settings.authenticationType === 'none',
  emailEnabled: build.emailEnabled,
  maintenanceMode: state.settings.maintenanceMode,
  segmentValuesLimit: settings.resourceLimits.segmentValues,
  strategySegmentsLimit: settings.resourceLimits.strategySegments,
  resourceLimits: { ...settings.resourceLimits },
  networkViewEnabled: false,
  frontendApiOrigins: [...(state.settings.frontendApiOrigins ?? settings.frontendApiOrigins)],
  flags: copyFlags(settings.flags),
  links: (settings.links ?? []).map((l) => ({ value: l.value, icon: l.icon, href: l.href, title: l.title })),
  authenticationType: settings.authenticationType,
  versionInfo: {
    current: { oss: build.version, enterprise: '' },
    latest: {},
    isLatest: true,
    instanceId: state.instanceId,
  },
  oidcConfiguredThroughEnv: false,
  samlConfiguredThroughEnv: false,
  // Unleash OSS: no Prometheus API, impact metrics off, no session counts, no stories page.
  prometheusAPIAvailable: false,
  impactMetrics: 'disabled',
  maxSessionsCount: 0,
  // Whose record this is: no one's here; the facade gives a user's record their own (api/operations/instance.ts).
  unleashContext: {},
  storiesPageEnabled: false,
})

/** Turns maintenance mode on or off; setting the current value changes nothing. */
export const setMaintenanceMode = (draft: Tx, enabled: boolean, ctx: Ctx): E.Either<never, void> => {
  if (draft.settings.maintenanceMode === enabled) return E.right(undefined)
  draft.settings.maintenanceMode = enabled
  recordEvent(draft, ctx, { type: 'setting-updated', data: { id: 'maintenance.mode', enabled }, preData: { id: 'maintenance.mode', enabled: !enabled } })
  return E.right(undefined)
}

const sameList = (a: readonly string[] | null, b: readonly string[]): boolean => a !== null && a.length === b.length && a.every((x, i) => x === b[i])

/** Stores the front-end API origins (duplicates dropped); they replace the configured ones from then on. */
export const setFrontendApiOrigins = (draft: Tx, origins: readonly string[], ctx: Ctx): E.Either<never, void> => {
  const next = [...new Set(origins)]
  const before = draft.settings.frontendApiOrigins
  if (sameList(before, next)) return E.right(undefined)
  draft.settings.frontendApiOrigins = next
  recordEvent(draft, ctx, {
    type: 'setting-updated',
    data: { id: 'unleash.frontend', frontendApiOrigins: next },
    preData: { id: 'unleash.frontend', frontendApiOrigins: before === null ? null : [...before] },
  })
  return E.right(undefined)
}

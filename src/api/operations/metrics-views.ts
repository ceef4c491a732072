import * as E from 'fp-ts/lib/Either.js'
import * as t from 'io-ts'
import { decodeAt } from '../../domain/decode.js'
import { type NotFoundError, type ValidationError, notFound, validationError } from '../../domain/errors.js'
import { HOUR_MS } from '../../domain/metrics/report.js'
import { unknownFlagsAnswer } from '../../domain/metrics/unknown-flags.js'
import { applicationBytes, oldestHour } from '../../domain/metrics/usage-rows.js'
import { compareSemver, parseSemver } from '../../evaluation/semver.js'
import { type ApplicationDetail, type Applications, ApplicationsQuery, type FeatureUsage } from '../../model/metrics.js'
import {
  type ApplicationOverview,
  ApplicationUpdate,
  type EnvironmentInstances,
  type FeatureRawMetrics,
  type OutdatedSdks,
  type ProjectApplications,
  ProjectApplicationsQuery,
  type UnknownFlags,
} from '../../model/metrics-views.js'
import { NoParams } from '../../model/params.js'
import type { State } from '../../model/state.js'
import { type UsageApplicationRow, type UsageCountRow, usageCountKey } from '../../model/usage.js'
import type { ReadState } from '../../store/tx.js'
import { read, write } from '../operation.js'
import type { MetricsLimits } from '../metrics/limits.js'
import { applicationDetail, applicationSummary, featureUsage, usageByApplication } from '../metrics/render.js'

/** The least version of each SDK Unleash 8.2 does not call outdated. */
const LEAST_SDK_VERSIONS: Readonly<Record<string, string>> = {
  'unleash-client-node': '5.3.2',
  'unleash-client-java': '9.2.0',
  'unleash-client-go': '4.1.0',
  'unleash-client-python': '5.11.0',
  'unleash-client-ruby': '5.0.0',
  'unleash-client-dotnet': '4.1.3',
  'unleash-client-php': '2.3.0',
}

/** Whether `sdkVersion` (`name:version`) is older than Unleash's least for that SDK. */
export const isOutdatedSdk = (sdkVersion: string): boolean => {
  const [name, version, extra] = sdkVersion.split(':')
  const least = name === undefined ? undefined : LEAST_SDK_VERSIONS[name]
  const found = version === undefined || extra !== undefined ? undefined : parseSemver(version)
  return least !== undefined && found !== undefined && compareSemver(found, parseSemver(least)!) < 0
}

/**
 * Strategies SDKs still announce that Unleash 8.2 no longer stores, and which its overview
 * therefore does not call missing.
 */
const RETIRED_STRATEGIES: ReadonlySet<string> = new Set(['gradualRolloutRandom', 'gradualRolloutSessionId', 'gradualRolloutUserId', 'userWithId'])

/** The raw counts' window in hours, and the most applications it lists, as Unleash's. */
const RAW_HOURS = 24
const RAW_APPLICATIONS = 100

const iso = (ms: number): string => new Date(ms).toISOString()
const sorted = (items: Iterable<string>): string[] => [...new Set(items)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
const instancesOf = (app: UsageApplicationRow) => Object.values(app.instances)

const AppParams = t.type({ appName: t.string })
const InstanceParams = t.type({ appName: t.string, environment: t.string })
const ProjectParams = t.type({ projectId: t.string })
const FeatureParams = t.type({ featureName: t.string })

/** Outdated SDK versions of the applications given, with the applications using each. */
const outdated = (apps: readonly UsageApplicationRow[]): OutdatedSdks => {
  const users = new Map<string, Set<string>>()
  for (const app of apps) for (const i of instancesOf(app)) if (i.sdkVersion !== undefined && isOutdatedSdk(i.sdkVersion)) users.set(i.sdkVersion, (users.get(i.sdkVersion) ?? new Set()).add(app.appName))
  return { sdks: sorted(users.keys()).map((sdkVersion) => ({ sdkVersion, applications: sorted(users.get(sdkVersion)!) })) }
}

/** A query's whole number of 0 or more, else the 400 naming it. */
const wholeNumber = (value: string | undefined, name: string, fallback: number): E.Either<ValidationError, number> => {
  if (value === undefined) return E.right(fallback)
  const n = /^\d{1,9}$/.test(value) ? Number(value) : NaN
  return Number.isNaN(n) ? E.left(validationError(`The \`/query/${name}\` must be a whole number of 0 or more. You sent ${JSON.stringify(value)}.`, `/query/${name}`)) : E.right(n)
}

/**
 * The admin API's and the Admin UI's views of the stored usage (usage-rows.ts): applications,
 * an application's detail, overview and instances, a project's applications, outdated SDKs, a
 * flag's usage and raw counts; and the UI's edits of an application.
 */
export const metricsViewOps = (limits: MetricsLimits) => {
  /** The stored counts still in the retention window at the call's time. */
  const counts = (state: ReadState, now: string): UsageCountRow[] => state.usageCounts.rows().filter((c) => c.hour >= oldestHour(Date.parse(now), limits.retentionHours))
  /** The applications that reported flags of `project`. */
  const projectApps = (state: State, project: string, now: string): UsageApplicationRow[] => {
    const names = new Set(counts(state, now).filter((c) => state.features.get(c.feature)?.project === project).map((c) => c.appName))
    return [...names].flatMap((name) => state.usageApplications.get(name) ?? [])
  }

  /** `GET /api/admin/metrics/applications`: `query`, `offset`, `limit`, `sortOrder`. */
  const applications = read<NoParams, undefined, Applications, ValidationError>({
    params: NoParams,
    requirement: 'NONE',
    run: (state, { query, ctx }) => {
      const q = decodeAt(ApplicationsQuery, '/query', query)
      if (E.isLeft(q)) return q
      const offset = wholeNumber(q.right.offset, 'offset', 0)
      if (E.isLeft(offset)) return offset
      const limit = wholeNumber(q.right.limit, 'limit', 1000)
      if (E.isLeft(limit)) return limit
      const text = q.right.query?.toLowerCase()
      const found = state.usageApplications.rows().filter((a) => text === undefined || a.appName.toLowerCase().includes(text))
      found.sort((a, b) => (a.appName < b.appName ? -1 : a.appName > b.appName ? 1 : 0))
      if (q.right.sortOrder === 'desc') found.reverse()
      const page = found.slice(offset.right, offset.right + limit.right)
      const usageOf = usageByApplication(state, counts(state, ctx.now))
      return E.right({ total: found.length, applications: page.map((a) => applicationSummary(a, usageOf.get(a.appName))) })
    },
  })

  /** `GET /api/admin/metrics/applications/:appName`. */
  const application = read<t.TypeOf<typeof AppParams>, undefined, ApplicationDetail, NotFoundError>({
    params: AppParams,
    requirement: 'NONE',
    run: (state, { params, ctx }) => {
      const app = state.usageApplications.get(params.appName)
      if (app === undefined) return E.left(notFound(`Could not find application with appName ${params.appName}`))
      return E.right(applicationDetail(state, app, counts(state, ctx.now)))
    },
  })

  /** `GET /api/admin/client-metrics/features/:featureName`. */
  const feature = read<t.TypeOf<typeof FeatureParams>, undefined, FeatureUsage, NotFoundError>({
    params: FeatureParams,
    requirement: 'NONE',
    run: (state, { params, ctx }) => {
      if (state.features.get(params.featureName) === undefined) return E.left(notFound(`Could not find feature with name ${params.featureName}`))
      return E.right(featureUsage(params.featureName, counts(state, ctx.now).filter((c) => c.feature === params.featureName), Date.parse(ctx.now)))
    },
  })

  const overview = read<t.TypeOf<typeof AppParams>, undefined, ApplicationOverview, NotFoundError>({
    params: AppParams,
    requirement: 'NONE',
    run: (state, { params, ctx }) => {
      const app = state.usageApplications.get(params.appName)
      if (app === undefined) return E.left(notFound(`Could not find appName=${params.appName}`))
      const own = counts(state, ctx.now).filter((c) => c.appName === app.appName)
      const features = sorted(own.map((c) => c.feature))
      const environments = sorted([...instancesOf(app).map((i) => i.environment), ...own.map((c) => c.environment)])
      return E.right({
        projects: sorted(features.flatMap((f) => state.features.get(f)?.project ?? [])),
        featureCount: features.length,
        environments: environments.map((name) => {
          const instances = instancesOf(app).filter((i) => i.environment === name)
          const sdks = sorted(instances.flatMap((i) => i.sdkVersion ?? []))
          const frontendSdks = sorted(instances.flatMap((i) => (i.sdkType === 'frontend' ? (i.sdkVersion ?? []) : [])))
          const backendSdks = sorted(instances.flatMap((i) => (i.sdkType !== 'frontend' ? (i.sdkVersion ?? []) : [])))
          const lastSeen = instances.reduce((at, i) => Math.max(at, i.lastSeen), -Infinity)
          return {
            name,
            instanceCount: instances.length,
            sdks,
            frontendSdks,
            backendSdks,
            lastSeen: Number.isFinite(lastSeen) ? iso(lastSeen) : null,
            issues: {
              missingFeatures: sorted(own.filter((c) => c.environment === name && !state.features.has(c.feature)).map((c) => c.feature)),
              outdatedSdks: sdks.filter(isOutdatedSdk),
            },
          }
        }),
        issues: { missingStrategies: app.strategies.filter((s) => !state.strategyTypes.has(s) && !RETIRED_STRATEGIES.has(s)) },
      })
    },
  })

  const instances = read<t.TypeOf<typeof InstanceParams>, undefined, EnvironmentInstances>({
    params: InstanceParams,
    requirement: 'NONE',
    run: (state, { params }) => {
      const app = state.usageApplications.get(params.appName)
      const found = app === undefined ? [] : instancesOf(app).filter((i) => i.environment === params.environment)
      found.sort((a, b) => b.lastSeen - a.lastSeen)
      return E.right({ instances: found.map((i) => ({ instanceId: i.instanceId, lastSeen: iso(i.lastSeen), sdkVersion: i.sdkVersion ?? null })) })
    },
  })

  const projectApplications = read<t.TypeOf<typeof ProjectParams>, undefined, ProjectApplications, ValidationError>({
    params: ProjectParams,
    requirement: 'NONE',
    run: (state, { params, query, ctx }) => {
      const q = decodeAt(ProjectApplicationsQuery, '/query', query)
      if (E.isLeft(q)) return q
      const offset = Math.max(0, Number.parseInt(q.right.offset ?? '0', 10) || 0)
      const limit = Math.max(0, Number.parseInt(q.right.limit ?? '50', 10) || 50)
      const text = q.right.query?.toLowerCase()
      const apps = projectApps(state, params.projectId, ctx.now)
        .map((app) => {
          const versions = new Map<string, Set<string>>()
          for (const i of instancesOf(app)) {
            const [name, version] = (i.sdkVersion ?? '').split(':')
            if (name && version) versions.set(name, (versions.get(name) ?? new Set()).add(version))
          }
          return {
            name: app.appName,
            environments: sorted(instancesOf(app).map((i) => i.environment)),
            instances: sorted(instancesOf(app).map((i) => i.instanceId)),
            sdks: sorted(versions.keys()).map((name) => ({ name, versions: sorted(versions.get(name)!) })),
          }
        })
        .filter((a) => text === undefined || [a.name, ...a.environments, ...a.sdks.map((s) => s.name)].some((v) => v.toLowerCase().includes(text)))
        .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
      if (q.right.sortOrder === 'desc') apps.reverse()
      return E.right({ total: apps.length, applications: apps.slice(offset, offset + limit) })
    },
  })

  const outdatedSdks = read<NoParams, undefined, OutdatedSdks>({ params: NoParams, requirement: 'NONE', run: (state) => E.right(outdated(state.usageApplications.rows())) })

  const projectOutdatedSdks = read<t.TypeOf<typeof ProjectParams>, undefined, OutdatedSdks>({
    params: ProjectParams,
    requirement: 'NONE',
    run: (state, { params, ctx }) => E.right(outdated(projectApps(state, params.projectId, ctx.now))),
  })

  /**
   * Every hour of the last day (the current one last) for every environment and application
   * (at most `RAW_APPLICATIONS`) that reported the flag in it, zeros included, as Unleash answers.
   */
  const raw = read<t.TypeOf<typeof FeatureParams>, undefined, FeatureRawMetrics, NotFoundError>({
    params: FeatureParams,
    requirement: 'NONE',
    run: (state, { params, ctx }) => {
      if (!state.features.has(params.featureName)) return E.left(notFound(`Could not find feature with name ${params.featureName}`))
      const since = oldestHour(Date.parse(ctx.now), RAW_HOURS)
      const own = counts(state, ctx.now).filter((c) => c.feature === params.featureName && c.hour >= since)
      const found = new Map(own.map((c) => [usageCountKey(c.hour, c.feature, c.environment, c.appName), c]))
      const environments = sorted(own.map((c) => c.environment))
      const apps = sorted(own.map((c) => c.appName)).slice(0, RAW_APPLICATIONS)
      const data: FeatureRawMetrics['data'] = []
      for (let i = 0; i < RAW_HOURS; i++) {
        const hour = since + i * HOUR_MS
        for (const environment of environments) {
          for (const appName of apps) {
            const c = found.get(usageCountKey(hour, params.featureName, environment, appName))
            const at = { featureName: params.featureName, appName, environment, timestamp: iso(hour) }
            data.push(c === undefined ? { ...at, yes: 0, no: 0 } : { ...at, yes: c.yes, no: c.no, variants: { ...c.variants } })
          }
        }
      }
      return E.right({ version: 1, maturity: 'stable', data })
    },
  })

  /** `GET /api/admin/metrics/unknown-flags`: flag names SDKs reported that the store has no flag of. */
  const unknownFlags = read<NoParams, undefined, UnknownFlags>({ params: NoParams, requirement: 'NONE', run: (state, { ctx }) => E.right(unknownFlagsAnswer(state, limits, Date.parse(ctx.now))) })

  /** `POST`: what the UI edits of an application (a field not sent keeps its value); an application not seen is added. */
  const update = write<t.TypeOf<typeof AppParams>, ApplicationUpdate, void>({
    params: AppParams,
    body: ApplicationUpdate,
    requirement: 'ADMIN',
    run: (draft, { params, body, ctx }) => {
      const before = draft.usageApplications.read(params.appName)
      const now = Date.parse(ctx.now)
      const strategies = body.strategies?.slice(0, limits.maxStrategiesPerApplication) ?? before?.strategies ?? []
      const edited = { description: body.description ?? before?.description, url: body.url ?? before?.url, color: body.color ?? before?.color, icon: body.icon ?? before?.icon }
      const row = {
        appName: params.appName,
        caller: before?.caller ?? 'admin',
        lastSeen: before?.lastSeen ?? now,
        createdAt: before === undefined ? now : before.createdAt,
        // Who added it by hand; a row SDKs made keeps having none.
        createdBy: before === undefined ? ctx.actor.name : before.createdBy,
        editedAt: now,
        strategies,
        sdkVersion: before?.sdkVersion,
        ...edited,
        instances: before?.instances ?? Object.create(null),
      }
      // Absent fields stay absent, not `undefined`, so the row reads back as it was stored.
      const kept = Object.fromEntries(Object.entries(row).filter(([, v]) => v !== undefined)) as typeof row
      draft.usageApplications.set(params.appName, { ...kept, bytes: applicationBytes(kept) })
      return E.right(() => undefined)
    },
  })

  /** `DELETE`: forgets the application and its instances; its counts stay, as in Unleash. */
  const remove = write<t.TypeOf<typeof AppParams>, undefined, void>({
    params: AppParams,
    requirement: 'ADMIN',
    run: (draft, { params }) => {
      draft.usageApplications.delete(params.appName)
      return E.right(() => undefined)
    },
  })

  return { applications, application, feature, overview, instances, projectApplications, outdatedSdks, projectOutdatedSdks, raw, unknownFlags, update, remove }
}

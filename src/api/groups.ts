import type { EmailPort } from '../ports/email.js'
import type { LoggerPort } from '../ports/logger.js'
import type { StoragePort } from '../ports/storage.js'
import type { EvaluatorOf } from './operations/frontend.js'
import type { metricsMethods } from './facade/metrics.js'
import type { Run } from './methods.js'
import type { AdminApi } from './admin-api-types.js'

/** What the facade's method groups are made from. */
export interface GroupDeps {
  readonly run: Run
  readonly storage: StoragePort
  readonly email: EmailPort | undefined
  readonly logger: LoggerPort
  readonly baseUriPath: string
  /** The frontend API's evaluator of an environment. */
  readonly evaluator: EvaluatorOf
  /** What frontend SDKs report, kept with the facade's other usage. */
  readonly frontendUsage: ReturnType<typeof metricsMethods>['frontend']
  /** Makes a read that counts SDK usage write what this process gathered first. */
  readonly afterUsageWrite: ReturnType<typeof metricsMethods>['afterWrite']
}

// Each module that makes method groups, loaded when one of its groups is first called: a
// facade made for one test, or a test kit that only evaluates, never loads the operations
// (and their codecs and domain) of the groups it does not call.
const MODULES = {
  addons: () => import('./facade/addons.js'),
  adminUi: () => import('./facade/admin-ui.js'),
  batch: () => import('./facade/batch.js'),
  contextFields: () => import('./facade/context-fields.js'),
  environments: () => import('./facade/environments.js'),
  features: () => import('./facade/features.js'),
  frontend: () => import('./frontend/methods.js'),
  groups: () => import('./facade/groups.js'),
  instance: () => import('./facade/instance.js'),
  passwordReset: () => import('./facade/password-reset.js'),
  projects: () => import('./facade/projects.js'),
  segments: () => import('./facade/segments.js'),
  serviceAccounts: () => import('./facade/service-accounts.js'),
  sessions: () => import('./facade/sessions.js'),
  strategies: () => import('./facade/strategies.js'),
  tags: () => import('./facade/tags.js'),
  tokens: () => import('./facade/tokens.js'),
  types: () => import('./facade/strategy-and-feature-types.js'),
  users: () => import('./facade/users.js'),
}

/** The modules that make method groups, loaded (src/api/facade/all.ts imports them all). */
export type GroupModules = { readonly [K in keyof typeof MODULES]: Awaited<ReturnType<(typeof MODULES)[K]>> }

type ModuleName = keyof GroupModules

/** A method group: the module that makes it, and how. */
interface Group<G> {
  readonly module: ModuleName
  readonly make: (loaded: never, deps: GroupDeps) => G
}

const group = <K extends ModuleName, G extends object>(module: K, make: (loaded: GroupModules[K], deps: GroupDeps) => G) => ({ module, make })

/** The facade's properties made here; admin-api.ts makes the others. */
type GroupName = Exclude<keyof AdminApi, 'evaluator' | 'clientFeatures' | 'client' | 'metrics' | 'flushMetrics' | 'flushLastSeen' | 'close' | 'usageKept' | 'state' | 'events'>

/** Each method group of the facade: the module that makes it, and how. */
const GROUPS: { readonly [K in GroupName]: Group<AdminApi[K]> } = {
  features: group('features', (m, d) => m.featureMethods(d.run)),
  strategies: group('strategies', (m, d) => m.strategyMethods(d.run)),
  types: group('types', (m, d) => m.typeMethods(d.run)),
  tags: group('tags', (m, d) => m.tagMethods(d.run)),
  tagTypes: group('tags', (m, d) => m.tagTypeMethods(d.run)),
  featureTags: group('tags', (m, d) => m.featureTagMethods(d.run)),
  segments: group('segments', (m, d) => m.segmentMethods(d.run)),
  addons: group('addons', (m, d) => m.addonMethods(d.run)),
  contextFields: group('contextFields', (m, d) => m.contextFieldMethods(d.run)),
  batch: group('batch', (m, d) => m.batchMethods(d.run)),
  users: group('users', (m, d) => m.userMethods(d.run, d.storage, d.email)),
  groups: group('groups', (m, d) => m.groupMethods(d.run)),
  apiTokens: group('tokens', (m, d) => m.apiTokenMethods(d.run)),
  personalTokens: group('tokens', (m, d) => m.personalTokenMethods(d.run)),
  serviceAccounts: group('serviceAccounts', (m, d) => m.serviceAccountMethods(d.run)),
  projects: group('projects', (m, d) => m.projectMethods(d.run)),
  environments: group('environments', (m, d) => m.environmentMethods(d.run)),
  instance: group('instance', (m, d) => m.instanceMethods(d.run, d.email !== undefined, d.afterUsageWrite)),
  sessions: group('sessions', (m, d) => m.sessionMethods(d.run, d.storage, d.baseUriPath)),
  passwordReset: group('passwordReset', (m, d) => m.passwordResetMethods(d.run, d.email, d.logger)),
  adminUi: group('adminUi', (m, d) => m.adminUiMethods(d.run)),
  frontend: group('frontend', (m, d) => ({ ...m.frontendMethods(d.run, d.evaluator), ...d.frontendUsage })),
}

// What this process has loaded, as the module cache it mirrors is the process's: every facade
// makes those groups at once, with no await. No answer of any facade is kept here.
const loaded: { [K in ModuleName]?: GroupModules[K] } = {}
const loading: { [K in ModuleName]?: Promise<void> } = {}

const load = (name: ModuleName): Promise<void> =>
  (loading[name] ??= MODULES[name]().then(
    (module) => void ((loaded as Record<ModuleName, unknown>)[name] = module),
    (error: unknown) => {
      delete loading[name]
      throw error
    },
  ))

/**
 * Makes every group's module available at once, so that facades make their groups with no
 * await: for the HTTP layer, whose routes read every method (and the operation it runs).
 */
export const provideGroupModules = (modules: GroupModules): void => void Object.assign(loaded, modules)

/** Loads every group's module; then every facade's groups are plain objects, their methods listed. */
export const loadGroupModules = async (): Promise<void> => void (await Promise.all((Object.keys(MODULES) as ModuleName[]).map(load)))

/**
 * `target` with every method group. A group whose module is loaded is made when first read
 * and kept as a plain value; before that, reading it gives a stand-in whose methods load the
 * module, make the group and call its method (every method answers a promise, so a caller
 * sees no difference but the time of the first call).
 */
export const withGroups = <T extends object>(target: T, deps: GroupDeps): T & Pick<AdminApi, GroupName> => {
  for (const [name, { module, make }] of Object.entries(GROUPS) as [string, Group<object>][]) {
    let standIn: object | undefined
    const made = (): Record<string, unknown> => (target as Record<string, Record<string, unknown>>)[name]!
    Object.defineProperty(target, name, {
      enumerable: true,
      configurable: true,
      get() {
        const ready = loaded[module]
        if (ready === undefined) return (standIn ??= standInGroup(name, async () => (await load(module), made())))
        const value = make(ready as never, deps)
        Object.defineProperty(target, name, { value, enumerable: true })
        return value
      },
    })
  }
  return target as T & Pick<AdminApi, GroupName>
}

/** A group not made yet: each method it is asked for loads the group, then calls the group's own. */
const standInGroup = (group: string, made: () => Promise<Record<string, unknown>>): object => {
  const methods = new Map<string, (...args: unknown[]) => Promise<unknown>>()
  return new Proxy(
    {},
    {
      get(_, key) {
        // Not a thenable, and nothing under a symbol: only method names are answered.
        if (typeof key !== 'string' || key === 'then') return undefined
        let method = methods.get(key)
        if (method === undefined) {
          method = async (...args: unknown[]) => {
            const real = await made()
            const called = real[key]
            if (typeof called !== 'function') throw new TypeError(`flagport: the ${group} group has no method ${key}`)
            return called.apply(real, args)
          }
          methods.set(key, method)
        }
        return method
      },
    },
  )
}

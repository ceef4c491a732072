import { emptyEventLog } from './events.js'
import { builtInAdmin, ADMIN_USERNAME } from './user/admin-user.js'
import { usernameKey } from '../model/identities.js'
import { ADMIN_ROLE_ID, EDITOR_ROLE_ID, ROOT_ROLE_PERMISSIONS, VIEWER_ROLE_ID } from './permissions.js'
import { dictFrom } from '../model/dict.js'
import { emptyTable, tableFrom } from '../store/table.js'
import { SCHEMA_VERSION } from '../store/upgrade.js'
import { PART_NAMES, type ContextFieldState, type State, type StrategyTypeState, type TableName } from '../model/state.js'

const strategyType = (name: string, description: string, parameters: StrategyTypeState['parameters'] = []): [string, StrategyTypeState] => [
  name,
  { name, description, parameters, builtIn: true },
]

const contextField = (name: string, description: string, sortOrder: number, now: string, stickiness = false): [string, ContextFieldState] => [
  name,
  { name, description, stickiness, sortOrder, legalValues: [], createdAt: now },
]

/** `parts` in the schema's order, each table they leave out empty: a table starts empty unless seeded here. */
const withEmptyTables = (parts: Omit<State, TableName> & Partial<Pick<State, TableName>>): State =>
  Object.fromEntries(PART_NAMES.map((name) => [name, parts[name] ?? emptyTable()])) as unknown as State

/** What a fresh store holds (decisions.md). `instanceId` and `now` come from the caller. */
export const initialState = (instanceId: string, now: string): State => withEmptyTables({
  schemaVersion: SCHEMA_VERSION,
  instanceId,
  settings: { maintenanceMode: false, frontendApiOrigins: null },
  counters: { user: 1, group: 0, segment: 0, event: 0, apiToken: 0 },
  // sortOrder 2 and 3, as Unleash seeds them (its third, `default`, 1, is left out: decisions.md).
  environments: tableFrom([
    ['development', { name: 'development', type: 'development', enabled: true, sortOrder: 2, protected: false, requiredApprovals: null }],
    ['production', { name: 'production', type: 'production', enabled: true, sortOrder: 3, protected: false, requiredApprovals: null }],
  ]),
  projects: tableFrom([
    [
      'default',
      {
        id: 'default',
        name: 'Default',
        description: 'Default project',
        mode: 'open',
        defaultStickiness: 'default',
        featureLimit: null,
        environments: ['development', 'production'],
        changeRequestEnvironments: [],
        createdAt: now,
        createdByUserId: -1337,
        owners: [],
      },
    ],
  ]),
  liveFeatures: dictFrom([['default', 0]]),
  strategyTypes: tableFrom([
    strategyType('default', 'This strategy turns on / off for your entire userbase. Prefer using "Gradual rollout" strategy (100%=on, 0%=off).'),
    strategyType('flexibleRollout', 'Roll out to a percentage of your userbase, and ensure that the experience is the same for the user on each visit.', [
      { name: 'rollout', type: 'percentage', description: '', required: false },
      { name: 'stickiness', type: 'string', description: 'Used define stickiness. Possible values: default, userId, sessionId, random', required: true },
      { name: 'groupId', type: 'string', description: 'Used to define a activation groups, which allows you to correlate across feature toggles.', required: true },
    ]),
    strategyType('remoteAddress', 'Enable the feature for a specific set of IP addresses.', [
      { name: 'IPs', type: 'list', description: 'List of IPs to enable the feature toggle for.', required: true },
    ]),
    strategyType('applicationHostname', 'Enable the feature for a specific set of hostnames.', [
      { name: 'hostNames', type: 'list', description: 'List of hostnames to enable the feature toggle for.', required: false },
    ]),
  ]),
  tagTypes: tableFrom([['simple', { name: 'simple', description: 'Used to simplify filtering of features', icon: '#', color: '#FFFFFF' }]]),
  contextFields: tableFrom([
    contextField('appName', 'Allows you to constrain on application name', 2, now),
    contextField('currentTime', 'Allows you to constrain on date values', 3, now),
    contextField('environment', 'Allows you to constrain on application environment', 0, now),
    contextField('userId', 'Allows you to constrain on userId', 1, now),
    contextField('sessionId', 'Allows you to constrain on sessionId', 4, now, true),
    contextField('remoteAddress', 'Allows you to constrain on remoteAddress', 5, now),
  ]),
  rootRoles: tableFrom(
    (
      [
        [ADMIN_ROLE_ID, 'Admin', 'Users with the root admin role have superuser access to Unleash and can perform any operation within the Unleash platform.'],
        [EDITOR_ROLE_ID, 'Editor', 'Users with the root editor role have access to most features in Unleash, but can not manage users and roles in the root scope. Editors will be added as project owners when creating projects and get superuser rights within the context of these projects. Users with the editor role will also get access to most permissions on the default project by default.'],
        [VIEWER_ROLE_ID, 'Viewer', 'Users with the root viewer role can only read root resources in Unleash. Viewers can be added to specific projects as project members. Users with the viewer role may not view API tokens.'],
      ] as const
    ).map(([id, name, description]) => [String(id), { id, name, description, type: 'root' as const, permissions: ROOT_ROLE_PERMISSIONS[id]! }] as const),
  ),
  // Unleash's built-in admin is user 1, so the first user created is 2.
  users: tableFrom([['1', builtInAdmin(now)]]),
  identities: tableFrom([[usernameKey(ADMIN_USERNAME), 1]]),
  events: emptyEventLog(),
})

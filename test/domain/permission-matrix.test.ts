import * as E from 'fp-ts/lib/Either.js'
import t from 'tap'
import type { ApiError } from '../../src/domain/errors.js'
import { ADMIN_TOKEN, makeApi, ok, plain } from '../support/api.js'

/**
 * Each of the ten operations of the spec, called as every kind of caller, answers as
 * decisions.md says: 200/201, 401 (no or unknown token) or 403 (permission missing, or a
 * client token on the admin API), and a refusal changes nothing.
 */

type Caller = 'Admin' | 'Editor' | 'Viewer' | 'admin token' | 'client token' | 'frontend token' | 'unknown token' | 'no token'
const CALLERS: Caller[] = ['Admin', 'Editor', 'Viewer', 'admin token', 'client token', 'frontend token', 'unknown token', 'no token']

const STATUS: Partial<Record<ApiError['_tag'], number>> = { AuthenticationRequired: 401, NoAccessError: 403 }

/** Admin, Editor and Viewer users with personal tokens, a client token, a feature with a strategy and a tag. */
const setup = async () => {
  const { api } = await makeApi({ tokens: true })
  const admin = { authorization: ADMIN_TOKEN }
  const pat = async (rootRole: string) => {
    const user = ok(await api.users.create({ ...admin, params: {}, body: { username: `${rootRole.toLowerCase()}-user`, rootRole } }))
    return ok(await api.personalTokens.create({ ...admin, params: { id: String(user.id) }, body: { description: 'matrix', expiresAt: '2100-01-01T00:00:00.000Z' } })).secret
  }
  const credentials: Record<Caller, string | undefined> = {
    Admin: await pat('Admin'),
    Editor: await pat('Editor'),
    Viewer: await pat('Viewer'),
    'admin token': ADMIN_TOKEN,
    'client token': ok(await api.apiTokens.create({ ...admin, params: {}, body: { tokenName: 'sdk', type: 'client', environment: 'development' } })).secret,
    'frontend token': ok(await api.apiTokens.create({ ...admin, params: {}, body: { tokenName: 'web', type: 'frontend', environment: 'development' } })).secret,
    'unknown token': '*:*.not-a-token-of-this-store',
    'no token': undefined,
  }
  ok(await api.features.create({ ...admin, params: { projectId: 'default' }, body: { name: 'matrix' } }))
  const path = { projectId: 'default', featureName: 'matrix', environment: 'development' }
  const strategy = ok(await api.strategies.add({ ...admin, params: path, body: { name: 'default' } }))
  ok(await api.featureTags.bulkUpdate({ ...admin, params: { projectId: 'default' }, body: { features: ['matrix'], tags: { addedTags: [{ value: 'team' }], removedTags: [] } } }))
  return { api, credentials, path, strategyId: strategy.id }
}

type Setup = Awaited<ReturnType<typeof setup>>

interface Operation {
  readonly name: string
  readonly permission: string
  readonly created?: boolean
  /** The 403 message names the environment the check was scoped to. */
  readonly environment?: string
  readonly call: (s: Setup, authorization: string | undefined, caller: string) => Promise<E.Either<ApiError, unknown>>
}

const slug = (caller: string) => caller.toLowerCase().replace(/\s+/g, '-')

const OPERATIONS: Operation[] = [
  {
    name: '1 export',
    permission: 'NONE',
    call: ({ api }, authorization) => api.batch.exportFeatures({ authorization, params: {}, body: { environment: 'development', project: 'default' } }),
  },
  {
    name: '2 set strategy sort order',
    permission: 'UPDATE_FEATURE_STRATEGY',
    environment: 'development',
    call: ({ api, path, strategyId }, authorization) => api.strategies.setSortOrder({ authorization, params: path, body: [{ id: strategyId, sortOrder: 3 }] }),
  },
  {
    name: '3 create user',
    permission: 'ADMIN',
    created: true,
    call: ({ api }, authorization, caller) => api.users.create({ authorization, params: {}, body: { username: `made-by-${slug(caller)}`, rootRole: 'Viewer' } }),
  },
  {
    name: '4 update feature',
    permission: 'UPDATE_FEATURE',
    call: ({ api }, authorization) => api.features.update({ authorization, params: { projectId: 'default', featureName: 'matrix' }, body: { description: 'changed' } }),
  },
  {
    name: '5 create project',
    permission: 'CREATE_PROJECT',
    created: true,
    call: ({ api }, authorization, caller) => api.projects.create({ authorization, params: {}, body: { id: `p-${slug(caller)}`, name: `Project of ${caller}` } }),
  },
  {
    name: '6 ui-config',
    permission: 'NONE',
    call: ({ api }, authorization) => api.instance.uiConfig({ authorization, params: {} }),
  },
  {
    name: '7 list groups',
    permission: 'ADMIN',
    call: ({ api }, authorization) => api.groups.list({ authorization, params: {} }),
  },
  {
    name: '8 bulk tags',
    permission: 'UPDATE_FEATURE',
    call: ({ api }, authorization) =>
      api.featureTags.bulkUpdate({ authorization, params: { projectId: 'default' }, body: { features: ['matrix'], tags: { addedTags: [{ value: 'more' }], removedTags: [] } } }),
  },
  {
    name: '9 get tag',
    permission: 'NONE',
    call: ({ api }, authorization) => api.tags.get({ authorization, params: { type: 'simple', value: 'team' } }),
  },
  {
    name: '10 list users',
    permission: 'ADMIN',
    call: ({ api }, authorization) => api.users.list({ authorization, params: {} }),
  },
]

/** decisions.md: Admin and admin tokens hold every permission, Editor all but ADMIN, Viewer none. */
const expected = (op: Operation, caller: Caller): number => {
  if (caller === 'unknown token' || caller === 'no token') return 401
  if (caller === 'client token' || caller === 'frontend token') return 403
  const permitted = op.permission === 'NONE' || caller === 'Admin' || caller === 'admin token' || (caller === 'Editor' && op.permission !== 'ADMIN')
  return permitted ? (op.created ? 201 : 200) : 403
}

const statusOf = (op: Operation, result: E.Either<ApiError, unknown>): number | string =>
  E.isRight(result) ? (op.created ? 201 : 200) : (STATUS[result.left._tag] ?? result.left._tag)

t.test('the permission matrix of the ten operations', async (t) => {
  const s = await setup()
  for (const op of OPERATIONS) {
    for (const caller of CALLERS) {
      const before = plain(s.api.state())
      const result = await op.call(s, s.credentials[caller], caller)
      const want = expected(op, caller)
      t.equal(statusOf(op, result), want, `${op.name} as ${caller}`)
      if (E.isLeft(result)) {
        t.same(plain(s.api.state()), before, `${op.name} as ${caller}: the refusal changed nothing`)
        if (want === 403) {
          const sdk = caller === 'client token' || caller === 'frontend token'
          const permission = sdk && op.permission === 'NONE' ? 'ADMIN' : op.permission
          t.same(result.left.extra, { permissions: [permission] }, `${op.name} as ${caller}: names ${permission}`)
          const where = op.environment && !sdk ? ` in the "${op.environment}" environment` : ''
          t.equal(
            result.left.message,
            `You don't have the required permissions to perform this operation. To perform this action, you need the "${permission}" permission${where}.`,
          )
        }
      }
    }
  }
})

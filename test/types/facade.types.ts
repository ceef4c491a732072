/**
 * Type tests of the facade, checked by `npm run typecheck` (tsc): each `@ts-expect-error` line
 * must fail to compile, or the check fails with "Unused '@ts-expect-error' directive".
 * Nothing here runs.
 */
import { type AdminApi, type ErrorName, isLeft } from 'flagport'

declare const api: AdminApi
const feature = { projectId: 'default', featureName: 'checkout' }

/** Whether the union `U` has a member tagged `N`. */
type Names<U> = U extends { readonly _tag: infer N } ? N : never
type ErrorsOf<M extends (...args: never[]) => Promise<unknown>> = Awaited<ReturnType<M>> extends infer R ? (R extends { readonly _tag: 'Left'; readonly left: infer L } ? Names<L> : never) : never
const same = <A, B>(_: [A] extends [B] ? ([B] extends [A] ? true : false) : false) => undefined

export const bodies = async () => {
  await api.features.update({ params: feature, body: { description: 'New', stale: false } })
  // @ts-expect-error a misspelled field of a body is a compile error
  await api.features.update({ params: feature, body: { descripton: 'New' } })
  // @ts-expect-error a field of the wrong type too
  await api.features.update({ params: feature, body: { stale: 'yes' } })
  // @ts-expect-error a body the method needs cannot be left out
  await api.features.create({ params: { projectId: 'default' } })
  // @ts-expect-error nor a required field of it
  await api.features.create({ params: { projectId: 'default' }, body: { description: 'no name' } })
  await api.strategies.add({
    params: { ...feature, environment: 'development' },
    body: { name: 'flexibleRollout', constraints: [{ contextName: 'userId', operator: 'IN', values: ['42'] }] },
  })
  await api.strategies.add({
    params: { ...feature, environment: 'development' },
    // @ts-expect-error an operator the admin API does not take
    body: { name: 'default', constraints: [{ contextName: 'userId', operator: 'LIKE', values: ['42'] }] },
  })
  // Read-only data may be sent: the facade copies what it keeps.
  const tags = Object.freeze([{ type: 'simple', value: 'beta' }] as const)
  await api.features.create({ params: { projectId: 'default' }, body: { name: 'frozen', tags } })
}

export const params = async () => {
  // @ts-expect-error a path parameter cannot be left out
  await api.features.get({ params: { projectId: 'default' } })
  // @ts-expect-error nor misspelled
  await api.features.get({ params: { projectId: 'default', feature: 'checkout' } })
  // A method whose path has no parameters needs none.
  await api.tags.list({})
  // @ts-expect-error a method that takes no body takes none
  await api.tags.list({ body: { anything: true } })
}

export const errors = async () => {
  // A read names the pipeline's refusals and its own: never HTTP-only ones, never maintenance.
  same<ErrorsOf<AdminApi['features']['get']>, 'AuthenticationRequired' | 'NoAccessError' | 'ValidationError' | 'StorageError' | 'NotFoundError'>(true)
  same<ErrorsOf<AdminApi['tags']['list']>, 'AuthenticationRequired' | 'NoAccessError' | 'ValidationError' | 'StorageError'>(true)
  // A write names its domain's own refusals, and may meet maintenance too.
  same<
    ErrorsOf<AdminApi['features']['create']>,
    'AuthenticationRequired' | 'NoAccessError' | 'ValidationError' | 'StorageError' | 'MaintenanceModeError' | 'NameExistsError' | 'ExceedsLimitError' | 'NotFoundError'
  >(true)
  same<Extract<ErrorsOf<AdminApi['features']['update']>, 'MaintenanceModeError'>, 'MaintenanceModeError'>(true)
  const all: ErrorName = 'PayloadTooLargeError'
  same<Extract<ErrorsOf<AdminApi['features']['update']>, 'PayloadTooLargeError' | 'ContentTypeerror' | 'TooManyRequestsError' | 'MethodNotAllowedError'>, never>(true)
  const result = await api.features.get({ params: feature })
  if (isLeft(result)) {
    // @ts-expect-error a tag the method cannot return does not narrow
    if (result.left._tag === 'NameExistsError') return all
    return result.left._tag
  }
  return result.right.environments.map((e) => e.enabled)
}

/**
 * A host app that hands flagport's types on: it exports, with no annotation, a facade and a
 * test kit, every facade method and what each answers. Compiled with `--declaration`, each
 * export's type must be written in the app's own .d.ts by names flagport exports: a type it
 * cannot name is TS2742, one too long to write is TS7056.
 */

/** The facade's groups and their methods, as a facade lists them at run time. */
export type Groups = Readonly<Record<string, readonly string[]>>

const IMPORTS = `import { createAdminApi, isLeft, type Either, type Feature } from 'flagport'
import { createMemoryStorage } from 'flagport/storage/memory'
import { openAuth } from 'flagport/auth/open'
import { createTestKit } from 'flagport/testing'
`

const unwrap = `const unwrap = <L, R>(result: Either<L, R>): R => {
  if (isLeft(result)) throw new Error('refused')
  return result.right
}
`

/** Every method and its answer, for a facade held in `api`. */
const everyMethod = (groups: Groups): string =>
  Object.entries(groups)
    .flatMap(([group, methods]) =>
      methods.length === 0
        ? [`export const ${group} = api.${group}`]
        : methods.flatMap((method) => [`export const ${group}_${method} = api.${group}.${method}`, `export const ${group}_${method}_answer = async () => unwrap(await api.${group}.${method}(null!))`]),
    )
    .join('\n')

/** An ES module app (node16 resolution): the facade and the kit made at its top level. */
export const esmHostApp = (groups: Groups): string => `${IMPORTS}
export const api = await createAdminApi({ storage: createMemoryStorage(), auth: openAuth() })
export const kit = await createTestKit({ flags: { checkout: { environments: { development: { enabled: true } } } } })
export const pendingKit = createTestKit()
${unwrap}
/** A feature record, as a host app's own helper returns it. */
export const featureNamed = async (featureName: string) => unwrap(await api.features.get({ params: { projectId: 'default', featureName } }))
export const sameFeature = (a: Feature, b: Feature) => a.name === b.name
${everyMethod(groups)}
`

/** A CommonJS app (node10 resolution, no top-level await): the facade and the kit made by its functions. */
export const commonJsHostApp = (groups: Groups): string => `${IMPORTS}
export const makeApi = () => createAdminApi({ storage: createMemoryStorage(), auth: openAuth() })
export const makeKit = () => createTestKit({ flags: { checkout: {} } })
${unwrap}
export const featureNamed = async (featureName: string) => unwrap(await (await makeApi()).features.get({ params: { projectId: 'default', featureName } }))
export const answers = async () => {
  const api = await makeApi()
${everyMethod(groups)
  .split('\n')
  .filter((line) => line.includes('_answer'))
  .map((line) => '  ' + line.replace(/^export const (\w+) = async \(\) => /, 'const $1 = async () => '))
  .join('\n')}
  return { ${everyMethod(groups)
    .split('\n')
    .filter((line) => line.includes('_answer'))
    .map((line) => /^export const (\w+)/.exec(line)![1])
    .join(', ')} }
}
`

/** The groups and methods of a facade made from the sources. */
export const facadeGroups = async (): Promise<Groups> => {
  const { createAdminApi } = await import('../../src/api/admin-api.js')
  const { createMemoryStorage } = await import('../../adapters/storage/memory.js')
  const { openAuth } = await import('../../adapters/auth/open.js')
  const api = await createAdminApi({ storage: createMemoryStorage(), auth: openAuth() })
  // Loaded first: a group not yet used lists no methods.
  await (await import('../../src/api/groups.js')).loadGroupModules()
  return Object.fromEntries(Object.entries(api).map(([group, value]) => [group, typeof value === 'function' ? [] : Object.keys(value as object)]))
}

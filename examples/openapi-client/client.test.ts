/**
 * The typed client example: types generated from flagport's OpenAPI document with
 * openapi-typescript, the client and its calls type-checked against them, then run against
 * flagport in process.
 */
import { copyFile, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import t from 'tap'
import ts from 'typescript'
import { createAdminApi } from 'flagport'
import { openAuth } from 'flagport/auth/open'
import { createHttpHandler } from 'flagport/http'
import { toFetchHandler } from 'flagport/http/fetch'
import { createMemoryStorage } from 'flagport/storage/memory'
import { apiTypes } from './generate.js'

/**
 * client.ts compiles only beside the generated types, which the repository does not keep: it is
 * loaded by a path the compiler does not follow, and type-checked below, beside fresh types.
 */
interface ClientModule {
  createClient: (baseUrl: string, authorization: string, fetchImpl: (request: Request) => Promise<Response>) => unknown
  createFlagAndList: (client: unknown) => Promise<unknown>
}
const CLIENT = fileURLToPath(new URL('client.ts', import.meta.url))

t.test('the client and its calls type-check against the types generated from the document', async (t) => {
  const dir = await mkdtemp(join(tmpdir(), 'flagport-openapi-client-'))
  t.teardown(() => rm(dir, { recursive: true, force: true }))
  await writeFile(join(dir, 'flagport-api.d.ts'), await apiTypes())
  await copyFile(CLIENT, join(dir, 'client.ts'))
  const program = ts.createProgram([join(dir, 'client.ts')], {
    strict: true,
    noUncheckedIndexedAccess: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'],
    types: [],
    noEmit: true,
  })
  const problems = ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'))
  t.same(problems, [], 'no type errors, and every refused call is refused')
})

t.test('the client creates a flag, switches it on and lists it, against flagport', async (t) => {
  const api = await createAdminApi({ storage: createMemoryStorage(), auth: openAuth() })
  const { createClient, createFlagAndList } = (await import(CLIENT)) as ClientModule
  const handler = toFetchHandler(createHttpHandler(api))
  const client = createClient('http://flags.test', 'any', (request) => handler(request))
  t.same(await createFlagAndList(client), { name: 'new-checkout', enabled: [true, false], tagTypes: ['simple'] })
})

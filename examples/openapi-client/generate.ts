/**
 * Writes TypeScript types for flagport's HTTP API with openapi-typescript, from the OpenAPI
 * document flagport generates (the one served at `GET /docs/openapi.json`).
 * Run: npx tsx examples/openapi-client/generate.ts [file]   (default: flagport-api.d.ts beside it)
 */
import { writeFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import openapiTS, { astToString, type OpenAPI3 } from 'openapi-typescript'
import { createAdminApi } from 'flagport'
import { openAuth } from 'flagport/auth/open'
import { createOpenApiDocument } from 'flagport/openapi'
import { createMemoryStorage } from 'flagport/storage/memory'

/** The types of every path, operation and component of flagport's document. */
export const apiTypes = async (): Promise<string> => {
  // Any admin API gives the same document: its routes do not depend on what the store holds.
  const api = await createAdminApi({ storage: createMemoryStorage(), auth: openAuth() })
  const document = createOpenApiDocument(api)
  return astToString(await openapiTS(document as unknown as OpenAPI3))
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const file = process.argv[2] ?? fileURLToPath(new URL('flagport-api.d.ts', import.meta.url))
  await writeFile(file, await apiTypes())
  console.log(`wrote ${file}`)
}

/**
 * `flagport import` and `flagport export`: a whole store to and from flagport's transfer
 * document, and a running Unleash's projects, environments, flags and definitions into a
 * store (docs/cli.md, "import and export").
 */
import { parseArgs } from 'node:util'
import * as E from 'fp-ts/lib/Either.js'
import { openAuth } from '../auth/open.js'
import { createAdminApi } from '../../src/api/admin-api.js'
import { openStore } from './open-store.js'
import { collect } from './transfer/collect.js'
import type { TransferDocument } from './transfer/document.js'
import { readDocument, writeDocument } from './transfer/files.js'
import { describePlan } from './transfer/print-plan.js'
import { transferInto } from './transfer/run.js'
import { storeSource } from './transfer/store-source.js'
import { unleashSource } from './transfer/unleash-source.js'

export const TRANSFER_HELP = `flagport import FILE [--dry-run]
flagport import --from-unleash URL [--token TOKEN] [--dry-run]
  Writes a transfer document, or everything a running Unleash holds (projects, environments,
  flags with strategies, variants, tags, dependencies and links, tag types, context fields,
  segments, custom strategy types), into the store in one transaction. Only what differs is
  written; nothing is deleted.
  --from-unleash URL      Unleash's base URL (http://host:4242)
  --token TOKEN           an admin token of that Unleash        UNLEASH_TOKEN
  --dry-run               print what would change, change nothing
flagport export --out FILE
  Writes the whole store as a transfer document.
  --out FILE              the file to write
Store options of import and export:
  --data DIR              the file store's directory            FLAGPORT_DATA   (./flagport-data)
  --database-url URL      a PostgreSQL store instead            DATABASE_URL
  --store NAME            the store's name in that database     FLAGPORT_STORE  (default)
Exit codes: 0 done, 1 failed (nothing changed), 2 usage error.`

/** Where the command's lines go: the process's streams, or a test's. */
export interface TransferOutput {
  readonly out: (line: string) => void
  readonly err: (line: string) => void
}

const processOutput: TransferOutput = {
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
}

const OPTIONS = {
  'from-unleash': { type: 'string' },
  token: { type: 'string' },
  'dry-run': { type: 'boolean' },
  out: { type: 'string' },
  data: { type: 'string' },
  'database-url': { type: 'string' },
  store: { type: 'string' },
} as const

type Values = { readonly [K in keyof typeof OPTIONS]?: (typeof OPTIONS)[K]['type'] extends 'boolean' ? boolean : string }

/** Runs `section` with the store the options name opened through a facade, and closes it. */
const withStore = async (values: Values, env: NodeJS.ProcessEnv, section: (api: Awaited<ReturnType<typeof createAdminApi>>) => Promise<E.Either<string, void>>): Promise<E.Either<string, void>> => {
  const databaseUrl = values['database-url'] ?? env['DATABASE_URL']
  const opened = await openStore({
    data: values.data ?? env['FLAGPORT_DATA'] ?? './flagport-data',
    ...(databaseUrl ? { databaseUrl } : {}),
    storeName: values.store ?? env['FLAGPORT_STORE'] ?? 'default',
  })
  if (E.isLeft(opened)) return opened
  const { storage, exclusive } = opened.right
  try {
    const api = await createAdminApi({ storage, auth: openAuth({ id: -1, name: 'flagport transfer' }) })
    return E.flatten(await exclusive(() => section(api)))
  } catch (error) {
    return E.left(error instanceof Error ? error.message : String(error))
  } finally {
    await storage.close()
  }
}

const importCommand = async (values: Values, files: readonly string[], env: NodeJS.ProcessEnv, io: TransferOutput): Promise<number> => {
  const from = values['from-unleash']
  // Exactly one source: a file, or Unleash.
  if (files.length + (from === undefined ? 0 : 1) !== 1) {
    io.err('flagport import: give either one FILE or --from-unleash URL')
    return 2
  }
  const token = values.token ?? env['UNLEASH_TOKEN']
  if (from !== undefined && !token) {
    io.err('flagport import: --from-unleash needs --token (or UNLEASH_TOKEN), an admin token of that Unleash')
    return 2
  }
  const dryRun = values['dry-run'] === true
  const wanted: E.Either<string, TransferDocument> = from !== undefined ? await collect(unleashSource({ url: from, token: token! })) : await readDocument(files[0]!)
  if (E.isLeft(wanted)) {
    io.err(`flagport import failed, nothing changed: ${wanted.left}`)
    return 1
  }
  const done = await withStore(values, env, async (api) => {
    const plan = await transferInto(api, wanted.right, dryRun)
    if (E.isRight(plan)) describePlan(plan.right, dryRun).forEach(io.out)
    return E.map(() => undefined)(plan)
  })
  if (E.isLeft(done)) {
    io.err(`flagport import failed, nothing changed: ${done.left}`)
    return 1
  }
  return 0
}

const exportCommand = async (values: Values, rest: readonly string[], env: NodeJS.ProcessEnv, io: TransferOutput): Promise<number> => {
  const out = values.out
  if (!out || rest.length > 0 || values['from-unleash'] !== undefined || values['dry-run'] !== undefined) {
    io.err('flagport export: give --out FILE (and only store options besides)')
    return 2
  }
  const done = await withStore(values, env, async (api) => {
    const document = await collect(storeSource(api, 'the store'))
    if (E.isLeft(document)) return document
    const written = await writeDocument(out, document.right)
    if (E.isRight(written)) {
      const d = document.right
      io.out(`wrote ${out}: ${d.projects.length} projects, ${d.environments.length} environments, ${new Set(d.flags.flatMap((f) => f.data.features.map((x) => x.name))).size} flags`)
    }
    return written
  })
  if (E.isLeft(done)) {
    io.err(`flagport export failed: ${done.left}`)
    return 1
  }
  return 0
}

export const runTransfer = async (command: 'import' | 'export', argv: readonly string[], env: NodeJS.ProcessEnv, io: TransferOutput = processOutput): Promise<number> => {
  let parsed: { values: Values; positionals: string[] }
  try {
    parsed = parseArgs({ args: [...argv], options: OPTIONS, allowPositionals: true, strict: true })
  } catch (error) {
    io.err(`flagport ${command}: ${error instanceof Error ? error.message : String(error)}`)
    return 2
  }
  return command === 'import' ? importCommand(parsed.values, parsed.positionals, env, io) : exportCommand(parsed.values, parsed.positionals, env, io)
}

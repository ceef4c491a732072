/**
 * The `flagport` command: reads the command and its flags, and runs it. Every command resolves
 * to its exit code (see exit-codes.ts); usage errors are told on stderr with a pointer to --help.
 */
import { isLeft } from 'fp-ts/lib/Either.js'
import { existsSync, readFileSync } from 'node:fs'
import { EXIT } from './exit-codes.js'
import { optionLines, parseFlags, serveConfig, SERVE_OPTIONS, UI_FETCH_OPTIONS, defaultUiCache, type Refused } from './options.js'

/** The package's version: its package.json is two directories up from the sources, three from dist/. */
const version = (): string => {
  const manifest = [new URL('../../package.json', import.meta.url), new URL('../../../package.json', import.meta.url)].find(existsSync)!
  return (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version
}

/** `--help`: every command, and every flag with its variable and default. */
export const helpText = async (): Promise<string> => {
  const { TRANSFER_HELP } = await import('./transfer.js')
  return [
    'Usage: flagport [command] [flags]',
    '',
    "flagport serves Unleash's admin, client and frontend APIs (and, with --ui, its Admin UI)",
    'over a file store, or PostgreSQL when DATABASE_URL is set.',
    '',
    'Commands:',
    '  flagport [serve] [flags]         serve (the default command)',
    '  flagport ui fetch [flags]        fetch the Admin UI build from npm into the UI cache',
    TRANSFER_HELP,
    '  flagport help | --help | -h      this help',
    '  flagport version | --version     the version',
    '',
    'Flags of serve (a flag wins over its variable):',
    ...optionLines(SERVE_OPTIONS),
    '',
    'Flags of ui fetch: --ui-cache, --ui-version, as above.',
    '',
    'Exit codes: 0 stopped cleanly (SIGINT, SIGTERM) or done; 1 could not start or finish, or a',
    'second signal stopped it without waiting; 2 a wrong command line.',
    'Documentation: https://github.com/flagport/flagport/blob/main/docs/cli.md',
    '',
  ].join('\n')
}

const refused = (command: string, problem: Refused): number => {
  console.error(`flagport${command ? ` ${command}` : ''}: ${problem.message}`)
  if (problem.kind === 'usage') console.error('See flagport --help.')
  return problem.kind === 'usage' ? EXIT.usage : EXIT.failed
}

const runServe = async (argv: readonly string[], env: NodeJS.ProcessEnv): Promise<number> => {
  const flags = parseFlags(argv, SERVE_OPTIONS)
  if (isLeft(flags)) return refused('', flags.left)
  if (flags.right['help']) return console.log(await helpText()), EXIT.ok
  const config = serveConfig(flags.right, env)
  if (isLeft(config)) return refused('', config.left)
  const { serve } = await import('./serve.js')
  return serve(config.right)
}

const runUiFetch = async (argv: readonly string[], env: NodeJS.ProcessEnv): Promise<number> => {
  const flags = parseFlags(argv, UI_FETCH_OPTIONS)
  if (isLeft(flags)) return refused('ui fetch', flags.left)
  if (flags.right['help']) return console.log(await helpText()), EXIT.ok
  const config = serveConfig(flags.right, env)
  if (isLeft(config)) return refused('ui fetch', config.left)
  const { fetchUiBuild } = await import('./ui-build.js')
  const fetched = await fetchUiBuild(config.right.uiCache, config.right.uiVersion)
  if (isLeft(fetched)) {
    console.error(`flagport ui fetch: ${fetched.left}`)
    return EXIT.failed
  }
  console.log(`Extracted ${fetched.right.files} files of the Unleash Admin UI (unleash-server@${config.right.uiVersion}, integrity checked) into ${fetched.right.dir}`)
  console.log(`Serve it with: flagport --ui${config.right.uiCache === defaultUiCache(env) ? '' : ` --ui-cache ${config.right.uiCache}`}`)
  return EXIT.ok
}

/** Runs the command `argv` names (the arguments after `flagport`); resolves to its exit code. */
export const runCli = async (argv: readonly string[], env: NodeJS.ProcessEnv): Promise<number> => {
  const [first, ...rest] = argv
  if (first === undefined || first.startsWith('-')) {
    if (first === '--version' || first === '-v') return console.log(version()), EXIT.ok
    if (first === '-h') return console.log(await helpText()), EXIT.ok
    return runServe(argv, env)
  }
  switch (first) {
    case 'serve':
      return runServe(rest, env)
    case 'help':
      return console.log(await helpText()), EXIT.ok
    case 'version':
      return console.log(version()), EXIT.ok
    case 'ui':
      if (rest[0] === 'fetch') return runUiFetch(rest.slice(1), env)
      return refused('', { kind: 'usage', message: `unknown command "ui${rest[0] ? ` ${rest[0]}` : ''}"; did you mean "ui fetch"?` })
    case 'import':
    case 'export': {
      const { runTransfer } = await import('./transfer.js')
      return runTransfer(first, rest, env)
    }
    default:
      return refused('', { kind: 'usage', message: `unknown command "${first}".` })
  }
}

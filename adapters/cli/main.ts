#!/usr/bin/env node
/** The `flagport` executable (package.json `bin`): see docs/cli.md. */
import { runCli } from './cli.js'

// Exits with the command's code even if a timer or socket of a library would keep it alive.
process.exit(await runCli(process.argv.slice(2), process.env))

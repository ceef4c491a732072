/** Runs the streaming rows alone: `test/scripts/postgres.sh node --expose-gc --conditions=flagport-source --import tsx test/bench/streaming.run.ts`. */
import { printTable } from './measure.js'
import { streamingRows } from './streaming.js'

if (!process.env.DATABASE_URL) console.log('streaming: skipped, no DATABASE_URL (test/scripts/postgres.sh starts a database)')
else printTable(await streamingRows(process.env.DATABASE_URL))

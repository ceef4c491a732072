/**
 * Runs the two-process streaming rows alone (the "done when"):
 * `test/scripts/postgres.sh node --conditions=flagport-source --import tsx test/bench/streaming-hosts.run.ts`.
 * BENCH_STREAMS (other streams on B, default 1000) and BENCH_GAP_MS (between toggles, default 50) vary it.
 */
import { printTable } from './measure.js'
import { hostsRows } from './streaming-hosts.js'

const streams = Number(process.env.BENCH_STREAMS ?? '1000')
const gapMs = Number(process.env.BENCH_GAP_MS ?? '50')
if (!process.env.DATABASE_URL) console.log('streaming: skipped, no DATABASE_URL (test/scripts/postgres.sh starts a database)')
else printTable(await hostsRows(process.env.DATABASE_URL, streams, 100, gapMs))

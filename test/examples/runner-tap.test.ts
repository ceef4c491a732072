/** The tap examples of examples/testing run as written, and every test passes. */
import t from 'tap'
import { NODE_SOURCE, runExample } from './runner.js'

const EXAMPLES: [string, number][] = [
  ['examples/testing/checkout.tap.ts', 2],
  ['examples/testing/unleash-client.tap.ts', 1],
]

for (const [example, tests] of EXAMPLES) {
  t.test(example, async (t) => {
    const run = await runExample(process.execPath, [...NODE_SOURCE, example])
    t.equal(run.code, 0, run.output)
    // Under tap, the child reports its tests as lines `ok N - ...`, then `1..N`.
    t.match(run.output, new RegExp(`^1\\.\\.${tests}$`, 'm'), 'every test ran')
    t.notMatch(run.output, /^\s*not ok/m, 'none failed')
  })
}

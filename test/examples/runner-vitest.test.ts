/** The vitest example of examples/testing runs as written (vitest in its own process), and both its tests pass. */
import t from 'tap'
import { createRequire } from 'node:module'
import { runExample } from './runner.js'

const vitest = createRequire(import.meta.url).resolve('vitest/vitest.mjs')

t.test('vitest run examples/testing/checkout.vitest.ts', async (t) => {
  const run = await runExample(process.execPath, [vitest, 'run', '--config', 'examples/testing/vitest.config.ts'])
  t.equal(run.code, 0, run.output)
  t.match(run.output, /Tests\s+2 passed \(2\)/)
})

/** The node:test example of examples/testing runs as written, and both its tests pass (flag on, flag off). */
import t from 'tap'
import { NODE_SOURCE, runExample } from './runner.js'

t.test('node --test examples/testing/checkout.node-test.ts', async (t) => {
  const run = await runExample(process.execPath, [...NODE_SOURCE, '--test', '--test-reporter=tap', 'examples/testing/checkout.node-test.ts'])
  t.equal(run.code, 0, run.output)
  t.match(run.output, /# pass 2\b/)
  t.match(run.output, /# fail 0\b/)
})

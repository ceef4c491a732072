/**
 * vitest for the runner example. `flagport-source` makes `flagport/...` resolve to the sources
 * of this repository; a host app that installed flagport needs no conditions.
 */
import { defineConfig } from 'vitest/config'

const conditions = ['flagport-source', 'node', 'import', 'default']

export default defineConfig({
  resolve: { conditions },
  ssr: { resolve: { conditions, externalConditions: conditions } },
  // From the sources, the first kit's imports are transformed inside the example's beforeAll.
  test: { include: ['examples/testing/*.vitest.ts'], root: '.', hookTimeout: 60_000 },
})

// The fast, in-process tests: unit, property and loopback-integration tests of the modules under
// src/. Mutation testing (stryker.config.mjs) runs these; `npm test` runs them with the rest.
import { availableParallelism } from 'node:os'
import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['test/unit/**/*.test.ts', 'test/property/**/*.test.ts', 'test/integration/**/*.test.ts'],
    // The fault scenarios run the whole action, each under the heap bound vitest.config.ts gives them: `npm test` runs them.
    exclude: ['test/integration/faults.test.ts'],
    environment: 'node',
    // One file per core (vitest's own default leaves one core out). Stryker runs one worker per runner.
    maxWorkers: Math.max(1, availableParallelism()),
    testTimeout: 20_000,
    unstubEnvs: true
  }
})

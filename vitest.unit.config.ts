// The fast, in-process tests: unit, property and loopback-integration tests of the modules under
// src/. Mutation testing (stryker.config.mjs) runs these; `npm test` runs them with the rest.
import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['test/unit/**/*.test.ts', 'test/property/**/*.test.ts', 'test/integration/**/*.test.ts'],
    environment: 'node',
    testTimeout: 20_000,
    unstubEnvs: true
  }
})

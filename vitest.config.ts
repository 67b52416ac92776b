import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    environment: 'node',
    pool: 'forks',
    testTimeout: 60_000,
    hookTimeout: 30_000,
    unstubEnvs: true,
    reporters: ['default', 'json'],
    outputFile: { json: '.test-results/vitest.json' }
  }
})

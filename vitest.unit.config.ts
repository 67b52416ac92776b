// The fast, in-process tests: unit, property and loopback-integration tests of the modules under
// src/. Mutation testing (stryker.config.mjs) runs these; `npm test` runs them with the rest.
import { availableParallelism } from 'node:os'
import { defineConfig } from 'vitest/config'
import { FAULTS, ownModuleFiles } from './test/support/test-files.js'

const IN_PROCESS = ['unit', 'property', 'integration']
const ownModules = ownModuleFiles(IN_PROCESS)

export default defineConfig({
  test: {
    environment: 'node',
    // One file per core (vitest's own default leaves one core out). Stryker runs one worker per runner.
    maxWorkers: Math.max(1, availableParallelism()),
    // As in vitest.config.ts: Stryker's first run of every test instruments the code, and on a busy
    // machine the tests that feed a megabyte took more than 20 s there; a failed first run ends the run.
    testTimeout: 60_000,
    unstubEnvs: true,
    // As in vitest.config.ts, the files share their worker's modules unless they need their own.
    // Under Stryker this makes the first run of every test about three times faster (53 s against
    // 2 min 43 s), and a surviving mutant, which runs every test that covers it, loads the modules
    // once rather than once per file.
    projects: [
      {
        extends: true,
        test: {
          name: 'shared modules',
          include: IN_PROCESS.map((dir) => `test/${dir}/**/*.test.ts`),
          // The fault scenarios run the whole action, each under the heap bound vitest.config.ts gives them: `npm test` runs them.
          exclude: [FAULTS, ...ownModules],
          isolate: false
        }
      },
      { extends: true, test: { name: 'own modules', include: ownModules } }
    ]
  }
})

import { readFileSync } from 'node:fs'
import { availableParallelism } from 'node:os'
import { defineConfig } from 'vitest/config'
import { FAULTS, ownModuleFiles } from './test/support/test-files.js'

const CORES = Math.max(1, availableParallelism())

// The in-process tests share their workers' modules (isolate: false): each worker imports the
// source, zod, micromark and the renderers once, not once per file, which was about half of the
// suite's time. A file that replaces a module (vi.mock), loads modules afresh (vi.resetModules) or
// runs the whole action (runInProcess, which does) needs modules of its own: those files run in a
// project that gives each file a fresh module graph.
const IN_PROCESS = ['unit', 'property', 'integration', 'docs']
const ownModules = ownModuleFiles(IN_PROCESS)

// GitHub's workflow parser (test/docs/workflows.test.ts) imports its JSON schema without an import
// attribute, which Node refuses; run through Vite, the import works. Its source maps point to files
// the package leaves out, so they are dropped here instead of warned about on every run.
const workflowParser = /[\\/]node_modules[\\/]@actions[\\/]workflow-parser[\\/]dist[\\/].*\.js$/

export default defineConfig({
  plugins: [
    {
      name: 'workflow-parser-without-source-maps',
      enforce: 'pre',
      load(id) {
        if (!workflowParser.test(id)) return undefined
        return { code: readFileSync(id, 'utf8').replace(/^\/\/# sourceMappingURL=.*$/m, ''), map: null }
      }
    }
  ],
  test: {
    environment: 'node',
    pool: 'forks',
    // One file more than cores: the end-to-end files wait on real time (the first status check after
    // 1 s, deadlines of 3 s), which leaves a core idle, and the extra file fills it (on two idle cores:
    // 82 s against 89 s). No more concurrent fault scenarios (test/e2e/faults.test.ts, each with its
    // own emulator and process) than cores.
    maxWorkers: CORES + 1,
    maxConcurrency: CORES,
    testTimeout: 60_000,
    hookTimeout: 30_000,
    unstubEnvs: true,
    server: { deps: { inline: ['@actions/workflow-parser'] } },
    reporters: ['default', 'json'],
    outputFile: { json: '.test-results/vitest.json' },
    projects: [
      {
        extends: true,
        test: {
          name: 'in process',
          include: ['test/{unit,property,integration,docs}/**/*.test.ts'],
          exclude: [FAULTS, ...ownModules],
          isolate: false
        }
      },
      {
        extends: true,
        test: {
          name: 'in process, own modules',
          include: ownModules
        }
      },
      {
        extends: true,
        test: {
          name: 'faults in process',
          include: [FAULTS],
          // The fault scenarios say the run keeps under 512 MiB: here the action, the emulator and the
          // test runner together do, in a process whose heap cannot grow past it.
          execArgv: ['--max-old-space-size=512']
        }
      },
      {
        extends: true,
        test: {
          name: 'end to end',
          include: ['test/e2e/**/*.test.ts'],
          // The end-to-end tests run the bundle: when dist/ was not built from this src/, it is built
          // first. Vitest sets a project up only when a run holds one of its files.
          globalSetup: ['test/support/bundle-setup.ts']
        }
      }
    ]
  }
})

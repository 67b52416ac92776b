// Mutation testing of src/ with the fast in-process tests (vitest.unit.config.ts). Run it with
// `npm run mutation`, which starts Stryker under Node 24 (Stryker needs Node 22 or newer) and then
// checks the targets, overall and per file, on the files a run mutates (scripts/mutation.mjs).
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  vitest: { configFile: 'vitest.unit.config.ts', related: false },
  plugins: ['@stryker-mutator/vitest-runner'],
  mutate: ['src/**/*.ts', '!src/index.ts', '!src/version.ts'],
  coverageAnalysis: 'perTest',
  // No break threshold: scripts/mutation.mjs checks the targets, on the files a run mutates.
  thresholds: { high: 95, low: 90, break: null },
  // One incremental file, assembled from the committed results (reports/mutation/, one file per
  // source or test file) before a run and split back into them after it (scripts/mutation-results.mjs).
  incremental: true,
  incrementalFile: '.cache/mutation/incremental.json',
  // The committed results are no part of what the tests read.
  ignorePatterns: ['/reports'],
  reporters: ['clear-text', 'progress', 'json'],
  jsonReporter: { fileName: '.cache/mutation/report.json' },
  clearTextReporter: { allowColor: false, logTests: false, reportScoreTable: true },
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
  concurrency: 2,
  timeoutMS: 10_000
}

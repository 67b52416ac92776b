// @ts-check
// Runs the emulator on its own, for the workflow self-test and for trying the action by hand
// (`npm run local-action` with .env.example copied to .env):
//   node test/emulator/cli.js [port]    (default port 8787; key from EMULATOR_API_KEY, default mint_selftest_key)
// It listens on 127.0.0.1 only and prints what to give the action: baseUrl, apiKey and projectId.
// Jobs finish 3 s after creation with a pull request; a small visitor data set (300 pages) is served, and
// every other analytics endpoint serves the emulator's default data set (./analytics-data.js).
import { startEmulator } from './emulator.js'
import { siteTotals, visitorRows } from '../support/visitors.js'

const port = Number(process.argv[2] ?? 8787)
const key = process.env.EMULATOR_API_KEY ?? 'mint_selftest_key'
const projectId = 'proj_docs'
const emulator = await startEmulator({
  port,
  keys: { [key]: {} },
  projects: [projectId],
  defaultPlan: { finishAfterMs: 3000, changesFiles: true }
})
emulator.setVisitors({ totals: siteTotals(300), rows: visitorRows(300) })
console.log(`API emulator listening at ${emulator.url}
Give the action these inputs (the emulator takes no other key or project):
  baseUrl:   ${emulator.url}
  apiKey:    ${key}
  projectId: ${projectId}
Jobs complete 3 s after they are created, with a pull request; 300 pages of visitor data are served, and
views, searches, feedback, feedback/by-page, assistant and assistant/caller-stats serve the default data set.
Ctrl-C stops it.`)
for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM']))
  process.on(signal, () => void emulator.close().then(() => process.exit(0)))

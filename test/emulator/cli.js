// @ts-check
// Runs the emulator on its own, for the workflow self-test and for trying the action by hand
// (`node --env-file=.env dist/index.js` with .env.example copied to .env):
//   node test/emulator/cli.js [port] [--hostile]    (default port 8787; key from EMULATOR_API_KEY, default mint_selftest_key)
// It listens on 127.0.0.1 only and prints what to give the action: baseUrl, apiKey and projectId.
// Jobs finish 3 s after creation with a pull request. It serves the demo's data (scripts/demo-data.mjs,
// as `npm run demo` does): a docs site of 120 pages over the last 7 full UTC days, and the week
// before for the comparisons. `--hostile` serves the tests' data instead, made to break a report
// (odd counts, reader text written to inject markup, edge values): 300 pages of visitors, and the
// default data set of ./analytics-data.js for every other section.
import { startEmulator } from './emulator.js'
import { siteTotals, visitorRows } from '../support/visitors.js'
import { DEMO_PAGES, setDemoData } from '../../scripts/demo-data.mjs'

const args = process.argv.slice(2)
const hostile = args.includes('--hostile')
const unknown = args.filter((arg) => arg.startsWith('-') && arg !== '--hostile')
const portArg = args.find((arg) => !arg.startsWith('-'))
const port = Number(portArg ?? 8787)
if (unknown.length > 0 || !Number.isInteger(port) || port < 0 || port > 65_535) {
  console.error('Usage: node test/emulator/cli.js [port] [--hostile]')
  process.exit(2)
}
const key = process.env.EMULATOR_API_KEY ?? 'mint_selftest_key'
const projectId = 'proj_docs'
const emulator = await startEmulator({
  port,
  keys: { [key]: {} },
  projects: [projectId],
  defaultPlan: { finishAfterMs: 3000, changesFiles: true }
})

/** The last 7 full UTC days, the action's default range, as YYYY-MM-DD (dateTo excluded). */
const day = (/** @type {number} */ daysAgo) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10)
const week = { dateFrom: day(7), dateTo: day(0) }

let data
if (hostile) {
  emulator.setVisitors({ totals: siteTotals(300), rows: visitorRows(300) })
  data = `the tests' hostile data: 300 pages of visitors, and the default data set of test/emulator/analytics-data.js for
views, searches, feedback and assistant questions (odd counts and injected markup, made to break a report)`
} else {
  setDemoData(emulator, week)
  data = `the demo's data: a docs site of ${DEMO_PAGES} pages, ${week.dateFrom} to ${week.dateTo} (dateTo excluded) and the week before,
with page views, searches, feedback and assistant questions (--hostile serves the tests' data instead)`
}
console.log(`API emulator listening at ${emulator.url}
Give the action these inputs (the emulator takes no other key or project):
  baseUrl:   ${emulator.url}
  apiKey:    ${key}
  projectId: ${projectId}
Jobs complete 3 s after they are created, with a pull request. Analytics serve
${data}.
Ctrl-C stops it.`)
for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM']))
  process.on(signal, () => void emulator.close().then(() => process.exit(0)))

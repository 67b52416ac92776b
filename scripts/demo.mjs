// @ts-check
// Runs the action (dist/index.js) against the bundled emulator of the API, the way a workflow step
// would, on the demo data of a docs site (scripts/demo-data.mjs) over the last 7 full UTC days, and
// shows its log, its outputs and the job summary it wrote as the text a reader sees on GitHub. What
// it wrote stays in docs-agent-demo/ in the OS temp folder, replaced on the next run: the summary as
// written and as a page styled as on GitHub, analytics.json and a CSV per section.
import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startEmulator } from '../test/emulator/emulator.js'
import { BUNDLE, runAction } from '../test/support/action.js'
import { readerText, summaryPage } from '../test/support/render.js'
import { node24 } from '../test/support/runtimes.js'
import { setDemoData } from './demo-data.mjs'

if (!existsSync(BUNDLE)) {
  console.error('dist/index.js is missing: run `npm run build` first.')
  process.exit(1)
}

/** Node 24, the runtime action.yml declares; else the node running this, said so. */
function runtime() {
  try {
    return node24()
  } catch {
    console.log(`Node 24 was not found (node test/support/fetch-node24.mjs fetches it): running the action under ${process.version}.`)
    return process.execPath
  }
}

const OUT = join(tmpdir(), 'docs-agent-demo')
rmSync(OUT, { recursive: true, force: true })
mkdirSync(OUT, { recursive: true })

// The action's default range, the last 7 full UTC days, given as inputs so that the data's dates fall inside it.
const day = (/** @type {number} */ daysAgo) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10)
const week = { dateFrom: day(7), dateTo: day(0) }

const key = 'mint_demo_key'
const emulator = await startEmulator({ keys: { [key]: {} } })
setDemoData(emulator, week)
emulator.planJobs({
  steps: [{ afterMs: 3000, status: 'completed' }],
  changesFiles: true,
  prLink: 'https://github.com/acme/docs/pull/42',
  ref: 'docs/dry-run-flag'
})

const inputs = {
  apiKey: key,
  projectId: 'proj_docs',
  prompt: 'Document the new --dry-run flag of the CLI',
  baseUrl: emulator.url,
  pollIntervalSeconds: '2',
  analytics: 'all',
  ...week,
  // The demo's data is made up, so its reader text may be shown; a real public repository hides it.
  readerText: 'show',
  topPages: '5'
}
console.log(`Emulator of the API at ${emulator.url}; running dist/index.js with:`)
for (const [name, value] of Object.entries(inputs)) console.log(`  ${name}: ${name === 'apiKey' ? '***' : value}`)

/** @type {string | undefined} */
let dir
try {
  // The action writes its analytics files under RUNNER_TEMP: the demo's folder, so that they stay.
  const run = await runAction({ inputs, node: runtime(), env: { RUNNER_TEMP: OUT } })
  dir = run.dir
  console.log('\n--- log (stdout) ---')
  process.stdout.write(
    run.stdout
      .split('\n')
      .filter((line) => !line.startsWith('::debug::') && !line.startsWith('::add-mask::'))
      .join('\n')
  )
  console.log('\n--- outputs (GITHUB_OUTPUT) ---')
  for (const [name, value] of Object.entries(run.outputs)) console.log(`  ${name} = ${value}`)
  console.log('\n--- job summary (GITHUB_STEP_SUMMARY, as GitHub shows it; ▸ is a collapsed block) ---')
  console.log(readerText(run.summary))

  writeFileSync(join(OUT, 'summary.md'), run.summary)
  writeFileSync(join(OUT, 'summary.html'), summaryPage(run.summary))
  console.log(`\n--- files, kept in ${OUT} until the next demo ---`)
  console.log(`  ${join(OUT, 'summary.html')}: the summary as a web page, styled as on GitHub`)
  console.log(`  ${join(OUT, 'summary.md')}: the summary as the action wrote it`)
  const analytics = run.outputs.analyticsDir
  if (analytics) {
    const files = readdirSync(analytics).sort(
      (a, b) => Number(b === 'analytics.json') - Number(a === 'analytics.json') || a.localeCompare(b)
    )
    for (const file of files) console.log(`  ${join(analytics, file)}`)
  }
  console.log(`\nexit code ${run.code}, ${(run.elapsedMs / 1000).toFixed(1)} s, ${emulator.requests.length} requests to the emulator`)
  process.exitCode = run.code ?? 1
} finally {
  await emulator.close()
  // The runner's own files (GITHUB_OUTPUT, the summary file) go; what the action wrote is in OUT.
  if (dir) rmSync(dir, { recursive: true, force: true })
}

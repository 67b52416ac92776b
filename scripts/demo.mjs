// @ts-check
// Runs the action (dist/index.js) against the bundled emulator of the API, the way a workflow step
// would, and shows its log, its outputs and the job summary it wrote: as the text a reader sees on
// GitHub, and as a page (the summary rendered and styled as GitHub shows it) written to a file.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startEmulator } from '../test/emulator/emulator.js'
import { runAction } from '../test/support/action.js'
import { readerText, summaryPage } from '../test/support/render.js'
import { siteTotals, visitorRows } from '../test/support/visitors.js'

const key = 'mint_demo_key'
const emulator = await startEmulator({ keys: { [key]: {} } })
emulator.setVisitors({ totals: siteTotals(600), rows: visitorRows(600) })
// The week before the default range (the last 7 full UTC days), so that the comparison shows a change.
const daysAgo = (/** @type {number} */ days) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10)
emulator.setVisitors(
  { totals: { human: 655_000, ai: 182_000, total: 781_000 }, rows: visitorRows(3) },
  { dateFrom: daysAgo(14), dateTo: daysAgo(7) }
)
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
  // The demo's data is made up, so its reader text may be shown; a real public repository hides it.
  readerText: 'show',
  topPages: '5'
}
console.log(`Emulator of the API at ${emulator.url}; running dist/index.js with:`)
for (const [name, value] of Object.entries(inputs)) console.log(`  ${name}: ${name === 'apiKey' ? '***' : value}`)

/** @type {string | undefined} */
let dir
try {
  const run = await runAction({ inputs })
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
  const page = join(tmpdir(), 'docs-agent-demo', 'summary.html')
  mkdirSync(join(tmpdir(), 'docs-agent-demo'), { recursive: true })
  writeFileSync(page, summaryPage(run.summary))
  console.log(`\nThe summary as a web page, styled as on GitHub: ${page}`)
  console.log(`exit code ${run.code}, ${(run.elapsedMs / 1000).toFixed(1)} s, ${emulator.requests.length} requests to the emulator`)
  process.exitCode = run.code ?? 1
} finally {
  await emulator.close()
  if (dir) rmSync(dir, { recursive: true, force: true })
}

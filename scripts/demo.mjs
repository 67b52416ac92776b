// @ts-check
// Runs the action (dist/index.js) against the bundled emulator of the API, the way a workflow step
// would, and shows its log, its outputs and the job summary it wrote.
import { rmSync } from 'node:fs'
import { startEmulator } from '../test/emulator/emulator.js'
import { runAction } from '../test/support/action.js'
import { siteTotals, visitorRows } from '../test/support/visitors.js'

const key = 'mint_demo_key'
const emulator = await startEmulator({ keys: { [key]: {} } })
emulator.setVisitors({ totals: siteTotals(600), rows: visitorRows(600) })
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
  analytics: 'true',
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
  console.log('\n--- job summary (GITHUB_STEP_SUMMARY, HTML; collapsed rows cut here) ---')
  console.log(run.summary.replace(/(<details><summary>[^<]*<\/summary>\n<table>(?:<tr>.*?<\/tr>){3}).*?<\/table>/s, '$1…</table>'))
  console.log(`exit code ${run.code}, ${(run.elapsedMs / 1000).toFixed(1)} s, ${emulator.requests.length} requests to the emulator`)
  process.exitCode = run.code ?? 1
} finally {
  await emulator.close()
  if (dir) rmSync(dir, { recursive: true, force: true })
}

// @ts-check
// `npm run mutation`: StrykerJS over src/ with the in-process tests, under Node 24 (Stryker needs
// Node 22 or newer; the tests fetch Node 24 into .cache/node24). Stryker breaks the run below the
// overall target itself; this script then prints the score per file and checks the targets Stryker
// cannot express: every file at least PER_FILE_TARGET, and no mutant left uncovered by any test in
// the domain code. Extra arguments go to Stryker (for example `-- --mutate src/agent/**/*.ts`).
import { spawnSync } from 'node:child_process'
import { existsSync, readFileSync, statSync } from 'node:fs'
import { resolve } from 'node:path'
import { NODE24 } from '../test/support/runtimes.js'

const OVERALL_TARGET = 90
const PER_FILE_TARGET = 80
/** Domain code: here every mutant must at least be run by some test. */
const NO_UNCOVERED = /^src\/(agent|analytics|api|core)\//
const REPORT = resolve(import.meta.dirname, '../reports/mutation/mutation.json')

const node = Number(process.versions.node.split('.')[0]) >= 22 ? process.execPath : NODE24
const stryker = resolve(import.meta.dirname, '../node_modules/@stryker-mutator/core/bin/stryker.js')
const started = Date.now()
// MUTATION_TESTING shrinks the tests that feed megabytes (test/support/stress.ts): each runs once per mutant it covers.
const run = spawnSync(node, [stryker, 'run', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: { ...process.env, MUTATION_TESTING: '1' }
})
// Stryker exits 1 both when it fails and when the score is under its break threshold; in the
// second case the report is fresh, and the per-file table below says where the score was lost.
if (run.status !== 0 && !(existsSync(REPORT) && statSync(REPORT).mtimeMs >= started)) {
  console.error(`Stryker ended with ${run.status ?? run.signal ?? 'an error'} and wrote no report.`)
  process.exit(run.status ?? 1)
}

/** @typedef {{ status: string, location: { start: { line: number } }, mutatorName: string }} Mutant */
/** @type {unknown} */
const parsed = JSON.parse(readFileSync(REPORT, 'utf8'))
const report = /** @type {{ files: Record<string, { mutants: Mutant[] }> }} */ (parsed)

const DETECTED = new Set(['Killed', 'Timeout'])
const COUNTED = new Set(['Killed', 'Timeout', 'Survived', 'NoCoverage'])
const problems = []
let detected = 0
let counted = 0
const rows = []
for (const [file, { mutants }] of Object.entries(report.files).sort(([a], [b]) => a.localeCompare(b))) {
  const valid = mutants.filter((m) => COUNTED.has(m.status))
  const killed = valid.filter((m) => DETECTED.has(m.status)).length
  const uncovered = valid.filter((m) => m.status === 'NoCoverage')
  detected += killed
  counted += valid.length
  const score = valid.length === 0 ? 100 : (killed / valid.length) * 100
  rows.push(`${score.toFixed(1).padStart(6)} %  ${String(killed).padStart(4)}/${String(valid.length).padEnd(4)}  ${file}`)
  if (score < PER_FILE_TARGET) problems.push(`${file}: ${score.toFixed(1)} % is below the per-file target of ${PER_FILE_TARGET} %`)
  if (NO_UNCOVERED.test(file) && uncovered.length > 0) {
    const lines = uncovered.map((m) => m.location.start.line).join(', ')
    problems.push(`${file}: ${uncovered.length} mutants no test covers (lines ${lines})`)
  }
}
const overall = counted === 0 ? 100 : (detected / counted) * 100
console.log(`\nMutation score per file (killed or timed out / valid mutants):\n${rows.join('\n')}`)
console.log(
  `\nMutation score: ${overall.toFixed(2)} % (${detected} of ${counted}); targets: ${OVERALL_TARGET} % overall, ${PER_FILE_TARGET} % per file.`
)
if (overall < OVERALL_TARGET) problems.push(`overall ${overall.toFixed(2)} % is below ${OVERALL_TARGET} %`)
if (run.status !== 0) problems.push(`Stryker ended with ${run.status ?? run.signal ?? 'an error'} (see its log above)`)
if (problems.length > 0) {
  console.error(`\nMutation targets missed:\n- ${problems.join('\n- ')}`)
  process.exit(1)
}

// @ts-check
// `npm run mutation`: StrykerJS over src/ with the in-process tests, under Node 24 (Stryker needs
// Node 22 or newer; the tests fetch Node 24 into .cache/node24). This script then prints the score per
// file and checks the targets: OVERALL_TARGET over the files judged, every one of them at least
// PER_FILE_TARGET, and no mutant left uncovered by any test in the domain code. Extra arguments go to
// Stryker (for example `-- --mutate src/agent/**/*.ts`); with --mutate, the files it names are the
// ones judged, and the others keep their results without being judged again. The results are committed
// one file per source or test file (reports/mutation/, scripts/mutation-results.mjs): a run rewrites
// only those whose results changed.
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { NODE24 } from '../test/support/runtimes.js'
import { mutatedSources, OVERALL_TARGET, PER_FILE_TARGET } from './mutation-changed.mjs'
import { assembleReport, readResults, RESULTS_DIR, splitReport, STRYKER_FILE, writeResults } from './mutation-results.mjs'

/** Domain code: here every mutant must at least be run by some test. */
const NO_UNCOVERED = /^src\/(agent|analytics|api|core)\//
const ROOT = resolve(import.meta.dirname, '..')
const REPORT = resolve(ROOT, '.cache/mutation/report.json')
const INCREMENTAL = resolve(ROOT, STRYKER_FILE)
const args = process.argv.slice(2)

/**
 * The files a run judges: those `--mutate` names (globs with * and **, a mutation range after a colon
 * ignored), or every file of the report when it is not given.
 * @param {string[]} argv
 * @returns {((file: string) => boolean) | undefined}
 */
function mutateScope(argv) {
  const at = argv.findIndex((arg) => arg === '--mutate' || arg === '-m' || arg.startsWith('--mutate='))
  if (at < 0) return undefined
  const value = argv[at]?.startsWith('--mutate=') ? argv[at].slice('--mutate='.length) : (argv[at + 1] ?? '')
  const patterns = value.split(',').filter((pattern) => pattern !== '' && !pattern.startsWith('!'))
  const regexes = patterns.map((pattern) => {
    const glob = pattern.replace(/:\d+(:\d+)?-\d+(:\d+)?$/, '')
    const source = glob
      .split(/(\*\*\/|\*\*|\*|\?)/)
      .map((part) => ({ '**/': '(?:.*/)?', '**': '.*', '*': '[^/]*', '?': '[^/]' })[part] ?? part.replace(/[.+^${}()|[\]\\]/g, '\\$&'))
      .join('')
    return new RegExp(`^${source}$`)
  })
  return (file) => regexes.some((regex) => regex.test(file))
}

// Stryker's incremental file is assembled from the committed results (reports/mutation/), without
// the results of files that are gone (moved, renamed or deleted): it keeps the results of every file
// it does not mutate, and Stryker knows a file by its path.
const committed = readResults(ROOT)
const present = (/** @type {Record<string, unknown>} */ files) =>
  Object.fromEntries(Object.entries(files).filter(([file]) => existsSync(resolve(ROOT, file))))
const sources = /** @type {typeof committed.sources} */ (present(committed.sources))
const tests = /** @type {typeof committed.tests} */ (present(committed.tests))
const gone =
  Object.keys(committed.sources).length + Object.keys(committed.tests).length - Object.keys(sources).length - Object.keys(tests).length
if (gone > 0) console.log(`Left out the mutation results of ${gone} files that are no longer there.`)
/** The files the results hold with nothing to mutate, by their text, before the run: Stryker drops them. */
const heldEmpty = new Map(
  Object.entries(sources)
    .filter(([, held]) => held.mutants.length === 0)
    .map(([file, held]) => [file, held.source])
)
mkdirSync(dirname(INCREMENTAL), { recursive: true })
writeFileSync(INCREMENTAL, JSON.stringify(assembleReport(sources, tests)))

const node = Number(process.versions.node.split('.')[0]) >= 22 ? process.execPath : NODE24
const stryker = resolve(import.meta.dirname, '../node_modules/@stryker-mutator/core/bin/stryker.js')
const started = Date.now()
// MUTATION_TESTING shrinks the tests that feed megabytes (test/support/stress.ts): each runs once per mutant it covers.
const run = spawnSync(node, [stryker, 'run', ...args], {
  stdio: 'inherit',
  env: { ...process.env, MUTATION_TESTING: '1' }
})
// Stryker has no break threshold (stryker.config.mjs): the targets are checked below, on the files judged.
if (run.status !== 0 || !existsSync(REPORT) || statSync(REPORT).mtimeMs < started) {
  console.error(`Stryker ended with ${run.status ?? run.signal ?? 'an error'} and wrote no report.`)
  process.exit(run.status ?? 1)
}

// Stryker keeps no results of a file it found nothing to mutate in (types alone, or a schema with no
// literal), whether the run mutated it or not. Such a file of the run, or one the results held so
// before it and whose text has not changed, is kept in the results with no mutants, so that
// `npm run mutation:changed` knows it as tested, not as new.
const scope = mutateScope(args) ?? (() => true)
/** @type {unknown} */
const written = JSON.parse(readFileSync(INCREMENTAL, 'utf8'))
const fresh = splitReport(/** @type {import('./mutation-results.mjs').StrykerReport} */ (written))
// Only the files the run mutated take the run's results. Stryker also writes every other file with
// its current text and its old results moved to fit it, which would make a changed file look tested.
const results = {
  sources: { ...sources, ...Object.fromEntries(Object.entries(fresh.sources).filter(([file]) => scope(file))) },
  tests: fresh.tests
}
for (const [file, source] of Object.entries(mutatedSources(ROOT))) {
  const text = source.replace(/\r\n/g, '\n')
  if (results.sources[file] === undefined && (scope(file) || heldEmpty.get(file) === text))
    results.sources[file] = { language: 'typescript', source: text, tests: [], mutants: [] }
}
const { written: rewritten, removed } = writeResults(ROOT, results)
console.log(`\n${RESULTS_DIR}: ${rewritten.length} files of results written, ${removed.length} removed.`)

const DETECTED = new Set(['Killed', 'Timeout'])
// A static mutant is recorded as Ignored (scripts/mutation-results.mjs), so it is out of every score.
const COUNTED = new Set(['Killed', 'Timeout', 'Survived', 'NoCoverage'])
const problems = []
let detected = 0
let counted = 0
let notJudged = 0
const rows = []
const files = Object.entries(results.sources).filter(([file]) => scope(file))
for (const [file, { mutants }] of files.sort(([a], [b]) => a.localeCompare(b))) {
  const valid = mutants.filter((m) => COUNTED.has(m.status))
  notJudged += mutants.filter((m) => m.static === true).length
  const killed = valid.filter((m) => DETECTED.has(m.status)).length
  const uncovered = valid.filter((m) => m.status === 'NoCoverage')
  detected += killed
  counted += valid.length
  const score = valid.length === 0 ? 100 : (killed / valid.length) * 100
  // A file with no mutant counted (only static ones, left out) has no score: it shows n/a, not 100 %.
  const shown = valid.length === 0 ? '   n/a  ' : `${score.toFixed(1).padStart(6)} %`
  rows.push(`${shown}  ${String(killed).padStart(4)}/${String(valid.length).padEnd(4)}  ${file}`)
  if (score < PER_FILE_TARGET) problems.push(`${file}: ${score.toFixed(1)} % is below the per-file target of ${PER_FILE_TARGET} %`)
  if (NO_UNCOVERED.test(file) && uncovered.length > 0) {
    const lines = uncovered.map((m) => m.location.start.line).join(', ')
    problems.push(`${file}: ${uncovered.length} mutants no test covers (lines ${lines})`)
  }
}
const overall = counted === 0 ? 100 : (detected / counted) * 100
const which = files.length === Object.keys(results.sources).length ? `all ${files.length} files` : `the ${files.length} files mutated`
console.log(`\nMutation score per file (killed or timed out / valid mutants):\n${rows.join('\n')}`)
console.log(
  `\nMutation score of ${which}: ${overall.toFixed(2)} % (${detected} of ${counted}); targets: ${OVERALL_TARGET} % overall, ${PER_FILE_TARGET} % per file.`
)
if (notJudged > 0) console.log(`${notJudged} static mutants (in code that runs when its module loads) not judged, out of the score.`)
if (overall < OVERALL_TARGET) problems.push(`overall ${overall.toFixed(2)} % is below ${OVERALL_TARGET} %`)
if (problems.length > 0) {
  console.error(`\nMutation targets missed:\n- ${problems.join('\n- ')}`)
  process.exit(1)
}

// @ts-check
// `npm run mutation`: StrykerJS over src/ with the in-process tests, under Node 24 (Stryker needs
// Node 22 or newer; the tests fetch Node 24 into .cache/node24). This script then prints the score per
// file and checks the targets: OVERALL_TARGET over the files judged, every one of them at least
// PER_FILE_TARGET, and no mutant left uncovered by any test in the domain code. Extra arguments go to
// Stryker (for example `-- --mutate src/agent/**/*.ts`); with --mutate, the files it names are the
// ones judged, and the others keep their results in the incremental file without being judged again.
import { spawnSync } from 'node:child_process'
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { NODE24 } from '../test/support/runtimes.js'
import { mutatedSources } from './mutation-changed.mjs'

const OVERALL_TARGET = 90
const PER_FILE_TARGET = 80
/** Domain code: here every mutant must at least be run by some test. */
const NO_UNCOVERED = /^src\/(agent|analytics|api|core)\//
const REPORT = resolve(import.meta.dirname, '../reports/mutation/mutation.json')
const ROOT = resolve(import.meta.dirname, '..')
const INCREMENTAL = resolve(ROOT, 'reports/stryker-incremental.json')
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

/** The files the results hold with nothing to mutate, by their text, before the run: Stryker drops them. @type {Map<string, string>} */
const heldEmpty = new Map()

// Results of files that are gone (moved, renamed or deleted) are dropped from the incremental file
// before Stryker reads it: it keeps the results of every file it does not mutate, and Stryker knows a
// file by its path.
if (existsSync(INCREMENTAL)) {
  /** @type {unknown} */
  const parsed = JSON.parse(readFileSync(INCREMENTAL, 'utf8'))
  const incremental =
    /** @type {{ files: Record<string, { source?: string, mutants?: unknown[] }>, testFiles?: Record<string, unknown> }} */ (parsed)
  for (const [file, held] of Object.entries(incremental.files))
    if (held.mutants?.length === 0 && held.source !== undefined) heldEmpty.set(file, held.source)
  /** @param {Record<string, unknown>} files */
  const present = (files) => Object.fromEntries(Object.entries(files).filter(([file]) => existsSync(resolve(ROOT, file))))
  const files = present(incremental.files)
  const testFiles = incremental.testFiles === undefined ? undefined : present(incremental.testFiles)
  const gone =
    Object.keys(incremental.files).length -
    Object.keys(files).length +
    Object.keys(incremental.testFiles ?? {}).length -
    Object.keys(testFiles ?? {}).length
  if (gone > 0) {
    writeFileSync(INCREMENTAL, JSON.stringify({ ...incremental, files, ...(testFiles === undefined ? {} : { testFiles }) }))
    console.log(`Dropped the mutation results of ${gone} files that are no longer there.`)
  }
}

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
// before it and whose text has not changed, is kept in the incremental file with no mutants, so that
// `npm run mutation:changed` knows it as tested, not as new.
if (existsSync(INCREMENTAL)) {
  const scope = mutateScope(args) ?? (() => true)
  /** @type {unknown} */
  const read = JSON.parse(readFileSync(INCREMENTAL, 'utf8'))
  const incremental = /** @type {{ files: Record<string, unknown> }} */ (read)
  const empty = Object.entries(mutatedSources(ROOT)).filter(
    ([file, source]) => incremental.files[file] === undefined && (scope(file) || heldEmpty.get(file) === source.replace(/\r\n/g, '\n'))
  )
  if (empty.length > 0) {
    for (const [file, source] of empty)
      incremental.files[file] = { language: 'typescript', source: source.replace(/\r\n/g, '\n'), mutants: [] }
    writeFileSync(INCREMENTAL, JSON.stringify(incremental))
  }
}

/** @typedef {{ status: string, static?: boolean, location: { start: { line: number } }, mutatorName: string }} Mutant */
/** @type {unknown} */
const parsed = JSON.parse(readFileSync(REPORT, 'utf8'))
const report = /** @type {{ files: Record<string, { mutants: Mutant[] }> }} */ (parsed)

const DETECTED = new Set(['Killed', 'Timeout'])
// With --ignoreStatic, a mutant in code that runs when its module loads is left out of the score, as
// Stryker means, also when some test loads the module itself (main.ts and run/work.ts import the work
// lazily): Stryker then runs it with that test alone, after the module has loaded unmutated in another
// file, so its "Survived" says nothing. `npm run mutation` without the flag runs each with every test.
const IGNORE_STATIC = args.includes('--ignoreStatic')
const COUNTED = new Set(['Killed', 'Timeout', 'Survived', 'NoCoverage'])
const problems = []
let detected = 0
let counted = 0
let leftOut = 0
const rows = []
const judged = mutateScope(args) ?? (() => true)
const files = Object.entries(report.files).filter(([file]) => judged(file))
for (const [file, { mutants }] of files.sort(([a], [b]) => a.localeCompare(b))) {
  const valid = mutants.filter((m) => COUNTED.has(m.status) && !(IGNORE_STATIC && m.static === true))
  leftOut += mutants.filter((m) => COUNTED.has(m.status) && IGNORE_STATIC && m.static === true).length
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
const which = files.length === Object.keys(report.files).length ? `all ${files.length} files` : `the ${files.length} files mutated`
console.log(`\nMutation score per file (killed or timed out / valid mutants):\n${rows.join('\n')}`)
console.log(
  `\nMutation score of ${which}: ${overall.toFixed(2)} % (${detected} of ${counted}); targets: ${OVERALL_TARGET} % overall, ${PER_FILE_TARGET} % per file.`
)
if (leftOut > 0) console.log(`${leftOut} static mutants left out (--ignoreStatic).`)
if (overall < OVERALL_TARGET) problems.push(`overall ${overall.toFixed(2)} % is below ${OVERALL_TARGET} %`)
if (problems.length > 0) {
  console.error(`\nMutation targets missed:\n- ${problems.join('\n- ')}`)
  process.exit(1)
}

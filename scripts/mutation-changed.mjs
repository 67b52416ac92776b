// @ts-check
// `node scripts/mutation-changed.mjs` (run by .ci/run): mutation testing of the source files changed
// since the committed results. The committed results (reports/mutation/<path>.json, one file per
// source file; scripts/mutation-results.mjs) hold the text of every file they are of, so a file is
// changed when its text differs from the one there, or when it has no results yet (new, or renamed: Stryker knows results by path). This
// needs no Git history, so a shallow clone (actions/checkout's default) works the same as a full one.
// The changed files are mutated with scripts/mutation.mjs, which judges them alone against the
// targets (90 % together, 80 % each); the other files keep their committed results. Static mutants
// are not judged (`--ignoreStatic`; the results record them as static). When the changed files hold more mutants than MAX_MUTANTS, an audit
// of them is mutated: today's turn round a fixed ring of the files, as many as MAX_MUTANTS holds (a
// later day takes the files an earlier one left); the rest are named as left to the whole run,
// committed. `--status` prints how many files' results are current, stale, missing and orphaned, and
// the score of the current files by area, and fails when those miss the targets. A run that is not done in MAX_MINUTES is stopped (Stryker keeps what
// it tested, which is split into the committed results) and fails.
import { spawn } from 'node:child_process'
import { createHash } from 'node:crypto'
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative, resolve, sep } from 'node:path'
import { pathToFileURL } from 'node:url'
import config from '../stryker.config.mjs'
import { readResults, RESULTS_DIR, splitReport, STRYKER_FILE, writeResults } from './mutation-results.mjs'

const ROOT = resolve(import.meta.dirname, '..')
/** Source files Stryker does not mutate: the exclusions of stryker.config.mjs (which mutates every .ts file of src/ but these). */
const NOT_MUTATED = new Set(
  /** @type {string[]} */ (config.mutate ?? []).filter((pattern) => pattern.startsWith('!')).map((pattern) => pattern.slice(1))
)
/**
 * The most mutants run here: about 11 minutes at the 45 a minute measured on two cores on
 * 2 December 2026 (a draw of 889 mutants was stopped at 20 minutes, 613 of them tested), besides the
 * 2 to 4 minutes of the first run of every test.
 */
export const MAX_MUTANTS = 500
/**
 * The most minutes a run takes here, first run of the tests included: a draw of 979 mutants of which
 * 287 were reused took 14 min 6 s on two cores, so 20 leaves room; with the tests and benchmarks,
 * .ci/run stays under 30.
 */
export const MAX_MINUTES = 20

/**
 * The source files to mutate: those whose text differs from the committed results' text of them,
 * or that have none, in path order.
 * @param {Record<string, string>} current every source file Stryker mutates, by path (with /), and its text
 * @param {Record<string, { source: string }>} committed the committed results of each source file, by path
 * @returns {string[]}
 */
export function changedSources(current, committed) {
  return Object.keys(current)
    .filter((path) => committed[path]?.source !== normalized(current[path] ?? ''))
    .sort()
}

/**
 * About how many mutants the files hold: their committed count for a file with results, else its
 * length at the committed files' mutants per character. An upper bound of what runs, since Stryker
 * reuses the results of the mutants a change left as they were.
 * @param {string[]} paths
 * @param {Record<string, string>} current
 * @param {Record<string, { source: string, mutants: unknown[] }>} committed
 */
export function estimatedMutants(paths, current, committed) {
  const all = Object.values(committed)
  const characters = all.reduce((sum, file) => sum + file.source.length, 0)
  const perCharacter = characters === 0 ? 0.1 : all.reduce((sum, file) => sum + file.mutants.length, 0) / characters
  return paths.reduce((sum, path) => sum + (committed[path]?.mutants.length ?? Math.ceil((current[path] ?? '').length * perCharacter)), 0)
}

/**
 * The changed files a run over MAX_MUTANTS mutates, and those it leaves to the whole run. The files
 * stand in a fixed ring (the order of a hash of their paths, so that no folder comes first), and each
 * `turn` starts further round it by about as many files as a run holds: files are taken from there,
 * each while the estimate of those taken stays within `budget` (the first always, whatever its size).
 * CI's turn is the day (`dayTurn`), so that runs on later days draw the files earlier ones left, and
 * every changed file is mutated within about `estimate / budget` days; the same tree on the same day
 * draws the same files.
 * @param {string[]} paths the changed files
 * @param {Record<string, string>} current
 * @param {Record<string, { source: string, mutants: unknown[] }>} committed
 * @param {number} budget
 * @param {number} turn
 * @returns {{ mutate: string[], deferred: string[] }}
 */
export function auditedSources(paths, current, committed, budget, turn) {
  const place = (/** @type {string} */ path) => createHash('sha256').update(path).digest('hex')
  const ring = [...new Set(paths)].sort((a, b) => place(a).localeCompare(place(b)))
  const total = estimatedMutants(ring, current, committed)
  const step = Math.max(1, Math.floor((ring.length * budget) / Math.max(total, 1)))
  const start = ring.length === 0 ? 0 : (Math.max(0, Math.floor(turn)) * step) % ring.length
  /** @type {string[]} */
  const mutate = []
  /** @type {string[]} */
  const deferred = []
  let held = 0
  for (const [index] of ring.entries()) {
    const path = /** @type {string} */ (ring[(start + index) % ring.length])
    const size = estimatedMutants([path], current, committed)
    if (mutate.length === 0 || held + size <= budget) {
      mutate.push(path)
      held += size
    } else deferred.push(path)
  }
  return { mutate: mutate.sort(), deferred: deferred.sort() }
}

/** The turn of a day: the days since 1 January 1970, UTC. @param {Date} now */
export const dayTurn = (now) => Math.floor(now.getTime() / 86_400_000)

/**
 * Where the committed results stand against the source files: `current` holds results for the file's
 * text, `stale` for an earlier text, `missing` none; `orphaned` results are of files that are gone.
 * Each list in path order.
 * @param {Record<string, string>} current every source file Stryker mutates, by path, and its text
 * @param {Record<string, { source: string }>} committed
 */
export function resultsStatus(current, committed) {
  const changed = new Set(changedSources(current, committed))
  const paths = Object.keys(current).sort()
  return {
    current: paths.filter((path) => !changed.has(path)),
    stale: paths.filter((path) => changed.has(path) && committed[path] !== undefined),
    missing: paths.filter((path) => committed[path] === undefined),
    orphaned: Object.keys(committed)
      .filter((path) => current[path] === undefined)
      .sort()
  }
}

/** The statuses a score counts, and those of them that count as detected (as scripts/mutation.mjs judges). */
const COUNTED = new Set(['Killed', 'Timeout', 'Survived', 'NoCoverage'])
const DETECTED = new Set(['Killed', 'Timeout'])

/**
 * The score of the files' committed results, by area (the folder under src/, or the file for one at
 * its top): killed or timed out, of the mutants a score counts, in area order.
 * @param {string[]} paths
 * @param {Record<string, { mutants: { status?: unknown }[] }>} committed
 * @returns {{ area: string, detected: number, counted: number }[]}
 */
export function areaScores(paths, committed) {
  /** @type {Map<string, { detected: number, counted: number }>} */
  const areas = new Map()
  for (const path of paths) {
    const parts = path.split('/')
    const area = parts.length > 2 ? `${String(parts[1])}/` : (parts[1] ?? path)
    const score = areas.get(area) ?? { detected: 0, counted: 0 }
    for (const mutant of committed[path]?.mutants ?? []) {
      if (!COUNTED.has(String(mutant.status))) continue
      score.counted += 1
      if (DETECTED.has(String(mutant.status))) score.detected += 1
    }
    areas.set(area, score)
  }
  return [...areas.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([area, score]) => ({ area, ...score }))
}

/** Text as committed: line endings may be checked out as CRLF. @param {string} text */
const normalized = (text) => text.replace(/\r\n/g, '\n')

/** @param {string} dir @returns {string[]} */
function filesUnder(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(join(dir, entry.name)) : entry.isFile() ? [join(dir, entry.name)] : []
  )
}

/** Every source file Stryker mutates under `root`, by path, with its text. */
export function mutatedSources(root = ROOT) {
  /** @type {Record<string, string>} */
  const sources = {}
  for (const file of filesUnder(join(root, 'src'))) {
    const path = relative(root, file).split(sep).join('/')
    if (path.endsWith('.ts') && !path.endsWith('.d.ts') && !NOT_MUTATED.has(path)) sources[path] = readFileSync(file, 'utf8')
  }
  return sources
}

/** The targets every judged set of files meets: scripts/mutation.mjs judges a run by them, and `--status` the current files. */
export const OVERALL_TARGET = 90
export const PER_FILE_TARGET = 80

const percent = (/** @type {number} */ detected, /** @type {number} */ counted) => (counted === 0 ? 100 : (detected / counted) * 100)

/**
 * The lines `--status` prints, and the targets the current files' committed results miss: how many
 * files are current, stale, missing and orphaned, and the score of the current files by area.
 * @param {Record<string, string>} current
 * @param {Record<string, { source: string, mutants: { status?: unknown }[] }>} committed
 * @returns {{ lines: string[], missed: string[] }}
 */
export function statusReport(current, committed) {
  const status = resultsStatus(current, committed)
  const all = Object.keys(current).length
  const lines = [
    `Mutation results (${RESULTS_DIR}) of the ${all} source files: ${status.current.length} current, ${status.stale.length} stale, ${status.missing.length} missing` +
      (status.orphaned.length > 0 ? `, and ${status.orphaned.length} orphaned (${status.orphaned.join(', ')})` : '') +
      '.'
  ]
  const areas = areaScores(status.current, committed)
  const detected = areas.reduce((sum, area) => sum + area.detected, 0)
  const counted = areas.reduce((sum, area) => sum + area.counted, 0)
  lines.push(
    `Score of the current files: ${percent(detected, counted).toFixed(1)} % (${detected} of ${counted}); by area: ` +
      areas.map((area) => `${area.area} ${percent(area.detected, area.counted).toFixed(1)} %`).join(', ') +
      '.'
  )
  /** @type {string[]} */
  const missed = []
  if (percent(detected, counted) < OVERALL_TARGET)
    missed.push(`the current files score ${percent(detected, counted).toFixed(2)} %, below ${OVERALL_TARGET} %`)
  for (const path of status.current) {
    const [file] = areaScores([path], committed)
    if (file !== undefined && percent(file.detected, file.counted) < PER_FILE_TARGET)
      missed.push(`${path} scores ${percent(file.detected, file.counted).toFixed(1)} %, below ${PER_FILE_TARGET} %`)
  }
  return { lines, missed }
}

/** @returns {Promise<number>} */
async function main() {
  if (process.argv.includes('--status')) {
    const { lines, missed } = statusReport(mutatedSources(), readResults(ROOT).sources)
    console.log(lines.join('\n'))
    if (missed.length === 0) return 0
    console.error(`Mutation targets missed by the committed results of current files:\n- ${missed.join('\n- ')}`)
    return 1
  }
  const committed = readResults(ROOT).sources
  if (Object.keys(committed).length === 0)
    console.log(`There are no committed mutation results (${RESULTS_DIR}): every source file counts as changed.`)
  const current = mutatedSources()
  const changed = changedSources(current, committed)
  if (changed.length === 0) {
    console.log('Mutation testing: no source file changed since the committed results; nothing to mutate.')
    return 0
  }
  const estimate = estimatedMutants(changed, current, committed)
  console.log(`Mutation testing of the ${changed.length} source files changed since the committed results (about ${estimate} mutants):`)
  console.log(changed.map((path) => `  ${path}`).join('\n'))
  const refresh = `Run the whole mutation testing (npm run mutation) and commit ${RESULTS_DIR}; then only later changes are mutated here.`
  let mutate = changed
  if (estimate > MAX_MUTANTS) {
    const audit = auditedSources(changed, current, committed, MAX_MUTANTS, dayTurn(new Date()))
    mutate = audit.mutate
    console.log(
      `\nThat is more than the ${MAX_MUTANTS} mutants run here: an audit of ${mutate.length} of them is mutated, today's turn of the changed files:`
    )
    console.log(mutate.map((path) => `  ${path}`).join('\n'))
    console.log(`Left to the whole run (${audit.deferred.length}): ${audit.deferred.join(', ')}. ${refresh}`)
  }
  // A process group of its own, so that a run out of time is stopped with Stryker and its workers.
  const run = spawn(process.execPath, [join(ROOT, 'scripts/mutation.mjs'), '--mutate', mutate.join(','), '--ignoreStatic'], {
    stdio: 'inherit',
    cwd: ROOT,
    detached: true
  })
  const started = Date.now()
  const stopped = { late: false }
  const timer = setTimeout(() => {
    stopped.late = true
    if (run.pid !== undefined) process.kill(-run.pid, 'SIGTERM')
  }, MAX_MINUTES * 60_000)
  /** @type {number | null} */
  const status = await new Promise((done) =>
    run.on('exit', (code) => {
      done(code)
    })
  )
  clearTimeout(timer)
  if (stopped.late) {
    // Stryker saves what it tested when stopped; the script that splits it was stopped with it.
    const incremental = join(ROOT, STRYKER_FILE)
    if (existsSync(incremental) && statSync(incremental).mtimeMs >= started) {
      /** @type {unknown} */
      const partial = JSON.parse(readFileSync(incremental, 'utf8'))
      const saved = splitReport(/** @type {import('./mutation-results.mjs').StrykerReport} */ (partial))
      const mutated = Object.fromEntries(Object.entries(saved.sources).filter(([file]) => mutate.includes(file)))
      writeResults(ROOT, { sources: { ...committed, ...mutated }, tests: { ...readResults(ROOT).tests, ...saved.tests } })
    }
    console.error(`\nMutation testing was stopped after ${MAX_MINUTES} minutes. ${refresh}`)
    return 1
  }
  return status ?? 1
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) process.exit(await main())

// @ts-check
// The committed mutation results, one file per source or test file: reports/mutation/<path>.json.
// Stryker reads and writes one incremental file of every result (STRYKER_FILE, outside Git); a run
// assembles it from the committed files first (`assemble`) and splits it back after (`split`), which
// rewrites only the files whose results changed. What a file holds is stable from run to run: no
// test or mutant ids (which Stryker numbers over the whole run), no times, no failure messages; a
// mutant names the tests that cover or killed it by their place in the file's own `tests`, each test
// by its file and name.
//
// A static mutant, one in code that runs when its module loads (`loadTimeRanges`), is recorded as
// "Ignored" with STATIC_REASON and `static: true`: Stryker cannot judge it in this set-up (it runs the
// mutant with the few tests that load the module afresh, after the module has loaded unmutated
// elsewhere, and reports "Survived" whatever the tests check), so it is kept out of every score.
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { dirname, join, relative, sep } from 'node:path'
import { pathToFileURL } from 'node:url'
import ts from 'typescript'

/** The committed results, one JSON file per source or test file, under the repository's root. */
export const RESULTS_DIR = 'reports/mutation'
/** Stryker's incremental file, assembled before a run and split after it (stryker.config.mjs; .cache is not committed). */
export const STRYKER_FILE = '.cache/mutation/incremental.json'
/** Why a static mutant has no result. */
export const STATIC_REASON = 'static, not judged: it runs when its module loads (docs/development.md#mutation-testing)'

/**
 * @typedef {{ line: number, column: number }} Position
 * @typedef {{ start: Position, end: Position }} Location
 * @typedef {{ id?: string, mutatorName: string, replacement?: string, location: Location, status: string,
 *   statusReason?: string, static?: boolean, coveredBy?: string[], killedBy?: string[], testsCompleted?: number,
 *   duration?: number, relativeFileName?: string }} StrykerMutant
 * @typedef {{ id: string, name: string, location?: { start: Position, end?: Position } }} StrykerTest
 * @typedef {{ files: Record<string, { language?: string, source: string, mutants: StrykerMutant[] }>,
 *   testFiles?: Record<string, { source?: string, tests: StrykerTest[] }> }} StrykerReport
 * @typedef {{ mutatorName: string, replacement?: string, location: Location, status: string, statusReason?: string,
 *   static?: true, coveredBy?: number[], killedBy?: number[] }} HeldMutant
 * @typedef {{ language: string, source: string, tests: string[], mutants: HeldMutant[] }} SourceResults
 * @typedef {{ source?: string, tests: { name: string, location?: { start: Position, end?: Position } }[] }} TestResults
 */

/** A test's name for the results of a source file: its file and its name, and its rank among tests of the same name. */
function testKeys(/** @type {string} */ file, /** @type {{ name: string }[]} */ tests) {
  /** @type {Map<string, number>} */
  const seen = new Map()
  return tests.map((test) => {
    const rank = seen.get(test.name) ?? 0
    seen.set(test.name, rank + 1)
    return `${file}\n${test.name}${rank === 0 ? '' : `\n#${String(rank)}`}`
  })
}

/** The statuses of a mutant a run is done with: one saved by a run that was stopped may have none of them, and is left to the next. */
const JUDGED = new Set(['Killed', 'Survived', 'NoCoverage', 'Timeout', 'RuntimeError', 'CompileError', 'Ignored'])

const byPosition = (/** @type {Position} */ a, /** @type {Position} */ b) => a.line - b.line || a.column - b.column

/** @param {HeldMutant} a @param {HeldMutant} b */
function mutantOrder(a, b) {
  return (
    byPosition(a.location.start, b.location.start) ||
    byPosition(a.location.end, b.location.end) ||
    a.mutatorName.localeCompare(b.mutatorName) ||
    (a.replacement ?? '').localeCompare(b.replacement ?? '')
  )
}

/**
 * The stretches of a TypeScript text that run when its module loads: everything outside the body of
 * a function, and the bodies of functions called there at once (a callback of an array's method, an
 * IIFE, a class's static block or field). The body of a function kept for later (declared, assigned,
 * passed to anything else, a method) does not run at load, but making the function does: a mutant
 * that replaces a whole function is static.
 * @param {string} source
 * @returns {(location: Location) => boolean} whether a mutant at `location` is in such a stretch
 */
export function loadTimeRanges(source) {
  const file = ts.createSourceFile('module.ts', source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS)
  /** @type {[number, number][]} */
  const later = []
  const CALLED_AT_ONCE = new Set([
    'map',
    'flatMap',
    'filter',
    'forEach',
    'reduce',
    'some',
    'every',
    'find',
    'findIndex',
    'sort',
    'toSorted'
  ])
  /** @param {ts.Node} node */
  const calledAtOnce = (node) => {
    const parent = node.parent
    if (ts.isParenthesizedExpression(parent)) return calledAtOnce(parent)
    if (!ts.isCallExpression(parent)) return false
    if (parent.expression === node) return true
    const callee = parent.expression
    return (
      parent.arguments.includes(/** @type {ts.Expression} */ (node)) &&
      ts.isPropertyAccessExpression(callee) &&
      CALLED_AT_ONCE.has(callee.name.text)
    )
  }
  /** The part of `node` that runs later, if it is a function kept for later or an instance field. @param {ts.Node} node */
  const laterPart = (node) => {
    if ((ts.isFunctionExpression(node) || ts.isArrowFunction(node)) && !calledAtOnce(node)) return node.body
    if (
      ts.isFunctionDeclaration(node) ||
      ts.isMethodDeclaration(node) ||
      ts.isGetAccessorDeclaration(node) ||
      ts.isSetAccessorDeclaration(node) ||
      ts.isConstructorDeclaration(node)
    )
      return node.body
    if (ts.isPropertyDeclaration(node) && !node.modifiers?.some((modifier) => modifier.kind === ts.SyntaxKind.StaticKeyword))
      return node.initializer
    return undefined
  }
  /** @param {ts.Node} node */
  const visit = (node) => {
    const part = laterPart(node)
    if (part !== undefined) later.push([part.getStart(file), part.getEnd()])
    ts.forEachChild(node, visit)
  }
  visit(file)
  return (location) => {
    const lineStart = file.getLineStarts()[location.start.line - 1]
    if (lineStart === undefined) return false
    const at = lineStart + location.start.column - 1
    return !later.some(([start, end]) => at >= start && at < end)
  }
}

/**
 * The results of every file of Stryker's report, as committed: each source file's mutants (a static
 * one recorded as not judged) with its tests by key, and each test file's tests.
 * @param {StrykerReport} report
 * @returns {{ sources: Record<string, SourceResults>, tests: Record<string, TestResults> }}
 */
export function splitReport(report) {
  /** @type {Map<string, string>} */
  const keyOfId = new Map()
  /** @type {Record<string, TestResults>} */
  const tests = {}
  for (const [file, held] of Object.entries(report.testFiles ?? {})) {
    const keys = testKeys(file, held.tests)
    held.tests.forEach((test, index) => keyOfId.set(test.id, keys[index] ?? ''))
    tests[file] = {
      ...(held.source === undefined ? {} : { source: held.source }),
      tests: held.tests.map((test) => ({ name: test.name, ...(test.location === undefined ? {} : { location: test.location }) }))
    }
  }
  /** @type {Record<string, SourceResults>} */
  const sources = {}
  for (const [file, held] of Object.entries(report.files)) {
    const loadsAt = loadTimeRanges(held.source)
    /** @type {{ mutant: Omit<HeldMutant, 'coveredBy' | 'killedBy'>, coveredBy: string[], killedBy: string[] }[]} */
    const mutants = held.mutants
      .filter((mutant) => JUDGED.has(mutant.status))
      .map((mutant) => {
        const kept = {
          mutatorName: mutant.mutatorName,
          ...(mutant.replacement === undefined ? {} : { replacement: mutant.replacement }),
          location: mutant.location
        }
        // A mutant a comment disables keeps its own reason.
        if (mutant.static === true || (mutant.status !== 'Ignored' && loadsAt(mutant.location)))
          return { mutant: { ...kept, status: 'Ignored', statusReason: STATIC_REASON, static: true }, coveredBy: [], killedBy: [] }
        const keys = (/** @type {string[] | undefined} */ ids) => (ids ?? []).flatMap((id) => keyOfId.get(id) ?? [])
        return {
          mutant: {
            ...kept,
            status: mutant.status,
            // A killed mutant's reason is the failing test's message, which changes with no change of result.
            ...(mutant.statusReason === undefined || mutant.status === 'Killed' ? {} : { statusReason: mutant.statusReason })
          },
          coveredBy: keys(mutant.coveredBy),
          killedBy: keys(mutant.killedBy)
        }
      })
    const named = [...new Set(mutants.flatMap(({ coveredBy, killedBy }) => [...coveredBy, ...killedBy]))].sort()
    const place = new Map(named.map((key, index) => [key, index]))
    const places = (/** @type {string[]} */ keys) => keys.map((key) => place.get(key) ?? -1).sort((x, y) => x - y)
    sources[file] = {
      language: held.language ?? 'typescript',
      source: held.source,
      tests: named,
      mutants: mutants
        .map(({ mutant, coveredBy, killedBy }) =>
          mutant.static === true ? mutant : { ...mutant, coveredBy: places(coveredBy), killedBy: places(killedBy) }
        )
        .sort(mutantOrder)
    }
  }
  return { sources, tests }
}

/**
 * Stryker's incremental report from the committed results: ids numbered afresh, a test a source
 * file names that no test file holds any more left out.
 * @param {Record<string, SourceResults>} sources
 * @param {Record<string, TestResults>} tests
 * @returns {StrykerReport}
 */
export function assembleReport(sources, tests) {
  /** @type {Map<string, string>} */
  const idOfKey = new Map()
  /** @type {NonNullable<StrykerReport['testFiles']>} */
  const testFiles = {}
  for (const [file, held] of Object.entries(tests)) {
    const keys = testKeys(file, held.tests)
    testFiles[file] = {
      ...(held.source === undefined ? {} : { source: held.source }),
      tests: held.tests.map((test, index) => {
        const id = String(idOfKey.size)
        idOfKey.set(keys[index] ?? '', id)
        return { id, ...test }
      })
    }
  }
  let next = 0
  /** @type {StrykerReport['files']} */
  const files = {}
  for (const [file, held] of Object.entries(sources)) {
    const ids = (/** @type {number[] | undefined} */ places) =>
      (places ?? []).map((place) => idOfKey.get(held.tests[place] ?? '')).filter((id) => id !== undefined)
    files[file] = {
      language: held.language,
      source: held.source,
      mutants: held.mutants.map(({ coveredBy, killedBy, ...mutant }) => ({
        ...mutant,
        id: String(next++),
        ...(mutant.static === true ? {} : { coveredBy: ids(coveredBy), killedBy: ids(killedBy) })
      }))
    }
  }
  return { files, testFiles }
}

/**
 * A file's results as JSON with one line for each field, and each mutant or test on a line of its
 * own, so that a change of one result is a change of one line.
 * @param {SourceResults | TestResults} held
 */
export function resultsText(held) {
  const fields = Object.entries(held).map(([key, value]) =>
    Array.isArray(value) && value.length > 0
      ? `${JSON.stringify(key)}: [\n${value.map((item) => `  ${JSON.stringify(item)}`).join(',\n')}\n]`
      : `${JSON.stringify(key)}: ${JSON.stringify(value)}`
  )
  return `{\n${fields.join(',\n')}\n}\n`
}

/** @param {string} dir @returns {string[]} */
function jsonFilesUnder(dir) {
  if (!existsSync(dir)) return []
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? jsonFilesUnder(join(dir, entry.name)) : entry.name.endsWith('.json') ? [join(dir, entry.name)] : []
  )
}

/**
 * The committed results under `root`, by the path of the file they are of.
 * @param {string} root
 * @returns {{ sources: Record<string, SourceResults>, tests: Record<string, TestResults> }}
 */
export function readResults(root) {
  /** @type {Record<string, SourceResults>} */
  const sources = {}
  /** @type {Record<string, TestResults>} */
  const tests = {}
  const dir = join(root, RESULTS_DIR)
  for (const path of jsonFilesUnder(dir).sort()) {
    const file = relative(dir, path)
      .split(sep)
      .join('/')
      .replace(/\.json$/, '')
    /** @type {unknown} */
    const held = JSON.parse(readFileSync(path, 'utf8'))
    if (file.startsWith('src/')) sources[file] = /** @type {SourceResults} */ (held)
    else tests[file] = /** @type {TestResults} */ (held)
  }
  return { sources, tests }
}

/**
 * Writes the results under `root`: a file whose results are as committed is left as it is, and the
 * results of a file no longer given are removed. Returns the paths written and removed.
 * @param {string} root
 * @param {{ sources: Record<string, SourceResults>, tests: Record<string, TestResults> }} results
 * @returns {{ written: string[], removed: string[] }}
 */
export function writeResults(root, results) {
  const dir = join(root, RESULTS_DIR)
  /** @type {Map<string, string>} */
  const wanted = new Map()
  for (const [file, held] of [...Object.entries(results.sources), ...Object.entries(results.tests)])
    wanted.set(join(dir, `${file}.json`), resultsText(held))
  const written = []
  for (const [path, text] of wanted) {
    if (existsSync(path) && readFileSync(path, 'utf8') === text) continue
    mkdirSync(dirname(path), { recursive: true })
    writeFileSync(path, text)
    written.push(relative(root, path).split(sep).join('/'))
  }
  const removed = []
  for (const path of jsonFilesUnder(dir)) {
    if (wanted.has(path)) continue
    rmSync(path)
    removed.push(relative(root, path).split(sep).join('/'))
  }
  return { written: written.sort(), removed: removed.sort() }
}

// `node scripts/mutation-results.mjs <incremental.json>` splits a Stryker incremental file (one made
// before the results were split, say) into the committed results, as a run does.
if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const [from] = process.argv.slice(2)
  if (from === undefined) {
    console.error('Usage: node scripts/mutation-results.mjs <stryker-incremental.json>')
    process.exit(2)
  }
  /** @type {unknown} */
  const report = JSON.parse(readFileSync(from, 'utf8'))
  const root = join(import.meta.dirname, '..')
  const { written, removed } = writeResults(root, splitReport(/** @type {StrykerReport} */ (report)))
  console.log(`${RESULTS_DIR}: ${written.length} files of results written, ${removed.length} removed.`)
}

// The committed mutation results, one file per source or test file (scripts/mutation-results.mjs):
// Stryker's incremental report split into them and assembled back with nothing lost, a file
// rewritten only when its results change, and static mutants recorded as not judged.
import { mkdtempSync, readFileSync, rmSync, statSync, utimesSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import {
  assembleReport,
  loadTimeRanges,
  readResults,
  RESULTS_DIR,
  splitReport,
  STATIC_REASON,
  writeResults,
  type StrykerReport
} from '../../../scripts/mutation-results.mjs'

const at = (line: number, column: number, endColumn = column + 1) => ({ start: { line, column }, end: { line, column: endColumn } })

const SOURCE = [
  "export const LABEL = 'Visitors'", // 1: runs at load
  'export function label(n: number): string {', // 2
  "  return n > 1 ? 'many' : 'one'", // 3: runs when called
  '}',
  "export const NAMES = ['a', 'b'].map((name) => name.toUpperCase())", // 5: the callback runs at load
  'export const later = (x: number) => x + 1' // 6: the body runs when called
].join('\n')

/** A report as Stryker writes it: ids numbered over the run, times and messages that change from run to run. */
function strykerReport(testIds: [string, string, string], mutantIds: [string, string, string]): StrykerReport {
  const [first, second, third] = testIds
  return {
    files: {
      'src/a.ts': {
        language: 'typescript',
        source: SOURCE,
        mutants: [
          {
            id: mutantIds[0],
            mutatorName: 'ConditionalExpression',
            replacement: 'true',
            location: at(3, 10, 15),
            status: 'Killed',
            statusReason: 'expected one to be many',
            coveredBy: [second, first],
            killedBy: [second],
            testsCompleted: 2,
            duration: 12
          },
          {
            id: mutantIds[1],
            mutatorName: 'StringLiteral',
            replacement: '""',
            location: at(1, 22, 32),
            status: 'Survived',
            coveredBy: [third]
          },
          {
            id: mutantIds[2],
            mutatorName: 'StringLiteral',
            replacement: '""',
            location: at(3, 28, 33),
            status: 'Survived',
            coveredBy: [first]
          }
        ]
      }
    },
    testFiles: {
      'test/a.test.ts': {
        source: 'it("one")\nit("many")\n',
        tests: [
          { id: first, name: 'one', location: { start: { line: 1, column: 1 } } },
          { id: second, name: 'many', location: { start: { line: 2, column: 1 } } }
        ]
      },
      'test/b.test.ts': { source: 'it("one")\n', tests: [{ id: third, name: 'one', location: { start: { line: 1, column: 1 } } }] }
    }
  }
}

describe('splitReport and assembleReport', () => {
  it('keep each mutant with its status and the tests that cover and killed it, by file and name', () => {
    const { sources, tests } = splitReport(strykerReport(['0', '1', '2'], ['0', '1', '2']))
    const held = sources['src/a.ts']
    expect(held?.tests).toEqual(['test/a.test.ts\nmany', 'test/a.test.ts\none'])
    expect(held?.mutants.map((m) => [m.location.start.line, m.status, m.coveredBy, m.killedBy])).toEqual([
      [1, 'Ignored', undefined, undefined],
      [3, 'Killed', [0, 1], [0]],
      [3, 'Survived', [1], []]
    ])
    expect(tests['test/b.test.ts']).toEqual({
      source: 'it("one")\n',
      tests: [{ name: 'one', location: { start: { line: 1, column: 1 } } }]
    })

    const again = assembleReport(sources, tests)
    const byId = new Map(Object.values(again.testFiles ?? {}).flatMap((file) => file.tests.map((test) => [test.id, test.name])))
    const killed = again.files['src/a.ts']?.mutants.find((m) => m.status === 'Killed')
    expect(killed?.coveredBy?.map((id) => byId.get(id))).toEqual(['many', 'one'])
    expect(killed?.killedBy?.map((id) => byId.get(id))).toEqual(['many'])
    expect(new Set(again.files['src/a.ts']?.mutants.map((m) => m.id)).size).toBe(3)
    expect(splitReport(again)).toEqual({ sources, tests })
  })

  it('hold nothing that changes from run to run: ids, times, a killing test message', () => {
    const one = splitReport(strykerReport(['0', '1', '2'], ['0', '1', '2']))
    const other = splitReport(strykerReport(['17', '4', '9'], ['30', '31', '7']))
    expect(other).toEqual(one)
    expect(JSON.stringify(one)).not.toMatch(/expected one|duration|testsCompleted|"id"/)
  })

  it('record a static mutant as not judged, and a mutant a comment disabled with its own reason', () => {
    const report = strykerReport(['0', '1', '2'], ['0', '1', '2'])
    const mutants = report.files['src/a.ts']?.mutants ?? []
    mutants.push({
      id: '3',
      mutatorName: 'StringLiteral',
      replacement: '""',
      location: at(6, 1, 2),
      status: 'Ignored',
      statusReason: 'equivalent'
    })
    mutants.push({
      id: '4',
      mutatorName: 'BooleanLiteral',
      replacement: 'false',
      location: at(3, 10),
      status: 'Survived',
      static: true
    })
    const held = splitReport(report).sources['src/a.ts']?.mutants ?? []
    expect(held.filter((m) => m.static === true).map((m) => [m.location.start.line, m.status, m.statusReason])).toEqual([
      [1, 'Ignored', STATIC_REASON],
      [3, 'Ignored', STATIC_REASON]
    ])
    expect(held.find((m) => m.statusReason === 'equivalent')?.static).toBeUndefined()
  })

  it('leave out a mutant a stopped run did not finish, and a test no test file holds any more', () => {
    const report = strykerReport(['0', '1', '2'], ['0', '1', '2'])
    report.files['src/a.ts']?.mutants.push({
      id: '3',
      mutatorName: 'StringLiteral',
      replacement: '""',
      location: at(3, 28),
      status: 'Pending'
    })
    const { sources, tests } = splitReport(report)
    expect(sources['src/a.ts']?.mutants).toHaveLength(3)
    const assembled = assembleReport(sources, { 'test/b.test.ts': tests['test/b.test.ts'] ?? { tests: [] } })
    expect(assembled.files['src/a.ts']?.mutants.find((m) => m.status === 'Killed')?.coveredBy).toEqual([])
  })
})

describe('loadTimeRanges', () => {
  const loadsAt = loadTimeRanges(SOURCE)

  it('says a mutant runs at load outside a function body, and in a callback an array method calls there', () => {
    expect(loadsAt(at(1, 22))).toBe(true)
    expect(loadsAt(at(5, 40))).toBe(true)
    expect(loadsAt(at(5, 50))).toBe(true)
  })

  it('says a mutant in the body of a function kept for later does not, but one replacing the function does', () => {
    expect(loadsAt(at(3, 10))).toBe(false)
    expect(loadsAt(at(2, 42))).toBe(false)
    expect(loadsAt(at(6, 37))).toBe(false)
    expect(loadsAt(at(6, 22))).toBe(true)
  })

  it('treats a class field as later, a static one as load, and a callback passed to anything else as later', () => {
    const source = [
      'class A {',
      "  name = 'a'",
      "  static label = 'A'",
      '  get size() { return 1 }',
      '}',
      'process.on("exit", () => 1)',
      ';(() => 2)()'
    ].join('\n')
    const loads = loadTimeRanges(source)
    expect(loads(at(2, 10))).toBe(false)
    expect(loads(at(3, 18))).toBe(true)
    expect(loads(at(4, 22))).toBe(false)
    expect(loads(at(6, 26))).toBe(false)
    expect(loads(at(7, 9))).toBe(true)
  })
})

describe('writeResults and readResults', () => {
  const roots: string[] = []
  afterEach(() => {
    for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true })
  })

  it('write one file per source and test file, rewrite only those whose results changed, and remove the gone', () => {
    const root = mkdtempSync(join(tmpdir(), 'mutation-results-'))
    roots.push(root)
    const results = splitReport(strykerReport(['0', '1', '2'], ['0', '1', '2']))
    expect(writeResults(root, results)).toEqual({
      written: [`${RESULTS_DIR}/src/a.ts.json`, `${RESULTS_DIR}/test/a.test.ts.json`, `${RESULTS_DIR}/test/b.test.ts.json`],
      removed: []
    })
    expect(readResults(root)).toEqual(results)
    const file = join(root, RESULTS_DIR, 'src/a.ts.json')
    expect(
      readFileSync(file, 'utf8')
        .split('\n')
        .filter((line) => line.includes('"mutatorName"'))
    ).toHaveLength(3)

    const old = new Date('2026-01-01T00:00:00Z')
    utimesSync(file, old, old)
    const renumbered = splitReport(strykerReport(['5', '6', '7'], ['8', '9', '10']))
    const tests = { 'test/a.test.ts': renumbered.tests['test/a.test.ts'] ?? { tests: [] } }
    expect(writeResults(root, { sources: renumbered.sources, tests })).toEqual({
      written: [],
      removed: [`${RESULTS_DIR}/test/b.test.ts.json`]
    })
    expect(statSync(file).mtimeMs).toBe(old.getTime())
  })

  it('reads nothing where there are no results', () => {
    const root = mkdtempSync(join(tmpdir(), 'mutation-results-'))
    roots.push(root)
    expect(readResults(root)).toEqual({ sources: {}, tests: {} })
  })
})

// Which source files CI mutates (scripts/mutation-changed.mjs): those whose text differs from the
// committed results' text of them, and those the results do not have (new, or moved: Stryker knows a
// file by its path), and about how many mutants they hold, which decides whether CI runs them.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import {
  areaScores,
  auditedSources,
  changedSources,
  dayTurn,
  estimatedMutants,
  MAX_MUTANTS,
  mutatedSources,
  OVERALL_TARGET,
  PER_FILE_TARGET,
  resultsStatus,
  statusReport
} from '../../../scripts/mutation-changed.mjs'

const committedFile = (source: string, mutants = 3) => ({ source, mutants: Array.from({ length: mutants }, () => ({})) })

const COMMITTED = {
  'src/agent/outcome.ts': committedFile('export const a = 1\n', 40),
  'src/report/old-name.ts': committedFile('export const moved = true\n', 12),
  'src/text/escape.ts': committedFile('export const e = "x"\n', 20)
}

describe('changedSources', () => {
  it('keeps the files whose text is the committed one, and lists the others in path order', () => {
    const current = {
      'src/text/escape.ts': 'export const e = "y"\n',
      'src/agent/outcome.ts': 'export const a = 1\n'
    }
    expect(changedSources(current, COMMITTED)).toEqual(['src/text/escape.ts'])
  })

  it('lists a new file, and a moved file under its new path, since the results know neither', () => {
    const current = {
      'src/agent/outcome.ts': 'export const a = 1\n',
      'src/render/old-name.ts': 'export const moved = true\n',
      'src/text/escape.ts': 'export const e = "x"\n',
      'src/api/new.ts': 'export const n = 2\n'
    }
    expect(changedSources(current, COMMITTED)).toEqual(['src/api/new.ts', 'src/render/old-name.ts'])
  })

  it('reads a file checked out with CRLF line endings as its committed text', () => {
    expect(changedSources({ 'src/agent/outcome.ts': 'export const a = 1\r\n' }, COMMITTED)).toEqual([])
  })

  it('lists every file when there are no committed results, and none when nothing changed', () => {
    const current = { 'src/b.ts': 'b', 'src/a.ts': 'a' }
    expect(changedSources(current, {})).toEqual(['src/a.ts', 'src/b.ts'])
    expect(changedSources({}, COMMITTED)).toEqual([])
  })
})

describe('estimatedMutants', () => {
  it('counts a file with results by its committed mutants, and a new one by its length at the committed rate', () => {
    // 72 mutants in 19 + 26 + 21 = 66 characters.
    const current = { 'src/api/new.ts': 'x'.repeat(130) }
    expect(estimatedMutants(['src/agent/outcome.ts'], current, COMMITTED)).toBe(40)
    expect(estimatedMutants(['src/api/new.ts'], current, COMMITTED)).toBe(Math.ceil((130 * 72) / 66))
    expect(estimatedMutants(['src/agent/outcome.ts', 'src/text/escape.ts', 'src/api/new.ts'], current, COMMITTED)).toBe(
      40 + 20 + Math.ceil((130 * 72) / 66)
    )
    expect(estimatedMutants([], current, COMMITTED)).toBe(0)
  })

  it('still estimates without committed results, at one mutant in ten characters', () => {
    expect(estimatedMutants(['src/a.ts'], { 'src/a.ts': 'y'.repeat(95) }, {})).toBe(10)
  })

  it('lets a change of a few files through and stops one of most of the sources', () => {
    const few = { 'src/a.ts': 'a'.repeat(200) }
    expect(estimatedMutants(['src/agent/outcome.ts', 'src/text/escape.ts'], few, COMMITTED)).toBeLessThanOrEqual(MAX_MUTANTS)
    const many = Object.fromEntries(Array.from({ length: 60 }, (_, i) => [`src/f${i}.ts`, 'z'.repeat(2000)]))
    expect(estimatedMutants(Object.keys(many), many, COMMITTED)).toBeGreaterThan(MAX_MUTANTS)
  })
})

describe('auditedSources', () => {
  // 50 new files of 100 characters: about 110 mutants each at the committed rate (72 in 66 characters).
  const many = Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`src/f${String(i)}.ts`, String(i).padEnd(100, 'q')]))
  const paths = Object.keys(many)
  const each = estimatedMutants(['src/f0.ts'], many, COMMITTED)

  it('takes files while their estimate stays within the budget, and names the rest, each file once', () => {
    const { mutate, deferred } = auditedSources(paths, many, COMMITTED, 1000, 0)
    expect(estimatedMutants(mutate, many, COMMITTED)).toBeLessThanOrEqual(1000)
    expect(mutate.length).toBe(Math.floor(1000 / each))
    expect([...mutate, ...deferred].sort()).toEqual([...paths].sort())
    expect(mutate).toEqual([...mutate].sort())
    expect(deferred).toEqual([...deferred].sort())
  })

  it('draws the same files for the same turn, whatever the order the files are given in', () => {
    const first = auditedSources(paths, many, COMMITTED, 1000, 7).mutate
    expect(auditedSources([...paths].reverse(), many, COMMITTED, 1000, 7).mutate).toEqual(first)
  })

  it('draws files the turn before left, so that every file is mutated within a few turns', () => {
    const taken = Math.floor(1000 / each)
    const turns = Math.ceil(paths.length / taken)
    const draws = Array.from({ length: turns }, (_, turn) => auditedSources(paths, many, COMMITTED, 1000, 20_000 + turn).mutate)
    for (const [turn, draw] of draws.entries()) {
      if (turn === 0) continue
      expect(draw.filter((path) => draws[turn - 1]?.includes(path))).toEqual([])
    }
    expect(new Set(draws.flat()).size).toBe(paths.length)
  })

  it('does not draw by path order alone', () => {
    const drawn = auditedSources(paths, many, COMMITTED, 1000, 0).mutate
    expect(drawn).not.toEqual([...paths].sort().slice(0, drawn.length))
  })

  it('always mutates one file, even one larger than the budget', () => {
    expect(auditedSources(['src/agent/outcome.ts'], {}, COMMITTED, 10, 3)).toEqual({ mutate: ['src/agent/outcome.ts'], deferred: [] })
  })

  it('takes a second file only when both fit the budget', () => {
    const current = { 'src/agent/outcome.ts': 'a', 'src/text/escape.ts': 'e' }
    const both = auditedSources(['src/agent/outcome.ts', 'src/text/escape.ts'], current, COMMITTED, 45, 0)
    // 40 + 20 > 45: whichever the turn starts at is taken alone, and the other is left.
    expect(both.mutate).toHaveLength(1)
    expect(both.deferred).toHaveLength(1)
    // The next turn starts at the other.
    expect(auditedSources(['src/agent/outcome.ts', 'src/text/escape.ts'], current, COMMITTED, 45, 1).mutate).toEqual(both.deferred)
    expect(auditedSources(['src/agent/outcome.ts', 'src/text/escape.ts'], current, COMMITTED, 60, 0).mutate).toHaveLength(2)
  })

  it('draws nothing from no files', () => {
    expect(auditedSources([], {}, COMMITTED, 1000, 5)).toEqual({ mutate: [], deferred: [] })
  })
})

describe('dayTurn', () => {
  it('is the number of whole UTC days since 1970, the same all day and one more the next', () => {
    expect(dayTurn(new Date('1970-01-01T23:59:59Z'))).toBe(0)
    expect(dayTurn(new Date('2026-12-02T00:00:00Z'))).toBe(20_789)
    expect(dayTurn(new Date('2026-12-02T23:59:59.999Z'))).toBe(20_789)
    expect(dayTurn(new Date('2026-12-03T00:00:00Z'))).toBe(20_790)
  })
})

const mutant = (status: string) => ({ status })
const RESULTS = {
  'src/health/verdict.ts': { source: 'v', mutants: [mutant('Killed'), mutant('Timeout'), mutant('Survived'), mutant('Ignored')] },
  'src/health/state.ts': { source: 'old text', mutants: [mutant('Survived')] },
  'src/text/escape.ts': { source: 'e', mutants: [mutant('Killed'), mutant('NoCoverage'), mutant('CompileError')] },
  'src/main.ts': { source: 'm', mutants: [mutant('Killed')] },
  'src/run/gone.ts': { source: 'g', mutants: [] }
}
const SOURCES = {
  'src/health/verdict.ts': 'v',
  'src/health/state.ts': 'new text',
  'src/text/escape.ts': 'e',
  'src/main.ts': 'm',
  'src/agent/new.ts': 'n'
}

describe('resultsStatus', () => {
  it('sorts every source file into current, stale or missing, and names the results of files that are gone', () => {
    expect(resultsStatus(SOURCES, RESULTS)).toEqual({
      current: ['src/health/verdict.ts', 'src/main.ts', 'src/text/escape.ts'],
      stale: ['src/health/state.ts'],
      missing: ['src/agent/new.ts'],
      orphaned: ['src/run/gone.ts']
    })
  })
})

describe('areaScores', () => {
  it('counts killed and timed-out mutants of the ones a score counts, by folder, a file at the top by its name', () => {
    expect(areaScores(['src/text/escape.ts', 'src/health/verdict.ts', 'src/main.ts', 'src/agent/none.ts'], RESULTS)).toEqual([
      { area: 'agent/', detected: 0, counted: 0 },
      { area: 'health/', detected: 2, counted: 3 },
      { area: 'main.ts', detected: 1, counted: 1 },
      { area: 'text/', detected: 1, counted: 2 }
    ])
  })
})

describe('statusReport', () => {
  it('states the counts and the score of each area of the current files, and the targets they miss', () => {
    const { lines, missed } = statusReport(SOURCES, RESULTS)
    expect(lines).toEqual([
      'Mutation results (reports/mutation) of the 5 source files: 3 current, 1 stale, 1 missing, and 1 orphaned (src/run/gone.ts).',
      'Score of the current files: 66.7 % (4 of 6); by area: health/ 66.7 %, main.ts 100.0 %, text/ 50.0 %.'
    ])
    expect(missed).toEqual([
      `the current files score 66.67 %, below ${String(OVERALL_TARGET)} %`,
      `src/health/verdict.ts scores 66.7 %, below ${String(PER_FILE_TARGET)} %`,
      `src/text/escape.ts scores 50.0 %, below ${String(PER_FILE_TARGET)} %`
    ])
  })

  it('misses nothing at the targets exactly, and names no orphans when there are none', () => {
    const nine = (killed: number, of: number) => Array.from({ length: of }, (_, i) => mutant(i < killed ? 'Killed' : 'Survived'))
    const results = { 'src/a/x.ts': { source: 'x', mutants: nine(8, 10) }, 'src/a/y.ts': { source: 'y', mutants: nine(10, 10) } }
    const { lines, missed } = statusReport({ 'src/a/x.ts': 'x', 'src/a/y.ts': 'y' }, results)
    expect(lines[0]).toBe('Mutation results (reports/mutation) of the 2 source files: 2 current, 0 stale, 0 missing.')
    expect(missed).toEqual([])
    const below = { ...results, 'src/a/y.ts': { source: 'y', mutants: nine(9, 10) } }
    expect(statusReport({ 'src/a/x.ts': 'x', 'src/a/y.ts': 'y' }, below).missed).toEqual(['the current files score 85.00 %, below 90 %'])
  })
})

describe('mutatedSources', () => {
  const roots: string[] = []
  afterEach(() => {
    for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true })
  })

  it('reads every .ts file of src/ with its text, but those stryker.config.mjs leaves out and declarations', () => {
    const root = mkdtempSync(join(tmpdir(), 'mutation-changed-'))
    roots.push(root)
    const files: Record<string, string> = {
      'src/index.ts': 'run()\n',
      'src/version.ts': "export const VERSION = '1'\n",
      'src/main.ts': 'export function run() {}\n',
      'src/agent/outcome.ts': 'export const a = 1\n',
      'src/types/extra.d.ts': 'declare const x: number\n',
      'src/data/table.json': '{}\n',
      'test/unit/a.test.ts': 'test\n'
    }
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(dirname(join(root, path)), { recursive: true })
      writeFileSync(join(root, path), text)
    }
    expect(mutatedSources(root)).toEqual({
      'src/agent/outcome.ts': 'export const a = 1\n',
      'src/main.ts': 'export function run() {}\n'
    })
  })
})

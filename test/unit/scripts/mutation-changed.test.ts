// Which source files CI mutates (scripts/mutation-changed.mjs): those whose text differs from the
// committed results' text of them, and those the results do not have (new, or moved: Stryker knows a
// file by its path), and about how many mutants they hold, which decides whether CI runs them.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { auditedSources, changedSources, estimatedMutants, MAX_MUTANTS, mutatedSources } from '../../../scripts/mutation-changed.mjs'

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

  it('takes files while their estimate stays within the budget, and names the rest, each file once', () => {
    const { mutate, deferred } = auditedSources(paths, many, COMMITTED, 1000)
    expect(estimatedMutants(mutate, many, COMMITTED)).toBeLessThanOrEqual(1000)
    expect(mutate.length).toBe(Math.floor(1000 / estimatedMutants(['src/f0.ts'], many, COMMITTED)))
    expect([...mutate, ...deferred].sort()).toEqual([...paths].sort())
    expect(mutate).toEqual([...mutate].sort())
    expect(deferred).toEqual([...deferred].sort())
  })

  it('draws the same files for the same tree, and others when the texts change', () => {
    const first = auditedSources(paths, many, COMMITTED, 1000).mutate
    expect(auditedSources([...paths].reverse(), many, COMMITTED, 1000).mutate).toEqual(first)
    const changed = Object.fromEntries(Object.entries(many).map(([path, text]) => [path, `${text}!`]))
    expect(auditedSources(paths, changed, COMMITTED, 1000).mutate).not.toEqual(first)
  })

  it('does not draw by path order alone', () => {
    const drawn = auditedSources(paths, many, COMMITTED, 1000).mutate
    expect(drawn).not.toEqual([...paths].sort().slice(0, drawn.length))
  })

  it('always mutates one file, even one larger than the budget', () => {
    expect(auditedSources(['src/agent/outcome.ts'], {}, COMMITTED, 10)).toEqual({ mutate: ['src/agent/outcome.ts'], deferred: [] })
  })

  it('takes a second file only when both fit the budget', () => {
    const current = { 'src/agent/outcome.ts': 'a', 'src/text/escape.ts': 'e' }
    const both = auditedSources(['src/agent/outcome.ts', 'src/text/escape.ts'], current, COMMITTED, 45)
    // 40 + 20 > 45: whichever is drawn first is taken alone, and the other is left.
    expect(both.mutate).toHaveLength(1)
    expect(both.deferred).toHaveLength(1)
    expect(auditedSources(['src/agent/outcome.ts', 'src/text/escape.ts'], current, COMMITTED, 60).mutate).toHaveLength(2)
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

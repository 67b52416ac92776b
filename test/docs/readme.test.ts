// The README's tables cannot drift from action.yml: every input (with its default and whether it is
// required) and every output is in them, and nothing else is.
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { parse } from 'yaml'

const root = resolve(import.meta.dirname, '../..')
const action = parse(readFileSync(resolve(root, 'action.yml'), 'utf8')) as {
  description: string
  inputs: Record<string, { description: string; required?: boolean; default?: string | number | boolean }>
  outputs: Record<string, { description: string }>
  runs: { using: string; main: string }
}
const readme = readFileSync(resolve(root, 'README.md'), 'utf8')

/** Rows of the first table after a heading, as arrays of cells. */
function table(heading: string): string[][] {
  const section = readme.split(`\n## ${heading}\n`)[1]?.split('\n## ')[0] ?? ''
  const lines = section.split('\n').filter((l) => l.startsWith('| '))
  return lines.slice(2).map((l) =>
    l
      .split('|')
      .slice(1, -1)
      .map((c) => c.trim())
  )
}
const unquote = (cell: string): string => cell.replace(/^`(.*)`$/, '$1')

/** The text under a heading of any level, up to the next heading of the same or a higher level. */
function section(heading: string): string {
  const match = new RegExp(`\\n(#+) ${heading}\\n`).exec(readme)
  if (match?.[1] === undefined) return ''
  const rest = readme.slice(match.index + match[0].length)
  const end = new RegExp(`\\n#{1,${match[1].length}} `).exec(rest)
  return end ? rest.slice(0, end.index) : rest
}

// The one default the code cannot apply itself: the runner's expression for the job's token.
const RUNNER_DEFAULTS = new Set(['githubToken'])

describe('README', () => {
  it('lists every input of action.yml, with its default and whether it is required, and no other', () => {
    const rows = table('Inputs').map(([name = '', required = '', def = '']) => [unquote(name), required, unquote(def)])
    const expected = Object.entries(action.inputs).map(([name, spec]) => [name, spec.required ? 'yes' : 'no', String(spec.default ?? '')])
    expect(rows).toEqual(expected)
  })

  it('lists every output of action.yml, and no other', () => {
    expect(table('Outputs').map(([name = '']) => unquote(name))).toEqual(Object.keys(action.outputs))
  })

  it('has the sections a user looks for', () => {
    for (const heading of [
      'Usage',
      'Inputs',
      'Outputs',
      'Job summary',
      'Failure policy and exit codes',
      'Reliability',
      'Costs and limits',
      'Security',
      'Proxies and self-hosted runners',
      'Development'
    ]) {
      expect(readme).toContain(`\n## ${heading}\n`)
    }
    expect(readme).toContain('cannot cancel a job')
    expect(readme).toContain('v2.327.1')
  })

  it('runs on node24 from the committed bundle', () => {
    expect(action.runs).toEqual({ using: 'node24', main: 'dist/index.js' })
  })

  it('declares in action.yml every default the code applies outside the runner, and no other', async () => {
    const { INPUT_DEFAULTS } = await import('../../src/run/inputs.js')
    const declared = Object.entries(action.inputs).flatMap(([name, spec]) =>
      spec.default === undefined || RUNNER_DEFAULTS.has(name) ? [] : [[name, spec.default]]
    )
    expect(Object.fromEntries(declared)).toEqual(INPUT_DEFAULTS)
  })
})

describe('README, docs health report', () => {
  const health = section('Docs health report')
  const readerTextPart = section('Reader text')

  it('has a row for each analytics section the code reads, in report order, with its cost in requests', async () => {
    const { SECTION_NAMES, SECTIONS } = await import('../../src/run/sections.js')
    const { plannedReads } = await import('../../src/analytics/plan.js')
    const rows = health
      .split('\n')
      .filter((l) => l.startsWith('| `'))
      .map((l) => l.split('|').map((c) => c.trim()))
    expect(rows.map((row) => unquote(row[1] ?? ''))).toEqual([...SECTION_NAMES])
    for (const row of rows) expect(row[3], row[1]).toMatch(/^1 (per|for) /)
    for (const name of SECTION_NAMES) {
      expect(action.inputs.analytics?.description, name).toContain(name)
      expect(section('Costs and limits'), name).toContain(`- \`${name}\`: `)
    }
    // The fewest requests of every section, with and without the comparisons, as the plan counts them.
    const entries = SECTION_NAMES.map((name) => SECTIONS[name])
    const [compared, alone] = [plannedReads(entries, true).length, plannedReads(entries, false).length]
    expect(health.replace(/\s+/g, ' ')).toContain(
      `\`analytics: all\` makes at least ${compared} requests (${alone} without the comparisons)`
    )
  })

  it('explains each readerText value, and that the contact address is never read', async () => {
    const { READER_TEXT_WORDS } = await import('../../src/run/inputs.js')
    for (const word of READER_TEXT_WORDS) {
      expect(readerTextPart, word).toContain(`\`${word}\``)
      expect(action.inputs.readerText?.description, word).toContain(word)
    }
    expect(readerTextPart).toContain('github.event.repository.private')
    expect(readerTextPart).toContain('`contact`')
    expect(readerTextPart).toContain('`[email]`')
  })

  it('names every file of analyticsDir, in action.yml and the README', () => {
    for (const file of [
      'analytics.json',
      'visitors.csv',
      'views.csv',
      'searches.csv',
      'feedback-pages.csv',
      'feedback.csv',
      'assistant.csv'
    ]) {
      expect(action.outputs.analyticsDir?.description, file).toContain(file)
      expect(table('Outputs').find(([name]) => name === '`analyticsDir`')?.[1], file).toContain(`\`${file}\``)
    }
  })

  it('says that reader text given to the agent is data, not instructions, and that its pull request is reviewed', () => {
    const gaps = section('From reader signals to a docs pull request')
    expect(gaps).toContain('examples/docs-from-reader-signals.yml')
    expect(gaps).toContain('untrusted data, not instructions')
    expect(gaps).toContain('reviewed before')
  })

  it('links only to headings that exist', () => {
    const anchors = new Set(
      [...readme.matchAll(/^#+ (.+)$/gm)].map((m) =>
        (m[1] ?? '')
          .toLowerCase()
          .replace(/[^\w\- ]/g, '')
          .replace(/ /g, '-')
      )
    )
    for (const [, anchor] of readme.matchAll(/\]\(#([^)]+)\)/g)) expect(anchors, anchor).toContain(anchor)
  })
})

// The README's tables cannot drift from action.yml: every input (with its default and whether it is
// required) and every output is in them, and nothing else is.
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { parse } from 'yaml'

const root = resolve(import.meta.dirname, '../..')
const action = parse(readFileSync(resolve(root, 'action.yml'), 'utf8')) as {
  inputs: Record<string, { required?: boolean; default?: string | number | boolean }>
  outputs: Record<string, unknown>
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

  it('gives the same defaults as the code applies outside the runner', async () => {
    const { INPUT_DEFAULTS } = await import('../../src/run/inputs.js')
    for (const [name, value] of Object.entries(INPUT_DEFAULTS)) expect(action.inputs[name]?.default, name).toBe(value)
  })
})

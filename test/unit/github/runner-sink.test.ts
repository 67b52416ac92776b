// Tests where the runner sink (src/github/runner-sink.ts) puts a run's report: step outputs in the
// GITHUB_OUTPUT file, files for later steps under RUNNER_TEMP, and HTML in the GITHUB_STEP_SUMMARY
// file, all in a temp folder of the test's own.
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { basename, dirname, join } from 'node:path'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import type { ReportSink } from '../../../src/render/sink.js'

let root: string
// @actions/core keeps the summary file's path once it has found it, so every test uses this one.
let summaryFile: string

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'runner-sink-test-'))
  summaryFile = join(root, 'step-summary.md')
})
afterAll(() => {
  rmSync(root, { recursive: true, force: true })
})

let stdout: string[]
beforeEach(() => {
  writeFileSync(summaryFile, '')
  stdout = []
  vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    stdout.push(String(chunk))
    return true
  })
})
afterEach(() => {
  vi.restoreAllMocks()
})

/** A fresh sink: the folder it writes files to is made once per module. */
async function freshSink(): Promise<ReportSink> {
  vi.resetModules()
  const { runnerSink } = await import('../../../src/github/runner-sink.js')
  return runnerSink
}

/** A new, empty folder under the test's root. */
function folder(name: string): string {
  return mkdtempSync(join(root, `${name}-`))
}

/** The outputs in a GITHUB_OUTPUT file, as the runner reads its `name<<delimiter` blocks. */
function readOutputs(file: string): Record<string, string> {
  const outputs: Record<string, string> = {}
  const lines = readFileSync(file, 'utf8').split('\n')
  for (let i = 0; i < lines.length; i++) {
    const match = /^([^<]+)<<(.+)$/.exec(lines[i] ?? '')
    if (!match) continue
    const [, name = '', delimiter] = match
    const value: string[] = []
    while (lines[++i] !== delimiter && i < lines.length) value.push(lines[i] ?? '')
    outputs[name] = value.join('\n')
  }
  return outputs
}

describe('runnerSink.setOutput', () => {
  it('writes each output to the GITHUB_OUTPUT file, line breaks and all', async () => {
    const file = join(folder('output'), 'output.txt')
    writeFileSync(file, '')
    vi.stubEnv('GITHUB_OUTPUT', file)
    const sink = await freshSink()
    sink.setOutput('status', 'completed')
    sink.setOutput('prLink', '')
    sink.setOutput('note', 'two\nlines')
    expect(readOutputs(file)).toEqual({ status: 'completed', prLink: '', note: 'two\nlines' })
  })
})

describe('runnerSink.writeFile', () => {
  it('writes files for later steps into one new folder under RUNNER_TEMP', async () => {
    const runnerTemp = folder('runner-temp')
    vi.stubEnv('RUNNER_TEMP', runnerTemp)
    const sink = await freshSink()
    const json = await sink.writeFile('visitors.json', '{"a":1}\n')
    const csv = await sink.writeFile('visitors.csv', 'path\r\n/ä\r\n')
    expect(dirname(json)).toBe(dirname(csv))
    expect(dirname(dirname(json))).toBe(runnerTemp)
    expect(basename(dirname(json))).toMatch(/^docs-analytics-/)
    expect(basename(json)).toBe('visitors.json')
    expect(readFileSync(json, 'utf8')).toBe('{"a":1}\n')
    expect(readFileSync(csv, 'utf8')).toBe('path\r\n/ä\r\n')
    expect(readdirSync(runnerTemp)).toHaveLength(1)
  })

  it('writes into the system temp folder when RUNNER_TEMP is unset or empty', async () => {
    for (const runnerTemp of [undefined, '']) {
      const systemTemp = folder('system-temp')
      vi.stubEnv('RUNNER_TEMP', runnerTemp)
      vi.stubEnv('TMPDIR', systemTemp)
      const sink = await freshSink()
      const path = await sink.writeFile('visitors.json', '{}\n')
      expect(dirname(dirname(path))).toBe(systemTemp)
      expect(readFileSync(path, 'utf8')).toBe('{}\n')
    }
  })
})

describe('runnerSink.appendSummary', () => {
  it('appends the HTML to the job summary file, after what other steps wrote', async () => {
    writeFileSync(summaryFile, '<p>an earlier step</p>\n')
    vi.stubEnv('GITHUB_STEP_SUMMARY', summaryFile)
    const sink = await freshSink()
    await sink.appendSummary('<h2>One</h2>\n')
    await sink.appendSummary('<h2>Two</h2>\n')
    expect(readFileSync(summaryFile, 'utf8')).toBe('<p>an earlier step</p>\n<h2>One</h2>\n<h2>Two</h2>\n')
  })

  it('writes no summary, and says so in the debug log, when the runner gives no summary file', async () => {
    for (const value of [undefined, '']) {
      vi.stubEnv('GITHUB_STEP_SUMMARY', value)
      const sink = await freshSink()
      await sink.appendSummary('<h2>Lost</h2>\n')
    }
    expect(readFileSync(summaryFile, 'utf8')).toBe('')
    expect(stdout.join('')).toBe('::debug::GITHUB_STEP_SUMMARY is not set; the job summary is not written.\n'.repeat(2))
  })
})

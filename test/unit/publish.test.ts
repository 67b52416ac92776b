// Tests how a run's sections are published (src/report/publish.ts, sections.ts) through a fake
// ReportSink: which files, outputs and summary each kind of section gives, and in what order.
import { describe, expect, it } from 'vitest'
import type { JobReport } from '../../src/agent/outcome.js'
import type { VisitorsReport } from '../../src/analytics/visitors-report.js'
import { publish, type ReportSink, summaryOf } from '../../src/report/publish.js'
import { filesOf, logLineOf, outputsOf, type Section, summaryHtmlOf } from '../../src/report/sections.js'
import { visitorsCsv, visitorsJson } from '../../src/report/visitors-files.js'
import { renderSummary } from '../support/render.js'

const job: JobReport = { kind: 'job', jobId: 'j1', status: 'completed', followUp: false, unknownStatuses: [], headline: 'Done.' }

const visitors: VisitorsReport = {
  kind: 'visitors',
  projectId: 'proj1',
  dateFrom: '2026-11-14',
  dateTo: '2026-11-21',
  rangeText: '14 Nov 2026 to 20 Nov 2026 (7 days, UTC)',
  totals: { human: 3, ai: 1, total: 3 },
  rows: [{ path: '/a', human: 3, ai: 1, total: 3 }],
  requests: 1,
  topPages: 20,
  partial: false
}

const noVisitors: VisitorsReport = { ...visitors, totals: undefined, rows: [], requests: 0, partial: true, failure: 'Refused.' }

/** A sink that records what reaches it, in order, and writes files under a made-up folder. */
function recordingSink() {
  const events: string[] = []
  const files: Record<string, string> = {}
  const summaries: string[] = []
  const sink: ReportSink = {
    setOutput: (name, value) => {
      events.push(`output ${name}=${value}`)
    },
    writeFile: (name, content) => {
      events.push(`file ${name}`)
      files[name] = content
      return Promise.resolve(`/runner/temp/${name}`)
    },
    appendSummary: (html) => {
      events.push('summary')
      summaries.push(html)
      return Promise.resolve()
    }
  }
  return { sink, events, files, summaries }
}

describe('publish', () => {
  it('writes the files before the outputs that name their paths, then appends the summary once', async () => {
    const { sink, events, files, summaries } = recordingSink()
    await publish([job, visitors], sink)
    expect(events).toEqual([
      'output jobId=j1',
      'output status=completed',
      'output prLink=',
      'output prNumber=',
      'file visitors.json',
      'file visitors.csv',
      'output visitorsHuman=3',
      'output visitorsAi=1',
      'output visitorsTotal=3',
      'output pageCount=1',
      'output analyticsFile=/runner/temp/visitors.json',
      'output analyticsCsvFile=/runner/temp/visitors.csv',
      'summary'
    ])
    expect(files).toEqual({ 'visitors.json': visitorsJson(visitors), 'visitors.csv': visitorsCsv(visitors) })
    expect(summaries).toEqual([summaryOf([job, visitors])])
    expect(renderSummary(summaries[0] ?? '').headings).toEqual([
      '✅ Documentation agent job',
      '📊 Documentation visitors',
      'Top 1 page by visitors'
    ])
  })

  it('writes no file for an export that read nothing, and sets its outputs empty', async () => {
    const { sink, events } = recordingSink()
    await publish([noVisitors], sink)
    expect(events).toEqual([
      'output visitorsHuman=',
      'output visitorsAi=',
      'output visitorsTotal=',
      'output pageCount=',
      'output analyticsFile=',
      'output analyticsCsvFile=',
      'summary'
    ])
  })

  it('appends nothing when there is nothing to report', async () => {
    const { sink, events } = recordingSink()
    await publish([], sink)
    expect(events).toEqual([])
  })

  it('waits for each file to be written before going on', async () => {
    const events: string[] = []
    const sink: ReportSink = {
      setOutput: (name) => events.push(`output ${name}`),
      writeFile: async (name) => {
        await new Promise((resolve) => setImmediate(resolve))
        events.push(`written ${name}`)
        return `/t/${name}`
      },
      appendSummary: async () => {
        await new Promise((resolve) => setImmediate(resolve))
        events.push('summary written')
      }
    }
    await publish([visitors], sink)
    expect(events.slice(0, 3)).toEqual(['written visitors.json', 'written visitors.csv', 'output visitorsHuman'])
    expect(events.at(-1)).toBe('summary written')
  })
})

describe('summaryOf', () => {
  it('joins each section’s part in the order of the run', () => {
    expect(summaryOf([visitors, job])).toBe(summaryHtmlOf(visitors) + summaryHtmlOf(job))
    expect(summaryOf([])).toBe('')
  })
})

describe('sections', () => {
  it('renders each kind of section with its own renderers', () => {
    const sections: Section[] = [job, visitors]
    expect(sections.map((s) => renderSummary(summaryHtmlOf(s)).headings[0])).toEqual([
      '✅ Documentation agent job',
      '📊 Documentation visitors'
    ])
    expect(sections.map((s) => logLineOf(s))).toEqual([
      'Done.',
      'Visitors, 14 Nov 2026 to 20 Nov 2026 (7 days, UTC): 3 in all (human 3, AI 1) over 1 pages, in 1 requests.'
    ])
  })

  it('gives the visitor export two files named for their outputs, and the job none', () => {
    expect(filesOf(visitors)).toEqual([
      { name: 'visitors.json', output: 'analyticsFile', content: visitorsJson(visitors) },
      { name: 'visitors.csv', output: 'analyticsCsvFile', content: visitorsCsv(visitors) }
    ])
    expect(filesOf(noVisitors)).toEqual([])
    expect(filesOf(job)).toEqual([])
  })

  it('gives outputs with empty file paths when no paths are given', () => {
    expect(outputsOf(visitors)).toMatchObject({ analyticsFile: '', analyticsCsvFile: '', visitorsTotal: '3' })
    expect(outputsOf(job)).toEqual({ jobId: 'j1', status: 'completed', prLink: '', prNumber: '' })
  })

  it('logs nothing for a job that fails the step or an export that read nothing', () => {
    expect(logLineOf({ ...job, failure: 'Failed.' })).toBeUndefined()
    expect(logLineOf(noVisitors)).toBeUndefined()
  })
})

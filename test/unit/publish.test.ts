// Tests how a run's sections are published (src/report/publish.ts, sections.ts) through a fake
// ReportSink: which files, outputs and summary each kind of section gives, and in what order; and the
// whole summary of a run, job and visitors with the footer, as GitHub shows it (test/support/render.js).
import { describe, expect, it } from 'vitest'
import type { VisitorsReport } from '../../src/analytics/visitors-report.js'
import { footerHtml } from '../../src/report/footer.js'
import { publish, type ReportSink, summaryOf } from '../../src/report/publish.js'
import { filesOf, logLineOf, outputsOf, type Section, summaryHtmlOf } from '../../src/report/sections.js'
import { visitorsCsv, visitorsJson } from '../../src/report/visitors-files.js'
import { JOB_REPORTS, PR_LINK } from '../support/job-reports.js'
import { renderSummary } from '../support/render.js'

const job = JOB_REPORTS.noPr
const RUN_URL = 'https://github.com/acme/docs/actions/runs/77'
const run = { action: 'docs-agent-action', version: '1.2.3', runUrl: RUN_URL }

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
      '✅ Completed: no changes, no pull request',
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

  it('appends nothing when there is nothing to report, not even the footer', async () => {
    const { sink, events } = recordingSink()
    await publish([], sink, run)
    expect(events).toEqual([])
  })

  it('ends the summary with the footer, once, when told which run it is', async () => {
    const { sink, summaries } = recordingSink()
    await publish([job, visitors], sink, run)
    expect(summaries).toEqual([summaryOf([job, visitors]) + footerHtml(run)])
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

  it('adds the footer after the last section, and none to an empty summary', () => {
    expect(summaryOf([visitors, job], run)).toBe(summaryHtmlOf(visitors) + summaryHtmlOf(job) + footerHtml(run))
    expect(summaryOf([job], run)).toBe(summaryHtmlOf(job) + footerHtml(run))
    expect(summaryOf([], run)).toBe('')
  })
})

describe('the summary of a run with a job and visitors', () => {
  const previous = { dateFrom: '2026-11-07', dateTo: '2026-11-14', totals: { human: 2, ai: 2, total: 3 } }

  it('shows each section and the footer, with the links a reader follows and nothing else linked', () => {
    const seen = renderSummary(summaryOf([JOB_REPORTS.opened, { ...visitors, previous }], run))
    expect(seen.headings).toEqual(['✅ Opened acme/docs#42', '📊 Documentation visitors', 'Top 1 page by visitors'])
    expect(seen.links.map((link) => link.href)).toEqual([PR_LINK, PR_LINK, PR_LINK, 'https://github.com/acme/docs', RUN_URL])
    expect(seen.references).toEqual([])
    expect(seen.tables.map((table) => table[0]?.[0])).toEqual(['Status', '', 'Page'])
    expect(seen.text).toMatch(/ Read in 1 request; [^.]*\. docs-agent-action 1\.2\.3 · workflow run$/)
  })

  it('stays under GitHub’s 1 MiB limit for a summary with every value at its longest and costliest', () => {
    const worst = (n: number) => '@'.repeat(n)
    const job = {
      ...JOB_REPORTS.timeout,
      jobId: worst(1000),
      serviceStatus: worst(1000),
      unsafePrLink: worst(1000),
      model: worst(1000),
      repository: worst(1000),
      ref: worst(1000),
      createdAt: worst(1000),
      archivedAt: worst(1000),
      failure: worst(100_000),
      nextStep: { kind: 'watch' as const, jobId: worst(1000) },
      prompt: `${worst(1999)}\n`.repeat(1000)
    }
    const rows = Array.from({ length: 20_000 }, (_, i) => ({ path: `/${worst(150)}${i}`, human: 1e9 + i, ai: 1e9, total: 2e9 }))
    const many: VisitorsReport = {
      ...visitors,
      rows,
      topPages: 1000,
      partial: true,
      partialReason: worst(1000),
      failure: worst(100_000),
      previous
    }
    const html = summaryOf([job, many], { ...run, action: worst(1000), version: worst(1000) })
    expect(Buffer.byteLength(html)).toBeLessThan(1024 * 1024)
  })

  it('says why each failing section failed, and what to do next', () => {
    const seen = renderSummary(summaryOf([JOB_REPORTS.timeout, noVisitors], run))
    expect(seen.headings).toEqual(['❌ Timed out', '❌ Documentation visitors'])
    expect(seen.text).toContain(`Why the step failed: ${JOB_REPORTS.timeout.failure ?? ''} Next step:`)
    expect(seen.text).toContain(' jobId: j1 ')
    expect(seen.text).toContain('Why the step failed: Refused. docs-agent-action 1.2.3 · workflow run')
  })
})

describe('sections', () => {
  it('renders each kind of section with its own renderers', () => {
    const sections: Section[] = [job, visitors]
    expect(sections.map((s) => renderSummary(summaryHtmlOf(s)).headings[0])).toEqual([
      '✅ Completed: no changes, no pull request',
      '📊 Documentation visitors'
    ])
    expect(sections.map((s) => logLineOf(s))).toEqual([
      job.headline,
      'Visitors, 14 Nov 2026 to 20 Nov 2026 (7 days, UTC): 3 in all (human 3, AI 1) over 1 page, in 1 request.'
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
    expect(logLineOf(JOB_REPORTS.failed)).toBeUndefined()
    expect(logLineOf(noVisitors)).toBeUndefined()
  })
})

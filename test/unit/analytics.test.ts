import { describe, expect, it } from 'vitest'
import { visitorsCsv } from '../../src/report/visitors-files.js'
import type { VisitorsReport } from '../../src/analytics/visitors-report.js'
import { describeRange, parseDate } from '../../src/text/dates.js'
import { aiShare, visitorsSummaryHtml, DETAILS_BUDGET_BYTES } from '../../src/report/visitors-summary.js'
import { exportVisitors, newVisitorsProgress, sortedRows } from '../../src/analytics/visitors.js'
import { analyticsRange, readInputs } from '../../src/run/inputs.js'

const now = new Date('2026-11-21T15:30:00Z')

describe('analytics range', () => {
  it('defaults to the last 7 full UTC days, dateTo exclusive', () => {
    expect(analyticsRange(undefined, undefined, now)).toEqual({ dateFrom: '2026-11-14', dateTo: '2026-11-21' })
    expect(analyticsRange('2026-11-01', undefined, now)).toEqual({ dateFrom: '2026-11-01', dateTo: '2026-11-21' })
    expect(analyticsRange(undefined, '2026-03-01', now)).toEqual({ dateFrom: '2026-02-22', dateTo: '2026-03-01' })
    expect(analyticsRange(undefined, '2026-03-01T12:00:00+01:00', now)).toEqual({
      dateFrom: '2026-02-22T11:00:00.000Z',
      dateTo: '2026-03-01T12:00:00+01:00'
    })
  })
  it('accepts only real dates in the documented forms', () => {
    expect(parseDate('2026-02-28')).toBe(Date.UTC(2026, 1, 28))
    for (const bad of ['2026-02-30', '2026-2-1', '20261101', '2026-11-01T10:00', '2026-11-01 10:00:00Z', 'today'])
      expect(parseDate(bad)).toBeUndefined()
  })
  it('reads analytics inputs only when analytics is true', () => {
    const get = (values: Record<string, string>) => (name: string) => values[name] ?? ''
    expect(readInputs(get({ apiKey: 'mint_k', projectId: 'p', analytics: 'true' }), now).analytics).toEqual({
      dateFrom: '2026-11-14',
      dateTo: '2026-11-21',
      topPages: 20,
      maxPages: 40
    })
    expect(readInputs(get({ apiKey: 'mint_k', projectId: 'p', prompt: 'x' }), now).analytics).toBeUndefined()
  })
  it('puts the range in words, the exclusive end shown as the last day included', () => {
    expect(describeRange('2026-11-14', '2026-11-21')).toBe('14 Nov 2026 to 20 Nov 2026 (7 days, UTC)')
    expect(describeRange('2026-11-20', '2026-11-21')).toBe('20 Nov 2026 (1 day, UTC)')
    expect(describeRange('2026-11-20T06:00:00Z', '2026-11-21')).toBe('2026-11-20T06:00:00Z up to, not including, 2026-11-21')
  })
})

describe('export', () => {
  it('never asks for a page past maxPages, and sorts by total then path', async () => {
    const asked: number[] = []
    const progress = newVisitorsProgress()
    const warnings: string[] = []
    await exportVisitors(
      {
        getVisitors: async (_p, q) => {
          asked.push(q.offset)
          return { totals: { human: 1, ai: 1, total: 1 }, visitors: [{ path: `/p${q.offset}`, human: 1, ai: 0, total: 5 }], hasMore: true }
        }
      },
      { projectId: 'p', dateFrom: 'a', dateTo: 'b', maxPages: 3 },
      progress,
      { info: () => undefined, warning: (m) => warnings.push(m) }
    )
    expect(asked).toEqual([0, 250, 500])
    expect(progress).toMatchObject({ capped: true, complete: false, requests: 3 })
    expect(warnings).toHaveLength(1)
    expect(sortedRows(progress.rows.values()).map((r) => r.path)).toEqual(['/p0', '/p250', '/p500'])
  })
})

describe('files and summary', () => {
  const report = (rows: VisitorsReport['rows']): VisitorsReport => ({
    kind: 'visitors',
    projectId: 'p',
    dateFrom: '2026-11-14',
    dateTo: '2026-11-21',
    rangeText: 'r',
    totals: { human: 3, ai: 1, total: 3 },
    rows,
    requests: 1,
    topPages: 2,
    partial: false
  })
  it('quotes CSV fields and defuses spreadsheet formulas', () => {
    const csv = visitorsCsv(
      report([
        { path: '/a,"b"\nc', human: 1, ai: 2, total: 3 },
        { path: '=cmd()', human: 0, ai: 0, total: 0 },
        { path: '-1', human: 0, ai: 0, total: 0 }
      ])
    )
    expect(csv).toBe('path,human,ai,total\r\n"/a,""b""\nc",1,2,3\r\n\'=cmd(),0,0,0\r\n\'-1,0,0,0\r\n')
  })
  it('shows AI share of total, and a dash when there are no visitors', () => {
    expect(aiShare(1, 3)).toBe('33.3%')
    expect(aiShare(0, 0)).toBe('–')
    expect(aiShare(5, 4)).toBe('100.0%')
  })
  it('collapses the rest and keeps it within its byte budget', () => {
    const rows = Array.from({ length: 20_000 }, (_, i) => ({ path: `/${'<x>'.repeat(60)}${i}`, human: 1, ai: 1, total: 1 }))
    const html = visitorsSummaryHtml(report(rows))
    expect(Buffer.byteLength(html)).toBeLessThan(DETAILS_BUDGET_BYTES + 20_000)
    expect(html).toContain('<details><summary>19,998 more pages</summary>')
    expect(html).toMatch(/… and [\d,]+ more pages, left out/)
    expect(html).not.toContain('<x>')
  })
  it('says when no page had visitors', () => {
    expect(visitorsSummaryHtml(report([]))).toContain('No page had visitors in this range.')
  })
})

describe('num', () => {
  it('groups thousands and keeps up to two decimals, as en-US does', async () => {
    const { num } = await import('../../src/text/format.js')
    for (const n of [0, 7, 999, 1000, 1234567, 1234567.891, 0.5, 12.3456, 1e15])
      expect(num(n)).toBe(n.toLocaleString('en-US', { maximumFractionDigits: 2 }))
  })
})

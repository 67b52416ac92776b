// Tests the visitor section of the job summary (src/report/visitors-summary.ts) as a reader sees it
// on GitHub (test/support/render.ts): headings, facts, tables, the collapsed rest and its byte
// budget, partial and failed exports, and hostile page paths from the service.
import { describe, expect, it } from 'vitest'
import type { VisitorsReport } from '../../src/analytics/visitors-report.js'
import type { VisitorRow } from '../../src/api/schemas.js'
import { aiShare, DETAILS_BUDGET_BYTES, visitorsSummaryHtml } from '../../src/report/visitors-summary.js'
import { renderSummary } from '../support/render.js'
import { HOSTILE_PATHS } from '../support/visitors.js'

const RANGE = '14 Nov 2026 to 20 Nov 2026 (7 days, UTC)'
const HEAD = ['Page', 'Human', 'AI', 'Total', 'AI share']
const TOTALS_HEAD = ['Human', 'AI', 'Total', 'AI share']
const NOTE =
  'Totals are site-wide and deduplicated by the service: a visitor counts once however many pages they read, so page totals do not add up to them. AI share is AI visitors ÷ total.'

function report(rows: VisitorRow[], more: Partial<VisitorsReport> = {}): VisitorsReport {
  return {
    kind: 'visitors',
    projectId: 'proj1',
    dateFrom: '2026-11-14',
    dateTo: '2026-11-21',
    rangeText: RANGE,
    totals: { human: 1200, ai: 400, total: 1450 },
    rows,
    requests: 2,
    topPages: 2,
    partial: false,
    ...more
  }
}

const rows: VisitorRow[] = [
  { path: '/docs/quickstart', human: 1000, ai: 250, total: 1200 },
  { path: '/docs/api', human: 300, ai: 100, total: 350 },
  { path: '/docs/faq', human: 7, ai: 0, total: 7 }
]

describe('visitorsSummaryHtml', () => {
  it('shows the range, the totals, the top pages and the rest collapsed, in that order', () => {
    const seen = renderSummary(visitorsSummaryHtml(report(rows)))
    expect(seen.headings).toEqual(['📊 Documentation visitors', 'Top 2 pages by visitors'])
    expect(seen.tables).toEqual([
      [TOTALS_HEAD, ['1,200', '400', '1,450', '27.6%']],
      [HEAD, ['/docs/quickstart', '1,000', '250', '1,200', '20.8%'], ['/docs/api', '300', '100', '350', '28.6%']],
      [HEAD, ['/docs/faq', '7', '0', '7', '0.0%']]
    ])
    expect(seen.text).toBe(
      `📊 Documentation visitors ${RANGE} · 3 pages · 2 requests Human AI Total AI share 1,200 400 1,450 27.6% ` +
        'Top 2 pages by visitors Page Human AI Total AI share /docs/quickstart 1,000 250 1,200 20.8% /docs/api 300 100 350 28.6% ' +
        `1 more page Page Human AI Total AI share /docs/faq 7 0 7 0.0% ${NOTE}`
    )
    expect(seen.links).toEqual([])
  })

  it('puts each part on a line of its own, and ends with a line break', () => {
    const lines = (r: VisitorsReport) => visitorsSummaryHtml(r).split('\n')
    const failed = lines(report([], { totals: undefined, requests: 0, partial: true, partialReason: 'why', failure: 'Refused.' }))
    expect(failed).toEqual([
      '<h2>❌ Documentation visitors</h2>',
      `<p>${RANGE}</p>`,
      '<p><strong>Partial export</strong>: why.</p>',
      '<p>Refused.</p>',
      ''
    ])
    const tags = (r: VisitorsReport) => lines(r).map((line) => /^<\/?[a-z\d]+/.exec(line)?.[0] ?? line)
    expect(tags(report([], { requests: 1 }))).toEqual(['<h2', '<p', '<table', '<p', ''])
    expect(tags(report(rows))).toEqual(['<h2', '<p', '<table', '<h3', '<table', '<details', '<table', '</details', '<p', ''])
  })

  it('puts the rest in a details element, closed, with its count as the summary', () => {
    const html = visitorsSummaryHtml(report(rows, { topPages: 1 }))
    expect(html).toContain('<details><summary>2 more pages</summary>')
    expect(renderSummary(html).html).toMatch(/<details><summary>2 more pages<\/summary>\s*<table>/)
  })

  it('shows every page in the top table, and nothing collapsed, when there are no more than topPages', () => {
    const seen = renderSummary(visitorsSummaryHtml(report(rows.slice(0, 1), { requests: 1, topPages: 5 })))
    expect(seen.headings).toEqual(['📊 Documentation visitors', 'Top 1 page by visitors'])
    expect(seen.tables).toHaveLength(2)
    expect(seen.text).toContain(`${RANGE} · 1 page · 1 request `)
    expect(seen.text).not.toContain('more page')
    expect(seen.html).not.toContain('<details')
  })

  it('says when no page had visitors, with a dash for the AI share of nobody', () => {
    const seen = renderSummary(visitorsSummaryHtml(report([], { totals: { human: 0, ai: 0, total: 0 }, requests: 1 })))
    expect(seen.text).toBe(
      `📊 Documentation visitors ${RANGE} · 0 pages · 1 request Human AI Total AI share 0 0 0 – No page had visitors in this range.`
    )
    expect(seen.tables).toEqual([[TOTALS_HEAD, ['0', '0', '0', '–']]])
  })

  it('marks a partial export and says why', () => {
    const seen = renderSummary(
      visitorsSummaryHtml(report(rows, { partial: true, partialReason: 'reading stopped at maxPages (2 requests)' }))
    )
    expect(seen.headings[0]).toBe('⚠️ Documentation visitors')
    expect(seen.text).toContain(`${RANGE} · 3 pages · 2 requests Partial export: reading stopped at maxPages (2 requests). Human`)
    expect(seen.html).toContain('<strong>Partial export</strong>')
    expect(seen.tables).toHaveLength(3)
  })

  it('marks a partial export without a reason as not everything read', () => {
    const seen = renderSummary(visitorsSummaryHtml(report(rows, { partial: true })))
    expect(seen.text).toContain('Partial export: not everything was read.')
  })

  it('shows a failed export with no data as its failure alone, without tables or counts', () => {
    const html = visitorsSummaryHtml(
      report([], {
        totals: undefined,
        requests: 0,
        partial: true,
        partialReason: 'a request failed while reading',
        failure: 'The API key was refused (HTTP 401).'
      })
    )
    const seen = renderSummary(html)
    expect(seen.text).toBe(
      `❌ Documentation visitors ${RANGE} Partial export: a request failed while reading. The API key was refused (HTTP 401).`
    )
    expect(seen.tables).toEqual([])
    expect(html.endsWith('</p>\n')).toBe(true)
  })

  it('shows what was read before a failure, under the failure', () => {
    const seen = renderSummary(
      visitorsSummaryHtml(
        report(rows, { partial: true, partialReason: 'a request failed while reading', failure: 'Incomplete after 2 requests.' })
      )
    )
    expect(seen.headings[0]).toBe('❌ Documentation visitors')
    expect(seen.text).toContain('Partial export: a request failed while reading. Incomplete after 2 requests. Human AI Total')
    expect(seen.tables).toHaveLength(3)
  })

  it('shows hostile page paths as text: no markup, link, mention or broken table', () => {
    const hostile = HOSTILE_PATHS.map((path, i) => ({ path, human: 9000 + i, ai: 500 + i, total: 9400 + i }))
    const html = visitorsSummaryHtml(report(hostile, { topPages: 20, failure: 'Bad <b>gateway</b> for @octo-org/admins, see #1' }))
    const seen = renderSummary(html)
    expect(seen.links).toEqual([])
    expect(seen.references).toEqual([])
    expect(seen.html).not.toMatch(/<(img|b|a|script)\b/)
    const pageTable = seen.tables[1] ?? []
    expect(pageTable).toHaveLength(HOSTILE_PATHS.length + 1)
    for (const cells of pageTable) expect(cells).toHaveLength(5)
    expect(pageTable.slice(1).map((cells) => cells[0])).toEqual(
      HOSTILE_PATHS.map((path) => {
        const flat = path.replace(/\n/g, ' ')
        return flat === '' ? '\u200b' : flat.length > 160 ? `${flat.slice(0, 159)}…` : flat
      })
    )
    expect(seen.text).toContain('Bad <b>gateway</b> for @octo-org/admins, see #1')
  })
})

describe('the collapsed rest of the pages', () => {
  /** Rows whose HTML in the summary is exactly `bytes` long, with distinct paths. */
  function rowsOfBytes(count: number, bytes: number): VisitorRow[] {
    const rowHtml = (path: string): string => {
      const html = visitorsSummaryHtml(report([{ path, human: 1, ai: 1, total: 1 }], { topPages: 1 }))
      return /<tr><td><code>.*?<\/tr>/.exec(html)?.[0] ?? ''
    }
    const overhead = Buffer.byteLength(rowHtml('/p0000'))
    // '|' is escaped as '&#124;', six bytes for one character, so a path of at most 160 characters fits.
    const extra = bytes - overhead
    const path = (i: number): string => `/p${String(i).padStart(4, '0')}${'|'.repeat(Math.floor(extra / 6))}${'x'.repeat(extra % 6)}`
    expect(Buffer.byteLength(rowHtml(path(1)))).toBe(bytes)
    return Array.from({ length: count }, (_, i) => ({ path: path(i), human: 1, ai: 1, total: 1 }))
  }

  /** The collapsed part of a summary: its summary line, its rows, and the note under them. Read from
   * the HTML rather than rendered, since rendering 400 KiB of rows is slow. */
  function collapsed(html: string) {
    const details = /<details><summary>(.*?)<\/summary>([\s\S]*?)<\/details>/.exec(html)
    return {
      summary: details?.[1],
      rows: (details?.[2] ?? '').split('<tr>').length - 2,
      note: /<p>(… and .*?)<\/p>/.exec(details?.[2] ?? '')?.[1]
    }
  }

  it('keeps every collapsed row when they fill the byte budget exactly', () => {
    const fill = DETAILS_BUDGET_BYTES / 1024
    expect(collapsed(visitorsSummaryHtml(report(rowsOfBytes(fill + 1, 1024), { topPages: 1 })))).toEqual({
      summary: `${fill} more pages`,
      rows: fill,
      note: undefined
    })
  })

  it('leaves out the rows past the budget and says how many', () => {
    const fill = DETAILS_BUDGET_BYTES / 1024
    expect(collapsed(visitorsSummaryHtml(report(rowsOfBytes(fill + 3, 1024), { topPages: 1 })))).toEqual({
      summary: `${fill + 2} more pages`,
      rows: fill,
      note: '… and 2 more pages, left out to keep the summary small; every page is in the analytics files.'
    })
    expect(collapsed(visitorsSummaryHtml(report(rowsOfBytes(fill + 2, 1024), { topPages: 1 }))).note).toBe(
      '… and 1 more page, left out to keep the summary small; every page is in the analytics files.'
    )
  })

  it('stays far below GitHub’s 1 MiB limit with tens of thousands of long, escaped paths', () => {
    const many = Array.from({ length: 20_000 }, (_, i) => ({ path: `/${'<x>'.repeat(60)}${i}`, human: 1, ai: 1, total: 1 }))
    const html = visitorsSummaryHtml(report(many))
    expect(Buffer.byteLength(html)).toBeLessThan(DETAILS_BUDGET_BYTES + 20_000)
    const { summary, rows: shown, note } = collapsed(html)
    expect(summary).toBe('19,998 more pages')
    expect(note).toContain(`… and ${(19_998 - shown).toLocaleString('en-US')} more pages, left out`)
    expect(html).not.toContain('<x>')
  })
})

describe('aiShare', () => {
  it.each([
    [1, 3, '33.3%'],
    [2, 3, '66.7%'],
    [1, 8, '12.5%'],
    [0, 5, '0.0%'],
    [5, 5, '100.0%'],
    [5, 4, '100.0%'],
    [0, 0, '–'],
    [3, 0, '–'],
    [1, -1, '–']
  ])('shows %d AI visitors of %d as %s', (ai, total, text) => {
    expect(aiShare(ai, total)).toBe(text)
  })
})

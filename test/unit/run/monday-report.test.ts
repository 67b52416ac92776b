// Tests the analytics report as a docs lead reads it on a Monday (src/run/publish.ts), rendered as
// GitHub renders it (test/support/render.js): with realistic data where one page is the top gap in
// every signal, the first screen holds the title, every headline with its change, and "Fix first"
// led by that page with its evidence; the range is said once; no table shows more than ten rows
// outside a collapsed part; and a partial run says so before any section.
import { describe, expect, it } from 'vitest'
import type { FeedbackByPageRow } from '../../../src/sections/feedback/schema.js'
import type { QuestionEntry } from '../../../src/sections/assistant/read.js'
import type { SearchEntry } from '../../../src/sections/searches/read.js'
import { summaryOf } from '../../../src/run/publish.js'
import type { SectionReport } from '../../../src/run/wiring.js'
import { renderSummary } from '../../support/render.js'
import { assistantReport, feedbackReport, RANGE, searchesReport, viewsReport, visitorsReport } from '../../support/section-reports.js'

const WEBHOOKS = '/api-reference/webhooks'
const PAGES = [WEBHOOKS, '/quickstart', '/api-reference/pagination', '/guides/sso', '/guides/deploy', '/changelog']
const traffic = Array.from({ length: 20 }, (_, i) => ({
  path: i < PAGES.length ? (PAGES[i] as string) : `/guides/topic-${i}`,
  human: 11_000 - i * 500,
  ai: 2000 - i * 90,
  total: 12_500 - i * 560
}))
const search = (query: string, hits: number, clicked: boolean): SearchEntry => ({
  query,
  hits,
  ctr: clicked ? 0.4 : 0,
  topClickedPage: clicked ? '/quickstart' : null,
  lastSearchedAt: '2026-11-19T10:00:00Z'
})
const byPage = (path: string, thumbsDown: number): FeedbackByPageRow => ({ path, thumbsUp: 3, thumbsDown, code: 0, total: thumbsDown + 3 })
const question = (n: number, pageUrl: string, unanswered: boolean): QuestionEntry => ({
  query: `question ${n}`,
  resolutionStatus: unanswered ? 'unanswered' : 'answered',
  responseType: 'answer',
  pageUrl,
  timestamp: `2026-11-19T10:${String(n % 60).padStart(2, '0')}:00Z`
})

/** Each section as a run with the default topPages makes it. */
const SECTIONS: SectionReport[] = (
  [
    visitorsReport({
      totals: { human: 8900, ai: 1900, total: 10_300 },
      rows: traffic,
      requests: 2,
      previous: { dateFrom: '2026-11-07', dateTo: '2026-11-14', value: { human: 10_000, ai: 1500, total: 11_200 } }
    }),
    viewsReport({
      totals: { human: 30_000, ai: 4000, total: 34_000 },
      rows: traffic,
      previous: { dateFrom: '2026-11-07', dateTo: '2026-11-14', value: { human: 31_000, ai: 5000, total: 36_000 } }
    }),
    searchesReport({
      totalSearches: 900,
      previous: { dateFrom: '2026-11-07', dateTo: '2026-11-14', value: 750 },
      rows: [search('webhook retries', 31, false), search('install', 60, true), search('pricing', 12, false), search('sso', 8, true)]
    }),
    feedbackReport({
      pages: [byPage(WEBHOOKS, 14), byPage('/quickstart', 4), byPage('/changelog', 1)],
      entries: [],
      previous: { dateFrom: '2026-11-07', dateTo: '2026-11-14', value: 10 }
    }),
    assistantReport({
      callers: { web: 26, api: 4, other: 0, total: 30 },
      previous: { dateFrom: '2026-11-07', dateTo: '2026-11-14', value: { web: 20, api: 4, other: 0, total: 24 } },
      questions: Array.from({ length: 30 }, (_, n) => question(n, n < 6 ? WEBHOOKS : '/quickstart', n < 6 || n % 10 === 0))
    })
  ] as SectionReport[]
).map((section) => ({ ...section, topPages: 10 }))

describe('the Monday report', () => {
  // Made inside each test, so that mutation testing can tell which tests run the report's code.
  const seen = () => renderSummary(summaryOf(SECTIONS))

  it('answers the docs lead in the first screen: title, every headline with its change, and what to fix first', () => {
    const first = seen().text.slice(0, 1500)
    expect(first).toMatch(/^📈 Docs health · 14–20 Nov 2026 /)
    for (const headline of [
      'Human visitors 8,900 ▼ 11%',
      'AI visitors 1,900 ▲ 27%',
      'Page views 34,000 ▼ 6%',
      'Searches 900 ▲ 20%',
      'Searches with no click 43 —',
      'Thumbs down 19 ▲ 90%',
      'Assistant questions 30 ▲ 25%',
      'Unanswered questions 8 —'
    ]) {
      expect(first).toContain(headline)
    }
    expect(first).toContain('Thumbs down rose 90% against 7–13 Nov 2026, most on /api-reference/webhooks (14).')
    expect(first).toContain(`Fix first ${WEBHOOKS}: 14 thumbs down · “webhook retries” searched 31× with no click · 6 unanswered questions`)
  })

  it('says the range once, for the whole report', () => {
    expect(seen().text.split(RANGE)).toHaveLength(2)
  })

  it('shows no table of more than four columns, so that each reads at phone width', () => {
    for (const table of seen().tables) for (const row of table) expect(row.length, row.join(' | ')).toBeLessThanOrEqual(4)
  })

  it('shows no table of more than ten rows outside a collapsed part', () => {
    const html = summaryOf(SECTIONS).replace(/<details>[^]*?<\/details>/g, '')
    for (const table of renderSummary(html).tables) expect(table.length - 1).toBeLessThanOrEqual(10)
  })

  it('puts the banner of a partial run before any section, and says nothing of what no request read', () => {
    const partial: SectionReport[] = [
      ...SECTIONS.slice(0, 3),
      feedbackReport({
        pages: [],
        entries: [],
        entriesRead: false,
        requests: 1,
        partial: true,
        partialReason: 'feedback rows not read: the request budget ran out (maxRequests, 5 requests for the whole run)',
        budgetCut: { maxRequests: 5, moreRequests: 1 }
      }),
      { ...(SECTIONS[4] as SectionReport), budgetCut: { maxRequests: 5, moreRequests: 2 } }
    ]
    const text = renderSummary(summaryOf(partial)).text
    const banner = text.indexOf('This report is incomplete')
    expect(banner).toBeGreaterThan(0)
    expect(banner).toBeLessThan(text.indexOf('Visitors and page views'))
    expect(text).toContain('Feedback: feedback rows not read: the request budget ran out')
    // What the budget cut, over every section: one request at least for each read it cut.
    expect(text).toContain('The request budget ran out: maxRequests is 5. Set it to at least 8 to read more')
    expect(text).not.toMatch(/No feedback entries were left|No reader left feedback/)
  })
})

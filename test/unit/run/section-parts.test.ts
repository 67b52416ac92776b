// Tests the parts the table of sections makes (src/run/sections.ts): the order they run in, and that
// the gap signals' further pages come before traffic's, however the concurrent reads interleave.
import { describe, expect, it } from 'vitest'
import type { SearchesPage, ViewsPage } from '../../../src/api/schemas.js'
import { runParts } from '../../../src/run/work.js'
import { type AnalyticsApi, inReportOrder, type SectionReport, sectionParts } from '../../../src/run/sections.js'
import { Lifetime } from '../../../src/core/lifetime.js'

const plan = {
  projectId: 'proj1',
  dateFrom: '2026-11-14',
  dateTo: '2026-11-21',
  topPages: 10,
  showReaderText: false,
  compare: false
}

const viewsPage: ViewsPage = { totals: { human: 1, ai: 0, total: 1 }, views: [{ path: '/a', human: 1, ai: 0, total: 1 }], hasMore: true }
const searchesPage = (nextCursor: string | null): SearchesPage => ({
  searches: [{ searchQuery: 'webhooks', hits: 3, ctr: 0, topClickedPage: null, lastSearchedAt: '2026-11-15T00:00:00Z' }],
  totalSearches: 3,
  nextCursor
})

describe('sectionParts', () => {
  it("lets the gap signals' further pages go before traffic's, even when traffic asks first", async () => {
    const asked: string[] = []
    const api = {
      getViews: () => {
        asked.push('views')
        return Promise.resolve(viewsPage)
      },
      getSearches: async (_project: string, query: { cursor?: string }) => {
        asked.push(`searches ${query.cursor ?? 'first'}`)
        if (query.cursor !== undefined) return searchesPage(null)
        // The first page comes a turn of the event loop late: views, answered at once, wants its second page first.
        await new Promise((resolve) => setImmediate(resolve))
        return searchesPage('s1')
      }
    } as unknown as AnalyticsApi
    // Two first pages and one request over.
    const parts = sectionParts(api, { ...plan, sections: ['views', 'searches'], maxRequests: 3 })
    const lifetime = new Lifetime(60_000)
    const log = { info: () => undefined, warning: () => undefined }
    const reports = inReportOrder(await runParts(parts, { lifetime, log }, () => Promise.resolve(), 2))
    lifetime.dispose()
    expect(reports.map((r: SectionReport) => [r.kind, r.requests, r.partial])).toEqual([
      ['views', 1, true],
      ['searches', 2, false]
    ])
    // Searches ran first, and took the request over.
    expect(asked[0]).toBe('searches first')
    expect(asked).toContain('searches s1')
  })

  it('runs the gap signals first, and gives their reports back in the order of the table', () => {
    const api = {} as AnalyticsApi
    const names = ['visitors', 'views', 'searches', 'feedback', 'assistant'] as const
    const parts = sectionParts(api, { ...plan, sections: names, maxRequests: 40 })
    const kinds = parts.map((part) => part.report({ kind: 'finished' }, 0).kind)
    expect(kinds).toEqual(['searches', 'feedback', 'assistant', 'visitors', 'views'])
    const reports = parts.map((part) => part.report({ kind: 'finished' }, 0))
    expect(inReportOrder(reports).map((r) => r.kind)).toEqual([...names])
  })
})

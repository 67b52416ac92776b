// Tests the parts the table of sections makes (src/run/wiring.ts): the gap signals get the spare
// requests for their further pages before traffic, however the concurrent reads interleave.
import { describe, expect, it } from 'vitest'
import type { SearchesPage } from '../../../src/sections/searches/schema.js'
import type { ViewsPage } from '../../../src/sections/traffic/schema.js'
import { runParts } from '../../../src/run/work.js'
import { type SectionReport, sectionParts } from '../../../src/run/wiring.js'
import { Lifetime } from '../../../src/core/lifetime.js'
import { request, fakeAnalytics } from '../../support/section-parts.js'

const viewsPage: ViewsPage = { totals: { human: 1, ai: 0, total: 1 }, views: [{ path: '/a', human: 1, ai: 0, total: 1 }], hasMore: true }
const searchesPage = (nextCursor: string | null): SearchesPage => ({
  searches: [{ searchQuery: 'webhooks', hits: 3, ctr: 0, topClickedPage: null, lastSearchedAt: '2026-11-15T00:00:00Z' }],
  totalSearches: 3,
  nextCursor
})

describe('sectionParts', () => {
  it("holds the spare request for the gap signals' further pages, even when traffic asks first", async () => {
    const asked: string[] = []
    const api = fakeAnalytics({
      views: () => {
        asked.push('views')
        return Promise.resolve(viewsPage)
      },
      searches: async (_project: string, query: { cursor?: string }) => {
        asked.push(`searches ${query.cursor ?? 'first'}`)
        if (query.cursor !== undefined) return searchesPage(null)
        // The first page comes a turn of the event loop late: views, answered at once, wants its second page first.
        await new Promise((resolve) => setImmediate(resolve))
        return searchesPage('s1')
      }
    })
    // Two first pages and one request over.
    const parts = sectionParts(api, { ...request, sections: ['views', 'searches'], maxRequests: 3 })
    const lifetime = new Lifetime(60_000)
    const log = { info: () => undefined, warning: () => undefined }
    const reports = await runParts(parts, { lifetime, log }, () => Promise.resolve(), 2)
    lifetime.dispose()
    expect(reports.map((r: SectionReport) => [r.kind, r.requests, r.partial])).toEqual([
      ['views', 1, true],
      ['searches', 2, false]
    ])
    expect(asked).toEqual(['views', 'searches first', 'searches s1'])
  })
})

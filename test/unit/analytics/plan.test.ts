// Tests how a run plans its analytics requests (src/analytics/plan.ts, src/run/wiring.ts): the
// order reads get a reserved request in, the parts in report order, and that with a tight maxRequests every
// section gets its first request before any gets a second, and the gap signals their further pages before
// traffic's, whatever order the concurrent parts start in.
import { fakeAnalytics } from '../../support/section-parts.js'
import { afterEach, describe, expect, it } from 'vitest'
import type { CursorQuery, OffsetQuery } from '../../../src/api/analytics.js'
import type { AssistantPage } from '../../../src/sections/assistant/schema.js'
import type { FeedbackPage } from '../../../src/sections/feedback/schema.js'
import type { SearchesPage } from '../../../src/sections/searches/schema.js'
import type { ViewsPage, VisitorsPage } from '../../../src/sections/traffic/schema.js'
import { plannedReads } from '../../../src/analytics/plan.js'
import { SECTIONS, type SectionReport, sectionParts, type SectionsPlan } from '../../../src/run/wiring.js'
import type { SectionName } from '../../../src/core/catalog.js'
import { Lifetime } from '../../../src/core/lifetime.js'
import type { Part, PartContext } from '../../../src/core/part.js'

let lifetime: Lifetime | undefined
afterEach(() => {
  lifetime?.dispose()
  lifetime = undefined
})

/**
 * The sections these plans are made of, named here rather than read from the catalog: the expected
 * orders and the fake service below are theirs, and a section added to the catalog changes neither.
 */
const ALL: SectionName[] = ['visitors', 'views', 'searches', 'feedback', 'assistant']

/** The reads planned for the named sections. */
const readsOf = (sections: SectionName[], compare: boolean): string[] =>
  plannedReads(
    sections.map((name) => SECTIONS[name]),
    compare
  )
const totals = { human: 3, ai: 1, total: 4 }

/** A service with more pages than any budget reads, on every endpoint; it records each request it is sent. */
/** The period before the range the plans read: a request for it is a comparison. */
const PREVIOUS_FROM = '2026-11-07'

function endlessApi() {
  const calls: string[] = []
  const api = fakeAnalytics({
    visitors: (_projectId, query: OffsetQuery): Promise<VisitorsPage> => {
      calls.push(query.dateFrom === PREVIOUS_FROM ? 'visitors:previous' : `visitors ${query.offset}`)
      return Promise.resolve({ totals, visitors: [{ path: `/v${query.offset}`, human: 1, ai: 0, total: 1 }], hasMore: true })
    },
    views: (_projectId, query: OffsetQuery): Promise<ViewsPage> => {
      calls.push(query.dateFrom === PREVIOUS_FROM ? 'views:previous' : `views ${query.offset}`)
      return Promise.resolve({ totals, views: [{ path: `/p${query.offset}`, human: 1, ai: 0, total: 1 }], hasMore: true })
    },
    searches: (_projectId, query: CursorQuery): Promise<SearchesPage> => {
      calls.push(query.dateFrom === PREVIOUS_FROM ? 'searches:previous' : `searches ${query.cursor ?? 'first'}`)
      const cursor = `${query.cursor ?? 's'}+`
      return Promise.resolve({
        searches: [{ searchQuery: cursor, hits: 1, ctr: 0, topClickedPage: null, lastSearchedAt: '2026-11-20' }],
        totalSearches: 10,
        nextCursor: cursor
      })
    },
    feedbackByPage: (_projectId, query) => {
      calls.push(query.dateFrom === PREVIOUS_FROM ? 'feedback:previous' : 'feedback:pages')
      return Promise.resolve({ feedback: [{ path: '/a', thumbsUp: 1, thumbsDown: 0, code: 0, total: 1 }], hasMore: true })
    },
    feedback: (_projectId, query: CursorQuery): Promise<FeedbackPage> => {
      calls.push(`feedback ${query.cursor ?? 'first'}`)
      const cursor = `${query.cursor ?? 'f'}+`
      return Promise.resolve({
        feedback: [{ id: cursor, path: '/a', comment: null, createdAt: null, source: 'thumbs_only', status: 'pending' }],
        nextCursor: cursor,
        hasMore: true
      })
    },
    assistant: (_projectId, query: CursorQuery): Promise<AssistantPage> => {
      calls.push(`assistant ${query.cursor ?? 'first'}`)
      const cursor = `${query.cursor ?? 'q'}+`
      return Promise.resolve({
        conversations: [
          {
            id: cursor,
            timestamp: '2026-11-20T10:00:00Z',
            query: 'how?',
            response: 'so',
            responseType: 'answer',
            sources: [],
            resolutionStatus: 'answered',
            queryCategory: null,
            pageUrl: null
          }
        ],
        nextCursor: cursor,
        hasMore: true
      })
    },
    assistantCallerStats: (_projectId, query) => {
      calls.push(query.dateFrom === PREVIOUS_FROM ? 'assistant:previous' : 'assistant:callers')
      return Promise.resolve({ web: 1, api: 0, other: 0, total: 1 })
    }
  })
  return { api, calls }
}

function plan(sections: SectionName[], maxRequests: number, compare = false): SectionsPlan {
  return {
    projectId: 'proj1',
    dateFrom: '2026-11-14',
    dateTo: '2026-11-21',
    topPages: 7,
    showReaderText: false,
    sections,
    compare,
    maxRequests
  }
}

function context(): PartContext {
  lifetime = new Lifetime(60_000)
  return { lifetime, log: { info: () => undefined, warning: () => undefined } }
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * Runs the parts concurrently, each starting a little after the one before it in `order` (the
 * parts' indexes), so that without a plan the first to start would spend the budget on its pages.
 */
async function runConcurrently(parts: Part<SectionReport>[], order: number[]): Promise<SectionReport[]> {
  const ctx = context()
  await Promise.all(
    order.map(async (index, position) => {
      await wait(position * 5)
      await (parts[index] as Part<SectionReport>).run(ctx)
    })
  )
  return parts.map((part) => part.report({ kind: 'finished' }, 0))
}

describe('plannedReads', () => {
  it('reserves every section’s first read, then the other one-off reads, then the comparisons', () => {
    expect(readsOf(ALL, true)).toEqual([
      'visitors',
      'views',
      'searches',
      'feedback:pages',
      'assistant',
      'feedback',
      'assistant:callers',
      'visitors:previous',
      'views:previous',
      'searches:previous',
      'feedback:previous',
      'assistant:previous'
    ])
  })

  it('follows the order the sections are asked for in', () => {
    expect(readsOf(['assistant', 'feedback', 'views'], false)).toEqual([
      'assistant',
      'feedback:pages',
      'views',
      'assistant:callers',
      'feedback'
    ])
  })

  it('reserves a section’s comparison only when compare is on and the section is asked for', () => {
    expect(readsOf(ALL, false)).toEqual(['visitors', 'views', 'searches', 'feedback:pages', 'assistant', 'feedback', 'assistant:callers'])
    expect(readsOf(['views', 'searches'], true)).toEqual(['views', 'searches', 'views:previous', 'searches:previous'])
    expect(readsOf(['visitors'], true)).toEqual(['visitors', 'visitors:previous'])
    expect(readsOf(['visitors'], false)).toEqual(['visitors'])
    expect(readsOf([], true)).toEqual([])
  })

  it('reserves every section’s comparison, after every other read, and none without a comparison asked for', () => {
    const sections = [
      { reads: ['a', 'a:more'], comparison: 'a:previous' },
      { reads: ['b'], comparison: 'b:previous' }
    ]
    expect(plannedReads(sections, true)).toEqual(['a', 'b', 'a:more', 'a:previous', 'b:previous'])
    expect(plannedReads(sections, false)).toEqual(['a', 'b', 'a:more'])
    // @ts-expect-error every section has a comparison (section-part.ts reads it)
    plannedReads([{ reads: ['c'] }], true)
  })
})

describe('sectionParts', () => {
  it('gives one part a section, in the order asked for, each reporting the request it was given', async () => {
    const { api } = endlessApi()
    const sections: SectionName[] = ['assistant', 'views', 'feedback', 'visitors', 'searches']
    const reports = await runConcurrently(sectionParts(api, { ...plan(sections, 0), showReaderText: true }), [0, 1, 2, 3, 4])
    expect(reports.map((report) => report.kind)).toEqual(sections)
    for (const report of reports) {
      expect(report).toMatchObject({ projectId: 'proj1', dateFrom: '2026-11-14', dateTo: '2026-11-21', topPages: 7, requests: 0 })
      // Visitors is a section like the others: it carries the setting too.
      expect(report.showReaderText).toBe(true)
    }
  })

  it('gives none for no sections', () => {
    expect(sectionParts(endlessApi().api, plan([], 10))).toEqual([])
  })

  it('passes compare to the visitors part', async () => {
    const { api, calls } = endlessApi()
    const [visitors] = sectionParts(api, plan(['visitors'], 2, true))
    await (visitors as Part<SectionReport>).run(context())
    expect(calls).toEqual(['visitors 0', 'visitors:previous'])
    expect((visitors as Part<SectionReport>).report({ kind: 'finished' }, 0)).toMatchObject({
      requests: 2,
      previous: { dateFrom: '2026-11-07', dateTo: '2026-11-14', value: totals }
    })
  })
})

describe('a tight maxRequests', () => {
  const requestsOf = (reports: { kind: string; requests: number }[]) => reports.map((report) => [report.kind, report.requests])

  it('gives every section its first request before any section gets a second, whichever starts first', async () => {
    for (const order of [
      [0, 1, 2, 3, 4],
      [4, 3, 2, 1, 0],
      [2, 0, 4, 1, 3]
    ]) {
      const { api, calls } = endlessApi()
      const reports = await runConcurrently(sectionParts(api, plan(ALL, 5)), order)
      expect(requestsOf(reports)).toEqual([
        ['visitors', 1],
        ['views', 1],
        ['searches', 1],
        ['feedback', 1],
        ['assistant', 1]
      ])
      expect(reports.reduce((sum, report) => sum + report.requests, 0)).toBe(5)
      expect([...calls].sort()).toEqual(['assistant first', 'feedback:pages', 'searches first', 'views 0', 'visitors 0'])
      for (const report of reports) expect(report.partial).toBe(true)
    }
  })

  it('then gives each section its other one-off read', async () => {
    for (const order of [
      [0, 1, 2, 3, 4],
      [4, 3, 2, 1, 0]
    ]) {
      const { api, calls } = endlessApi()
      const reports = await runConcurrently(sectionParts(api, plan(ALL, 7)), order)
      expect(requestsOf(reports)).toEqual([
        ['visitors', 1],
        ['views', 1],
        ['searches', 1],
        ['feedback', 2],
        ['assistant', 2]
      ])
      expect([...calls].sort()).toEqual([
        'assistant first',
        'assistant:callers',
        'feedback first',
        'feedback:pages',
        'searches first',
        'views 0',
        'visitors 0'
      ])
    }
  })

  it('then the comparison, even for visitors starting last', async () => {
    const { api, calls } = endlessApi()
    const reports = await runConcurrently(sectionParts(api, plan(ALL, 8, true)), [4, 3, 2, 1, 0])
    expect(requestsOf(reports)).toEqual([
      ['visitors', 2],
      ['views', 1],
      ['searches', 1],
      ['feedback', 2],
      ['assistant', 2]
    ])
    expect(calls).toHaveLength(8)
    expect(reports[0]).toMatchObject({ previous: { value: totals } })
    for (const report of reports.slice(1)) expect(report.previous?.missing).toBe('no request was left under maxRequests')
  })

  it('then every section’s comparison, one request each, before any further page', async () => {
    const { api, calls } = endlessApi()
    const reports = await runConcurrently(sectionParts(api, plan(ALL, 12, true)), [4, 3, 2, 1, 0])
    expect(requestsOf(reports)).toEqual([
      ['visitors', 2],
      ['views', 2],
      ['searches', 2],
      ['feedback', 3],
      ['assistant', 3]
    ])
    expect(calls.filter((call) => call.endsWith(':previous')).sort()).toEqual([
      'assistant:previous',
      'feedback:previous',
      'searches:previous',
      'views:previous',
      'visitors:previous'
    ])
    for (const report of reports.filter((report) => report.kind !== 'feedback')) expect(report.previous?.value).toBeDefined()
    // The fake's counts per page always have more: a part is not compared with a whole.
    expect(reports[3]?.previous).toEqual({
      dateFrom: '2026-11-07',
      dateTo: '2026-11-14',
      missing: 'the service gave only part of the previous period’s pages'
    })
  })

  it("gives what is left over the plan to the gap signals' further pages, even when traffic starts first", async () => {
    const { api, calls } = endlessApi()
    // Views, then visitors, start before the gap signals.
    const reports = await runConcurrently(sectionParts(api, plan(ALL, 9)), [1, 0, 2, 3, 4])
    const requests = Object.fromEntries(requestsOf(reports)) as Record<SectionName, number>
    expect([requests.visitors, requests.views]).toEqual([1, 1])
    expect(requests.searches + requests.feedback + requests.assistant).toBe(7)
    expect(calls).toHaveLength(9)
    expect(calls.filter((call) => call.startsWith('views'))).toEqual(['views 0'])
  })

  it('gives traffic the further pages the gap signals leave, once they are read', async () => {
    const { api, calls } = endlessApi()
    // One page of search terms, and no more.
    const oneSearchPage = fakeAnalytics({
      ...api,
      searches: async (...args) => ({ ...(await api.searches(...args)), nextCursor: null })
    })
    const reports = await runConcurrently(sectionParts(oneSearchPage, plan(['views', 'searches'], 4)), [1, 0])
    expect(requestsOf(reports)).toEqual([
      ['views', 3],
      ['searches', 1]
    ])
    expect(calls.filter((call) => call.startsWith('views'))).toEqual(['views 0', 'views 250', 'views 500'])
  })
})

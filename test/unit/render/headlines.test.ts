// Tests each section's headline numbers (the `headlines` of each renderer): the value the top of the
// report shows, its earlier value when the comparison read one, and when a count is only a lower bound.
import { describe, expect, it } from 'vitest'
import { assistantRenderer } from '../../../src/sections/assistant/render.js'
import type { FeedbackEntry } from '../../../src/sections/feedback/read.js'
import { feedbackRenderer } from '../../../src/sections/feedback/render.js'
import { searchesRenderer } from '../../../src/sections/searches/render.js'
import { viewsRenderer } from '../../../src/sections/traffic/render-views.js'
import { visitorsRenderer } from '../../../src/sections/traffic/render-visitors.js'
import { assistantReport, feedbackReport, searchesReport, viewsReport, visitorsReport } from '../../support/section-reports.js'

const period = { dateFrom: '2026-11-07', dateTo: '2026-11-14' }
const missing = { ...period, missing: 'the request for the previous period failed' }

describe('headlines', () => {
  it('gives visitors and views their earlier totals when the comparison read them, and none when it did not', () => {
    const totals = { human: 10, ai: 4, total: 12 }
    const before = { human: 8, ai: 5, total: 11 }
    expect(visitorsRenderer.headlines(visitorsReport({ totals, previous: { ...period, value: before } }))).toEqual([
      { key: 'visitorsHuman', name: 'Human visitors', value: 10, previous: { ...period, value: 8 } },
      { key: 'visitorsAi', name: 'AI visitors', value: 4, previous: { ...period, value: 5 } }
    ])
    expect(viewsRenderer.headlines(viewsReport({ totals, previous: { ...period, value: before } }))).toEqual([
      { key: 'views', name: 'Page views', value: 12, previous: { ...period, value: 11 } }
    ])
    expect(viewsRenderer.headlines(viewsReport({ totals, previous: missing }))[0]?.previous).toBeUndefined()
    expect(viewsRenderer.headlines(viewsReport({ totals: undefined, previous: { ...period, value: before } }))).toEqual([])
  })

  it('compares searches, but not the searches with no click, whose earlier value would take every page', () => {
    const [all, unclicked] = searchesRenderer.headlines(searchesReport({ totalSearches: 90, previous: { ...period, value: 60 } }))
    expect(all).toEqual({ key: 'searches', name: 'Searches', value: 90, previous: { ...period, value: 60 } })
    expect(unclicked?.previous).toBeUndefined()
  })

  it('compares thumbs down, a lower bound when the counts per page were cut', () => {
    const pages = [{ path: '/a', thumbsUp: 1, thumbsDown: 6, code: 0, total: 7 }]
    expect(feedbackRenderer.headlines(feedbackReport({ pages, previous: { ...period, value: 3 } }))[0]).toEqual({
      key: 'thumbsDown',
      name: 'Thumbs down',
      value: 6,
      partial: false,
      previous: { ...period, value: 3 },
      where: { page: '/a', count: 6 }
    })
    expect(feedbackRenderer.headlines(feedbackReport({ pages, pagesTruncated: true }))[0]?.partial).toBe(true)
  })

  it('gives the unhappy readers the output counts, never compared in one request, a lower bound from a partial read, most where a page has the most', () => {
    const pages = [
      { path: '/a', thumbsUp: 1, thumbsDown: 6, code: 0, total: 7 },
      { path: '/b', thumbsUp: 0, thumbsDown: 2, code: 0, total: 2 }
    ]
    const complaint = (path: string): FeedbackEntry => ({
      path,
      source: 'contextual',
      status: 'pending',
      helpful: false,
      commented: false,
      createdAt: null
    })
    // /a: 6 thumbs down and 2 rows, 6 readers; /b: 2 and 7, 7 readers; /c: rows alone, 1 reader.
    const entries = [
      ...Array.from({ length: 2 }, () => complaint('/a')),
      ...Array.from({ length: 7 }, () => complaint('/b')),
      complaint('/c')
    ]
    const report = feedbackReport({ pages, entries, previous: { ...period, value: 3 } })
    const unhappy = feedbackRenderer.headlines(report).find((h) => h.key === 'unhappyReaders')
    expect(unhappy).toEqual({ key: 'unhappyReaders', name: 'Unhappy readers', value: 14, partial: false, where: { page: '/b', count: 7 } })
    expect(feedbackRenderer.outputs(report)).toEqual({ feedbackNegative: '14' })
    expect(feedbackRenderer.headlines({ ...report, partial: true }).find((h) => h.key === 'unhappyReaders')?.partial).toBe(true)
    // The rows alone, when the counts per page were not read: no thumbs down to show, the readers all the same.
    expect(feedbackRenderer.headlines({ ...report, pages: undefined }).map((h) => [h.key, h.value])).toEqual([['unhappyReaders', 10]])
  })

  it('says where most of a headline happened: the page with the most thumbs down, the search with no click most made, the page with the most questions left unanswered', () => {
    const pages = [
      { path: '(other page)', thumbsUp: 0, thumbsDown: 50, code: 0, total: 50 },
      { path: '/a', thumbsUp: 1, thumbsDown: 6, code: 0, total: 7 },
      { path: '/b', thumbsUp: 1, thumbsDown: 9, code: 0, total: 10 }
    ]
    expect(feedbackRenderer.headlines(feedbackReport({ pages }))[0]?.where).toEqual({ page: '/b', count: 9 })
    const rows = [
      { query: 'install', hits: 50, ctr: 0.5, topClickedPage: '/i', lastSearchedAt: '' },
      { query: 'webhook retries', hits: 31, ctr: 0, topClickedPage: null, lastSearchedAt: '' },
      { query: 'sso', hits: 5, ctr: 0, topClickedPage: null, lastSearchedAt: '' }
    ]
    expect(searchesRenderer.headlines(searchesReport({ totalSearches: 90, rows }))[1]?.where).toEqual({
      search: 'webhook retries',
      count: 31
    })
    // A search's text is reader text: hidden, it names none.
    expect(searchesRenderer.headlines(searchesReport({ totalSearches: 90, rows, showReaderText: false }))[1]?.where).toBeUndefined()
  })

  it('counts assistant questions by the service’s caller total, or by the questions read as a lower bound', () => {
    const callers = { web: 20, api: 5, other: 0, total: 25 }
    const [asked] = assistantRenderer.headlines(
      assistantReport({ callers, previous: { ...period, value: { web: 10, api: 0, other: 0, total: 10 } } })
    )
    expect(asked).toEqual({ key: 'assistantQuestions', name: 'Assistant questions', value: 25, previous: { ...period, value: 10 } })
    const report = assistantReport({ callers: undefined, previous: { ...period, value: { web: 10, api: 0, other: 0, total: 10 } } })
    expect(assistantRenderer.headlines(report)[0]).toEqual({
      key: 'assistantQuestions',
      name: 'Assistant questions',
      value: report.questions.length,
      partial: true
    })
  })
})

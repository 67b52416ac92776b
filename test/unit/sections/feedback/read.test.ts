// Tests the feedback section's part (src/sections/feedback/read.ts) against fake APIs that record what
// they were asked: the queries, what its report keeps and in which order, reader text, partial
// reports and the request budget.
import { readKeys } from '../../../../src/core/catalog.js'
import { readerPath } from '../../../../src/text/page-path.js'
import { describe, expect, it } from 'vitest'
import type { CursorQuery, LimitQuery } from '../../../../src/api/analytics.js'
import type { FeedbackByPage, FeedbackByPageRow, FeedbackPage, FeedbackRow } from '../../../../src/sections/feedback/schema.js'
import { RequestBudget } from '../../../../src/analytics/budget.js'
import {
  FEEDBACK_PAGE_LIMIT,
  feedbackPart,
  type FeedbackEntry,
  type FeedbackReport,
  feedbackCounts
} from '../../../../src/sections/feedback/read.js'
import {
  base,
  calls,
  cleanUpAfterEach,
  endpoint,
  finished,
  INJECTED_PATH,
  range,
  request,
  run,
  showing,
  fakeAnalytics
} from '../../../support/section-parts.js'
import { cutReason, cutWarning, unreadReason, unreadWarning } from '../../../support/budget-messages.js'

cleanUpAfterEach()

describe('feedback', () => {
  /** A page's label, as a page a client named is kept while reader text is hidden. */
  const label = (path: string): string => readerPath(path, false)
  const hidden = (page: FeedbackByPageRow): FeedbackByPageRow => ({ ...page, path: label(page.path) })
  const byPage = (path: string, thumbsDown: number, total: number): FeedbackByPageRow => ({
    path,
    thumbsUp: total - thumbsDown,
    thumbsDown,
    code: 0,
    total
  })
  const row = (id: string, more: Partial<FeedbackRow> & { helpful?: boolean; contact?: string } = {}): FeedbackRow => ({
    id,
    path: `/page-${id}`,
    comment: null,
    createdAt: `2026-11-1${id}T10:00:00Z`,
    source: 'thumbs_only',
    status: 'pending',
    ...more
  })

  function feedbackApi(pagesAnswers: (FeedbackByPage | Error)[], rowAnswers: (FeedbackPage | Error)[]) {
    const pages = endpoint<LimitQuery, FeedbackByPage>('feedback by page', pagesAnswers)
    const rows = endpoint<CursorQuery, FeedbackPage>('feedback', rowAnswers)
    return { pagesAsked: pages.asked, rowsAsked: rows.asked, api: fakeAnalytics({ feedbackByPage: pages.call, feedback: rows.call }) }
  }

  /** A budget with the section's two reads reserved, as the run plans it. */
  function planned(limit: number): RequestBudget {
    const budget = new RequestBudget(limit)
    budget.reserve(readKeys('feedback'))
    return budget
  }

  it('reads the counts per page in one request of 100, then the rows by cursor, 100 a request', async () => {
    const { pagesAsked, rowsAsked, api } = feedbackApi(
      [{ feedback: [byPage('/a', 1, 2)], hasMore: false }],
      [
        { feedback: [row('1')], nextCursor: 'f1', hasMore: true },
        { feedback: [row('2')], nextCursor: null, hasMore: false }
      ]
    )
    const budget = planned(40)
    const part = feedbackPart(api, request, budget)
    const { warnings } = await run(part)
    expect(FEEDBACK_PAGE_LIMIT).toBe(100)
    expect(readKeys('feedback')).toEqual(['feedback:pages', 'feedback'])
    expect(calls).toEqual(['feedback by page', 'feedback', 'feedback'])
    // Feedback the docs team dismissed in Mintlify is asked for by neither read; resolved feedback is
    // left out of the counts per page, and counted from the rows where it counts.
    const status = 'pending,in_progress,resolved'
    expect(pagesAsked).toEqual([{ projectId: 'proj1', query: { ...range, status: 'pending,in_progress', limit: 100 } }])
    expect(rowsAsked).toEqual([undefined, 'f1'].map((cursor) => ({ projectId: 'proj1', query: { ...range, status, limit: 100, cursor } })))
    expect(part.report(finished, 0)).toStrictEqual<FeedbackReport>({
      kind: 'feedback',
      ...base,
      requests: 3,
      partial: false,
      pages: [hidden(byPage('/a', 1, 2))],
      pagesTruncated: false,
      entries: [
        {
          path: label('/page-2'),
          source: 'thumbs_only',
          status: 'pending',
          comment: undefined,
          commented: false,
          createdAt: '2026-11-12T10:00:00Z'
        },
        {
          path: label('/page-1'),
          source: 'thumbs_only',
          status: 'pending',
          comment: undefined,
          commented: false,
          createdAt: '2026-11-11T10:00:00Z'
        }
      ],
      entriesRead: true
    })
    expect(warnings).toEqual([])
    expect(budget.used).toBe(3)
  })

  it('sorts the pages by thumbs down, then by total, then by path, and says when the service had more pages', async () => {
    const { api } = feedbackApi(
      [{ feedback: [byPage('/a', 3, 4), byPage('/none', 0, 9), byPage('/d', 3, 6), byPage('/b', 3, 6)], hasMore: true }],
      [{ feedback: [], nextCursor: null, hasMore: false }]
    )
    const part = feedbackPart(api, request, planned(40))
    const { warnings } = await run(part)
    const report = part.report(finished, 0)
    // Sorted by label while reader text is hidden: a label says nothing of the path.
    expect(report.pages).toEqual(
      [byPage('/b', 3, 6), byPage('/d', 3, 6), byPage('/a', 3, 4), byPage('/none', 0, 9)]
        .map(hidden)
        .sort((a, b) => b.thumbsDown - a.thumbsDown || b.total - a.total || (a.path < b.path ? -1 : 1))
    )
    expect(report.pagesTruncated).toBe(true)
    expect(report.partial).toBe(false)
    expect(report.partialReason).toBeUndefined()
    expect(warnings).toEqual([])
  })

  it('keeps a row seen on two pages once, the first, newest first, undated last in the order read', async () => {
    const { api } = feedbackApi(
      [{ feedback: [], hasMore: false }],
      [
        { feedback: [row('0', { createdAt: null }), row('1'), row('3', { path: '/first' })], nextCursor: 'f1', hasMore: true },
        {
          feedback: [row('3', { path: '/second' }), row('2'), row('9', { path: '/undated-later', createdAt: null })],
          nextCursor: null,
          hasMore: false
        }
      ]
    )
    const part = feedbackPart(api, request, planned(40))
    await run(part)
    const report = part.report(finished, 0)
    expect(report.pages).toEqual([])
    expect(report.entries.map((e) => [e.path, e.createdAt])).toEqual([
      [label('/first'), '2026-11-13T10:00:00Z'],
      [label('/page-2'), '2026-11-12T10:00:00Z'],
      [label('/page-1'), '2026-11-11T10:00:00Z'],
      [label('/page-0'), null],
      [label('/undated-later'), null]
    ])
  })

  it("keeps the path of a page the site's navigation lists while reader text is hidden, in its rows and its counts", async () => {
    const { api } = feedbackApi(
      [
        {
          feedback: [
            { path: '/page-1', thumbsUp: 1, thumbsDown: 4, code: 0, total: 5 },
            { path: '/page-2', thumbsUp: 0, thumbsDown: 2, code: 0, total: 2 }
          ],
          hasMore: false
        }
      ],
      [{ feedback: [row('1'), row('2')], nextCursor: null, hasMore: false }]
    )
    const part = feedbackPart(api, { ...request, sitePages: new Set(['/page-1']) }, planned(40))
    await run(part)
    const report = part.report(finished, 0)
    expect(report.pages?.map((page) => [page.path, page.thumbsDown])).toEqual([
      ['/page-1', 4],
      [label('/page-2'), 2]
    ])
    expect(report.entries.map((e) => e.path)).toEqual([label('/page-2'), '/page-1'])
  })

  it('keeps each row’s fields, whether it was helpful when the row says, and whether a comment was left', async () => {
    const rows: FeedbackRow[] = [
      row('5', { source: 'contextual', status: 'pending', helpful: false, comment: 'wrong' }),
      row('4', { source: 'contextual', status: 'in_progress', helpful: true, comment: '   ' }),
      row('3', { source: 'code_snippet', status: 'in_progress', code: 'x()', filename: null, lang: 'ts', comment: '' }),
      row('2', { source: 'agent', comment: null })
    ]
    const { api } = feedbackApi([{ feedback: [], hasMore: false }], [{ feedback: rows, nextCursor: null, hasMore: false }])
    const part = feedbackPart(api, request, planned(40))
    await run(part)
    expect(part.report(finished, 0).entries).toStrictEqual<FeedbackEntry[]>([
      {
        path: label('/page-5'),
        source: 'contextual',
        status: 'pending',
        comment: undefined,
        commented: true,
        createdAt: '2026-11-15T10:00:00Z',
        helpful: false
      },
      {
        path: label('/page-4'),
        source: 'contextual',
        status: 'in_progress',
        comment: undefined,
        commented: false,
        createdAt: '2026-11-14T10:00:00Z',
        helpful: true
      },
      {
        path: label('/page-3'),
        source: 'code_snippet',
        status: 'in_progress',
        comment: undefined,
        commented: false,
        createdAt: '2026-11-13T10:00:00Z'
      },
      {
        path: label('/page-2'),
        source: 'agent',
        status: 'pending',
        comment: undefined,
        commented: false,
        createdAt: '2026-11-12T10:00:00Z'
      }
    ])
  })

  it('keeps comments only when reader text is shown, masked, and never the contact address', async () => {
    const rows = (): FeedbackRow[] => [
      row('1', { source: 'contextual', helpful: false, comment: 'write to me at reader@example.com', contact: 'reader@example.com' }),
      row('2', { comment: 'clear page', contact: 'other.reader@example.org' })
    ]
    const answers = () =>
      feedbackApi([{ feedback: [byPage('/a', 1, 1)], hasMore: false }], [{ feedback: rows(), nextCursor: null, hasMore: false }]).api
    const shown = feedbackPart(answers(), showing, planned(40))
    await run(shown)
    const shownReport = shown.report(finished, 0)
    expect(shownReport.entries.map((e) => [e.comment, e.commented])).toEqual([
      ['clear page', true],
      ['write to me at [email]', true]
    ])
    const shownJson = JSON.stringify(shownReport)
    expect(shownJson).not.toContain('reader@example.com')
    expect(shownJson).not.toContain('other.reader@example.org')
    expect(shownJson).not.toContain('contact')

    const hidden = feedbackPart(answers(), request, planned(40))
    await run(hidden)
    const hiddenReport = hidden.report(finished, 0)
    expect(hiddenReport.entries.map((e) => [e.comment, e.commented])).toEqual([
      [undefined, true],
      [undefined, true]
    ])
    const hiddenJson = JSON.stringify(hiddenReport)
    expect(hiddenJson).not.toContain('example')
    expect(hiddenJson).not.toContain('clear page')
    expect(hiddenJson).not.toContain('contact')
  })

  it('is partial, naming the rows, when the budget runs out while reading them', async () => {
    const { rowsAsked, api } = feedbackApi(
      [{ feedback: [byPage('/a', 1, 1)], hasMore: false }],
      [
        { feedback: [row('1')], nextCursor: 'f1', hasMore: true },
        { feedback: [row('2')], nextCursor: null, hasMore: false }
      ]
    )
    const part = feedbackPart(api, request, planned(2))
    const { warnings } = await run(part)
    expect(rowsAsked).toHaveLength(1)
    expect(part.report(finished, 0)).toMatchObject({
      requests: 2,
      partial: true,
      partialReason: cutReason('feedback rows'),
      pages: [hidden(byPage('/a', 1, 1))],
      entries: [{ path: label('/page-1') }]
    })
    expect(warnings).toEqual([cutWarning('Reading feedback rows stopped after 1 request')])
  })

  it('is partial, naming the counts per page first, when no request is left for either read', async () => {
    const { pagesAsked, rowsAsked, api } = feedbackApi([{ feedback: [], hasMore: false }], [])
    const part = feedbackPart(api, request, planned(0))
    const { warnings } = await run(part)
    expect([pagesAsked, rowsAsked]).toEqual([[], []])
    expect(part.report(finished, 0)).toStrictEqual<FeedbackReport>({
      kind: 'feedback',
      ...base,
      requests: 0,
      partial: true,
      // Nothing is said of what no request asked for.
      partialReason: unreadReason('feedback by page'),
      // Both reads were cut: each needs one request at least.
      budgetCut: { maxRequests: 0, moreRequests: 2 },
      pages: undefined,
      pagesTruncated: false,
      entries: [],
      entriesRead: false
    })
    expect(warnings).toEqual(['Feedback by page', 'Feedback rows'].map((what) => unreadWarning(what)))
  })

  it('reads the rows from the request reserved for them even when nothing else is left', async () => {
    const budget = new RequestBudget(3)
    budget.reserve(['other', ...readKeys('feedback')])
    const { rowsAsked, api } = feedbackApi([{ feedback: [], hasMore: false }], [{ feedback: [row('1')], nextCursor: 'f1', hasMore: true }])
    const part = feedbackPart(api, request, budget)
    await run(part)
    expect(rowsAsked).toHaveLength(1)
    expect(part.report(finished, 0)).toMatchObject({ requests: 2, partial: true })
    expect(budget.take('other')).toBe(true)
  })

  it('gives back the reservation of the rows when the counts per page fail, and fails with the error alone', async () => {
    const { rowsAsked, api } = feedbackApi([new Error('HTTP 500.')], [{ feedback: [row('1')], nextCursor: null, hasMore: false }])
    const budget = planned(2)
    const part = feedbackPart(api, request, budget)
    const { ending } = await run(part)
    expect(rowsAsked).toEqual([])
    expect(budget.used).toBe(1)
    expect([budget.take(), budget.take()]).toEqual([true, false])
    expect(part.report(ending, 0)).toStrictEqual<FeedbackReport>({
      kind: 'feedback',
      ...base,
      requests: 0,
      partial: true,
      partialReason: 'a request failed while reading',
      failure: 'HTTP 500.',
      pages: undefined,
      pagesTruncated: false,
      entries: [],
      entriesRead: false
    })
  })

  it('keeps a path only when it looks like a path of the site, and counts the others together as (other page)', async () => {
    const pages = (): FeedbackByPage => ({
      feedback: [
        byPage('/docs/api', 1, 4),
        byPage(INJECTED_PATH, 2, 3),
        byPage('/reset?email=alice@corp.example&token=8f2a91', 3, 5),
        byPage('', 0, 1)
      ],
      hasMore: false
    })
    const rows = (): FeedbackRow[] => [
      row('2', { path: INJECTED_PATH, source: 'contextual', helpful: false }),
      row('1', { path: '/docs/api', source: 'contextual', helpful: false })
    ]
    for (const asked of [request, showing]) {
      const { api } = feedbackApi([pages()], [{ feedback: rows(), nextCursor: null, hasMore: false }])
      const part = feedbackPart(api, asked, planned(40))
      await run(part)
      const report = part.report(finished, 0)
      const docsApi = asked.showReaderText ? '/docs/api' : label('/docs/api')
      expect(report.pages).toEqual([
        { path: '(other page)', thumbsUp: 4, thumbsDown: 5, code: 0, total: 9 },
        { ...byPage('/docs/api', 1, 4), path: docsApi }
      ])
      expect(report.entries.map((entry) => entry.path)).toEqual(['(other page)', docsApi])
      // Each page's thumbs down with its row not helpful: one reader each time.
      expect(feedbackCounts(report).unhappy).toBe(6)
      const json = JSON.stringify(report)
      for (const text of ['Ignore', 'evil', 'alice', '8f2a91', 'quickstart']) expect(json).not.toContain(text)
    }
  })

  it('keeps the counts per page when reading the rows fails', async () => {
    const { api } = feedbackApi([{ feedback: [byPage('/a', 2, 3)], hasMore: true }], [new Error('HTTP 502.')])
    const part = feedbackPart(api, request, planned(40))
    const { ending } = await run(part)
    expect(part.report(ending, 0)).toMatchObject({
      requests: 1,
      partial: true,
      failure: 'Feedback analytics are incomplete after 1 request. HTTP 502.',
      pages: [hidden(byPage('/a', 2, 3))],
      pagesTruncated: true,
      entries: []
    })
  })

  it('counts negative feedback: on each page its thumbs down or its rows marked not helpful, whichever are more', () => {
    const entry = (helpful?: boolean): FeedbackEntry => ({
      path: '/a',
      source: 'contextual',
      status: 'pending',
      commented: false,
      createdAt: null,
      ...(helpful === undefined ? {} : { helpful })
    })
    const entries = [entry(false), entry(true), entry(), entry(false), entry(false)]
    // /a: 2 thumbs down, 3 rows not helpful: 3 readers. /b: 3 thumbs down.
    expect(feedbackCounts({ pages: [byPage('/a', 2, 5), byPage('/b', 3, 3)], entries }).unhappy).toBe(6)
    expect(feedbackCounts({ pages: [byPage('/a', 7, 9)], entries }).unhappy).toBe(7)
    expect(feedbackCounts({ pages: [byPage('/b', 3, 3)], entries }).unhappy).toBe(6)
    expect(feedbackCounts({ pages: undefined, entries: [entry(false), entry(false), entry(true)] }).unhappy).toBe(2)
    expect(feedbackCounts({ pages: [byPage('/a', 4, 5)], entries: [] }).unhappy).toBe(4)
    expect(feedbackCounts({ pages: [], entries: [] }).unhappy).toBe(0)
  })
})

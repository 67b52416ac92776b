// Tests the page views section's part (src/sections/traffic/read-views.ts) against fake APIs that record what
// they were asked: the queries, what its report keeps and in which order, reader text, partial
// reports and the request budget.
import { readKeys } from '../../../../src/core/catalog.js'
import { describe, expect, it } from 'vitest'
import type { OffsetQuery } from '../../../../src/api/analytics.js'
import type { ViewRow, ViewsPage } from '../../../../src/sections/traffic/schema.js'
import { RequestBudget } from '../../../../src/analytics/budget.js'
import { VIEWS_PAGE_SIZE, viewsPart, type ViewsReport } from '../../../../src/sections/traffic/read-views.js'
import { StopError } from '../../../../src/core/lifetime.js'
import { base, cleanUpAfterEach, endpoint, finished, range, run, fakeAnalytics, showing } from '../../../support/section-parts.js'
import { cutReason, cutWarning } from '../../../support/budget-messages.js'

cleanUpAfterEach()

describe('page views', () => {
  const view = (path: string, total: number, human = total, ai = 0): ViewRow => ({ path, human, ai, total })
  const totals = { human: 90, ai: 30, total: 120 }

  function viewsApi(pages: (ViewsPage | Error)[]) {
    const views = endpoint<OffsetQuery, ViewsPage>('views', pages)
    return { asked: views.asked, api: fakeAnalytics({ views: views.call }) }
  }

  it('reads pages of 250 views by offset until the service says there is no more', async () => {
    const { asked, api } = viewsApi([
      { totals, views: [view('/a', 5)], hasMore: true },
      { totals: { human: 1, ai: 1, total: 2 }, views: [view('/b', 9)], hasMore: true },
      { totals, views: [view('/c', 3)], hasMore: false }
    ])
    const budget = new RequestBudget(40)
    const part = viewsPart(api, showing, budget)
    const { warnings } = await run(part)
    expect(VIEWS_PAGE_SIZE).toBe(250)
    expect(readKeys('views')).toEqual(['views'])
    expect(asked).toEqual([0, 250, 500].map((offset) => ({ projectId: 'proj1', query: { ...range, limit: 250, offset } })))
    expect(part.report(finished, 0)).toStrictEqual<ViewsReport>({
      kind: 'views',
      ...base,
      showReaderText: true,
      requests: 3,
      partial: false,
      totals,
      rows: [view('/b', 9), view('/a', 5), view('/c', 3)]
    })
    expect(warnings).toEqual([])
    expect(budget.used).toBe(3)
  })

  it('keeps a path seen on two pages once, with the larger of each count, most viewed first, then by path', async () => {
    const { api } = viewsApi([
      { totals, views: [view('/moved', 10, 8, 2), view('/z', 4), view('/y', 4)], hasMore: true },
      { totals, views: [view('/moved', 9, 6, 3), view('/x', 4)], hasMore: false }
    ])
    const part = viewsPart(api, showing, new RequestBudget(40))
    await run(part)
    expect(part.report(finished, 0).rows).toEqual([
      { path: '/moved', human: 8, ai: 3, total: 10 },
      view('/x', 4),
      view('/y', 4),
      view('/z', 4)
    ])
  })

  it('is partial, naming maxRequests, when the budget runs out while the service has more', async () => {
    const { asked, api } = viewsApi([
      { totals, views: [view('/a', 5)], hasMore: true },
      { totals, views: [view('/b', 4)], hasMore: true }
    ])
    const part = viewsPart(api, showing, new RequestBudget(1))
    const { warnings } = await run(part)
    expect(asked).toHaveLength(1)
    expect(part.report(finished, 0)).toStrictEqual<ViewsReport>({
      kind: 'views',
      ...base,
      showReaderText: true,
      requests: 1,
      partial: true,
      partialReason: cutReason('page views'),
      budgetCut: { maxRequests: 1, moreRequests: 1 },
      totals,
      rows: [view('/a', 5)]
    })
    expect(warnings).toEqual([cutWarning('Reading page views stopped after 1 request')])
  })

  it('spends the request reserved for its first page under the name views', async () => {
    const { asked, api } = viewsApi([{ totals, views: [view('/a', 5)], hasMore: true }])
    const budget = new RequestBudget(1)
    budget.reserve(['views'])
    const part = viewsPart(api, showing, budget)
    await run(part)
    expect(asked).toHaveLength(1)
    expect(part.report(finished, 0)).toMatchObject({ requests: 1, partial: true })
  })

  it('keeps what it read when a request fails, and says so in the failure', async () => {
    const { api } = viewsApi([{ totals, views: [view('/a', 5)], hasMore: true }, new Error('HTTP 500.')])
    const part = viewsPart(api, showing, new RequestBudget(40))
    const { ending } = await run(part)
    expect(part.report(ending, 0)).toStrictEqual<ViewsReport>({
      kind: 'views',
      ...base,
      showReaderText: true,
      requests: 1,
      partial: true,
      partialReason: 'a request failed while reading',
      failure: 'Page views are incomplete after 1 request. HTTP 500.',
      totals,
      rows: [view('/a', 5)]
    })
  })

  it('reports nothing read when the run stopped before it', () => {
    const part = viewsPart(viewsApi([]).api, showing, new RequestBudget(40))
    expect(part.report({ kind: 'skipped', stop: new StopError('timeout') }, 0)).toStrictEqual<ViewsReport>({
      kind: 'views',
      ...base,
      showReaderText: true,
      requests: 0,
      partial: true,
      // The wording is section.test.ts's; here, that the reason is time.
      partialReason: expect.stringContaining('out of time') as string,
      totals: undefined,
      rows: []
    })
  })
})

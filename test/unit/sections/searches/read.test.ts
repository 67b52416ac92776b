// Tests the searches section's part (src/sections/searches/read.ts) against fake APIs that record what
// they were asked: the queries, what its report keeps and in which order, reader text, partial
// reports and the request budget.
import { hiddenSearch } from '../../../../src/text/search-words.js'
import { readKeys } from '../../../../src/core/catalog.js'
import { describe, expect, it } from 'vitest'
import { pageLabel, sitePage } from '../../../../src/text/page-path.js'
import type { CursorQuery } from '../../../../src/api/analytics.js'
import type { SearchesPage, SearchRow } from '../../../../src/sections/searches/schema.js'
import { RequestBudget } from '../../../../src/analytics/budget.js'
import { noClick, SEARCHES_PAGE_SIZE, searchesPart, type SearchesReport } from '../../../../src/sections/searches/read.js'
import {
  base,
  cleanUpAfterEach,
  endpoint,
  finished,
  INJECTED_PATH,
  range,
  request,
  RESET_URL,
  run,
  showing,
  fakeAnalytics
} from '../../../support/section-parts.js'
import { cutReason, cutWarning } from '../../../support/budget-messages.js'

cleanUpAfterEach()

describe('search terms', () => {
  const search = (searchQuery: string, hits: number, more: Partial<SearchRow> = {}): SearchRow => ({
    searchQuery,
    hits,
    ctr: 0.5,
    topClickedPage: '/top',
    lastSearchedAt: '2026-11-20T10:00:00Z',
    ...more
  })
  /** A row as kept: its clicked page by its label while reader text is hidden, and its words as keys (for Fix first), never the words (no query given). */
  const entry = (row: SearchRow, query?: string) => ({
    query,
    ...(query === undefined ? { hidden: hiddenSearch(row.searchQuery) } : {}),
    hits: row.hits,
    ctr: row.ctr,
    topClickedPage: sitePage(row.topClickedPage, query !== undefined),
    lastSearchedAt: row.lastSearchedAt
  })

  function searchesApi(pages: (SearchesPage | Error)[]) {
    const searches = endpoint<CursorQuery, SearchesPage>('searches', pages)
    return { asked: searches.asked, api: fakeAnalytics({ searches: searches.call }) }
  }

  it('follows nextCursor, 100 terms a request, until it is null', async () => {
    const { asked, api } = searchesApi([
      { searches: [search('a', 9)], totalSearches: 30, nextCursor: 's1' },
      { searches: [search('b', 8)], totalSearches: 99, nextCursor: 's2' },
      { searches: [search('c', 7)], totalSearches: 99, nextCursor: null }
    ])
    const part = searchesPart(api, request, new RequestBudget(40))
    const { warnings } = await run(part)
    expect(SEARCHES_PAGE_SIZE).toBe(100)
    expect(readKeys('searches')).toEqual(['searches'])
    expect(asked).toEqual([undefined, 's1', 's2'].map((cursor) => ({ projectId: 'proj1', query: { ...range, limit: 100, cursor } })))
    expect(part.report(finished, 0)).toStrictEqual<SearchesReport>({
      kind: 'searches',
      ...base,
      requests: 3,
      partial: false,
      totalSearches: 30,
      rows: [entry(search('a', 9)), entry(search('b', 8)), entry(search('c', 7))]
    })
    expect(warnings).toEqual([])
  })

  it('keeps a total of 0 from the first page', async () => {
    const { api } = searchesApi([
      { searches: [search('a', 1)], totalSearches: 0, nextCursor: 's1' },
      { searches: [search('b', 1)], totalSearches: 5, nextCursor: null }
    ])
    const part = searchesPart(api, request, new RequestBudget(40))
    await run(part)
    expect(part.report(finished, 0).totalSearches).toBe(0)
  })

  it('keeps a term seen on two pages once, the row with more hits, the first on a tie; most searched first, then by text', async () => {
    const { api } = searchesApi([
      {
        searches: [search('grown', 5, { ctr: 0.1 }), search('shrunk', 6, { ctr: 0.2 }), search('tied', 4, { ctr: 0.3 })],
        totalSearches: 40,
        nextCursor: 's1'
      },
      {
        searches: [search('grown', 7, { ctr: 0.9 }), search('shrunk', 2, { ctr: 0.8 }), search('tied', 4, { ctr: 0.7 }), search('also', 4)],
        totalSearches: 40,
        nextCursor: null
      }
    ])
    const part = searchesPart(api, showing, new RequestBudget(40))
    await run(part)
    expect(part.report(finished, 0).rows).toStrictEqual([
      entry(search('grown', 7, { ctr: 0.9 }), 'grown'),
      entry(search('shrunk', 6, { ctr: 0.2 }), 'shrunk'),
      entry(search('also', 4), 'also'),
      entry(search('tied', 4, { ctr: 0.3 }), 'tied')
    ])
  })

  it('keeps the text searched for only when reader text is shown, with e-mail addresses masked', async () => {
    const pages = (): SearchesPage[] => [
      { searches: [search('reset password for ann@example.com', 3), search('deploy', 2)], totalSearches: 5, nextCursor: null }
    ]
    const hidden = searchesPart(searchesApi(pages()).api, request, new RequestBudget(40))
    await run(hidden)
    const hiddenReport = hidden.report(finished, 0)
    expect(hiddenReport.rows.map((row) => row.query)).toEqual([undefined, undefined])
    expect(JSON.stringify(hiddenReport)).not.toContain('deploy')
    const shown = searchesPart(searchesApi(pages()).api, showing, new RequestBudget(40))
    await run(shown)
    const shownReport = shown.report(finished, 0)
    expect(shownReport.rows.map((row) => row.query)).toEqual(['reset password for [email]', 'deploy'])
    expect(shownReport.showReaderText).toBe(true)
    expect(JSON.stringify(shownReport)).not.toContain('ann@example.com')
  })

  it('keeps the clicked page without its query string, as a path while reader text is hidden, and (other page) for the rest', async () => {
    const pages = (): SearchesPage[] => [
      {
        searches: [
          search('a', 4, { topClickedPage: RESET_URL }),
          search('b', 3, { topClickedPage: INJECTED_PATH }),
          search('c', 2, { topClickedPage: '/docs/keys' }),
          search('d', 1, { topClickedPage: null })
        ],
        totalSearches: 10,
        nextCursor: null
      }
    ]
    const shown = searchesPart(searchesApi(pages()).api, showing, new RequestBudget(40))
    await run(shown)
    expect(shown.report(finished, 0).rows.map((row) => row.topClickedPage)).toEqual([
      'https://docs.example.com/reset',
      '(other page)',
      '/docs/keys',
      null
    ])
    const hidden = searchesPart(searchesApi(pages()).api, request, new RequestBudget(40))
    await run(hidden)
    const hiddenReport = hidden.report(finished, 0)
    expect(hiddenReport.rows.map((row) => row.topClickedPage)).toEqual([pageLabel('/reset'), '(other page)', pageLabel('/docs/keys'), null])
    for (const text of ['alice', '8f2a91', 'Ignore', 'docs.example.com', '/reset', '/docs/keys'])
      expect(JSON.stringify(hiddenReport)).not.toContain(text)
    // A page the site's navigation lists is the site's: its path, by a URL or a path alike.
    const listed = searchesPart(
      searchesApi(pages()).api,
      { ...request, sitePages: new Set(['/docs/keys', '/reset']) },
      new RequestBudget(40)
    )
    await run(listed)
    expect(listed.report(finished, 0).rows.map((row) => row.topClickedPage)).toEqual(['/reset', '(other page)', '/docs/keys', null])
  })

  it('is partial when the budget runs out, or when the service repeats a cursor', async () => {
    const forever = (): SearchesPage[] => [
      { searches: [search('a', 9)], totalSearches: 30, nextCursor: 's1' },
      { searches: [search('b', 8)], totalSearches: 30, nextCursor: 's1' }
    ]
    const capped = searchesPart(searchesApi(forever()).api, request, new RequestBudget(1))
    const { warnings } = await run(capped)
    expect(capped.report(finished, 0)).toMatchObject({
      requests: 1,
      partial: true,
      partialReason: cutReason('search terms')
    })
    expect(warnings).toEqual([cutWarning('Reading search terms stopped after 1 request')])
    const repeated = searchesPart(searchesApi(forever()).api, request, new RequestBudget(40))
    await run(repeated)
    expect(repeated.report(finished, 0)).toMatchObject({
      requests: 2,
      partial: true,
      partialReason: 'search terms: the service handed back a cursor it had already given, so reading stopped'
    })
  })

  it('spends the request reserved for it under the name searches', async () => {
    const budget = new RequestBudget(1)
    budget.reserve(['searches'])
    const part = searchesPart(searchesApi([{ searches: [], totalSearches: 0, nextCursor: null }]).api, request, budget)
    await run(part)
    expect(part.report(finished, 0)).toMatchObject({ requests: 1, partial: false })
  })

  it('says the section is incomplete when a later request fails', async () => {
    const part = searchesPart(
      searchesApi([{ searches: [search('a', 9)], totalSearches: 30, nextCursor: 's1' }, new Error('HTTP 503.')]).api,
      request,
      new RequestBudget(40)
    )
    const { ending } = await run(part)
    expect(part.report(ending, 0)).toStrictEqual<SearchesReport>({
      kind: 'searches',
      ...base,
      requests: 1,
      partial: true,
      partialReason: 'a request failed while reading',
      failure: 'Search analytics are incomplete after 1 request. HTTP 503.',
      totalSearches: 30,
      rows: [entry(search('a', 9))]
    })
  })

  it('fails with the error alone when its first request fails', async () => {
    const part = searchesPart(searchesApi([new Error('HTTP 503.')]).api, request, new RequestBudget(40))
    const { ending } = await run(part)
    expect(part.report(ending, 0)).toStrictEqual<SearchesReport>({
      kind: 'searches',
      ...base,
      requests: 0,
      partial: true,
      partialReason: 'a request failed while reading',
      failure: 'HTTP 503.',
      totalSearches: undefined,
      rows: []
    })
  })

  it('tells a search nobody clicked: searched at least once, with a click-through rate of 0 or less', () => {
    expect(noClick({ hits: 3, ctr: 0.5 })).toBe(false)
    expect(noClick({ hits: 3, ctr: 0.01 })).toBe(false)
    expect(noClick({ hits: 3, ctr: 0 })).toBe(true)
    expect(noClick({ hits: 3, ctr: -1 })).toBe(true)
    expect(noClick({ hits: 0.5, ctr: 0 })).toBe(true)
    // A term with no hits (or a negative count) was not searched: there was nothing to click.
    expect(noClick({ hits: 0, ctr: 0 })).toBe(false)
    expect(noClick({ hits: -2, ctr: 0 })).toBe(false)
  })

  it('counts a term with clicks as clicked even when the service names no page (one rule for every table)', () => {
    expect(noClick({ hits: 3, ctr: 0.488 })).toBe(false)
  })
})

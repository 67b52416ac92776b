// Search terms: what readers searched for, by hits, and whether they clicked a result. Cursor paging
// with no hasMore: reading follows nextCursor until it is null. The clicked page is kept as
// `sitePage` keeps it.
import type { AnalyticsReader } from '../../api/analytics.js'
import { SEARCHES_ENDPOINT, type SearchRow } from './schema.js'
import type { Part } from '../../core/part.js'
import { SECTION_CATALOG } from '../../core/catalog.js'
import { sitePage } from '../../text/page-path.js'
import { readerText } from '../../text/reader-text.js'
import { type HiddenSearch, hiddenSearch } from '../../text/search-words.js'
import type { RequestBudget } from '../../analytics/budget.js'
import type { Comparison } from '../../analytics/comparison.js'
import type { PageAnswer } from '../../analytics/pager.js'
import { sectionRead, type SectionBase, type SectionRequest } from '../../analytics/reader.js'
import { sectionPart } from '../../analytics/section-part.js'
import { byText } from '../../text/order.js'

export const SEARCHES_PAGE_SIZE = 100

/** One search term as the run keeps it: its text only when reader text is shown (e-mail addresses masked). */
export interface SearchEntry {
  query?: string
  /** Where the text is hidden: its words as keys, so that Fix first still matches and counts it (never in a file or the summary). */
  hidden?: HiddenSearch
  hits: number
  /** Click-through rate, as the service gives it. */
  ctr: number
  /** As `sitePage` keeps it (a path while reader text is hidden); null when nobody clicked a result. */
  topClickedPage: string | null
  lastSearchedAt: string
}

export interface SearchesReport extends SectionBase {
  kind: 'searches'
  /** Searches in the range (the sum of hits, from the service). */
  totalSearches?: number
  /** Most searched first. */
  rows: SearchEntry[]
  /** Searches in the previous period, when a comparison was asked for and reached. */
  previous?: Comparison<number>
}

/** The catalog's entry of the section (core/catalog.ts). */
const SEARCHES = SECTION_CATALOG.searches

/**
 * Readers searched for this (at least one hit) and nobody clicked a result: its click-through rate is
 * 0. The one rule every table, headline and list uses; a term with clicks but no page named is not one.
 */
export function noClick(row: Pick<SearchEntry, 'hits' | 'ctr'>): boolean {
  return row.hits > 0 && row.ctr <= 0
}

export function searchesPart(api: AnalyticsReader, request: SectionRequest, budget: RequestBudget): Part<SearchesReport> {
  // By the text searched for: a term seen on two pages (the data moved while reading) is kept once.
  // Each kept as the report shows it, made as its page arrives (under the run's deadline).
  const terms = new Map<string, SearchEntry>()
  let totalSearches: number | undefined
  const range = { dateFrom: request.dateFrom, dateTo: request.dateTo }
  const keepHighest = (page: readonly SearchRow[]): void => {
    for (const row of page) {
      const seen = terms.get(row.searchQuery)
      if (seen && row.hits <= seen.hits) continue
      const query = readerText(row.searchQuery, request.showReaderText)
      terms.set(row.searchQuery, {
        query,
        ...(query === undefined && row.searchQuery.trim() !== '' ? { hidden: hiddenSearch(row.searchQuery) } : {}),
        hits: row.hits,
        ctr: row.ctr,
        topClickedPage: sitePage(row.topClickedPage, request.showReaderText, request.sitePages),
        lastSearchedAt: row.lastSearchedAt
      })
    }
  }
  const pages = async (cursor: string | undefined): Promise<PageAnswer<SearchRow>> => {
    const page = await api.analytics(SEARCHES_ENDPOINT, request.projectId, { ...range, limit: SEARCHES_PAGE_SIZE, cursor })
    totalSearches ??= page.totalSearches
    return { rows: page.searches, nextCursor: page.nextCursor }
  }
  const reads = [sectionRead(SEARCHES.reads[0].key, SEARCHES.reads[0].name, { style: 'cursor', fetch: pages }, keepHighest)]
  return sectionPart(
    'searches',
    request,
    reads,
    budget,
    // Every answer carries the total: one term is enough.
    async (period) => ({
      value: (await api.analytics(SEARCHES_ENDPOINT, request.projectId, { ...period, limit: 1 })).totalSearches
    }),
    () => ({
      totalSearches,
      rows: [...terms].sort(([aText, a], [bText, b]) => b.hits - a.hits || byText(aText, bText)).map(([, entry]) => entry)
    })
  )
}

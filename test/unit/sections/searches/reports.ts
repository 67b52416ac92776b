// Reports of the searches as the run makes them, small and exact, for the tests of what is
// published from them (test/unit/sections/catalog.test.ts finds the builder by its name:
// `<section>Report`), and the terms as a run that keeps no reader text has them.
import type { SearchEntry, SearchesReport } from '../../../../src/sections/searches/read.js'
import { sitePage } from '../../../../src/text/page-path.js'
import { BASE, without } from '../../../support/section-base.js'

/** Most searched first; pricing and sso got no click. */
export const SEARCH_ROWS: [SearchEntry, SearchEntry, SearchEntry, SearchEntry] = [
  { query: 'install', hits: 120, ctr: 0.456, topClickedPage: '/docs/install', lastSearchedAt: '2026-11-20T10:00:00Z' },
  { query: 'pricing', hits: 40, ctr: 0, topClickedPage: null, lastSearchedAt: '2026-11-19T08:30:00Z' },
  { query: 'webhooks', hits: 12, ctr: 0.25, topClickedPage: '/docs/webhooks', lastSearchedAt: '2026-11-18T00:00:00Z' },
  { query: 'sso', hits: 5, ctr: 0, topClickedPage: null, lastSearchedAt: '2026-11-17T00:00:00Z' }
]

export function searchesReport(more: Partial<SearchesReport> = {}): SearchesReport {
  return { kind: 'searches', ...BASE, totalSearches: 177, rows: SEARCH_ROWS, ...more }
}

/** The search terms without their text, as a run that keeps no reader text has them. */
export const hiddenSearches = (rows: readonly SearchEntry[]): SearchEntry[] =>
  rows.map((row) => ({ ...without(row, 'query'), topClickedPage: sitePage(row.topClickedPage, false) }))

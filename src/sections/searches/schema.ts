// The searches endpoint's answer, and the endpoint.
import { z } from 'zod'
import { type AnalyticsEndpoint, count, type CursorQuery, nullableText } from '../../api/analytics.js'

/** Search terms, by hits descending: cursor paging while `nextCursor` is not null; there is no `hasMore`. */
export const searchesPageSchema = z.object({
  searches: z.array(
    z.object({
      searchQuery: z.string(),
      hits: count,
      ctr: z.number(),
      topClickedPage: nullableText,
      lastSearchedAt: z.string()
    })
  ),
  /** The documents type this one an integer of at least 0: the sum of all hits. */
  totalSearches: z.number().int().min(0),
  nextCursor: nullableText
})
export type SearchesPage = z.infer<typeof searchesPageSchema>
export type SearchRow = SearchesPage['searches'][number]

export const SEARCHES_ENDPOINT: AnalyticsEndpoint<SearchesPage, CursorQuery> = {
  path: 'searches',
  reads: 'searches',
  schema: searchesPageSchema,
  sends: ['limit', 'cursor']
}

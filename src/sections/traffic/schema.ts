// The traffic endpoints' answers and the endpoints themselves: unique visitors and page views, site
// totals and per-page counts, human and AI, both paged by offset.
import { z } from 'zod'
import { type AnalyticsEndpoint, count, type OffsetQuery } from '../../api/analytics.js'

const trafficCounts = { human: count, ai: count, total: count }
const trafficRow = z.object({ path: z.string(), ...trafficCounts })

export const visitorsPageSchema = z.object({
  totals: z.object(trafficCounts),
  visitors: z.array(trafficRow),
  hasMore: z.boolean()
})
export type VisitorsPage = z.infer<typeof visitorsPageSchema>
export type VisitorRow = VisitorsPage['visitors'][number]
export type VisitorTotals = VisitorsPage['totals']

/** Page views: offset paging while `hasMore` is true. */
export const viewsPageSchema = z.object({
  totals: z.object(trafficCounts),
  views: z.array(trafficRow),
  hasMore: z.boolean()
})
export type ViewsPage = z.infer<typeof viewsPageSchema>
/** A page's views: the same shape as its visitors. */
export type ViewRow = z.infer<typeof trafficRow>

export const VISITORS_ENDPOINT: AnalyticsEndpoint<VisitorsPage, OffsetQuery> = {
  path: 'visitors',
  reads: 'visitor analytics',
  schema: visitorsPageSchema,
  sends: ['limit', 'offset']
}

export const VIEWS_ENDPOINT: AnalyticsEndpoint<ViewsPage, OffsetQuery> = {
  path: 'views',
  reads: 'page views',
  schema: viewsPageSchema,
  sends: ['limit', 'offset']
}

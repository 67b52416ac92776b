// Page views: every page of content view events for the range, site totals and per-page counts,
// human and AI, read as every traffic section is (read.ts), as many rows a request as the API takes.
import type { AnalyticsReader } from '../../api/analytics.js'
import type { RequestBudget } from '../../analytics/budget.js'
import type { SectionRequest } from '../../analytics/reader.js'
import type { Part } from '../../core/part.js'
import { trafficPart, type TrafficReport } from './read.js'
import { VIEWS_ENDPOINT } from './schema.js'

export const VIEWS_PAGE_SIZE = 250

/** Page views: the site's totals and each page's, most viewed first. */
export type ViewsReport = TrafficReport<'views'>

/** Reads every page of the range, within the budget, and with `compare` the previous period's totals. */
export function viewsPart(api: AnalyticsReader, request: SectionRequest, budget: RequestBudget): Part<ViewsReport> {
  return trafficPart('views', { endpoint: VIEWS_ENDPOINT, rows: (page) => page.views, pageSize: VIEWS_PAGE_SIZE }, api, request, budget)
}

// Visitor analytics: every page of unique visitors for the range, site totals and per-page counts,
// human and AI, read as every traffic section is (read.ts).
import type { AnalyticsReader } from '../../api/analytics.js'
import type { RequestBudget } from '../../analytics/budget.js'
import type { SectionRequest } from '../../analytics/reader.js'
import type { Part } from '../../core/part.js'
import { trafficPart, type TrafficReport } from './read.js'
import { VISITORS_ENDPOINT } from './schema.js'

export const VISITORS_PAGE_SIZE = 250

/** Unique visitors: the site's totals and each page's, most visited first. */
export type VisitorsReport = TrafficReport<'visitors'>

/** Reads every page of the range, within the budget, and with `compare` the previous period's totals. */
export function visitorsPart(api: AnalyticsReader, request: SectionRequest, budget: RequestBudget): Part<VisitorsReport> {
  return trafficPart(
    'visitors',
    { endpoint: VISITORS_ENDPOINT, rows: (page) => page.visitors, pageSize: VISITORS_PAGE_SIZE },
    api,
    request,
    budget
  )
}

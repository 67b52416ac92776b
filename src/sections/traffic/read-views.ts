// Page views: every page of content view events for the range, site totals and per-page counts,
// human and AI. Offset paging like visitors, as many rows a request as the API takes; with a
// comparison, the previous period's totals in one request.
import type { ViewsQuery } from '../../api/client.js'
import type { ViewRow, ViewsPage, VisitorTotals } from '../../api/schemas.js'
import type { Part } from '../../core/part.js'
import { readKeys, SECTION_CATALOG } from '../../core/sections.js'
import type { RequestBudget } from '../../analytics/budget.js'
import { type Comparison, comparedWith, comparisonRead } from '../../analytics/comparison.js'
import { sectionPart, type SectionBase, type SectionRequest } from '../../analytics/section.js'
import { sortedRows, type TrafficKept, trafficRead } from './read.js'

export const VIEWS_PAGE_SIZE = 250

export interface ViewsApi {
  getViews(projectId: string, query: ViewsQuery): Promise<ViewsPage>
}

export interface ViewsReport extends SectionBase {
  kind: 'views'
  totals?: VisitorTotals
  /** Most viewed first. */
  rows: ViewRow[]
  /** The previous period's totals, when a comparison was asked for and reached. */
  previous?: Comparison<VisitorTotals>
}

/** The budget plan's name for each read of the section. */
/** The catalog's entry of the section (core/sections.ts). */
const VIEWS = SECTION_CATALOG.views
export const VIEWS_READS = readKeys('views')
export const VIEWS_COMPARISON = VIEWS.comparison

export function viewsPart(api: ViewsApi, request: SectionRequest, budget: RequestBudget): Part<ViewsReport> {
  const kept: TrafficKept<ViewRow> = { rows: new Map() }
  // Every answer carries the site totals: one row is enough.
  const comparison = comparisonRead(VIEWS_COMPARISON, request, budget, async (period) => ({
    value: (await api.getViews(request.projectId, { ...period, limit: 1, offset: 0 })).totals
  }))
  const range = { dateFrom: request.dateFrom, dateTo: request.dateTo }
  const reads = [
    trafficRead(VIEWS.reads[0].key, VIEWS.reads[0].name, VIEWS_PAGE_SIZE, kept, async (offset) => {
      const page = await api.getViews(request.projectId, { ...range, limit: VIEWS_PAGE_SIZE, offset })
      return { totals: page.totals, rows: page.views, hasMore: page.hasMore }
    })
  ]
  return sectionPart(
    'views',
    VIEWS.title,
    request,
    reads,
    budget,
    () => ({ totals: kept.totals, rows: sortedRows(kept.rows.values()), ...comparedWith(comparison) }),
    comparison
  )
}

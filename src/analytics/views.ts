// Page views: every page of content view events for the range, site totals and per-page counts,
// human and AI. Offset paging like visitors, as many rows a request as the API takes.
import type { ViewsQuery } from '../api/client.js'
import type { ViewRow, ViewsPage, VisitorTotals } from '../api/schemas.js'
import type { Part } from '../core/part.js'
import type { RequestBudget } from './budget.js'
import { judgeSection, readSection, sectionRead, type SectionBase, type SectionRequest } from './section.js'
import { mergeTrafficRow, sortedRows } from './traffic.js'

export const VIEWS_PAGE_SIZE = 250

export interface ViewsApi {
  getViews(projectId: string, query: ViewsQuery): Promise<ViewsPage>
}

export interface ViewsReport extends SectionBase {
  kind: 'views'
  totals?: VisitorTotals
  /** Most viewed first. */
  rows: ViewRow[]
}

/** The budget plan's name for each read of the section. */
export const VIEWS_READS = ['views'] as const

export function viewsPart(api: ViewsApi, request: SectionRequest, budget: RequestBudget): Part<ViewsReport> {
  const rows = new Map<string, ViewRow>()
  let totals: VisitorTotals | undefined
  const range = { dateFrom: request.dateFrom, dateTo: request.dateTo }
  const reads = [
    sectionRead<ViewRow>({
      key: VIEWS_READS[0],
      name: 'page views',
      paging: {
        style: 'offset',
        pageSize: VIEWS_PAGE_SIZE,
        fetch: async (offset) => {
          const page = await api.getViews(request.projectId, { ...range, limit: VIEWS_PAGE_SIZE, offset })
          totals ??= page.totals
          return { rows: page.views, hasMore: page.hasMore }
        }
      },
      onPage: (page) => {
        for (const row of page) mergeTrafficRow(rows, row)
      }
    })
  ]
  return {
    run: ({ log }) => readSection(reads, budget, log),
    report: (ending): ViewsReport => ({
      kind: 'views',
      ...judgeSection('Page views', request, reads, ending, budget),
      totals,
      rows: sortedRows(rows.values())
    })
  }
}

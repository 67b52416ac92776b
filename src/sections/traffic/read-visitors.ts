// Visitor analytics: every page of unique visitors for the range, as few requests as the API allows
// (pages as large as it takes, reading stops as soon as hasMore is false, never past the budget).
// With a comparison, the previous period's totals are read once its pages are (one request
// with limit 1: every answer carries the site totals).
import type { VisitorsQuery } from '../../api/client.js'
import type { VisitorRow, VisitorsPage, VisitorTotals } from '../../api/schemas.js'
import type { Part } from '../../core/part.js'
import { readKeys, SECTION_CATALOG } from '../../core/sections.js'
import type { RequestBudget } from '../../analytics/budget.js'
import { type Comparison, comparedWith, comparisonRead } from '../../analytics/comparison.js'
import { sectionPart, type SectionBase, type SectionRequest } from '../../analytics/section.js'
import { sortedRows, type TrafficAnswer, type TrafficKept, trafficRead } from './read.js'

export const VISITORS_PAGE_SIZE = 250

/** The budget plan's names for the section's reads: the pages, and the comparison. */
/** The catalog's entry of the section (core/sections.ts). */
const VISITORS = SECTION_CATALOG.visitors
export const VISITORS_READS = readKeys('visitors')
export const VISITORS_COMPARISON = VISITORS.comparison

export interface VisitorsApi {
  getVisitors(projectId: string, query: VisitorsQuery): Promise<VisitorsPage>
}

export interface VisitorsReport extends SectionBase {
  kind: 'visitors'
  /** Site-wide totals, from the service (deduplicated there; never summed here). */
  totals?: VisitorTotals
  /** Most visited first. */
  rows: VisitorRow[]
  /** The totals of the previous period of the same length, when a comparison was asked for and reached. */
  previous?: Comparison<VisitorTotals>
}

/** Reads every page of the range, within the budget, and with `compare` the previous period's totals. */
export function visitorsPart(api: VisitorsApi, request: SectionRequest, budget: RequestBudget): Part<VisitorsReport> {
  const kept: TrafficKept<VisitorRow> = { rows: new Map() }
  const comparison = comparisonRead(VISITORS_COMPARISON, request, budget, async (period) => ({
    value: (await api.getVisitors(request.projectId, { ...period, limit: 1, offset: 0 })).totals
  }))
  const range = { dateFrom: request.dateFrom, dateTo: request.dateTo }
  const pages = async (offset: number): Promise<TrafficAnswer<VisitorRow>> => {
    const page = await api.getVisitors(request.projectId, { ...range, limit: VISITORS_PAGE_SIZE, offset })
    return { totals: page.totals, rows: page.visitors, hasMore: page.hasMore }
  }
  const reads = [trafficRead(VISITORS.reads[0].key, VISITORS.reads[0].name, VISITORS_PAGE_SIZE, kept, pages)]
  return sectionPart(
    'visitors',
    VISITORS.title,
    request,
    reads,
    budget,
    () => ({ totals: kept.totals, rows: sortedRows(kept.rows.values()), ...comparedWith(comparison) }),
    comparison
  )
}

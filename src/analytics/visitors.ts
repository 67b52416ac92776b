// Visitor analytics: every page of unique visitors for the range, as few requests as the API allows
// (pages as large as it takes, reading stops as soon as hasMore is false, never past the budget).
// With a comparison, the previous period's totals are read right after the first page.
import type { VisitorsQuery } from '../api/client.js'
import { ApiError } from '../api/errors.js'
import type { VisitorRow, VisitorsPage, VisitorTotals } from '../api/schemas.js'
import type { Log, Part } from '../core/part.js'
import { DAY_MS, isDateOnly, parseDate } from '../text/dates.js'
import type { RequestBudget } from './budget.js'
import { newReadProgress } from './pager.js'
import { judgeSection, readSection, type SectionBase, type SectionRequest } from './section.js'
import { sortedRows, type TrafficAnswer, type TrafficKept, trafficRead } from './traffic.js'

export const VISITORS_PAGE_SIZE = 250

/** The budget plan's names for the section's reads: the pages, and the comparison. */
export const VISITORS_READS = ['visitors'] as const
export const VISITORS_COMPARISON = 'visitors:previous'

export interface VisitorsApi {
  getVisitors(projectId: string, query: VisitorsQuery): Promise<VisitorsPage>
}

/** The totals of the period just before the range, or why they are missing. */
export interface PreviousPeriod {
  dateFrom: string
  dateTo: string
  totals?: VisitorTotals
  /** Why there are no totals, when there are none. */
  missing?: string
}

export interface VisitorsReport extends SectionBase {
  kind: 'visitors'
  /** Site-wide totals, from the service (deduplicated there; never summed here). */
  totals?: VisitorTotals
  /** Most visited first. */
  rows: VisitorRow[]
  /** The previous period of the same length, when a comparison was asked for and reached. */
  previous?: PreviousPeriod
}

/** The period of the same length that ends where the range begins, in the range's own form. */
export function previousPeriod(dateFrom: string, dateTo: string): { dateFrom: string; dateTo: string } {
  const from = parseDate(dateFrom) as number
  const length = (parseDate(dateTo) as number) - from
  const start = new Date(from - length).toISOString()
  return { dateFrom: isDateOnly(dateFrom) && length % DAY_MS === 0 ? start.slice(0, 10) : start, dateTo: dateFrom }
}

/**
 * Reads every page of the range, within the budget. With `compare`, the totals of the previous period
 * are read right after the first page (one request with limit 1: every answer carries the site
 * totals); a failure there marks only the comparison as missing.
 */
export function visitorsPart(api: VisitorsApi, request: SectionRequest, budget: RequestBudget): Part<VisitorsReport> {
  const previousRead = newReadProgress()
  const kept: TrafficKept<VisitorRow> = { rows: new Map() }
  let previous: PreviousPeriod | undefined

  const readPrevious = async (log: Log): Promise<void> => {
    previous = previousPeriod(request.dateFrom, request.dateTo)
    if (!budget.take(VISITORS_COMPARISON)) {
      previous.missing = 'no request was left under maxRequests'
      return
    }
    try {
      previous.totals = (await api.getVisitors(request.projectId, { ...previous, limit: 1, offset: 0 })).totals
      previousRead.requests++
      previousRead.complete = true
    } catch (error) {
      if (!(error instanceof ApiError)) throw error
      previous.missing = 'the request for the previous period failed'
      log.warning(`The comparison with the previous period is left out: ${error.message}`)
    }
  }

  const range = { dateFrom: request.dateFrom, dateTo: request.dateTo }
  const pages = async (offset: number): Promise<TrafficAnswer<VisitorRow>> => {
    const page = await api.getVisitors(request.projectId, { ...range, limit: VISITORS_PAGE_SIZE, offset })
    return { totals: page.totals, rows: page.visitors, hasMore: page.hasMore }
  }
  // The comparison is read right after the first page, so that it is there whatever cuts the rest.
  const afterPage = async (index: number, log: Log): Promise<void> => {
    if (index === 0 && request.compare) await readPrevious(log)
  }
  const reads = [trafficRead(VISITORS_READS[0], 'visitor rows', VISITORS_PAGE_SIZE, kept, pages, afterPage)]

  return {
    run: async ({ log }) => {
      try {
        await readSection('visitors', reads, budget, log)
      } finally {
        budget.release(VISITORS_COMPARISON)
      }
    },
    report: (ending): VisitorsReport => ({
      kind: 'visitors',
      ...judgeSection(
        'Visitor analytics',
        request,
        [...reads, { name: 'the previous period', progress: previousRead, optional: true }],
        ending,
        budget
      ),
      totals: kept.totals,
      rows: sortedRows(kept.rows.values()),
      previous
    })
  }
}

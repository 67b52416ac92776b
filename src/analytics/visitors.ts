// Visitor analytics: read every page of unique visitors for a date range, as few requests as the API
// allows. Analytics share 100 requests per organization per hour, so pages are as large as the API
// takes (250 rows), reading stops as soon as hasMore is false, and never goes past the request budget.
// With a comparison, the previous period's totals are read right after the first page.
import type { VisitorsQuery } from '../api/client.js'
import type { VisitorRow, VisitorsPage, VisitorTotals } from '../api/schemas.js'
import { ApiError } from '../api/errors.js'
import type { Log } from '../run/part.js'
import { DAY_MS, isDateOnly, parseDate } from '../text/dates.js'
import type { RequestBudget } from './budget.js'
import { newReadProgress, type ReadProgress, readPages } from './pager.js'
import { mergeTrafficRow } from './traffic.js'

export const PAGE_SIZE = 250

/** The budget plan's names for the section's reads: the pages, and the comparison. */
export const VISITORS_READS = ['visitors', 'visitors:previous'] as const

export interface VisitorsApi {
  getVisitors(projectId: string, query: VisitorsQuery): Promise<VisitorsPage>
}

export interface VisitorsRequest {
  projectId: string
  dateFrom: string
  dateTo: string
  /** Also read the totals of the period of the same length just before the range. */
  compare: boolean
}

/** The totals of the period just before the range, or why they are missing. */
export interface PreviousPeriod {
  dateFrom: string
  dateTo: string
  totals?: VisitorTotals
  /** Why there are no totals, when there are none. */
  missing?: string
}

export interface VisitorsProgress {
  /** Site-wide totals, from the service (deduplicated there; never summed here). */
  totals?: VisitorTotals
  /** Rows by path: a path seen on two pages (the data moved while reading) is kept once. */
  rows: Map<string, VisitorRow>
  /** The pages of the range: requests made, and how reading ended. */
  read: ReadProgress
  /** The comparison's request, when one was made. */
  previousRequests: number
  previous?: PreviousPeriod
}

export function newVisitorsProgress(): VisitorsProgress {
  return { rows: new Map(), read: newReadProgress(), previousRequests: 0 }
}

/** Requests made: every page, and the comparison. */
export function visitorRequests(progress: VisitorsProgress): number {
  return progress.read.requests + progress.previousRequests
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
export async function exportVisitors(
  api: VisitorsApi,
  req: VisitorsRequest,
  progress: VisitorsProgress,
  budget: RequestBudget,
  log: Log
): Promise<void> {
  try {
    await readPages(
      {
        style: 'offset',
        pageSize: PAGE_SIZE,
        fetch: async (offset) => {
          const result = await api.getVisitors(req.projectId, { dateFrom: req.dateFrom, dateTo: req.dateTo, limit: PAGE_SIZE, offset })
          progress.totals ??= result.totals
          return { rows: result.visitors, hasMore: result.hasMore }
        }
      },
      progress.read,
      {
        key: VISITORS_READS[0],
        what: 'visitor rows',
        budget,
        log,
        onPage: async (rows, index) => {
          for (const row of rows) mergeTrafficRow(progress.rows, row)
          if (index === 0 && req.compare) await readPrevious(api, req, progress, budget, log)
        }
      }
    )
  } finally {
    budget.release(VISITORS_READS[1])
  }
}

async function readPrevious(
  api: VisitorsApi,
  req: VisitorsRequest,
  progress: VisitorsProgress,
  budget: RequestBudget,
  log: Log
): Promise<void> {
  const previous: PreviousPeriod = previousPeriod(req.dateFrom, req.dateTo)
  progress.previous = previous
  if (!budget.take(VISITORS_READS[1])) {
    previous.missing = 'no request was left under maxRequests'
    return
  }
  try {
    previous.totals = (await api.getVisitors(req.projectId, { ...previous, limit: 1, offset: 0 })).totals
    progress.previousRequests++
  } catch (error) {
    if (!(error instanceof ApiError)) throw error
    previous.missing = 'the request for the previous period failed'
    log.warning(`The comparison with the previous period is left out: ${error.message}`)
  }
}

// Visitor analytics: read every page of unique visitors for a date range, as few requests as the API
// allows. Analytics share 100 requests per organization per hour, so pages are as large as the API
// takes (250 rows), reading stops as soon as hasMore is false, and never goes past the request budget.
import type { VisitorsQuery } from '../api/client.js'
import type { VisitorRow, VisitorsPage, VisitorTotals } from '../api/schemas.js'
import { ApiError } from '../api/errors.js'
import type { Log } from '../run/part.js'
import { DAY_MS, isDateOnly, parseDate } from '../text/dates.js'
import { counted } from '../text/format.js'
import type { RequestBudget } from './budget.js'

export const PAGE_SIZE = 250

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
  /** Requests made: every page, and the comparison. */
  requests: number
  /** The service said there is nothing more (hasMore was false). */
  complete: boolean
  /** Reading stopped because the request budget (maxPages) was spent while the service had more. */
  capped: boolean
  previous?: PreviousPeriod
}

export function newVisitorsProgress(): VisitorsProgress {
  return { rows: new Map(), requests: 0, complete: false, capped: false }
}

/** The period of the same length that ends where the range begins, in the range's own form. */
export function previousPeriod(dateFrom: string, dateTo: string): { dateFrom: string; dateTo: string } {
  const from = parseDate(dateFrom) as number
  const length = (parseDate(dateTo) as number) - from
  const start = new Date(from - length).toISOString()
  return { dateFrom: isDateOnly(dateFrom) && length % DAY_MS === 0 ? start.slice(0, 10) : start, dateTo: dateFrom }
}

function merge(into: Map<string, VisitorRow>, row: VisitorRow): void {
  const seen = into.get(row.path)
  if (!seen) {
    into.set(row.path, row)
    return
  }
  into.set(row.path, {
    path: row.path,
    human: Math.max(seen.human, row.human),
    ai: Math.max(seen.ai, row.ai),
    total: Math.max(seen.total, row.total)
  })
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
  for (let page = 0; ; page++) {
    if (!budget.take()) {
      progress.capped = true
      log.warning(
        `The visitor export stopped at maxPages (${counted(budget.limit, 'request')}, ${counted(progress.rows.size, 'page')} read) while the service had more; ` +
          'it is marked partial. Raise maxPages to read everything (analytics allow 100 requests per organization per hour).'
      )
      break
    }
    const result = await api.getVisitors(req.projectId, {
      dateFrom: req.dateFrom,
      dateTo: req.dateTo,
      limit: PAGE_SIZE,
      offset: page * PAGE_SIZE
    })
    progress.requests++
    progress.totals ??= result.totals
    for (const row of result.visitors) merge(progress.rows, row)
    if (page === 0 && req.compare) await readPrevious(api, req, progress, budget, log)
    if (!result.hasMore) {
      progress.complete = true
      break
    }
    if (result.visitors.length === 0) {
      log.warning(
        `The service reported more visitor rows after an empty page (offset ${page * PAGE_SIZE}); the export stops there and is marked partial.`
      )
      break
    }
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
  if (!budget.take()) {
    previous.missing = 'no request was left under maxPages'
    return
  }
  try {
    progress.requests++
    previous.totals = (await api.getVisitors(req.projectId, { ...previous, limit: 1, offset: 0 })).totals
  } catch (error) {
    if (!(error instanceof ApiError)) throw error
    previous.missing = 'the request for the previous period failed'
    log.warning(`The comparison with the previous period is left out: ${error.message}`)
  }
}

/** Two paths in code-unit order, as a sort comparator. */
function byPath(a: string, b: string): number {
  if (a < b) return -1
  // Stryker disable next-line ConditionalExpression,EqualityOperator: Array.prototype.sort (a TimSort in V8) only asks whether a result is below 0, so 0 and 1 sort alike here
  return a > b ? 1 : 0
}

/** Rows in a stable order: most total visitors first, then by path. */
export function sortedRows(rows: Iterable<VisitorRow>): VisitorRow[] {
  return [...rows].sort((a, b) => b.total - a.total || byPath(a.path, b.path))
}

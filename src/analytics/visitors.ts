// Visitor analytics: read every page of unique visitors for a date range, as few requests as the API
// allows. Analytics share 100 requests per organization per hour, so pages are as large as the API
// takes (250 rows), reading stops as soon as hasMore is false, and never goes past maxPages.
import type { VisitorsQuery } from '../api/client.js'
import type { VisitorRow, VisitorsPage, VisitorTotals } from '../api/schemas.js'
import type { Log } from '../run/part.js'

export const PAGE_SIZE = 250

export interface VisitorsApi {
  getVisitors(projectId: string, query: VisitorsQuery): Promise<VisitorsPage>
}

export interface VisitorsRequest {
  projectId: string
  dateFrom: string
  dateTo: string
  maxPages: number
}

export interface VisitorsProgress {
  /** Site-wide totals, from the service (deduplicated there; never summed here). */
  totals?: VisitorTotals
  /** Rows by path: a path seen on two pages (the data moved while reading) is kept once. */
  rows: Map<string, VisitorRow>
  requests: number
  /** The service said there is nothing more (hasMore was false). */
  complete: boolean
  /** Reading stopped at maxPages while the service had more. */
  capped: boolean
}

export function newVisitorsProgress(): VisitorsProgress {
  return { rows: new Map(), requests: 0, complete: false, capped: false }
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

export async function exportVisitors(api: VisitorsApi, req: VisitorsRequest, progress: VisitorsProgress, log: Log): Promise<void> {
  for (let page = 0; page < req.maxPages; page++) {
    const result = await api.getVisitors(req.projectId, {
      dateFrom: req.dateFrom,
      dateTo: req.dateTo,
      limit: PAGE_SIZE,
      offset: page * PAGE_SIZE
    })
    progress.requests++
    progress.totals ??= result.totals
    for (const row of result.visitors) merge(progress.rows, row)
    if (!result.hasMore) {
      progress.complete = true
      return
    }
    if (result.visitors.length === 0) {
      log.warning(
        `The service reported more visitor rows after an empty page (offset ${page * PAGE_SIZE}); the export stops there and is marked partial.`
      )
      return
    }
  }
  progress.capped = true
  log.warning(
    `The visitor export stopped at maxPages (${req.maxPages} requests, ${progress.rows.size} pages read) while the service had more; ` +
      'it is marked partial. Raise maxPages to read everything (analytics allow 100 requests per organization per hour).'
  )
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

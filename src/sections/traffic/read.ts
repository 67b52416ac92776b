// Rows of traffic per page (visitors and views share their shape: path, human, ai, total), and the
// read both make: offset pages, the site totals of the first answer, each path kept once.
import { byText } from '../../text/order.js'
import type { VisitorTotals } from '../../api/schemas.js'
import { sitePath } from '../../text/page-path.js'
import { sectionRead, type SectionRead } from '../../analytics/section.js'

export interface TrafficRow {
  path: string
  human: number
  ai: number
  total: number
}

/**
 * Adds a row to the rows read so far, by its path as the service gave it, shown as `sitePath` keeps
 * it (a path a client made up shows as "(other page)"). A path seen on two pages (the data moved
 * while reading) is kept once, with the larger of each count.
 */
export function mergeTrafficRow<Row extends TrafficRow>(into: Map<string, Row>, row: Row): void {
  const shown = { ...row, path: sitePath(row.path) }
  const seen = into.get(row.path)
  if (!seen) {
    into.set(row.path, shown)
    return
  }
  into.set(row.path, {
    ...shown,
    human: Math.max(seen.human, row.human),
    ai: Math.max(seen.ai, row.ai),
    total: Math.max(seen.total, row.total)
  })
}

/** Rows in a stable order: highest total first, then by path. */
export function sortedRows<Row extends TrafficRow>(rows: Iterable<Row>): Row[] {
  return [...rows].sort((a, b) => b.total - a.total || byText(a.path, b.path))
}

/** What a traffic read keeps: the rows by path, and the site totals (from the service; never summed here). */
export interface TrafficKept<Row extends TrafficRow> {
  rows: Map<string, Row>
  totals?: VisitorTotals
}

/** One answer of a traffic endpoint. */
export interface TrafficAnswer<Row extends TrafficRow> {
  totals: VisitorTotals
  rows: readonly Row[]
  hasMore: boolean
}

/** An offset read of traffic rows into `kept`. */
export function trafficRead<Row extends TrafficRow>(
  key: string,
  name: string,
  pageSize: number,
  kept: TrafficKept<Row>,
  fetch: (offset: number) => Promise<TrafficAnswer<Row>>
): SectionRead<Row> {
  const paging = {
    style: 'offset' as const,
    pageSize,
    fetch: async (offset: number) => {
      const answer = await fetch(offset)
      kept.totals ??= answer.totals
      return answer
    }
  }
  return sectionRead(key, name, paging, (page) => {
    for (const row of page) mergeTrafficRow(kept.rows, row)
  })
}

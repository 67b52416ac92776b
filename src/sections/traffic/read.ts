// Rows of traffic per page (visitors and views share their shape: path, human, ai, total), and the
// part both are read by: every offset page of the range, as few requests as the API allows (pages as
// large as it takes, reading stops as soon as hasMore is false, never past the budget), the site
// totals of the first answer, each path kept once. With a comparison, the previous period's totals
// are read once its pages are (one request with limit 1: every answer carries the site totals).
import type { AnalyticsEndpoint, AnalyticsReader, OffsetQuery } from '../../api/analytics.js'
import type { RequestBudget } from '../../analytics/budget.js'
import type { Comparison } from '../../analytics/comparison.js'
import { sectionRead, type SectionBase, type SectionRead, type SectionRequest } from '../../analytics/reader.js'
import { sectionPart } from '../../analytics/section-part.js'
import type { Part } from '../../core/part.js'
import { SECTION_CATALOG } from '../../core/catalog.js'
import { byText } from '../../text/order.js'
import { readerPath } from '../../text/page-path.js'
import type { VisitorTotals } from './schema.js'

/** How a section shows the paths it reads: the request's `showReaderText` and `sitePages`. */
export type PathShown = Pick<SectionRequest, 'showReaderText' | 'sitePages'>

export interface TrafficRow {
  path: string
  human: number
  ai: number
  total: number
}

/**
 * Adds a row to the rows read so far, by its path as the service gave it, shown as `readerPath` keeps
 * it: a page load's path is set by the client, so a path that does not look like a page of the site
 * shows as "(other page)", and while reader text is hidden a path the site's navigation does not
 * list shows as its label. A path seen on two pages (the data moved while reading) is kept once, with
 * the larger of each count.
 */
export function mergeTrafficRow<Row extends TrafficRow>(into: Map<string, Row>, row: Row, shown: PathShown): void {
  const kept = { ...row, path: readerPath(row.path, shown.showReaderText, shown.sitePages) }
  const seen = into.get(row.path)
  if (!seen) {
    into.set(row.path, kept)
    return
  }
  into.set(row.path, {
    ...kept,
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
  fetch: (offset: number) => Promise<TrafficAnswer<Row>>,
  shown: PathShown
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
    for (const row of page) mergeTrafficRow(kept.rows, row, shown)
  })
}

/** What a traffic section reports. */
export interface TrafficReport<Kind extends 'visitors' | 'views'> extends SectionBase {
  kind: Kind
  /** Site-wide totals, from the service (deduplicated there; never summed here). */
  totals?: VisitorTotals
  /** Most first. */
  rows: TrafficRow[]
  /** The totals of the previous period of the same length, when a comparison was asked for and reached. */
  previous?: Comparison<VisitorTotals>
}

/** How a traffic section is read: its endpoint, the rows of an answer, and how many a request asks for. */
export interface TrafficEndpoint<Page extends { totals: VisitorTotals; hasMore: boolean }> {
  endpoint: AnalyticsEndpoint<Page, OffsetQuery>
  rows(page: Page): readonly TrafficRow[]
  pageSize: number
}

/** The part that reads the traffic section `kind` within the budget, and with `compare` the previous period's totals. */
export function trafficPart<Kind extends 'visitors' | 'views', Page extends { totals: VisitorTotals; hasMore: boolean }>(
  kind: Kind,
  read: TrafficEndpoint<Page>,
  api: AnalyticsReader,
  request: SectionRequest,
  budget: RequestBudget
): Part<TrafficReport<Kind>> {
  const section = SECTION_CATALOG[kind]
  const kept: TrafficKept<TrafficRow> = { rows: new Map() }
  const range = { dateFrom: request.dateFrom, dateTo: request.dateTo }
  const pages = async (offset: number): Promise<TrafficAnswer<TrafficRow>> => {
    const page = await api.analytics(read.endpoint, request.projectId, { ...range, limit: read.pageSize, offset })
    return { totals: page.totals, rows: read.rows(page), hasMore: page.hasMore }
  }
  const reads = [trafficRead(section.reads[0].key, section.reads[0].name, read.pageSize, kept, pages, request)]
  return sectionPart(
    kind,
    request,
    reads,
    budget,
    async (period) => ({ value: (await api.analytics(read.endpoint, request.projectId, { ...period, limit: 1, offset: 0 })).totals }),
    () => ({ totals: kept.totals, rows: sortedRows(kept.rows.values()) })
  )
}

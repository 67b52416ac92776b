// What visitors and page views share in their files, outputs and lines (their rows have the same
// shape): the outputs of their totals, their object in analytics.json, their CSV and their log line.
import type { Comparison } from '../../analytics/comparison.js'
import type { SectionBase } from '../../analytics/reader.js'
import { csvOf } from '../../render/csv.js'
import { partialMark, previousJson } from '../../render/section-data.js'
import { counted, num } from '../../text/format.js'
import type { TrafficRow } from './read.js'
import type { VisitorTotals } from './schema.js'

/** A traffic section's outputs, `{prefix}Human`, `{prefix}Ai` and `{prefix}Total`; empty when its totals were not read. */
export function trafficOutputs(prefix: string, totals: VisitorTotals | undefined): Record<string, string> {
  return {
    [`${prefix}Human`]: totals ? String(totals.human) : '',
    [`${prefix}Ai`]: totals ? String(totals.ai) : '',
    [`${prefix}Total`]: totals ? String(totals.total) : ''
  }
}

/** A traffic section's object in analytics.json, after the base: its totals, the comparison, and every page. */
export function trafficJson(report: {
  totals?: VisitorTotals
  previous?: Comparison<VisitorTotals>
  rows: readonly TrafficRow[]
}): Record<string, unknown> {
  return {
    totals: report.totals ?? null,
    previous: previousJson(report.previous, 'totals'),
    pageCount: report.rows.length,
    pages: report.rows
  }
}

/** Traffic rows (path, human, AI, total) as CSV. */
export function trafficCsv(rows: readonly TrafficRow[]): string {
  return csvOf(
    ['path', 'human', 'ai', 'total'],
    rows.map((row) => [row.path, row.human, row.ai, row.total])
  )
}

/** The log line of a traffic section: "Page views, 17–23 Nov 2026: 1,234 in all (human …, AI …) over 20 pages, in 1 request." */
export function trafficLogLine(
  title: string,
  report: Pick<SectionBase, 'rangeText' | 'requests' | 'partial'> & { totals?: VisitorTotals; rows: readonly unknown[] }
): string | undefined {
  const totals = report.totals
  if (!totals) return undefined
  return (
    `${title}, ${report.rangeText}: ${num(totals.total)} in all (human ${num(totals.human)}, AI ${num(totals.ai)}) over ` +
    `${counted(report.rows.length, 'page')}, in ${counted(report.requests, 'request')}${partialMark(report)}.`
  )
}

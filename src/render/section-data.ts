// What every analytics section's files, outputs and lines share: the opening of its object in
// analytics.json and its comparison, the mark of a partial read, its phrase in the run's last line, and the CSV of
// traffic rows (visitors and page views have the same shape).
import type { Comparison } from '../analytics/comparison.js'
import type { SectionBase } from '../analytics/section.js'
import type { TrafficRow } from '../analytics/traffic.js'
import type { VisitorTotals } from '../api/schemas.js'
import { counted, num } from '../text/format.js'
import { csvOf } from './csv.js'

/** What every section's object in analytics.json starts with. */
export function baseJson(report: SectionBase): Record<string, unknown> {
  return { partial: report.partial, partialReason: report.partialReason ?? null, requests: report.requests }
}

/**
 * The comparison in analytics.json: the previous period, its value under `name`, and why it is
 * missing; null when the run asked for none.
 */
export function previousJson<Value>(previous: Comparison<Value> | undefined, name: string): Record<string, unknown> | null {
  if (!previous) return null
  return { dateFrom: previous.dateFrom, dateTo: previous.dateTo, [name]: previous.value ?? null, missingReason: previous.missing ?? null }
}

/** "; partial" after a log line's counts, when the section is partial. */
export function partialMark(report: Pick<SectionBase, 'partial'>): string {
  return report.partial ? '; partial' : ''
}

/** The section's clause in the run's last line: "page views read (partial)", or "page views not read". */
export function readPhrase(noun: string, report: Pick<SectionBase, 'partial' | 'requests'>): string {
  if (report.requests === 0) return `${noun} not read`
  return `${noun} read${report.partial ? ' (partial)' : ''}`
}

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

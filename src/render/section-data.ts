// What every analytics section's files, outputs and lines share: the opening of its object in
// analytics.json and its comparison, the mark of a partial read, and its phrase in the run's last line.
import type { Comparison } from '../analytics/comparison.js'
import type { SectionBase } from '../analytics/reader.js'

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

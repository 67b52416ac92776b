// What the visitor export amounts to: totals, sorted rows, whether it is partial and why, and the
// failure message when the step must fail. Plain data, from the export's progress and how it ended.
import { type AnalyticsProgress, sortedRows } from './analytics.js'
import { isDateOnly, parseDate } from './inputs.js'
import type { StopError } from './lifetime.js'
import { errorMessage } from './error-message.js'
import type { VisitorRow, VisitorTotals } from './schemas.js'

export interface AnalyticsReport {
  projectId: string
  dateFrom: string
  dateTo: string
  /** The range in words, the exclusive end shown as the last day included. */
  rangeText: string
  totals?: VisitorTotals
  rows: VisitorRow[]
  requests: number
  topPages: number
  partial: boolean
  partialReason?: string
  failure?: string
}

export interface AnalyticsEnding {
  /** The export never started: the run was stopped or failed before it. */
  notStarted?: string
  stop?: StopError
  error?: unknown
}

const DAY_MS = 86_400_000

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']

/** "14 Nov 2026" (UTC). By hand: toLocaleDateString would load locale data for this alone. */
function dayText(at: number): string {
  const d = new Date(at)
  return `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`
}

export function describeRange(dateFrom: string, dateTo: string): string {
  const from = parseDate(dateFrom) as number
  const to = parseDate(dateTo) as number
  if (isDateOnly(dateFrom) && isDateOnly(dateTo)) {
    const days = Math.round((to - from) / DAY_MS)
    const last = to - DAY_MS
    const span = days === 1 ? dayText(from) : `${dayText(from)} to ${dayText(last)}`
    return `${span} (${days} ${days === 1 ? 'day' : 'days'}, UTC)`
  }
  return `${dateFrom} up to, not including, ${dateTo}`
}

export function judgeAnalytics(
  progress: AnalyticsProgress,
  req: { projectId: string; dateFrom: string; dateTo: string; topPages: number },
  ending: AnalyticsEnding
): AnalyticsReport {
  const report: AnalyticsReport = {
    projectId: req.projectId,
    dateFrom: req.dateFrom,
    dateTo: req.dateTo,
    rangeText: describeRange(req.dateFrom, req.dateTo),
    totals: progress.totals,
    rows: sortedRows(progress.rows.values()),
    requests: progress.requests,
    topPages: req.topPages,
    partial: !progress.complete
  }
  if (ending.notStarted) {
    report.partialReason = `not exported: ${ending.notStarted}`
  } else if (ending.stop) {
    report.partialReason = ending.stop.reason === 'timeout' ? 'the deadline (timeoutMinutes) passed while reading' : `the run was cancelled (${ending.stop.signalName ?? 'signal'}) while reading`
    report.failure = `Visitor analytics are incomplete: ${report.partialReason}; ${progress.rows.size} pages read in ${progress.requests} requests.`
  } else if (ending.error !== undefined) {
    report.partialReason = 'a request failed while reading'
    report.failure = progress.requests > 0 ? `Visitor analytics are incomplete after ${progress.requests} requests. ${errorMessage(ending.error)}` : errorMessage(ending.error)
  } else if (progress.capped) {
    report.partialReason = `reading stopped at maxPages (${progress.requests} requests) while the service had more`
  } else if (!progress.complete) {
    report.partialReason = 'the service reported more rows after an empty page'
  }
  return report
}

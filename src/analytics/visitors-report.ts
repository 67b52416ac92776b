// What the visitor export amounts to: totals, sorted rows, whether it is partial and why, and the
// failure message when the step must fail. Plain data, from the export's progress and how it ended.
import type { VisitorRow, VisitorTotals } from '../api/schemas.js'
import { errorMessage } from '../run/error-message.js'
import type { PartEnding } from '../run/part.js'
import { describeRange } from '../text/dates.js'
import { counted } from '../text/format.js'
import type { RequestBudget } from './budget.js'
import { cutText } from './pager.js'
import { stoppedWhileReading } from './section.js'
import { sortedRows } from './traffic.js'
import { type PreviousPeriod, visitorRequests, type VisitorsProgress } from './visitors.js'

export interface VisitorsReport {
  kind: 'visitors'
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
  /** The previous period of the same length, when a comparison was asked for and reached. */
  previous?: PreviousPeriod
}

export function judgeVisitors(
  progress: VisitorsProgress,
  req: { projectId: string; dateFrom: string; dateTo: string; topPages: number },
  ending: PartEnding,
  budget: RequestBudget
): VisitorsReport {
  const requests = visitorRequests(progress)
  const report: VisitorsReport = {
    kind: 'visitors',
    projectId: req.projectId,
    dateFrom: req.dateFrom,
    dateTo: req.dateTo,
    rangeText: describeRange(req.dateFrom, req.dateTo),
    totals: progress.totals,
    rows: sortedRows(progress.rows.values()),
    requests,
    topPages: req.topPages,
    partial: !progress.read.complete,
    previous: progress.previous
  }
  if (ending.kind === 'skipped') {
    report.partialReason = `the run was ${ending.stop.reason === 'timeout' ? 'out of time' : 'cancelled'} before the export`
  } else if (ending.kind === 'stopped') {
    report.partialReason = stoppedWhileReading(ending.stop)
    report.failure = `Visitor analytics are incomplete: ${report.partialReason}; ${counted(progress.rows.size, 'page')} read in ${counted(requests, 'request')}.`
  } else if (ending.kind === 'failed') {
    report.partialReason = 'a request failed while reading'
    report.failure =
      requests > 0
        ? `Visitor analytics are incomplete after ${counted(requests, 'request')}. ${errorMessage(ending.error)}`
        : errorMessage(ending.error)
  } else if (progress.read.cut !== undefined) {
    report.partialReason = cutText(progress.read.cut, budget)
  }
  return report
}

// The other analytics sections' step outputs and their lines in the log. An output a section could
// not read is empty, never 0: a later step can tell "none" from "unknown".
import type { AssistantReport } from '../analytics/assistant.js'
import { type FeedbackReport, negativeFeedback } from '../analytics/feedback.js'
import type { SearchesReport } from '../analytics/searches.js'
import { noClick } from '../analytics/searches.js'
import type { ViewsReport } from '../analytics/views.js'
import { counted, num } from '../text/format.js'

const partialMark = (report: { partial: boolean }): string => (report.partial ? '; partial' : '')

export function viewsOutputs(report: ViewsReport): Record<string, string> {
  const totals = report.totals
  return {
    viewsHuman: totals ? String(totals.human) : '',
    viewsAi: totals ? String(totals.ai) : '',
    viewsTotal: totals ? String(totals.total) : ''
  }
}

export function viewsLogLine(report: ViewsReport): string | undefined {
  const totals = report.totals
  if (!totals) return undefined
  return (
    `Page views, ${report.rangeText}: ${num(totals.total)} in all (human ${num(totals.human)}, AI ${num(totals.ai)}) over ` +
    `${counted(report.rows.length, 'page')}, in ${counted(report.requests, 'request')}${partialMark(report)}.`
  )
}

export function searchesOutputs(report: SearchesReport): Record<string, string> {
  return { searchesTotal: report.totalSearches === undefined ? '' : String(report.totalSearches) }
}

export function searchesLogLine(report: SearchesReport): string | undefined {
  if (report.totalSearches === undefined) return undefined
  const unclicked = report.rows.filter(noClick).length
  return (
    `Searches, ${report.rangeText}: ${num(report.totalSearches)} over ${counted(report.rows.length, 'term')}, ` +
    `${num(unclicked)} with no click, in ${counted(report.requests, 'request')}${partialMark(report)}.`
  )
}

/** Something was read of the feedback: the counts per page, or at least one request of rows. */
const feedbackRead = (report: FeedbackReport): boolean => report.pages !== undefined || report.requests > 0

export function feedbackOutputs(report: FeedbackReport): Record<string, string> {
  return { feedbackNegative: feedbackRead(report) ? String(negativeFeedback(report)) : '' }
}

export function feedbackLogLine(report: FeedbackReport): string | undefined {
  if (!feedbackRead(report)) return undefined
  return (
    `Feedback, ${report.rangeText}: ${num(negativeFeedback(report))} negative over ${counted(report.pages?.length ?? 0, 'page')}, ` +
    `${counted(report.entries.length, 'feedback row')}, in ${counted(report.requests, 'request')}${partialMark(report)}.`
  )
}

const unansweredOf = (report: AssistantReport): number => report.questions.filter((q) => q.resolutionStatus === 'unanswered').length

export function assistantOutputs(report: AssistantReport): Record<string, string> {
  return { assistantUnanswered: report.requests > 0 ? String(unansweredOf(report)) : '' }
}

export function assistantLogLine(report: AssistantReport): string | undefined {
  if (report.requests === 0) return undefined
  return (
    `Assistant, ${report.rangeText}: ${counted(report.questions.length, 'question')}, ${num(unansweredOf(report))} unanswered, ` +
    `in ${counted(report.requests, 'request')}${partialMark(report)}.`
  )
}

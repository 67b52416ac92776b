// The visitor export's step outputs and its line in the log.
import type { VisitorsReport } from '../analytics/visitors-report.js'
import { counted, num } from '../text/format.js'

export function visitorsOutputs(report: VisitorsReport): Record<string, string> {
  const totals = report.totals
  return {
    visitorsHuman: totals ? String(totals.human) : '',
    visitorsAi: totals ? String(totals.ai) : '',
    visitorsTotal: totals ? String(totals.total) : '',
    pageCount: totals ? String(report.rows.length) : ''
  }
}

export function visitorsLogLine(report: VisitorsReport): string | undefined {
  const totals = report.totals
  if (!totals) return undefined
  return (
    `Visitors, ${report.rangeText}: ${num(totals.total)} in all (human ${num(totals.human)}, AI ${num(totals.ai)}) over ` +
    `${counted(report.rows.length, 'page')}, in ${counted(report.requests, 'request')}${report.partial ? '; partial' : ''}.`
  )
}

// The visitor section in every place the run shows it: the summary (visitors-summary.ts), its
// object in analytics.json and its CSV, its outputs, and its lines in the log.
import type { VisitorsReport } from '../analytics/visitors.js'
import type { Headline, SectionRenderer } from './renderer.js'
import { baseJson, readPhrase, trafficCsv, trafficLogLine, trafficOutputs } from './section-data.js'
import { visitorsSummaryHtml } from './visitors-summary.js'

function visitorsHeadlines(report: VisitorsReport): Headline[] {
  const { totals, previous } = report
  if (!totals) return []
  const before = (value: number | undefined): Headline['previous'] =>
    previous && value !== undefined ? { value, dateFrom: previous.dateFrom, dateTo: previous.dateTo } : undefined
  return [
    { name: 'Human visitors', value: totals.human, previous: before(previous?.totals?.human) },
    { name: 'AI visitors', value: totals.ai, previous: before(previous?.totals?.ai) }
  ]
}

export const visitorsRenderer: SectionRenderer<VisitorsReport> = {
  title: 'Visitors',
  summaryHtml: visitorsSummaryHtml,
  headlines: visitorsHeadlines,
  outputs: (report) => ({
    ...trafficOutputs('visitors', report.totals),
    pageCount: report.totals ? String(report.rows.length) : ''
  }),
  json: (report) => ({
    ...baseJson(report),
    totals: report.totals ?? null,
    previous: report.previous
      ? {
          dateFrom: report.previous.dateFrom,
          dateTo: report.previous.dateTo,
          totals: report.previous.totals ?? null,
          missingReason: report.previous.missing ?? null
        }
      : null,
    pageCount: report.rows.length,
    pages: report.rows
  }),
  csv: (report) => (report.requests > 0 ? [{ name: 'visitors.csv', output: 'analyticsCsvFile', content: trafficCsv(report.rows) }] : []),
  logLine: (report) => trafficLogLine('Visitors', report),
  endPhrase: (report) => readPhrase('visitors', report)
}

// The visitor section in every place the run shows it: the summary (visitors-summary.ts), its
// object in analytics.json and its CSV, its outputs, and its lines in the log.
import type { VisitorsReport } from '../analytics/visitors.js'
import { type Headline, previousOf, type SectionRenderer } from './renderer.js'
import { baseJson, previousJson, readPhrase, trafficCsv, trafficLogLine, trafficOutputs } from './section-data.js'
import { visitorsSummaryHtml } from './visitors-summary.js'

function visitorsHeadlines(report: VisitorsReport): Headline[] {
  const { totals, previous } = report
  if (!totals) return []
  return [
    { name: 'Human visitors', value: totals.human, previous: previousOf(previous, (t) => t.human) },
    { name: 'AI visitors', value: totals.ai, previous: previousOf(previous, (t) => t.ai) }
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
    previous: previousJson(report.previous, 'totals'),
    pageCount: report.rows.length,
    pages: report.rows
  }),
  csv: (report) => (report.requests > 0 ? [{ name: 'visitors.csv', output: 'analyticsCsvFile', content: trafficCsv(report.rows) }] : []),
  logLine: (report) => trafficLogLine('Visitors', report),
  endPhrase: (report) => readPhrase('visitors', report)
}

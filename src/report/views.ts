// The page-views section in every place the run shows it: the summary (views-summary.ts), its
// object in analytics.json and its CSV, its outputs, and its lines in the log.
import type { ViewsReport } from '../analytics/views.js'
import { previousOf, type SectionRenderer } from './renderer.js'
import { baseJson, previousJson, readPhrase, trafficCsv, trafficLogLine, trafficOutputs } from './section-data.js'
import { viewsSummaryHtml } from './views-summary.js'

export const viewsRenderer: SectionRenderer<ViewsReport> = {
  title: 'Page views',
  summaryHtml: viewsSummaryHtml,
  headlines: (report) =>
    report.totals ? [{ name: 'Page views', value: report.totals.total, previous: previousOf(report.previous, (t) => t.total) }] : [],
  outputs: (report) => trafficOutputs('views', report.totals),
  json: (report) => ({
    ...baseJson(report),
    totals: report.totals ?? null,
    previous: previousJson(report.previous, 'totals'),
    pageCount: report.rows.length,
    pages: report.rows
  }),
  csv: (report) => (report.requests > 0 ? [{ name: 'views.csv', content: trafficCsv(report.rows) }] : []),
  logLine: (report) => trafficLogLine('Page views', report),
  endPhrase: (report) => readPhrase('page views', report)
}

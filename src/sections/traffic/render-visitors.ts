// The visitor section in every place the run shows it: the summary (traffic-summary.ts, with the
// page views when they were read too), its
// object in analytics.json and its CSV, its outputs, and its lines in the log.
import { SECTION_CATALOG } from '../../core/catalog.js'
import type { ViewsReport } from './read-views.js'
import type { VisitorsReport } from './read-visitors.js'
import { type Headline, headline, previousOf, type SectionRenderer } from '../../render/renderer.js'
import { trafficSummaryHtml } from './summary.js'
import { baseJson, readPhrase } from '../../render/section-data.js'
import { trafficCsv, trafficJson, trafficLogLine, trafficOutputs } from './render-data.js'

function visitorsHeadlines(report: VisitorsReport): Headline[] {
  const { totals, previous } = report
  if (!totals) return []
  return [
    headline('visitorsHuman', totals.human, { previous: previousOf(previous, (t) => t.human) }),
    headline('visitorsAi', totals.ai, { previous: previousOf(previous, (t) => t.ai) })
  ]
}

export const visitorsRenderer: SectionRenderer<VisitorsReport> = {
  banner: SECTION_CATALOG.visitors.banner,
  // With the page views in the same report, one block shows both (traffic-summary.ts).
  summaryHtml: (report, others = []) =>
    trafficSummaryHtml({ visitors: report, views: others.find((other): other is ViewsReport => other.kind === 'views') }),
  headlines: visitorsHeadlines,
  // Each page's human visitors: what bounds the thumbs up Fix first credits it with (fix-first.ts, credible).
  signals: (report) => report.rows.map((row) => ({ kind: 'visited', count: row.human, page: row.path })),
  pageNumbers: (report) => ({ visitors: report.rows.map((row) => ({ path: row.path, count: row.human })) }),
  outputs: (report) => ({
    ...trafficOutputs('visitors', report.totals),
    pageCount: report.totals ? String(report.rows.length) : ''
  }),
  json: (report) => ({ ...baseJson(report), ...trafficJson(report) }),
  csv: (report) => (report.requests > 0 ? [{ name: 'visitors.csv', output: 'analyticsCsvFile', content: trafficCsv(report.rows) }] : []),
  logLine: (report) => trafficLogLine(SECTION_CATALOG.visitors.banner, report),
  endPhrase: (report) => readPhrase(SECTION_CATALOG.visitors.noun, report)
}

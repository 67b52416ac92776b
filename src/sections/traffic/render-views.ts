// The page-views section in every place the run shows it: the summary (traffic-summary.ts), its
// object in analytics.json and its CSV, its outputs, and its lines in the log.
import { SECTION_CATALOG } from '../../core/catalog.js'
import type { ViewsReport } from './read-views.js'
import { headline, previousOf, type SectionRenderer } from '../../render/renderer.js'
import { openingHtml, sectionHtml } from '../../render/section-html.js'
import { TRAFFIC_ICON, trafficSummaryHtml } from './summary.js'
import { baseJson, readPhrase } from '../../render/section-data.js'
import { trafficCsv, trafficJson, trafficLogLine, trafficOutputs } from './render-data.js'

/**
 * The page views' part of the summary. Read with the visitors, their counts are in the visitors'
 * block (summary.ts), and this part only says why they are incomplete, when they are.
 */
function viewsSummaryHtml(report: ViewsReport, others?: readonly { kind: string }[]): string {
  if (!others?.some((other) => other.kind === 'visitors')) return trafficSummaryHtml({ views: report })
  const read = report.totals !== undefined || report.rows.length > 0
  if (!report.failure && !report.partial && read) return ''
  return sectionHtml(openingHtml(report, TRAFFIC_ICON, 'Page views', read))
}

export const viewsRenderer: SectionRenderer<ViewsReport> = {
  banner: SECTION_CATALOG.views.banner,
  summaryHtml: viewsSummaryHtml,
  headlines: (report) =>
    report.totals ? [headline('views', report.totals.total, { previous: previousOf(report.previous, (t) => t.total) })] : [],
  pageNumbers: (report) => ({ views: report.rows.map((row) => ({ path: row.path, count: row.total })) }),
  outputs: (report) => trafficOutputs('views', report.totals),
  json: (report) => ({ ...baseJson(report), ...trafficJson(report) }),
  csv: (report) => (report.requests > 0 ? [{ name: 'views.csv', content: trafficCsv(report.rows) }] : []),
  logLine: (report) => trafficLogLine(SECTION_CATALOG.views.banner, report),
  endPhrase: (report) => readPhrase(SECTION_CATALOG.views.noun, report)
}

// Step outputs, files and the job summary, produced in one place from the run's report data.
import { analyticsCsv, analyticsJson } from './analytics-files.js'
import type { AnalyticsReport } from './analytics-report.js'
import { analyticsSummaryHtml } from './analytics-summary.js'
import { jobSummaryHtml } from './job-summary.js'
import type { JobReport } from './outcome.js'

export interface RunReport {
  job?: JobReport
  analytics?: AnalyticsReport
}

export interface ReportSink {
  setOutput(name: string, value: string): void
  /** Writes a file for later steps (under RUNNER_TEMP) and returns its path. */
  writeFile(name: string, content: string): Promise<string>
  /** Appends HTML to the job summary. */
  appendSummary(html: string): Promise<void>
}

export interface ReportFiles {
  analyticsFile?: string
  analyticsCsvFile?: string
}

export function outputsOf(report: RunReport, files: ReportFiles = {}): Record<string, string> {
  const outputs: Record<string, string> = {}
  if (report.job) {
    const job = report.job
    outputs.jobId = job.jobId ?? ''
    outputs.status = job.status ?? ''
    outputs.prLink = job.prLink ?? ''
    outputs.prNumber = job.prNumber ?? ''
  }
  if (report.analytics) {
    const totals = report.analytics.totals
    outputs.visitorsHuman = totals ? String(totals.human) : ''
    outputs.visitorsAi = totals ? String(totals.ai) : ''
    outputs.visitorsTotal = totals ? String(totals.total) : ''
    outputs.pageCount = totals ? String(report.analytics.rows.length) : ''
    outputs.analyticsFile = files.analyticsFile ?? ''
    outputs.analyticsCsvFile = files.analyticsCsvFile ?? ''
  }
  return outputs
}

export function summaryOf(report: RunReport): string {
  return (report.job ? jobSummaryHtml(report.job) : '') + (report.analytics ? analyticsSummaryHtml(report.analytics) : '')
}

/** Writes the files, sets every output and writes the summary. */
export async function publish(report: RunReport, sink: ReportSink): Promise<void> {
  const files: ReportFiles = {}
  if (report.analytics?.totals) {
    files.analyticsFile = await sink.writeFile('visitors.json', analyticsJson(report.analytics))
    files.analyticsCsvFile = await sink.writeFile('visitors.csv', analyticsCsv(report.analytics))
  }
  for (const [name, value] of Object.entries(outputsOf(report, files))) sink.setOutput(name, value)
  const html = summaryOf(report)
  if (html !== '') await sink.appendSummary(html)
}

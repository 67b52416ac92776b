// What each part of a run reports, and how each kind of report is rendered: its summary section,
// its step outputs, its part of the analytics files and its line in the log. A new kind of section
// is one more entry here.
import type { JobReport } from '../agent/outcome.js'
import type { AssistantReport } from '../analytics/assistant.js'
import type { FeedbackReport } from '../analytics/feedback.js'
import type { SearchesReport } from '../analytics/searches.js'
import type { ViewsReport } from '../analytics/views.js'
import type { VisitorsReport } from '../analytics/visitors-report.js'
import {
  assistantCsv,
  assistantJson,
  feedbackCsv,
  feedbackJson,
  feedbackPagesCsv,
  searchesCsv,
  searchesJson,
  viewsCsv,
  viewsJson
} from './analytics-files.js'
import {
  assistantLogLine,
  assistantOutputs,
  feedbackLogLine,
  feedbackOutputs,
  searchesLogLine,
  searchesOutputs,
  viewsLogLine,
  viewsOutputs
} from './analytics-outputs.js'
import { assistantSummaryHtml } from './assistant-summary.js'
import { feedbackSummaryHtml } from './feedback-summary.js'
import { jobLogLine, jobOutputs } from './job-outputs.js'
import { jobSummaryHtml } from './job-summary.js'
import { searchesSummaryHtml } from './searches-summary.js'
import { viewsSummaryHtml } from './views-summary.js'
import { visitorsCsv, visitorsJson } from './visitors-files.js'
import { visitorsLogLine, visitorsOutputs } from './visitors-outputs.js'
import { visitorsSummaryHtml } from './visitors-summary.js'

export type AnalyticsSection = VisitorsReport | ViewsReport | SearchesReport | FeedbackReport | AssistantReport
export type Section = JobReport | AnalyticsSection

/** A CSV file of a section, written to the analytics folder; `output` names the step output that gives its path, if any. */
export interface SectionFile {
  name: string
  content: string
  output?: string
}

interface Renderer<S extends Section> {
  summaryHtml(section: S): string
  outputs(section: S): Record<string, string>
  /**
   * The section's part of the analytics file: under `key`, or at the top level without one. The
   * sections beside visitors always have one, so that a section cut before its first request is
   * still marked partial in the file; visitors have theirs only once their totals were read, as before.
   */
  json?: { key?: string; value(section: S): Record<string, unknown> | undefined }
  /** Its CSV files, when it read anything. */
  csv?(section: S): SectionFile[]
  /** The line the log shows once the part is reported, if any. */
  logLine(section: S): string | undefined
}

type Renderers = { [K in Section['kind']]: Renderer<Extract<Section, { kind: K }>> }

const RENDERERS: Renderers = {
  job: { summaryHtml: jobSummaryHtml, outputs: jobOutputs, logLine: jobLogLine },
  visitors: {
    summaryHtml: visitorsSummaryHtml,
    outputs: visitorsOutputs,
    json: { value: (report) => (report.totals ? visitorsJson(report) : undefined) },
    csv: (report) => (report.totals ? [{ name: 'visitors.csv', output: 'analyticsCsvFile', content: visitorsCsv(report) }] : []),
    logLine: visitorsLogLine
  },
  views: {
    summaryHtml: viewsSummaryHtml,
    outputs: viewsOutputs,
    json: { key: 'views', value: viewsJson },
    csv: (report) => (report.requests > 0 ? [{ name: 'views.csv', content: viewsCsv(report) }] : []),
    logLine: viewsLogLine
  },
  searches: {
    summaryHtml: searchesSummaryHtml,
    outputs: searchesOutputs,
    json: { key: 'searches', value: searchesJson },
    csv: (report) => (report.requests > 0 ? [{ name: 'searches.csv', content: searchesCsv(report) }] : []),
    logLine: searchesLogLine
  },
  feedback: {
    summaryHtml: feedbackSummaryHtml,
    outputs: feedbackOutputs,
    json: { key: 'feedback', value: feedbackJson },
    csv: (report) =>
      report.requests > 0
        ? [
            { name: 'feedback-pages.csv', content: feedbackPagesCsv(report) },
            { name: 'feedback.csv', content: feedbackCsv(report) }
          ]
        : [],
    logLine: feedbackLogLine
  },
  assistant: {
    summaryHtml: assistantSummaryHtml,
    outputs: assistantOutputs,
    json: { key: 'assistant', value: assistantJson },
    csv: (report) => (report.requests > 0 ? [{ name: 'assistant.csv', content: assistantCsv(report) }] : []),
    logLine: assistantLogLine
  }
}

function rendererOf<S extends Section>(section: S): Renderer<S> {
  return RENDERERS[section.kind] as unknown as Renderer<S>
}

export const summaryHtmlOf = (section: Section): string => rendererOf(section).summaryHtml(section)
export const outputsOf = (section: Section): Record<string, string> => rendererOf(section).outputs(section)
export const logLineOf = (section: Section): string | undefined => rendererOf(section).logLine(section)
export const csvFilesOf = (section: Section): SectionFile[] => rendererOf(section).csv?.(section) ?? []

/** The section's part of the analytics file: its key (undefined for the top level) and value; undefined when it has none. */
export function jsonOf(section: Section): { key?: string; value: Record<string, unknown> } | undefined {
  const json = rendererOf(section).json
  const value = json?.value(section)
  return value && { key: json?.key, value }
}

export function isAnalytics(section: Section): section is AnalyticsSection {
  return section.kind !== 'job'
}

// What each part of a run reports, and how each kind of report is rendered: its summary section,
// its step outputs, its files and its line in the log. A new kind of section is one more entry here.
import type { JobReport } from '../agent/outcome.js'
import type { VisitorsReport } from '../analytics/visitors-report.js'
import { jobLogLine, jobOutputs } from './job-outputs.js'
import { jobSummaryHtml } from './job-summary.js'
import { visitorsCsv, visitorsJson } from './visitors-files.js'
import { visitorsLogLine, visitorsOutputs } from './visitors-outputs.js'
import { visitorsSummaryHtml } from './visitors-summary.js'

export type Section = JobReport | VisitorsReport

/** A file for later steps: its name, its content, and the output that gives its path. */
export interface SectionFile {
  name: string
  output: string
  content: string
}

interface Renderer<S extends Section> {
  summaryHtml(section: S): string
  /** Outputs, given the paths of the files written (by output name). */
  outputs(section: S, paths: Readonly<Record<string, string>>): Record<string, string>
  files(section: S): SectionFile[]
  /** The line the log shows once the part is reported, if any. */
  logLine(section: S): string | undefined
}

type Renderers = { [K in Section['kind']]: Renderer<Extract<Section, { kind: K }>> }

const RENDERERS: Renderers = {
  job: { summaryHtml: jobSummaryHtml, outputs: jobOutputs, files: () => [], logLine: jobLogLine },
  visitors: {
    summaryHtml: visitorsSummaryHtml,
    outputs: visitorsOutputs,
    files: (report) =>
      report.totals
        ? [
            { name: 'visitors.json', output: 'analyticsFile', content: visitorsJson(report) },
            { name: 'visitors.csv', output: 'analyticsCsvFile', content: visitorsCsv(report) }
          ]
        : [],
    logLine: visitorsLogLine
  }
}

function rendererOf<S extends Section>(section: S): Renderer<S> {
  return RENDERERS[section.kind] as unknown as Renderer<S>
}

export const summaryHtmlOf = (section: Section): string => rendererOf(section).summaryHtml(section)
export const outputsOf = (section: Section, paths: Readonly<Record<string, string>> = {}): Record<string, string> =>
  rendererOf(section).outputs(section, paths)
export const filesOf = (section: Section): SectionFile[] => rendererOf(section).files(section)
export const logLineOf = (section: Section): string | undefined => rendererOf(section).logLine(section)

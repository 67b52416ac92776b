// Step outputs, files and the job summary, produced in one place from the sections of a run.
import { dirname } from 'node:path'
import { docsGapsOf } from './docs-gaps.js'
import { footerHtml, type RunInfo } from './footer.js'
import { type AnalyticsSection, csvFilesOf, isAnalytics, jsonOf, outputsOf, type Section, summaryHtmlOf } from './sections.js'

export interface ReportSink {
  setOutput(name: string, value: string): void
  /** Writes a file for later steps (all of a run's files in one folder, under RUNNER_TEMP) and returns its path. */
  writeFile(name: string, content: string): Promise<string>
  /** Appends HTML to the job summary. */
  appendSummary(html: string): Promise<void>
}

/** GitHub drops a job summary of more than 1 MiB whole; the run keeps well under it. */
export const SUMMARY_LIMIT_BYTES = 1024 * 1024
/** Room kept for the footer and the note on a section left out. */
const SUMMARY_RESERVE_BYTES = 8 * 1024

/**
 * The job summary of a run: each section's part, in order, and the footer when `run` is given. A
 * section that would take the summary past GitHub's limit is replaced by a line that says so (each
 * section keeps to its own budget, so this is a last guard, not the plan).
 */
export function summaryOf(sections: readonly Section[], run?: RunInfo): string {
  let html = ''
  let bytes = 0
  for (const section of sections) {
    let part = summaryHtmlOf(section)
    const size = Buffer.byteLength(part)
    if (bytes + size > SUMMARY_LIMIT_BYTES - SUMMARY_RESERVE_BYTES) {
      part = `<p>The ${section.kind} section is left out: it would take the summary past GitHub's 1 MiB limit. The analytics files hold everything read.</p>\n`
    }
    html += part
    bytes += Buffer.byteLength(part)
  }
  return html !== '' && run ? html + footerHtml(run) : html
}

/** The analytics file: the range, then each section's part (the visitor export's at the top level, as before the other sections). */
function analyticsJson(sections: readonly AnalyticsSection[]): string | undefined {
  const parts = sections.flatMap((section) => {
    const json = jsonOf(section)
    return json ? [json] : []
  })
  const [first] = sections
  // No file when nothing at all was read (the key was refused, say): the failure says why.
  if (!first || !sections.some((section) => section.requests > 0)) return undefined
  const withText = sections.find((section) => section.kind !== 'visitors')
  const file: Record<string, unknown> = {
    projectId: first.projectId,
    dateFrom: first.dateFrom,
    dateTo: first.dateTo,
    dateToExclusive: true
  }
  if (withText && 'readerText' in withText) file.readerText = withText.readerText ? 'shown' : 'hidden'
  for (const part of parts) {
    if (part.key === undefined) Object.assign(file, part.value)
    else file[part.key] = part.value
  }
  return `${JSON.stringify(file, null, 2)}\n`
}

/** Writes the files, sets every output and writes the summary. */
export async function publish(sections: readonly Section[], sink: ReportSink, run?: RunInfo): Promise<void> {
  const outputs: Record<string, string> = {}
  const analytics = sections.filter(isAnalytics)
  for (const section of sections) {
    Object.assign(outputs, outputsOf(section))
    for (const file of csvFilesOf(section)) {
      const path = await sink.writeFile(file.name, file.content)
      if (file.output !== undefined) outputs[file.output] = path
    }
  }
  if (analytics.length > 0) {
    // Set even when no visitors were read, as before the other sections came.
    if (!('analyticsCsvFile' in outputs)) outputs.analyticsCsvFile = ''
    const json = analyticsJson(analytics)
    const path = json === undefined ? undefined : await sink.writeFile('analytics.json', json)
    outputs.analyticsFile = path ?? ''
    outputs.analyticsDir = path === undefined ? '' : dirname(path)
    outputs.docsGaps = docsGapsOf(analytics)
  }
  for (const [name, value] of Object.entries(outputs)) sink.setOutput(name, value)
  const html = summaryOf(sections, run)
  if (html !== '') await sink.appendSummary(html)
}

// Step outputs, files and the job summary, produced in one place from the reports of a run, each
// shown by its renderer (sections.ts).
import { dirname } from 'node:path'
import { docsGapsText } from '../report/docs-gaps.js'
import { footerHtml, type RunInfo } from '../report/footer.js'
import type { ReportSink } from '../report/sink.js'
import { isSectionReport, type PartReport, readsReaderText, rendererOf, type SectionReport, sectionRendererOf } from './sections.js'

/** GitHub drops a job summary of more than 1 MiB whole; the run keeps well under it. */
export const SUMMARY_LIMIT_BYTES = 1024 * 1024
/** Room kept for the footer and the note on a section left out. */
const SUMMARY_RESERVE_BYTES = 8 * 1024

/**
 * The job summary of a run: each section's part, in order, and the footer when `run` is given. A
 * section that would take the summary past GitHub's limit is replaced by a line that says so (each
 * section keeps to its own budget, so this is a last guard, not the plan).
 */
export function summaryOf(reports: readonly PartReport[], run?: RunInfo): string {
  let html = ''
  let bytes = 0
  for (const report of reports) {
    let part = rendererOf(report).summaryHtml(report)
    const size = Buffer.byteLength(part)
    if (bytes + size > SUMMARY_LIMIT_BYTES - SUMMARY_RESERVE_BYTES) {
      part = `<p>The ${report.kind} section is left out: it would take the summary past GitHub's 1 MiB limit. The analytics files hold everything read.</p>\n`
    }
    html += part
    bytes += Buffer.byteLength(part)
  }
  return html !== '' && run ? html + footerHtml(run) : html
}

/** The analytics file: the range, whether reader text is in it, then each section's object under its name. */
function analyticsJson(sections: readonly SectionReport[]): string | undefined {
  const [first] = sections
  // No file when nothing at all was read (the key was refused, say): the failure says why.
  if (!first || !sections.some((section) => section.requests > 0)) return undefined
  const file: Record<string, unknown> = {
    projectId: first.projectId,
    dateFrom: first.dateFrom,
    dateTo: first.dateTo,
    dateToExclusive: true
  }
  const withText = sections.find((section) => readsReaderText([section.kind]))
  if (withText) file.readerText = withText.showReaderText ? 'shown' : 'hidden'
  for (const section of sections) file[section.kind] = sectionRendererOf(section).json(section)
  return `${JSON.stringify(file, null, 2)}\n`
}

/** docsGaps: the gaps of every section that shows some, in report order, over the range of the first. */
export function docsGapsOf(sections: readonly SectionReport[]): string {
  const found = sections.flatMap((section) => {
    const list = sectionRendererOf(section).gaps?.(section)
    return list ? [{ list, range: section.rangeText }] : []
  })
  return docsGapsText(
    found.map((gap) => gap.list),
    found[0]?.range ?? ''
  )
}

/** Writes the files, sets every output and writes the summary. */
export async function publish(reports: readonly PartReport[], sink: ReportSink, run?: RunInfo): Promise<void> {
  const outputs: Record<string, string> = {}
  const analytics = reports.filter(isSectionReport)
  for (const report of reports) Object.assign(outputs, rendererOf(report).outputs(report))
  for (const section of analytics) {
    for (const file of sectionRendererOf(section).csv(section)) {
      const path = await sink.writeFile(file.name, file.content)
      if (file.output !== undefined) outputs[file.output] = path
    }
  }
  if (analytics.length > 0) {
    // Every analytics output is set in a run that reads analytics, empty when its file was not written.
    if (!('analyticsCsvFile' in outputs)) outputs.analyticsCsvFile = ''
    const json = analyticsJson(analytics)
    const path = json === undefined ? undefined : await sink.writeFile('analytics.json', json)
    outputs.analyticsFile = path ?? ''
    outputs.analyticsDir = path === undefined ? '' : dirname(path)
    outputs.docsGaps = docsGapsOf(analytics)
  }
  for (const [name, value] of Object.entries(outputs)) sink.setOutput(name, value)
  const html = summaryOf(reports, run)
  if (html !== '') await sink.appendSummary(html)
}

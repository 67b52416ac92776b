// Step outputs, files and the job summary, produced in one place from the sections of a run.
import { footerHtml, type RunInfo } from './footer.js'
import { filesOf, outputsOf, type Section, summaryHtmlOf } from './sections.js'

export interface ReportSink {
  setOutput(name: string, value: string): void
  /** Writes a file for later steps (under RUNNER_TEMP) and returns its path. */
  writeFile(name: string, content: string): Promise<string>
  /** Appends HTML to the job summary. */
  appendSummary(html: string): Promise<void>
}

/** The job summary of a run: each section's part, in order, and the footer when `run` is given. */
export function summaryOf(sections: readonly Section[], run?: RunInfo): string {
  const html = sections.map(summaryHtmlOf).join('')
  return html !== '' && run ? html + footerHtml(run) : html
}

/** Writes the files, sets every output and writes the summary. */
export async function publish(sections: readonly Section[], sink: ReportSink, run?: RunInfo): Promise<void> {
  for (const section of sections) {
    const paths: Record<string, string> = {}
    for (const file of filesOf(section)) paths[file.output] = await sink.writeFile(file.name, file.content)
    for (const [name, value] of Object.entries(outputsOf(section, paths))) sink.setOutput(name, value)
  }
  const html = summaryOf(sections, run)
  if (html !== '') await sink.appendSummary(html)
}

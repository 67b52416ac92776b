// Step outputs, files and the job summary, produced in one place from the sections of a run.
import { filesOf, outputsOf, type Section, summaryHtmlOf } from './sections.js'

export interface ReportSink {
  setOutput(name: string, value: string): void
  /** Writes a file for later steps (under RUNNER_TEMP) and returns its path. */
  writeFile(name: string, content: string): Promise<string>
  /** Appends HTML to the job summary. */
  appendSummary(html: string): Promise<void>
}

/** The job summary of a run: each section's part, in order. */
export function summaryOf(sections: readonly Section[]): string {
  return sections.map(summaryHtmlOf).join('')
}

/** Writes the files, sets every output and writes the summary. */
export async function publish(sections: readonly Section[], sink: ReportSink): Promise<void> {
  for (const section of sections) {
    const paths: Record<string, string> = {}
    for (const file of filesOf(section)) paths[file.output] = await sink.writeFile(file.name, file.content)
    for (const [name, value] of Object.entries(outputsOf(section, paths))) sink.setOutput(name, value)
  }
  const html = summaryOf(sections)
  if (html !== '') await sink.appendSummary(html)
}

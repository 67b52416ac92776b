// Where a run's report goes: step outputs, files for later steps, and the job summary. The runner's
// sink is github/runner-sink.ts; tests keep what is written.

export interface ReportSink {
  setOutput(name: string, value: string): void
  /** Writes a file for later steps (all of a run's files in one folder, under RUNNER_TEMP) and returns its path. */
  writeFile(name: string, content: string): Promise<string>
  /** Appends HTML to the job summary. */
  appendSummary(html: string): Promise<void>
}

// Where a run's report goes on the runner: step outputs, files under RUNNER_TEMP for later steps,
// and the job summary file.
import { mkdtemp, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import * as core from '@actions/core'
import type { ReportSink } from '../render/sink.js'

let fileDir: Promise<string> | undefined

export const runnerSink: ReportSink = {
  setOutput: (name, value) => {
    core.setOutput(name, value)
  },
  writeFile: async (name, content) => {
    const runnerTemp = process.env.RUNNER_TEMP
    fileDir ??= mkdtemp(join(runnerTemp !== undefined && runnerTemp !== '' ? runnerTemp : tmpdir(), 'docs-analytics-'))
    const path = join(await fileDir, name)
    await writeFile(path, content)
    return path
  },
  appendSummary: async (html) => {
    if (!process.env.GITHUB_STEP_SUMMARY) {
      core.debug('GITHUB_STEP_SUMMARY is not set; the job summary is not written.')
      return
    }
    await core.summary.addRaw(html).write()
  }
}

// The work of a run with valid inputs: the agent job and the visitor export under one lifetime
// (deadline and cancellation), then the outputs, files and summary. Loaded only once the inputs are
// valid, so that a run that fails validation does not pay for it.
import { mkdtemp, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import * as core from '@actions/core'
import { newJobProgress, runAgentJob } from './agent-job.js'
import { exportVisitors, newAnalyticsProgress } from './analytics.js'
import { judgeAnalytics } from './analytics-report.js'
import { ApiClient } from './client.js'
import { CommentThread } from './comment.js'
import type { Inputs } from './inputs.js'
import { Lifetime, StopError } from './lifetime.js'
import { judgeJob } from './outcome.js'
import { publish, type ReportSink, type RunReport } from './report.js'
import { ACTION_NAME, ACTION_VERSION } from './version.js'

const STOP_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const
/** After a cancellation signal the runner kills the process within 10 s; leave well before. */
const EXIT_AFTER_SIGNAL_MS = 1500

let fileDir: Promise<string> | undefined

const sink: ReportSink = {
  setOutput: (name, value) => core.setOutput(name, value),
  writeFile: async (name, content) => {
    fileDir ??= mkdtemp(join(process.env.RUNNER_TEMP || tmpdir(), 'docs-visitors-'))
    const path = join(await fileDir, name)
    await writeFile(path, content, 'utf8')
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

export async function work(inputs: Inputs): Promise<RunReport> {
  const lifetime = new Lifetime(inputs.timeoutMs)
  const onSignal = (name: NodeJS.Signals): void => {
    if (lifetime.stopped) return
    core.info(`Received ${name}: stopping and writing what is known.`)
    lifetime.cancel(name)
    setTimeout(() => process.exit(1), EXIT_AFTER_SIGNAL_MS).unref()
  }
  for (const name of STOP_SIGNALS) process.on(name, onSignal)

  const client = new ApiClient({
    baseUrl: inputs.baseUrl,
    apiKey: inputs.apiKey,
    userAgent: `${ACTION_NAME}/${ACTION_VERSION} node/${process.version}`,
    lifetime,
    debug: (message) => core.debug(message)
  })
  const log = { info: core.info, warning: core.warning }
  const report: RunReport = {}
  let stop: StopError | undefined
  try {
    if (inputs.prompt !== undefined || inputs.jobId !== undefined) {
      const progress = newJobProgress()
      const thread = inputs.comment ? await CommentThread.open(inputs.comment.token, lifetime.signal) : undefined
      let error: unknown
      try {
        await runAgentJob(client, inputs, progress, lifetime, log, { onStarted: thread && ((jobId) => thread.start(jobId)) })
      } catch (caught) {
        error = caught
        debugStack(caught)
      }
      stop = error instanceof StopError ? error : undefined
      report.job = judgeJob(progress, {
        stop,
        error: stop ? undefined : error,
        wait: inputs.wait,
        timeoutMs: inputs.timeoutMs,
        failOn: inputs.failOn,
        elapsedMs: lifetime.elapsedMs()
      })
      await thread?.finish(report.job, stop !== undefined)
    }
    if (inputs.analytics) {
      const request = { projectId: inputs.projectId, ...inputs.analytics }
      const progress = newAnalyticsProgress()
      let error: unknown
      if (!stop) {
        try {
          await exportVisitors(client, request, progress, log)
        } catch (caught) {
          error = caught
          debugStack(caught)
        }
      }
      const analyticsStop = error instanceof StopError ? error : undefined
      report.analytics = judgeAnalytics(progress, request, {
        notStarted: stop ? `the run was ${stop.reason === 'timeout' ? 'out of time' : 'cancelled'} before the export` : undefined,
        stop: analyticsStop,
        error: analyticsStop ? undefined : error
      })
      const totals = report.analytics.totals
      if (totals) {
        core.info(
          `Visitors, ${report.analytics.rangeText}: ${totals.total} in all (human ${totals.human}, AI ${totals.ai}) over ` +
            `${report.analytics.rows.length} pages, in ${progress.requests} requests${report.analytics.partial ? '; partial' : ''}.`
        )
      }
    }
  } finally {
    lifetime.dispose()
    await client.close()
  }
  return report
}

/** Writes the files, outputs and summary of the run. */
export function publishReport(report: RunReport): Promise<void> {
  return publish(report, sink)
}

function debugStack(error: unknown): void {
  if (!(error instanceof StopError) && error instanceof Error && error.stack) core.debug(error.stack)
}


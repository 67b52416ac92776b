// run(): mask the key, read the inputs once, do the work under one lifetime (deadline and
// cancellation), then write outputs and summary from what is known and fail the step in one place.
import * as core from '@actions/core'
import { newJobProgress, runAgentJob } from './agent-job.js'
import { ApiClient } from './client.js'
import { type Inputs, readInputs } from './inputs.js'
import { Lifetime, StopError } from './lifetime.js'
import { errorMessage, judgeJob } from './outcome.js'
import { publish, type ReportSink, type RunReport } from './report.js'
import { ACTION_NAME, ACTION_VERSION } from './version.js'

const STOP_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const
/** After a cancellation signal the runner kills the process within 10 s; leave well before. */
const EXIT_AFTER_SIGNAL_MS = 1500

const sink: ReportSink = {
  setOutput: (name, value) => core.setOutput(name, value),
  appendSummary: async (html) => {
    if (!process.env.GITHUB_STEP_SUMMARY) {
      core.debug('GITHUB_STEP_SUMMARY is not set; the job summary is not written.')
      return
    }
    await core.summary.addRaw(html).write()
  }
}

function isLoopback(hostname: string): boolean {
  return hostname === 'localhost' || hostname.startsWith('127.') || hostname === '[::1]'
}

function warnAboutInputs(inputs: Inputs): void {
  if (!inputs.apiKey.startsWith('mint_')) {
    core.warning('The apiKey does not start with "mint_", the prefix of admin API keys; the service will probably reject it.')
  }
  const url = new URL(inputs.baseUrl)
  if (url.protocol === 'http:' && !isLoopback(url.hostname)) {
    core.warning('baseUrl uses plain http, so the API key crosses the network unencrypted; use https.')
  }
}

async function work(inputs: Inputs): Promise<RunReport> {
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
  const progress = newJobProgress()
  let error: unknown
  try {
    await runAgentJob(client, inputs, progress, lifetime, { info: core.info, warning: core.warning }, Math.random)
  } catch (caught) {
    error = caught
    if (!(caught instanceof StopError) && caught instanceof Error && caught.stack) core.debug(caught.stack)
  } finally {
    lifetime.dispose()
    await client.close()
  }
  const stop = error instanceof StopError ? error : undefined
  const job = judgeJob(progress, {
    stop,
    error: stop ? undefined : error,
    wait: inputs.wait,
    timeoutMs: inputs.timeoutMs,
    failOn: inputs.failOn,
    elapsedMs: lifetime.elapsedMs()
  })
  return { job }
}

export async function run(): Promise<void> {
  try {
    const apiKey = core.getInput('apiKey')
    if (apiKey) core.setSecret(apiKey)
    const inputs = readInputs((name) => core.getInput(name))
    warnAboutInputs(inputs)

    const report = await work(inputs)
    try {
      await publish(report, sink)
    } catch (error) {
      core.warning(`Could not write the job summary: ${errorMessage(error)}`)
    }
    const failure = report.job?.failure
    if (failure) core.setFailed(failure)
    else if (report.job) core.info(report.job.headline)
  } catch (error) {
    core.setFailed(errorMessage(error))
  }
}

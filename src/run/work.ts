// The work of a run with valid inputs: a list of parts (the agent job, the visitor export) run one
// after another under one lifetime (deadline and cancellation), each reported the same way. Loaded
// only once the inputs are valid, so that a run that fails validation does not pay for it.
import * as core from '@actions/core'
import { agentJobPart } from '../agent/part.js'
import { RequestBudget } from '../analytics/budget.js'
import { visitorsPart } from '../analytics/visitors-part.js'
import { ApiClient } from '../api/client.js'
import { CommentThread } from '../github/comment.js'
import { runLink } from '../github/run-link.js'
import { runnerSink } from '../github/runner-sink.js'
import { publish } from '../report/publish.js'
import { logLineOf, type Section } from '../report/sections.js'
import { ACTION_NAME, ACTION_VERSION } from '../version.js'
import type { Inputs } from './inputs.js'
import { Lifetime, StopError } from './lifetime.js'
import { endingOf, type Part, type PartContext, type PartEnding } from './part.js'

const STOP_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const
/** After a cancellation signal the runner kills the process within 10 s; leave well before. */
const EXIT_AFTER_SIGNAL_MS = 1500

export interface RunReport {
  sections: Section[]
}

/** The parts the inputs ask for, in the order they run. */
function partsFor(inputs: Inputs, client: ApiClient, thread: CommentThread | undefined): Part[] {
  const parts: Part[] = []
  if (inputs.prompt !== undefined || inputs.jobId !== undefined) {
    parts.push(agentJobPart(client, inputs, { onStarted: thread && ((jobId) => thread.start(jobId)) }))
  }
  if (inputs.analytics) {
    const budget = new RequestBudget(inputs.analytics.maxPages)
    parts.push(visitorsPart(client, { projectId: inputs.projectId, ...inputs.analytics }, budget))
  }
  return parts
}

/** Runs each part in turn; a part whose turn comes after the run was stopped is reported as skipped. */
export async function runParts(parts: Part[], ctx: PartContext, reported: (section: Section) => Promise<void>): Promise<Section[]> {
  const sections: Section[] = []
  for (const part of parts) {
    let ending: PartEnding = { kind: 'finished' }
    const stopped = ctx.lifetime.stopped
    if (stopped) ending = { kind: 'skipped', stop: stopped }
    else {
      try {
        await part.run(ctx)
      } catch (error) {
        ending = endingOf(error)
        if (!(error instanceof StopError) && error instanceof Error && error.stack) ctx.log.debug?.(error.stack)
      }
    }
    const section = part.report(ending, ctx.lifetime.elapsedMs())
    const line = logLineOf(section)
    if (line !== undefined) ctx.log.info(line)
    sections.push(section)
    await reported(section)
  }
  return sections
}

export interface WorkOptions {
  /** How long after a cancellation signal the process exits if the run has not ended (default 1500 ms). */
  exitAfterSignalMs?: number
}

export async function work(inputs: Inputs, options: WorkOptions = {}): Promise<RunReport> {
  const lifetime = new Lifetime(inputs.timeoutMs)
  const exitAfterMs = options.exitAfterSignalMs ?? EXIT_AFTER_SIGNAL_MS
  const onSignal = (name: NodeJS.Signals): void => {
    if (lifetime.stopped) return
    core.info(`Received ${name}: stopping and writing what is known.`)
    lifetime.cancel(name)
    setTimeout(() => {
      process.exit(1)
    }, exitAfterMs).unref()
  }

  const client = new ApiClient({
    baseUrl: inputs.baseUrl,
    apiKey: inputs.apiKey,
    userAgent: `${ACTION_NAME}/${ACTION_VERSION} node/${process.version}`,
    lifetime,
    debug: (message) => {
      core.debug(message)
    }
  })
  for (const name of STOP_SIGNALS) process.on(name, onSignal)
  try {
    const thread =
      inputs.comment && (inputs.prompt !== undefined || inputs.jobId !== undefined)
        ? await CommentThread.open(inputs.comment.token, lifetime.signal)
        : undefined
    const ctx: PartContext = { lifetime, log: { info: core.info, warning: core.warning, debug: core.debug } }
    const sections = await runParts(partsFor(inputs, client, thread), ctx, async (section) => {
      await thread?.reported(section, lifetime.stopped !== undefined)
    })
    return { sections }
  } finally {
    for (const name of STOP_SIGNALS) process.off(name, onSignal)
    lifetime.dispose()
    await client.close()
  }
}

/** Writes the files, outputs and summary of the run. */
export function publishReport(report: RunReport): Promise<void> {
  return publish(report.sections, runnerSink, { action: ACTION_NAME, version: ACTION_VERSION, runUrl: runLink(process.env) })
}

// The agent job: create it (or send a follow-up to an existing one), then check its status until it
// is completed, archived or failed. What is learnt along the way is kept in JobProgress, so that the
// report can be written from it however the run ends.
import { ApiError } from '../api/errors.js'
import { type AgentJob, isKnownStatus, TERMINAL_STATUSES } from '../api/schemas.js'
import type { Lifetime } from '../core/lifetime.js'
import type { Log } from '../core/part.js'
import { logText } from '../text/escape.js'
import { formatDuration } from '../text/format.js'
import { pollDelay } from './poll-schedule.js'

export interface AgentJobApi {
  createJob(projectId: string, prompt: string): Promise<AgentJob & { id: string }>
  sendMessage(projectId: string, jobId: string, prompt: string): Promise<AgentJob>
  getJob(projectId: string, jobId: string): Promise<AgentJob>
}

export interface AgentJobRequest {
  projectId: string
  prompt?: string
  /** Data sent after the prompt (the change that triggered the run), not shown as part of it. */
  contextText?: string
  jobId?: string
  wait: boolean
  pollIntervalMs: number
}

export interface JobProgress {
  jobId?: string
  /** The service's latest answer about the job. */
  job?: AgentJob
  created: boolean
  messageSent: boolean
  /** A POST that was sent and has not been answered: the service may have acted on it. */
  postInFlight?: 'create' | 'message'
  /** Status values the action does not know, in the order first seen. */
  unknownStatuses: string[]
  /** Run time (ms since start) when waiting began and ended. */
  waitStartedMs?: number
  waitEndedMs?: number
  checks: number
  failedChecks: number
}

export function newJobProgress(): JobProgress {
  return { created: false, messageSent: false, unknownStatuses: [], checks: 0, failedChecks: 0 }
}

const HEARTBEAT_MS = 60_000

export function isTerminal(status: string | undefined): boolean {
  return (TERMINAL_STATUSES as readonly (string | undefined)[]).includes(status)
}

/** The prompt as sent: the context, when there is one, after a blank line. */
export function withContext(prompt: string, context: string | undefined): string {
  return context === undefined ? prompt : `${prompt}\n\n${context}`
}

export async function runAgentJob(
  api: AgentJobApi,
  req: AgentJobRequest,
  progress: JobProgress,
  lifetime: Lifetime,
  log: Log,
  options: { random?: () => number; onStarted?: (jobId: string) => Promise<void> } = {}
): Promise<void> {
  const random = options.random ?? Math.random
  if (req.jobId === undefined) {
    progress.postInFlight = 'create'
    const job = await api.createJob(req.projectId, withContext(req.prompt ?? '', req.contextText))
    Object.assign(progress, { jobId: job.id, job, created: true, postInFlight: undefined })
    log.info(`Created agent job ${logText(job.id, 100)}.`)
  } else {
    progress.jobId = req.jobId
    if (req.prompt !== undefined) {
      progress.postInFlight = 'message'
      progress.job = await api.sendMessage(req.projectId, req.jobId, withContext(req.prompt, req.contextText))
      Object.assign(progress, { messageSent: true, postInFlight: undefined })
      log.info(`Sent a follow-up message to job ${logText(req.jobId, 100)}.`)
    }
  }
  const jobId = progress.jobId as string
  const shownId = logText(jobId, 100)
  await options.onStarted?.(jobId)

  if (!req.wait) {
    progress.job ??= await api.getJob(req.projectId, jobId)
    noteStatus(progress, progress.job.status, undefined, shownId, log)
    return
  }

  progress.waitStartedMs = lifetime.elapsedMs()
  let lastStatus: string | undefined
  if (progress.job) lastStatus = noteStatus(progress, progress.job.status, undefined, shownId, log)
  let lastLogMs = lifetime.elapsedMs()
  let failing = false

  for (let check = 0; !isTerminal(progress.job?.status); check++) {
    await lifetime.sleep(pollDelay(check, req.pollIntervalMs, random))
    try {
      progress.job = await api.getJob(req.projectId, jobId)
      progress.checks++
    } catch (error) {
      if (!(error instanceof ApiError) || !error.details.transient) throw error
      progress.failedChecks++
      if (!failing) log.warning(`A status check failed; the action keeps checking until the deadline. ${error.message}`)
      failing = true
      continue
    }
    if (failing) log.info(`Status checks of job ${shownId} answer again.`)
    failing = false

    const status = progress.job.status
    if (status !== lastStatus) {
      lastStatus = noteStatus(progress, status, lastStatus, shownId, log)
      lastLogMs = lifetime.elapsedMs()
    } else if (lifetime.elapsedMs() - lastLogMs >= HEARTBEAT_MS) {
      const waited = formatDuration(lifetime.elapsedMs() - (progress.waitStartedMs ?? 0))
      log.info(
        `Job ${shownId} is still ${logText(status ?? 'without a status', 50)} after ${waited} (${formatDuration(lifetime.remainingMs())} left before timeoutMinutes).`
      )
      lastLogMs = lifetime.elapsedMs()
    }
  }
  progress.waitEndedMs = lifetime.elapsedMs()
}

/** Logs the job's current `status` (a change from `previous`), warns once about a status it does not know; returns `status`. */
function noteStatus(
  progress: JobProgress,
  status: string | undefined,
  previous: string | undefined,
  shownId: string,
  log: Log
): string | undefined {
  if (status === undefined) {
    log.warning(`The service's answer about job ${shownId} has no status; the action keeps checking until the deadline.`)
  } else if (!isKnownStatus(status)) {
    if (!progress.unknownStatuses.includes(status)) {
      progress.unknownStatuses.push(status)
      log.warning(
        `Job ${shownId} has the status "${logText(status, 50)}", which this action does not know; it is treated as still running ` +
          "and the action keeps checking until the deadline. Please report it to the action's maintainers."
      )
    }
  } else {
    log.info(previous === undefined ? `Job ${shownId} is ${status}.` : `Job ${shownId}: ${logText(previous, 50)} → ${status}.`)
  }
  return status
}

// What the run's job part amounts to: the values for outputs and summary, one headline sentence,
// and the failure message when the step must fail. Plain data, computed from the job's progress,
// how the run ended, and the user's failOn policy.
import { accessDenialOf, ApiError, isKeyRefusal, mayHaveActedAdvice, type AccessDenial } from '../api/errors.js'
import { isKnownStatus, type KnownStatus } from '../api/schemas.js'
import { errorMessage } from '../core/error-message.js'
import { type PartEnding, stopOf } from '../core/part.js'
import { logText } from '../text/escape.js'
import { capitalised, formatDuration } from '../text/format.js'
import type { JobProgress } from './job.js'
import { pullRequestLink } from './pull-request.js'
import type { ContextDigest } from '../change/context.js'

/** Where a job that an earlier run created for the same change was found: the run watches it instead of creating another. */
export type JobRecordPlace = 'check run' | 'comment'

/** The job endings that `failOn` may name to fail the step. */
export const FAIL_ON_WORDS = ['failed', 'archived', 'no-pr'] as const
export type FailOn = (typeof FAIL_ON_WORDS)[number]

/**
 * How the job part ended, in the words the summary leads with: a pull request was opened, the job
 * completed without one, failed or was archived on the service, was left running (wait: false),
 * or the step stopped watching it (deadline, cancellation, or an error).
 */
export type JobOutcome = 'opened' | 'no-pr' | 'failed' | 'archived' | 'running' | 'timeout' | 'cancelled' | 'error'

/**
 * What the user can do next, when the run ended with something left to do:
 * - watch: the job exists and keeps running; watch it again with `jobId`;
 * - find-job: a create request was sent and not answered, so a job may exist without its id;
 * - check-message: a follow-up was sent and not answered, so the job may have received it;
 * - retry: the job failed or was archived on the service, which gives no reason: try it again;
 * - no-pr: the job completed without a pull request link; `failing` when failOn includes no-pr.
 */
export type NextStep =
  | { kind: 'watch'; jobId: string }
  | { kind: 'find-job' }
  | { kind: 'check-message'; jobId: string }
  | { kind: 'retry'; jobId: string }
  | { kind: 'no-pr'; jobId: string; failing: boolean }

export interface JobReport {
  kind: 'job'
  outcome: JobOutcome
  jobId?: string
  /** Output word: the last status seen; one the action does not know counts as active (the job is not over). */
  status?: KnownStatus
  /** The status exactly as the service last gave it. */
  serviceStatus?: string
  /**
   * The pull request link, when the service gave an http(s) URL: scheme, host and path only, nothing
   * in it special to a shell, HTML or Markdown (src/agent/pull-request.ts).
   */
  prLink?: string
  /** The link as the service gave it, when it is not one the action will link to. */
  unsafePrLink?: string
  /** "acme/docs", only when the link is a pull request on the run's GitHub server. */
  prRepository?: string
  /** The pull request's number, only when the link is a pull request on the run's GitHub server. */
  prNumber?: string
  /** The prompt the agent was given (to create the job, or as a follow-up), without the change sent after it. */
  prompt?: string
  /** What of the change was sent after the prompt (context: change). */
  context?: ContextDigest
  /** The job was created by an earlier run for the same change, and found in this record of it. */
  reusedFrom?: JobRecordPlace
  model?: string
  repository?: string
  ref?: string
  createdAt?: string
  archivedAt?: string
  waitedMs?: number
  followUp: boolean
  unknownStatuses: string[]
  /** One sentence for the log: what happened. */
  headline: string
  /** Why the step fails, when it does: the error annotation, word for word. */
  failure?: string
  /** The service refused the API key (401): the failure is the key's, not the job's. */
  keyRefused?: boolean
  /** The service denied access to the project (403) before telling anything of a job: the failure is the project's. */
  accessDenied?: AccessDenial
  nextStep?: NextStep
}

/** What the user asked for that decides how the job's ending is judged. */
export interface JobPolicy {
  prompt?: string
  /** The step was asked not to wait. */
  wait: boolean
  timeoutMs: number
  failOn: ReadonlySet<FailOn>
  /** The run's GitHub server (GITHUB_SERVER_URL): a prLink is a pull request only on it. */
  githubServer: string
  context?: ContextDigest
  reusedFrom?: JobRecordPlace
}

// What to do about a POST that was sent and not answered. The advice depends only on the kind of
// request: every kind but 'create' gets the one for a message, and the project is not part of it.
const CREATE_ADVICE = mayHaveActedAdvice({
  kind: 'create',
  // Stryker disable next-line StringLiteral: the project is not part of the advice
  projectId: ''
})
// Stryker disable next-line ObjectLiteral,StringLiteral: any kind but 'create', and any project, gets this same advice
const MESSAGE_ADVICE = mayHaveActedAdvice({ kind: 'message', projectId: '' })

// Said once a job exists and the step stops watching it.
const STILL_RUNNING = 'The job keeps running on the service: the API cannot cancel it.'

/** The job's report from its progress, how the work ended, and the run's time so far (`elapsedMs`). */
export function judgeJob(progress: JobProgress, ending: PartEnding, policy: JobPolicy, elapsedMs: number): JobReport {
  const job = progress.job
  const serviceStatus = job?.status
  const status: KnownStatus | undefined = isKnownStatus(serviceStatus) ? serviceStatus : serviceStatus !== undefined ? 'active' : undefined
  const link = pullRequestLink(job?.prLink, policy.githubServer)
  const id = progress.jobId ? `job ${logText(progress.jobId, 100)}` : 'the job'
  const report: JobReport = {
    kind: 'job',
    // Stryker disable next-line StringLiteral: a placeholder; every ending below sets the outcome
    outcome: 'error',
    jobId: progress.jobId,
    status,
    serviceStatus,
    prLink: link?.url,
    unsafePrLink: job?.prLink && !link ? job.prLink : undefined,
    prRepository: link?.pullRequest?.repository,
    prNumber: link?.pullRequest?.number,
    prompt: policy.prompt,
    ...(policy.context === undefined ? {} : { context: policy.context }),
    ...(policy.reusedFrom === undefined ? {} : { reusedFrom: policy.reusedFrom }),
    model: job?.model,
    repository: job?.source?.repository,
    ref: job?.source?.ref,
    createdAt: job?.createdAt,
    archivedAt: job?.archivedAt,
    waitedMs: progress.waitStartedMs === undefined ? undefined : (progress.waitEndedMs ?? elapsedMs) - progress.waitStartedMs,
    followUp: progress.messageSent,
    unknownStatuses: progress.unknownStatuses,
    // Stryker disable next-line StringLiteral: a placeholder; every ending below sets the headline
    headline: ''
  }
  const unknownNote =
    progress.unknownStatuses.length > 0
      ? ` The service reported a status this action does not know: ${progress.unknownStatuses.map((s) => `"${logText(s, 50)}"`).join(', ')}.`
      : ''

  const stop = stopOf(ending)
  if (stop) {
    report.outcome = stop.reason === 'timeout' ? 'timeout' : 'cancelled'
    const what =
      stop.reason === 'timeout'
        ? `Timed out after ${formatDuration(policy.timeoutMs)} (timeoutMinutes)`
        : `Cancelled (${stop.signalName ?? 'signal'})`
    let when: string
    if (progress.postInFlight === 'create') {
      when = `while creating the job.${CREATE_ADVICE}`
      report.nextStep = { kind: 'find-job' }
    } else if (progress.postInFlight === 'message') {
      when = `while sending the follow-up to ${id}.${MESSAGE_ADVICE} ${STILL_RUNNING}`
      report.nextStep = { kind: 'check-message', jobId: progress.jobId as string }
    } else if (progress.jobId) {
      when = `while waiting for ${id}. ${STILL_RUNNING}`
      // The error line alone says what to do after the deadline: the step's next run can watch it.
      if (stop.reason === 'timeout')
        when += ` To keep watching it, run the action again with jobId: ${logText(progress.jobId, 100)} (and no prompt).`
      report.nextStep = { kind: 'watch', jobId: progress.jobId }
    } else when = 'before a job was created.'
    report.headline = `${what} ${when}${unknownNote}`
    report.failure = report.headline
  } else if (ending.kind === 'failed') {
    report.headline = errorMessage(ending.error)
    report.failure = report.headline
    // Only when the service has told nothing of the job: a job it created stays the report's own.
    if (!progress.created && job === undefined) {
      if (isKeyRefusal(ending.error)) report.keyRefused = true
      const denial = accessDenialOf(ending.error)
      if (denial) report.accessDenied = denial
    }
    const mayHaveActed = ending.error instanceof ApiError && ending.error.details.mayHaveActed === true
    if (mayHaveActed && progress.postInFlight === 'create') report.nextStep = { kind: 'find-job' }
    else if (mayHaveActed && progress.postInFlight === 'message')
      report.nextStep = { kind: 'check-message', jobId: progress.jobId as string }
  } else if (!policy.wait && !(status && status !== 'active')) {
    report.outcome = 'running'
    const what = progress.created
      ? 'was created and is running'
      : progress.messageSent
        ? 'received the follow-up and is running'
        : 'is running'
    report.headline = `${capitalised(id)} ${what} on the service; wait is false, so the step does not wait for it.`
    report.nextStep = { kind: 'watch', jobId: progress.jobId as string }
  } else {
    judgeFinished(report, id, policy.failOn)
  }
  return report
}

function judgeFinished(report: JobReport, id: string, failOn: ReadonlySet<FailOn>): void {
  const link = report.prLink ? ` ${report.prLink}` : ''
  // A watch ends only with a job id.
  const jobId = report.jobId as string
  switch (report.status) {
    case 'completed':
      if (report.prLink || report.unsafePrLink) {
        report.outcome = 'opened'
        report.headline = `The agent completed ${id} and opened a pull request${link}.`
        if (report.unsafePrLink)
          report.headline += ' Its link is not a plain http(s) URL, so it is shown as text and left out of the outputs.'
      } else {
        report.outcome = 'no-pr'
        report.headline = `The agent completed ${id} without a pull request: the agent may have made no change, or pushed straight to the deploy branch.`
        if (failOn.has('no-pr')) report.failure = `${capitalised(id)} completed without a pull request, and failOn includes no-pr.`
        report.nextStep = { kind: 'no-pr', jobId, failing: failOn.has('no-pr') }
      }
      break
    case 'failed':
      report.outcome = 'failed'
      report.headline = `The agent could not finish ${id}: the service reports it failed.`
      if (failOn.has('failed')) report.failure = `${capitalised(id)} failed on the service.`
      report.nextStep = { kind: 'retry', jobId }
      break
    case 'archived':
      report.outcome = 'archived'
      report.headline = `${capitalised(id)} was archived on the service before it completed.`
      if (failOn.has('archived')) report.failure = `${capitalised(id)} was archived, and failOn includes archived.`
      report.nextStep = { kind: 'retry', jobId }
      break
    default:
      // Not reached by a watch, which ends only at one of the statuses above.
      report.outcome = 'running'
      report.headline = `${capitalised(id)} is ${report.serviceStatus ?? 'in an unknown state'}.`
  }
}

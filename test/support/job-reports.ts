// The job's report for every way a run can end, as judgeJob (src/agent/outcome.ts) makes it from the
// job's progress: what the summary and the comment are tested with, so that they are tested with
// what a run really reports.
import { newJobProgress, type JobProgress } from '../../src/agent/job.js'
import { judgeJob, type JobReport } from '../../src/agent/outcome.js'
import { ApiError, httpStatusMessage, mayHaveActedAdvice, networkMessage } from '../../src/api/errors.js'
import type { AgentJob } from '../../src/api/schemas.js'
import type { FailOn } from '../../src/agent/outcome.js'
import { StopError } from '../../src/core/lifetime.js'
import type { PartEnding } from '../../src/core/part.js'

export const PR_LINK = 'https://github.com/acme/docs/pull/42'
export const PROMPT = 'Document the new /v2/export endpoint'
const PROJECT = 'proj_docs'

const JOB: AgentJob = {
  id: 'j1',
  status: 'completed',
  prLink: PR_LINK,
  model: 'opus',
  source: { repository: 'https://github.com/acme/docs', ref: 'main' },
  createdAt: '2026-11-21T14:01:09Z'
}

/** A job the run created and watched for 4m 10s, as the service last gave it. */
function watched(job: AgentJob, extra: Partial<JobProgress> = {}): JobProgress {
  return { ...newJobProgress(), jobId: 'j1', job: { ...JOB, ...job }, created: true, waitStartedMs: 100, waitEndedMs: 250_100, ...extra }
}

const stillRunning = (extra: Partial<JobProgress> = {}) =>
  watched({ status: 'active', prLink: undefined }, { waitEndedMs: undefined, ...extra })

function judge(progress: JobProgress, ending: PartEnding, options: { failOn?: FailOn[]; wait?: boolean; prompt?: string } = {}): JobReport {
  const policy = {
    prompt: options.prompt ?? PROMPT,
    wait: options.wait ?? true,
    timeoutMs: 1_800_000,
    failOn: new Set<FailOn>(options.failOn ?? ['failed']),
    githubServer: 'https://github.com'
  }
  return judgeJob(progress, ending, policy, 1_800_100)
}

const finished: PartEnding = { kind: 'finished' }
const failedWith = (error: unknown): PartEnding => ({ kind: 'failed', error })

/** A POST that was sent and not answered: the service may have acted on it. */
function unanswered(kind: 'create' | 'message'): ApiError {
  const ctx = { kind, projectId: PROJECT, jobId: 'j1' }
  return new ApiError(networkMessage(ctx, 'the connection was reset') + mayHaveActedAdvice(ctx), { transient: true, mayHaveActed: true })
}

/**
 * Each report is judged the first time a test reads it, never when a test file is loaded: work done at
 * load runs outside every test, so mutation testing could not tell which test kills a mutant of it.
 */
export const JOB_REPORTS = lazily({
  /** Completed, and the agent opened a pull request. */
  opened: () => judge(watched({}), finished),
  /** Completed without changing any files; failOn does not include no-pr. */
  noPr: () => judge(watched({ prLink: undefined }), finished),
  /** The same, under failOn: no-pr. */
  noPrFailing: () => judge(watched({ prLink: undefined }), finished, { failOn: ['failed', 'no-pr'] }),
  /** Failed on the service, under the default failOn. */
  failed: () => judge(watched({ status: 'failed', prLink: undefined }), finished),
  /** Failed on the service, with failOn not including failed. */
  failedAllowed: () => judge(watched({ status: 'failed', prLink: undefined }), finished, { failOn: [] }),
  /** Archived before it completed. */
  archived: () => judge(watched({ status: 'archived', prLink: undefined, archivedAt: '2026-11-21T15:00:00Z' }), finished),
  /** Archived, under failOn: archived. */
  archivedFailing: () => judge(watched({ status: 'archived', prLink: undefined }), finished, { failOn: ['archived'] }),
  /** The deadline passed while the job was running. */
  timeout: () => judge(stillRunning(), { kind: 'stopped', stop: new StopError('timeout') }),
  /** The runner cancelled the run while the job was running. */
  cancelled: () => judge(stillRunning(), { kind: 'stopped', stop: new StopError('cancelled', 'SIGTERM') }),
  /** The deadline passed before a job was created. */
  timeoutBeforeJob: () => judge(newJobProgress(), { kind: 'stopped', stop: new StopError('timeout') }),
  /** The request to create the job was sent and not answered: a job may exist. */
  findJob: () => judge({ ...newJobProgress(), postInFlight: 'create' }, failedWith(unanswered('create'))),
  /** The follow-up was sent and not answered: the job may have received it. */
  checkMessage: () =>
    judge(
      { ...newJobProgress(), jobId: 'j1', postInFlight: 'message' },
      { kind: 'stopped', stop: new StopError('timeout') },
      { prompt: 'Also document the limits.\nKeep it short.' }
    ),
  /** wait: false; the job was created and left running. */
  notWaited: () =>
    judge(watched({ status: 'active', prLink: undefined }, { waitStartedMs: undefined, waitEndedMs: undefined }), finished, {
      wait: false
    }),
  /** wait: false; a follow-up was sent to a job given by jobId. */
  followUpNotWaited: () =>
    judge({ ...newJobProgress(), jobId: 'j7', job: { id: 'j7', status: 'active' }, messageSent: true }, finished, {
      wait: false,
      prompt: 'Also document the limits.'
    }),
  /** The service refused the API key: no job was created. */
  refused: () =>
    judge(
      { ...newJobProgress(), postInFlight: 'create' },
      failedWith(new ApiError(httpStatusMessage({ kind: 'create', projectId: PROJECT }, 401), { transient: false, status: 401 }))
    ),
  /** The job was deleted while the run watched it. */
  lost: () =>
    judge(
      stillRunning(),
      failedWith(new ApiError(httpStatusMessage({ kind: 'get', projectId: PROJECT, jobId: 'j1' }, 404), { transient: false, status: 404 }))
    )
})

export type JobVariant = keyof typeof JOB_REPORTS

/** An object whose every property is made by its function the first time it is read, then kept. */
function lazily<K extends string>(makers: Record<K, () => JobReport>): Readonly<Record<K, JobReport>> {
  const reports = {} as Record<K, JobReport>
  for (const key of Object.keys(makers) as K[]) {
    let report: JobReport | undefined
    Object.defineProperty(reports, key, { enumerable: true, get: () => (report ??= makers[key]()) })
  }
  return reports
}

// The next steps as a reader sees them (test/support/render.js), for the job j1.
export const WATCH =
  'Next step: to keep watching the job, run the action again with this input and no prompt (in Run workflow, the jobId field):'
export const FIND =
  'Next step: the request to create the job was sent, so a job may exist although its id never came back. ' +
  "Look for it among the project's agent jobs in the dashboard before running again; if it is there, watch it instead of sending the prompt again (in Run workflow, the jobId field):"
export const CHECK =
  'Next step: the follow-up was sent, so the job may have received it. Check the job in the dashboard before sending it again; ' +
  'to watch the job without sending anything, run the action with this input and no prompt (in Run workflow, the jobId field):'
export const RETRY =
  'Next step: send the same job a follow-up that asks for less at once (one page or one change), with these inputs (in Run workflow, the jobId and prompt fields): ' +
  'jobId: j1 prompt: <a narrower prompt> or re-run the workflow to start a new job with the same prompt.'
export const NO_PR_CHECK =
  'If you expected a change, look at the job in the Mintlify dashboard, or send it a follow-up that names the pages to change (in Run workflow, the jobId and prompt fields): ' +
  'jobId: j1 prompt: <the pages and the change>'
export const NO_PR_DROP = 'Next step: if the job had nothing to change, remove no-pr from failOn so that such a run passes.'
/** What the summary and the comment say of a job that completed without a pull request, and of a failed or archived one. */
export const NO_PR_SENTENCE =
  'The documentation agent completed the job without a pull request: the agent may have made no change, or pushed straight to the deploy branch.'
export const FAILED_SENTENCE = 'The service reports that the job failed, and gives no reason.'
export const ARCHIVED_SENTENCE = 'The job was archived on the service before it completed.'

// The agent job of a run, planned from the inputs and the event that started it: the change sent
// after the prompt (context: change), the job an earlier run already created for the same trigger
// (found in the check run or the comment that records it), the follow-up a comment asks for, and
// what is written on GitHub as the job starts and ends (the comment, the check run, the note on the
// agent's pull request).
import * as core from '@actions/core'
import { createHash, randomBytes } from 'node:crypto'
import type { AgentJobRequest } from '../agent/job.js'
import type { JobPolicy, JobRecordPlace, JobReport } from '../agent/outcome.js'
import { changeContext } from '../change/context.js'
import type { Lifetime } from '../core/lifetime.js'
import type { RecordSeal } from '../core/record-seal.js'
import { noChange, readChange } from '../github/change-reader.js'
import { CheckRecord } from '../github/check-run.js'
import { type GitHubClient, githubFailure, githubWriteFailure, type IssueComment, PAGES, PER_PAGE } from '../github/client.js'
import { CommentThread } from '../github/comment.js'
import { commandOf } from '../github/follow-up.js'
import type { Runner } from '../github/runner.js'
import { triggerOf } from '../github/trigger.js'
import { agentPullBody, emptyCommandBody, refusalBody } from '../render/comment-body.js'
import {
  EARLIER_SEAL,
  earlierPullJob,
  isMarkableJobId,
  isRefusalOf,
  type JobRecord,
  pullMarkedJob,
  refusalMarker,
  RETRIED_ENDINGS,
  type SealedAt,
  sealedAt
} from '../agent/records.js'
import { logText } from '../text/escape.js'
import { counted } from '../text/format.js'
import type { Inputs } from './inputs.js'

export interface JobPlan {
  /** The agent job's settings; none when the run makes no job (nothing asked, or a comment that is no command). */
  settings?: AgentJobRequest & JobPolicy
  /** Called once the job exists, before it is watched. */
  started: (jobId: string) => Promise<void>
  /** Called with the job's report as soon as it ends; `stopping` when the run was stopped. */
  ended: (report: JobReport, stopping: boolean) => Promise<void>
  /** Why the run makes no job, for the summary, when it is not quiet about it. */
  note?: string
}

const nothing = (): Promise<void> => Promise.resolve()

/** What the run knows of GitHub: the seal of the action's records, the runner (github/runner.ts), and the GitHub client of a token. */
export interface GitHubTrust {
  seal: RecordSeal
  runner: Runner
  /** The GitHub client of `token` for the run's repository (github/client.ts); throws when the runner names no repository. */
  connect: (token: string) => Promise<GitHubClient>
}

/**
 * The key a job is recorded under: the project, the trigger, and what is asked (the prompt and the job
 * it goes to), so that another project's job, another trigger's, or another step's prompt is never
 * taken for this run's. A key a marker could not hold whole (very long, or not well-formed text) is
 * recorded by its hash.
 */
export function recordKey(projectId: string, trigger: string, asked: { prompt?: string; jobId?: string }): string {
  const digest = (text: string, length: number): string => createHash('sha256').update(text).digest('hex').slice(0, length)
  const key = `${projectId}:${trigger}:${digest(`${asked.jobId ?? ''}\n${asked.prompt ?? ''}`, 16)}`
  let encoded: string | undefined
  try {
    encoded = encodeURIComponent(key)
  } catch {
    // A lone surrogate: not text a URL can carry.
  }
  return encoded !== undefined && encoded.length <= 1000 ? key : `sha256:${digest(key, 40)}`
}

/** A marker nobody can guess, for the lines that frame the change. */
const nonce = (): string => randomBytes(16).toString('hex')

/** Where the action's note on pull request `number` of `repo`'s repository is sealed for. */
const pullAt = (seal: RecordSeal, repo: Pick<GitHubClient, 'repository'>, number: number): SealedAt =>
  sealedAt(seal, `${repo.repository.owner}/${repo.repository.name}`, `pull ${number}`)
/** Where the action's answers in thread `number` of `repo`'s repository are sealed for. */
const threadAt = (seal: RecordSeal, repo: Pick<GitHubClient, 'repository'>, number: number): SealedAt =>
  sealedAt(seal, `${repo.repository.owner}/${repo.repository.name}`, `thread ${number}`)

/**
 * The job the action's notes on a pull request name (the last one, when it noted more than once):
 * only a bot's note whose seal verifies for this pull request counts. With the thread's comments, and
 * the job of a bot's note sealed for the number alone by a build before 1.1.0 (`earlier`), never followed.
 */
async function agentJobOf(
  repo: Pick<GitHubClient, 'repository' | 'comments'>,
  number: number,
  seal: RecordSeal
): Promise<{ jobId?: string; earlier?: string; comments: IssueComment[] }> {
  let jobId: string | undefined
  let earlier: string | undefined
  const comments = await repo.comments(number)
  const at = pullAt(seal, repo, number)
  for (const comment of comments.filter((c) => c.isBot)) {
    jobId = pullMarkedJob(comment.body, at) ?? jobId
    earlier = earlierPullJob(comment.body, at) ?? earlier
  }
  return { jobId, ...(earlier === undefined ? {} : { earlier }), comments }
}

/**
 * Whether the thread holds a comment `refusal` accepts: among `first`, its first pages as read for
 * the note, and, when those did not hold the whole thread, among its latest pages, newest first, so
 * that an earlier refusal is found on a busy thread without reading it all.
 */
async function refusedBefore(
  repo: Pick<GitHubClient, 'latestComments'>,
  number: number,
  first: readonly IssueComment[],
  refusal: (comment: IssueComment) => boolean
): Promise<boolean> {
  if (first.some(refusal)) return true
  if (first.length < PAGES.comments * PER_PAGE) return false
  return (await repo.latestComments(number, refusal)).some(refusal)
}

/** Answers in a thread; an answer that cannot be posted is a warning that says why. */
async function answer(repo: Pick<GitHubClient, 'createComment'>, number: number, body: string): Promise<void> {
  try {
    await repo.createComment(number, body)
  } catch (error) {
    core.warning(`Could not answer on #${number}${githubWriteFailure(error, 'pull-requests: write')}`)
  }
}

/**
 * Comments once on the pull request the agent opened, when it is in this repository: the job it is
 * about (for follow-ups), what was asked, how to ask for changes. Never fatal.
 */
async function noteAgentPull(
  repo: Pick<GitHubClient, 'repository' | 'comments' | 'createComment'>,
  report: JobReport,
  command: string,
  runUrl: string | undefined,
  seal: RecordSeal
): Promise<void> {
  // A job id no note can hold has no note (agentPullBody would be '').
  if (!isMarkableJobId(report.jobId) || report.prNumber === undefined) return
  if (report.prRepository?.toLowerCase() !== `${repo.repository.owner}/${repo.repository.name}`.toLowerCase()) return
  const number = Number(report.prNumber)
  const at = pullAt(seal, repo, number)
  const body = agentPullBody(report.jobId, report.prompt, runUrl, command, at)
  try {
    const comments = await repo.comments(number)
    if (comments.some((comment) => comment.isBot && pullMarkedJob(comment.body, at) === report.jobId)) return
    await repo.createComment(number, body)
  } catch (error) {
    core.warning(
      `Could not comment on the agent's pull request #${number}` +
        githubWriteFailure(error, 'pull-requests: write', ', so that reviewers can send follow-ups from it')
    )
  }
}

/** The plan of a run that makes no agent job. */
export const NO_JOB: JobPlan = { started: nothing, ended: nothing }

/** The plan of a run whose event has no change to follow: `why`, noticed and noted for the summary. */
function noChangePlan(why: string): JobPlan {
  core.notice(why)
  return { started: nothing, ended: nothing, note: `${why} No agent job was created.` }
}

export async function planJob(inputs: Inputs, lifetime: Lifetime, github: GitHubTrust): Promise<JobPlan> {
  const { seal, runner } = github
  if (!inputs.followUp && inputs.prompt === undefined && inputs.jobId === undefined) return NO_JOB
  const { eventName, payload } = runner
  const trigger = triggerOf(eventName, payload, runner)
  const repository = runner.repositoryText
  const repo = inputs.githubToken !== '' && runner.repository !== undefined ? await github.connect(inputs.githubToken) : undefined
  const command = inputs.command
  let settings: AgentJobRequest & JobPolicy = { ...inputs, githubServer: runner.server }

  if (inputs.followUp) {
    const asked = commandOf(payload, command)
    if ('quiet' in asked) {
      core.info(asked.quiet)
      return NO_JOB
    }
    if (!repo) throw new Error('the follow-up needs the repository (GITHUB_REPOSITORY) and githubToken')
    const { jobId, earlier, comments } = await agentJobOf(repo, asked.number, seal)
    if (jobId === undefined && earlier !== undefined) {
      core.notice(
        `#${asked.number}'s note of job ${logText(earlier, 100)} is ${EARLIER_SEAL}, which a copy in another repository that shares the key would verify for too: ` +
          'nothing was sent. Send the follow-up with jobId from a workflow of this repository.'
      )
      return NO_JOB
    }
    if (jobId === undefined) {
      core.info(
        `#${asked.number} is not a pull request of the documentation agent (no comment of this action names its job): nothing was sent.`
      )
      return NO_JOB
    }
    const who = logText(asked.login, 60)
    let writer: boolean
    try {
      writer = await repo.canWrite(asked.login)
    } catch (error) {
      // Nothing is sent for someone whose permission is not known.
      core.warning(`Could not check whether ${who} may push to ${repository} (${githubFailure(error)}): nothing was sent.`)
      return NO_JOB
    }
    if (!writer) {
      // One refusal per person and thread: a comment-spam and Actions-minutes amplifier otherwise.
      const at = threadAt(seal, repo, asked.number)
      let refused: boolean
      try {
        refused = await refusedBefore(
          repo,
          asked.number,
          comments,
          (comment) => comment.isBot && isRefusalOf(comment.body, asked.login, at)
        )
      } catch (error) {
        // Nothing is answered when the thread cannot be read: an answer too many is the harm to avoid.
        core.warning(
          `Could not read the latest comments of #${asked.number} (${githubFailure(error)}): ${who}'s follow-up was refused, and not answered.`
        )
        return NO_JOB
      }
      if (refused) {
        core.notice(
          `${who} may not push to ${repository}: the follow-up was refused, and not answered again in #${asked.number}, which already holds the answer to them. Nothing was sent.`
        )
        return NO_JOB
      }
      await answer(repo, asked.number, refusalBody(asked.login, command, refusalMarker(asked.login, at)))
      core.notice(`${who} may not push to ${repository}, so the follow-up was refused in #${asked.number}: nothing was sent.`)
      return NO_JOB
    }
    if (asked.text === '') {
      await answer(repo, asked.number, emptyCommandBody(command))
      core.info(`The comment holds ${command} and nothing after it: nothing was sent.`)
      return NO_JOB
    }
    settings = { ...settings, jobId, prompt: asked.text }
  }

  // A change that is no change (a pull request closed unmerged, a deleted branch) makes no job, whatever was recorded.
  const skip = inputs.changeContext ? noChange(eventName, payload) : undefined
  if (skip !== undefined) return noChangePlan(skip)

  // The key the job is recorded under, and the commit its check run goes on.
  const recorded = trigger === undefined ? undefined : { key: recordKey(inputs.projectId, trigger.key, settings), sha: trigger.sha }
  const thread =
    inputs.comment || inputs.followUp
      ? await CommentThread.open(runner, inputs.comment?.token ?? inputs.githubToken, lifetime.signal, seal, github.connect, recorded?.key)
      : undefined
  if (inputs.check && recorded?.sha === undefined)
    core.warning('check is true, but this run names no commit (a comment, say): no check run is written.')
  const check =
    inputs.check && repo && recorded?.sha !== undefined
      ? new CheckRecord(
          repo,
          recorded.sha,
          recorded.key,
          runner.runUrl,
          { info: core.info, warning: core.warning },
          seal,
          repo.detached(1000)
        )
      : undefined

  // A prompt sent once per trigger: a second run for the same one watches the job the first created,
  // unless that job failed or was archived (then a re-run is a retry). A jobId of the workflow's own
  // is kept: only a record of that same job stands in for sending the prompt to it again.
  if (settings.prompt !== undefined) {
    // Both are read: the thread's record is also the comment this run edits rather than posting another.
    const [checked, commented] = [await check?.recordedJob(), await thread?.recordedJob()]
    const found: { record: JobRecord; place: JobRecordPlace } | undefined =
      checked !== undefined
        ? { record: checked, place: 'check run' }
        : commented !== undefined
          ? { record: commented, place: 'comment' }
          : undefined
    const record = found?.record
    if (record?.ended !== undefined && RETRIED_ENDINGS.includes(record.ended)) {
      core.info(
        `Job ${logText(record.jobId, 100)}, which an earlier run for this trigger created, ${record.ended === 'failed' ? 'failed' : 'was archived'}: sending the prompt again.`
      )
    } else if (found !== undefined && (settings.jobId === undefined || found.record.jobId === settings.jobId)) {
      const { jobId } = found.record
      const earlier = found.record.earlier === true ? ` (a record ${EARLIER_SEAL})` : ''
      core.info(
        `An earlier run for this trigger recorded job ${logText(jobId, 100)} in its ${found.place}${earlier}: watching it instead of sending the prompt again.`
      )
      settings = { ...settings, jobId, prompt: undefined, reusedFrom: found.place }
    } else if (runner.runAttempt > 1 && !check && !thread) {
      core.warning(
        `This is attempt ${runner.runAttempt} of the workflow run, and the action keeps no record of the job an earlier attempt created: ` +
          'it sends the prompt again. Set check: true (with `permissions: checks: write`) or comment: true to watch the first job instead.'
      )
    }
  }

  // A job an earlier run recorded is watched with no prompt (reusedFrom): it is sent no change.
  if (inputs.changeContext && settings.prompt !== undefined) {
    if (!repo) throw new Error('context: change needs the repository (GITHUB_REPOSITORY) and githubToken')
    const read = await readChange(repo, eventName, payload)
    // The payload was judged before any record was read (noChange); a change is all that is left.
    // Stryker disable next-line StringLiteral: no read is a skip here, so no key names one either
    if ('skip' in read) return noChangePlan(read.skip)
    const context = changeContext(read.change, inputs.changeContext.maxBytes, nonce())
    const { digest } = context
    core.info(
      `The change is sent after the prompt: ${counted(digest.files, 'changed file')}, ${counted(digest.bytes, 'byte')}` +
        (digest.leftOut.length > 0 ? `; ${counted(digest.leftOut.length, 'diff')} left out` : '') +
        (digest.diffsCut > 0 ? `; ${counted(digest.diffsCut, 'diff')} cut` : '') +
        '.'
    )
    settings = { ...settings, contextText: context.text, context: digest }
  }

  return {
    // Always a prompt or a job to watch: a run asked for neither, or a follow-up that sends none, returned NO_JOB above.
    settings,
    started: async (jobId) => {
      await thread?.start(jobId)
      await check?.started(jobId)
    },
    ended: async (report, stopping) => {
      await thread?.finish(report, stopping)
      await check?.finished(report, stopping)
      if (repo && !stopping) await noteAgentPull(repo, report, command, runner.runUrl, seal)
    }
  }
}

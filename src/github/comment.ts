// Comment back on the issue or pull request that started the workflow: one comment when the job is
// created, edited when it ends. Optional and never fatal: a comment that cannot be posted is a
// warning that says which permissions to add. The GitHub client is opened only when a comment is due.
import * as core from '@actions/core'
import type { JobReport } from '../agent/outcome.js'
import type { RecordSeal } from '../core/record-seal.js'
import { endBody, startBody } from '../render/comment-body.js'
import { COMMENT_MARKER, type JobRecord, readRecord, type SealedAt, sealedAt, unsealedJob } from '../agent/records.js'
import { logText } from '../text/escape.js'
import { type GitHubClient, githubWriteFailure, type IssueComment, mayHaveLanded } from './client.js'
import { payloadObject, type Runner } from './runner.js'

const SUPPORTED_EVENTS = ['issues', 'issue_comment', 'pull_request', 'pull_request_target']
/** The one short try of a stopping run's last comment. */
const STOPPING_TIMEOUT_MS = 1000

export interface CommentTarget {
  owner: string
  repo: string
  number: number
  isPullRequest: boolean
}

interface EventPayload {
  issue?: { number?: number; pull_request?: unknown }
  pull_request?: { number?: number }
  number?: number
}

/** Where to comment for this event, or why there is nowhere to comment. */
export function commentTarget(eventName: string, payload: EventPayload, repository: string): CommentTarget | string {
  if (!SUPPORTED_EVENTS.includes(eventName)) {
    return `comment is true, but this run was triggered by "${eventName}"; comments work for ${SUPPORTED_EVENTS.join(', ')}.`
  }
  const [owner, repo] = repository.split('/')
  const number = payload.pull_request?.number ?? payload.issue?.number ?? payload.number
  if (!owner || !repo || typeof number !== 'number') return `comment is true, but the ${eventName} event names no issue or pull request.`
  return { owner, repo, number, isPullRequest: payload.pull_request !== undefined || payload.issue?.pull_request !== undefined }
}

/** What a comment thread needs of the GitHub client. */
export type ThreadComments = Pick<GitHubClient, 'comments' | 'createComment' | 'updateComment'>

/** One comment in the triggering thread, posted at the start and edited at the end. */
export class CommentThread {
  private commentId: number | undefined
  private warned = false
  /** The body of a comment whose creation may have landed unseen (GitHub answered 5xx, or nothing), looked for before another is posted. */
  private unseen: string | undefined

  constructor(
    private readonly github: ThreadComments,
    /** The client for the last write of a stopping run: one short try, not under the run's signal. */
    private readonly stoppingGithub: ThreadComments,
    private readonly target: CommentTarget,
    private readonly runSignal: AbortSignal,
    /** What seals the record in the comment (core/record-seal.ts). */
    private readonly seal: RecordSeal,
    /** The run's record key (project and trigger), recorded in the comment with the job id. */
    private readonly key?: string,
    /** The link to the workflow run, for the comment. */
    private readonly runUrl?: string
  ) {}

  /**
   * A thread for this run, or undefined (with a warning) when there is nowhere to comment; `connect`
   * gives the GitHub client of a token, asked for only when a comment is due.
   */
  static async open(
    runner: Pick<Runner, 'eventName' | 'payload' | 'payloadError' | 'repositoryText' | 'runUrl'>,
    token: string,
    runSignal: AbortSignal,
    seal: RecordSeal,
    connect: (token: string) => Promise<ThreadComments & { detached: (timeoutMs: number) => ThreadComments }>,
    key?: string
  ): Promise<CommentThread | undefined> {
    if (runner.payloadError !== undefined) {
      core.warning(`comment is true, but the event payload could not be read: ${runner.payloadError}`)
      return undefined
    }
    const payload = (payloadObject(runner.payload) ?? {}) as EventPayload
    const target = commentTarget(runner.eventName, payload, runner.repositoryText)
    if (typeof target === 'string') {
      core.warning(target)
      return undefined
    }
    if (!token) {
      core.warning('comment is true, but githubToken is empty; pass ${{ github.token }} or a token that may comment.')
      return undefined
    }
    const github = await connect(token)
    return new CommentThread(github, github.detached(STOPPING_TIMEOUT_MS), target, runSignal, seal, key, runner.runUrl)
  }

  /** Where the record is sealed for: this thread of this repository. */
  private at(): SealedAt {
    return sealedAt(this.seal, `${this.target.owner}/${this.target.repo}`, `thread ${this.target.number}`)
  }

  /**
   * The job an earlier run for the same trigger recorded in its comment here, if any: the first
   * comment of a bot that starts with the record, sealed for this thread (a copy made later, by
   * another app, counts for nothing); that comment is the one this run edits. A record with no seal,
   * as builds before records were sealed wrote it, is not believed, and the log says so once.
   */
  async recordedJob(): Promise<JobRecord | undefined> {
    const key = this.key
    if (key === undefined) return undefined
    let found: JobRecord | undefined
    await this.attempt(async () => {
      const record = (comment: IssueComment): JobRecord | undefined =>
        comment.isBot ? readRecord(comment.body, key, this.at(), COMMENT_MARKER) : undefined
      const comments = await this.github.comments(this.target.number, (comment) => record(comment) !== undefined)
      for (const comment of comments) {
        const job = record(comment)
        if (job !== undefined) {
          ;[found, this.commentId] = [job, comment.id]
          return
        }
      }
      const unsealed = comments
        .map((comment) => (comment.isBot ? unsealedJob(comment.body, COMMENT_MARKER) : undefined))
        .find((id) => id !== undefined)
      if (unsealed !== undefined)
        core.warning(
          `A comment in #${this.target.number} records job ${logText(unsealed, 100)} without a seal, as builds before records were sealed wrote it: ` +
            "nothing proves it is this action's, so it is not watched. To watch it instead of a new job, run with jobId."
        )
    })
    return found
  }

  async start(jobId: string): Promise<void> {
    const body = startBody(jobId, this.runUrl, this.key, this.at())
    await this.attempt(async () => {
      if (this.commentId !== undefined) await this.github.updateComment(this.commentId, body)
      else this.commentId = await this.create(this.github, body)
    })
  }

  /** Edits the comment to say how the job ended (or posts one, if the first could not be). */
  async finish(job: JobReport, stopping: boolean): Promise<void> {
    const body = endBody(job, this.runUrl, this.key, this.at())
    // When the run is stopping, the runner kills it soon: one short try, and not under the run's signal.
    const github = stopping ? this.stoppingGithub : this.github
    await this.attempt(async () => {
      if (this.commentId !== undefined) await github.updateComment(this.commentId, body)
      else await this.create(github, body)
    }, !stopping)
  }

  /**
   * Posts `body`, or, when an earlier comment's creation may have landed unseen, edits that comment if
   * the thread holds it: a second comment is worse than none. A create GitHub refused (4xx) made none.
   */
  private async create(github: ThreadComments, body: string): Promise<number> {
    const unseen = this.unseen
    if (unseen !== undefined) {
      const made = (comment: IssueComment): boolean => comment.isBot && comment.body === unseen
      const found = (await github.comments(this.target.number, made)).find(made)
      if (found !== undefined) {
        this.unseen = undefined
        this.commentId = found.id
        await github.updateComment(found.id, body)
        return found.id
      }
    }
    try {
      return await github.createComment(this.target.number, body)
    } catch (error) {
      if (mayHaveLanded(error)) this.unseen = body
      throw error
    }
  }

  private async attempt(call: () => Promise<void>, followRun = true): Promise<void> {
    if (followRun && this.runSignal.aborted) return
    try {
      await call()
    } catch (error) {
      if (this.runSignal.aborted && followRun) return
      if (this.warned) return
      this.warned = true
      const writable = `, and make sure githubToken may write to ${this.target.owner}/${this.target.repo}`
      core.warning(
        `Could not comment on #${this.target.number}` +
          (this.target.isPullRequest
            ? githubWriteFailure(error, 'pull-requests: write', ` (and \`issues: write\`)${writable}`)
            : githubWriteFailure(error, 'issues: write', writable))
      )
    }
  }
}

// Comment back on the issue or pull request that started the workflow: one comment when the job is
// created, edited when it ends. Optional and never fatal: a comment that cannot be posted is a
// warning that says which permissions to add. The GitHub client is loaded only when a comment is due.
import * as core from '@actions/core'
import { readFile } from 'node:fs/promises'
import type { JobReport } from '../agent/outcome.js'
import { errorMessage } from '../core/error-message.js'
import type { RecordSeal } from '../core/record-seal.js'
import { endBody, startBody } from '../render/comment-body.js'
import { COMMENT_MARKER, type JobRecord, readRecord, type SealedAt } from '../agent/records.js'
import { octokitFor } from './octokit.js'
import { runLink } from './run-link.js'

const SUPPORTED_EVENTS = ['issues', 'issue_comment', 'pull_request', 'pull_request_target']
const REQUEST_TIMEOUT_MS = 10_000

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

interface IssueComments {
  listComments(params: {
    owner: string
    repo: string
    issue_number: number
    per_page: number
    page: number
    request: { signal: AbortSignal }
  }): Promise<{ data: { id: number; body?: string | null; user?: { type?: string } | null }[] }>
  createComment(params: {
    owner: string
    repo: string
    issue_number: number
    body: string
    request: { signal: AbortSignal }
  }): Promise<{ data: { id: number } }>
  updateComment(params: {
    owner: string
    repo: string
    comment_id: number
    body: string
    request: { signal: AbortSignal }
  }): Promise<unknown>
}

/** The action's comments of a thread are looked for among its first this many pages of 100. */
const COMMENT_PAGES = 10

/** One comment in the triggering thread, posted at the start and edited at the end. */
export class CommentThread {
  private commentId: number | undefined
  private warned = false

  constructor(
    private readonly issues: IssueComments,
    private readonly target: CommentTarget,
    private readonly runSignal: AbortSignal,
    /** What seals the record in the comment (core/record-seal.ts). */
    private readonly seal: RecordSeal,
    /** The run's record key (project and trigger), recorded in the comment with the job id. */
    private readonly key?: string
  ) {}

  /** A thread for this run, or undefined (with a warning) when there is nowhere to comment. */
  static async open(
    token: string,
    runSignal: AbortSignal,
    seal: RecordSeal,
    fetch: typeof globalThis.fetch,
    key?: string
  ): Promise<CommentThread | undefined> {
    const eventName = process.env.GITHUB_EVENT_NAME ?? ''
    let payload: EventPayload = {}
    try {
      if (process.env.GITHUB_EVENT_PATH) payload = JSON.parse(await readFile(process.env.GITHUB_EVENT_PATH, 'utf8')) as EventPayload
    } catch (error) {
      core.warning(`comment is true, but the event payload could not be read: ${errorMessage(error)}`)
      return undefined
    }
    // Stryker disable next-line StringLiteral: any text without a slash names no repository, as '' does
    const target = commentTarget(eventName, payload, process.env.GITHUB_REPOSITORY ?? '')
    if (typeof target === 'string') {
      core.warning(target)
      return undefined
    }
    if (!token) {
      core.warning('comment is true, but githubToken is empty; pass ${{ github.token }} or a token that may comment.')
      return undefined
    }
    return new CommentThread((await octokitFor(token, fetch)).rest.issues, target, runSignal, seal, key)
  }

  /** Where the record is sealed for: this thread. */
  private at(): SealedAt {
    return { seal: this.seal, place: `thread ${this.target.number}` }
  }

  /**
   * The job an earlier run for the same trigger recorded in its comment here, if any: the first
   * comment of a bot that starts with the record, sealed for this thread (a copy made later, by
   * another app, counts for nothing); that comment is the one this run edits.
   */
  async recordedJob(): Promise<JobRecord | undefined> {
    const key = this.key
    if (key === undefined) return undefined
    let found: JobRecord | undefined
    await this.attempt(async (signal) => {
      for (let page = 1; page <= COMMENT_PAGES; page++) {
        const { data } = await this.issues.listComments({
          ...this.where(),
          issue_number: this.target.number,
          per_page: 100,
          page,
          request: { signal }
        })
        for (const comment of data) {
          const job = comment.user?.type === 'Bot' ? readRecord(comment.body ?? '', key, this.at(), COMMENT_MARKER) : undefined
          if (job !== undefined) {
            ;[found, this.commentId] = [job, comment.id]
            return
          }
        }
        if (data.length < 100) return
      }
    })
    return found
  }

  async start(jobId: string): Promise<void> {
    const body = startBody(jobId, runLink(process.env), this.key, this.at())
    await this.attempt(async (signal) => {
      if (this.commentId !== undefined) {
        await this.issues.updateComment({ ...this.where(), comment_id: this.commentId, body, request: { signal } })
        return
      }
      const { data } = await this.issues.createComment({ ...this.where(), issue_number: this.target.number, body, request: { signal } })
      this.commentId = data.id
    })
  }

  /** Edits the comment to say how the job ended (or posts one, if the first could not be). */
  async finish(job: JobReport, stopping: boolean): Promise<void> {
    const body = endBody(job, runLink(process.env), this.key, this.at())
    // When the run is stopping, the runner kills it soon: one short try, and not under the run's signal.
    await this.attempt(
      async (signal) => {
        if (this.commentId !== undefined)
          await this.issues.updateComment({ ...this.where(), comment_id: this.commentId, body, request: { signal } })
        else await this.issues.createComment({ ...this.where(), issue_number: this.target.number, body, request: { signal } })
      },
      stopping ? 1000 : REQUEST_TIMEOUT_MS,
      !stopping
    )
  }

  private where(): { owner: string; repo: string } {
    return { owner: this.target.owner, repo: this.target.repo }
  }

  private async attempt(call: (signal: AbortSignal) => Promise<void>, timeoutMs = REQUEST_TIMEOUT_MS, followRun = true): Promise<void> {
    const timeout = AbortSignal.timeout(timeoutMs)
    const signal = followRun ? AbortSignal.any([this.runSignal, timeout]) : timeout
    try {
      await call(signal)
    } catch (error) {
      if (this.runSignal.aborted && followRun) return
      if (this.warned) return
      this.warned = true
      const status = (error as { status?: unknown } | null)?.status
      const permissions = this.target.isPullRequest
        ? '`permissions: pull-requests: write` (and `issues: write`)'
        : '`permissions: issues: write`'
      core.warning(
        status === 403 || status === 404
          ? `Could not comment on #${this.target.number} (HTTP ${status}): give the job ${permissions}, and make sure githubToken may write to ${this.target.owner}/${this.target.repo}.`
          : `Could not comment on #${this.target.number}: ${errorMessage(error)}`
      )
    }
  }
}

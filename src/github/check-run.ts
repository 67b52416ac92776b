// The job's check run, named "Docs agent", on the commit that triggered the run: in progress with
// the job id while the job runs, completed with the outcome and the pull request link when it ends,
// so that the job shows among the pull request's checks. Its external id is the job id: a later run
// for the same commit finds it there and watches that job instead of creating another. Never fatal:
// a check run that cannot be written is one warning that names the permission to add.
import type { JobReport } from '../agent/outcome.js'
import type { Log } from '../core/part.js'
import type { RecordSeal } from '../core/record-seal.js'
import {
  endedOf,
  type JobRecord,
  isMarkableJobId,
  readRecord,
  recordMarker,
  type SealedAt,
  sealedAt,
  unsealedJob
} from '../agent/records.js'
import { logText, markdownCode } from '../text/escape.js'
import { type CheckRunFields, type GitHubClient, githubWriteFailure, mayHaveLanded } from './client.js'

export const CHECK_NAME = 'Docs agent'

/** What the check run needs of the GitHub client. */
export type CheckRuns = Pick<GitHubClient, 'repository' | 'checkRuns' | 'createCheckRun' | 'updateCheckRun'>

function conclusionOf(job: JobReport): Pick<CheckRunFields, 'conclusion' | 'title'> {
  const failing = job.failure !== undefined
  switch (job.outcome) {
    case 'opened':
      // A link off the run's GitHub server, or not in the form of a pull request's, is not called one.
      return {
        conclusion: 'success',
        title: job.prNumber === undefined && job.prLink ? 'Completed with a link the service returned' : 'Opened a pull request'
      }
    case 'no-pr':
      return { conclusion: failing ? 'failure' : 'success', title: 'Completed without a pull request' }
    case 'failed':
      return { conclusion: failing ? 'failure' : 'neutral', title: 'The agent job failed' }
    case 'archived':
      return { conclusion: failing ? 'failure' : 'neutral', title: 'Archived before it completed' }
    case 'running':
      return { conclusion: 'neutral', title: 'Running on the service; not waited for' }
    case 'timeout':
      return { conclusion: 'timed_out', title: 'The step stopped waiting' }
    case 'cancelled':
      return { conclusion: 'cancelled', title: 'Cancelled' }
    case 'error':
      return { conclusion: 'failure', title: 'Stopped watching the agent job' }
  }
}

export class CheckRecord {
  private checkId: number | undefined
  private warned = false
  /** The summary of a check run whose creation may have landed unseen (GitHub answered 5xx, or nothing), looked for before another is made. */
  private unseen: string | undefined

  constructor(
    private readonly repo: CheckRuns,
    private readonly sha: string,
    /** The run's record key (project and trigger): only a check run that records it is this run's. */
    private readonly key: string,
    private readonly runUrl: string | undefined,
    private readonly log: Log,
    /** What seals the record in the summary (core/record-seal.ts). */
    private readonly seal: RecordSeal,
    /** The client for the last write of a stopping run, whose own signal has ended. */
    private readonly stoppingRepo: CheckRuns = repo
  ) {}

  /** Where the record is sealed for: this commit of this repository. */
  private at(): SealedAt {
    const { owner, name } = this.repo.repository
    return sealedAt(this.seal, `${owner}/${name}`, `commit ${this.sha}`)
  }

  /**
   * The job an earlier run for the same trigger and project recorded on this commit, if any: a check
   * run of this name whose summary starts with the record, sealed for this commit,
   * and whose external id is that job. Its check run is the one this run updates. A record with no
   * seal, as builds before records were sealed wrote it, is not believed, and the log says so once.
   */
  async recordedJob(): Promise<JobRecord | undefined> {
    const runs = await this.attempt(() => this.repo.checkRuns(this.sha, CHECK_NAME))
    for (const run of runs ?? []) {
      const record = readRecord(run.summary, this.key, this.at())
      if (record !== undefined && run.externalId === record.jobId) {
        this.checkId = run.id
        return record
      }
    }
    const unsealed = (runs ?? []).map((run) => unsealedJob(run.summary)).find((jobId) => jobId !== undefined)
    if (unsealed !== undefined)
      this.log.warning(
        `The "${CHECK_NAME}" check run on this commit records job ${logText(unsealed, 100)} without a seal, as builds before records were sealed wrote it: ` +
          "nothing proves it is this action's, so it is not watched. To watch it instead of a new job, run with jobId."
      )
    return undefined
  }

  async started(jobId: string): Promise<void> {
    const fields: CheckRunFields = {
      status: 'in_progress',
      ...(isMarkableJobId(jobId) ? { externalId: jobId } : {}),
      ...(this.runUrl === undefined ? {} : { detailsUrl: this.runUrl }),
      title: 'The agent is working',
      summary: `${recordMarker({ jobId, key: this.key }, this.at())}\nAgent job ${markdownCode(jobId, 200)} is running.${this.runLine()}`
    }
    await this.write(fields)
  }

  async finished(job: JobReport, stopping = false): Promise<void> {
    const { conclusion, title } = conclusionOf(job)
    const pull = job.prLink ? `\n\n${job.prNumber === undefined ? 'A link the service returned' : 'Pull request'}: ${job.prLink}` : ''
    const id = job.jobId === undefined ? 'No agent job was created.' : `Agent job ${markdownCode(job.jobId, 200)}.`
    await this.write(
      {
        status: 'completed',
        conclusion,
        ...(isMarkableJobId(job.jobId) ? { externalId: job.jobId } : {}),
        ...(this.runUrl === undefined ? {} : { detailsUrl: this.runUrl }),
        title,
        summary: `${recordMarker({ jobId: job.jobId, key: this.key, ended: endedOf(job.outcome) }, this.at())}\n${id}${pull}${this.runLine()}`
      },
      stopping ? this.stoppingRepo : this.repo
    )
  }

  private runLine(): string {
    return this.runUrl === undefined ? '' : `\n\n[Workflow run](${this.runUrl})`
  }

  private async write(fields: CheckRunFields, repo: CheckRuns = this.repo): Promise<void> {
    await this.attempt(async () => {
      if (this.checkId !== undefined) await repo.updateCheckRun(this.checkId, fields)
      else this.checkId = await this.create(repo, fields)
    })
  }

  /**
   * Makes the check run, or, when an earlier creation may have landed unseen, updates that check run
   * if the commit holds it: a second one, left in progress, is worse than none.
   */
  private async create(repo: CheckRuns, fields: CheckRunFields): Promise<number> {
    const unseen = this.unseen
    if (unseen !== undefined) {
      const found = (await repo.checkRuns(this.sha, CHECK_NAME)).find((run) => run.summary === unseen)
      if (found !== undefined) {
        this.unseen = undefined
        await repo.updateCheckRun(found.id, fields)
        return found.id
      }
    }
    try {
      return (await repo.createCheckRun(this.sha, CHECK_NAME, fields)).id
    } catch (error) {
      if (mayHaveLanded(error)) this.unseen = fields.summary
      throw error
    }
  }

  private async attempt<T>(call: () => Promise<T>): Promise<T | undefined> {
    try {
      return await call()
    } catch (error) {
      if (!this.warned) {
        this.warned = true
        this.log.warning(
          `Could not write the "${CHECK_NAME}" check run` + githubWriteFailure(error, 'checks: write', ', or set check: false')
        )
      }
      return undefined
    }
  }
}

// The dashboard issue over one run: found (or made) before any work, its ticked gaps turned into one
// agent job, what the job came to and what the analytics read recorded in its ledger, and its body
// written once at the end. Ticks are acted on only from a run the issue's own edits cannot start
// (a bot's edit starts nothing) and, on an `issues` event, only for a person who may push.
import * as core from '@actions/core'
import type { JobReport } from '../agent/outcome.js'
import { pullRequestLink } from '../agent/pull-request.js'
import { ApiError } from '../api/errors.js'
import { type AgentJob, jobIdProblem } from '../api/schemas.js'
import { errorMessage } from '../core/error-message.js'
import { ownedBody, ownedPart, projectMarker, BODY_LIMIT, tickedGaps, withOwned } from '../dashboard/body.js'
import { askable, withJobEnded, withAsked, withStaleAsksOpen, withOutcome, withPeriod, withPulls } from '../dashboard/ledger.js'
import { gapsPrompt } from '../dashboard/prompt.js'
import { type DashboardState, decodeState, emptyState, forgetReaderText, HISTORY_PERIODS } from '../dashboard/state.js'
import { type DashboardIssue, GitHubIssues } from '../github/issues.js'
import { eventPayload } from '../github/event.js'
import { runLink } from '../github/run-link.js'
import { linkHtml } from '../report/html.js'
import { htmlText, logText } from '../text/escape.js'
import { shortRange } from '../text/dates.js'
import type { Overview } from '../report/overview.js'
import { ACTION_NAME, ACTION_VERSION } from '../version.js'

/** What the run's report says of the dashboard. */
export interface DashboardReport {
  url?: string
  number?: number
  /** Why the issue could not be kept: the step fails. */
  failure?: string
  /** Gaps resolved in the period read. */
  resolved: number
  /** Gaps given to the agent by this run. */
  asked: number
}

/** What the run reads of an `issues` event's payload. */
interface IssueEvent {
  action?: string
  issue?: { number?: number }
  sender?: { login?: string; type?: string }
}

/** The workflow run, the same for every attempt of it: what keeps a re-run from asking twice. */
const runIdOf = (): string => process.env.GITHUB_RUN_ID ?? 'local'

export class DashboardRun {
  /** The run was started by an event on an issue: it reads no analytics. */
  readonly issueEvent: boolean
  private state: DashboardState
  private resolved = 0
  private failure: string | undefined
  private asked = 0
  private askedNow = false
  private overview: Overview | undefined
  /** Reader text is hidden in this run: the issue keeps no word a reader typed. */
  private readerTextHidden = false

  private constructor(
    private readonly github: GitHubIssues,
    private readonly projectId: string,
    private readonly title: string,
    private issue: DashboardIssue | undefined,
    private readonly mayAsk: boolean,
    issueEvent: boolean
  ) {
    this.issueEvent = issueEvent
    // Only the part the action owns is read: a copy of the state a person pasted elsewhere counts for nothing.
    this.state = withStaleAsksOpen((issue && decodeState(ownedPart(issue.body), projectId)) ?? emptyState(projectId), runIdOf())
  }

  /** The dashboard of this repository and project, as the event that started the run allows it to act. */
  static async open(settings: { token: string; title: string }, projectId: string, signal: AbortSignal): Promise<DashboardRun> {
    const github = await GitHubIssues.open(settings.token, process.env.GITHUB_REPOSITORY ?? '', signal)
    const issue = await github.find(projectMarker(projectId))
    if (issue?.state === 'closed')
      core.info(`The docs health issue #${issue.number} is closed: it is updated but left closed. Reopen it to keep it in view.`)
    const event = process.env.GITHUB_EVENT_NAME ?? ''
    if (event !== 'issues') return new DashboardRun(github, projectId, settings.title, issue, true, false)
    const payload = ((await eventPayload()) ?? {}) as IssueEvent
    const sender = payload.sender ?? {}
    let mayAsk = false
    if (payload.action !== 'edited' || issue === undefined || payload.issue?.number !== issue.number) {
      core.info('The run was started by an event on another issue, or not by an edit: the docs health issue has nothing to do.')
    } else if (sender.type === 'Bot' || !sender.login) {
      // The action's own edits are a bot's: acting on them could start work in a loop.
      core.info('The docs health issue was edited by a bot (this action, say): nothing to do.')
    } else if (!(await github.canWrite(sender.login))) {
      core.warning(
        `${htmlText(sender.login, 60)} ticked gaps in the docs health issue but may not push to the repository: the ticks are not acted on.`
      )
    } else mayAsk = true
    return new DashboardRun(github, projectId, settings.title, issue, mayAsk, true)
  }

  /** Reader text is hidden in this run: every reader word the issue kept is forgotten, now and at each write. */
  hideReaderText(): void {
    this.readerTextHidden = true
    this.state = forgetReaderText(this.state)
  }

  /**
   * The prompt for the gaps a person ticked, when there are any this run may ask for; they are
   * marked asked in the issue first, so that a re-run or a second event asks nothing twice.
   */
  async ask(range: string): Promise<string | undefined> {
    if (!this.mayAsk || !this.issue) return undefined
    const runId = runIdOf()
    const gaps = askable(this.state, tickedGaps(this.issue.body), runId)
    if (gaps.length === 0) return undefined
    const before = this.state
    this.state = withAsked(this.state, new Set(gaps.map((gap) => gap.id)), runId)
    try {
      await this.write()
    } catch (error) {
      // Not recorded as asked, so not asked: the next run tries again.
      this.state = before
      this.failure = `The docs health issue could not record the ticked gaps, so the agent was not asked: ${errorMessage(error)}`
      return undefined
    }
    this.asked = gaps.length
    this.askedNow = true
    core.info(`Asking the agent for ${gaps.length === 1 ? '1 ticked gap' : `${gaps.length} ticked gaps`} of the docs health issue.`)
    return gapsPrompt(gaps, range)
  }

  /** The job this run asked for has its id: written at once, so that no later run takes the gaps for unasked. */
  async started(jobId: string): Promise<void> {
    if (!this.askedNow) return
    this.state = withOutcome(this.state, runIdOf(), { jobId, reopen: false })
    try {
      await this.write()
    } catch (error) {
      core.warning(`The docs health issue could not record job ${htmlText(jobId, 60)}: ${errorMessage(error)}`)
    }
  }

  /**
   * Follows the jobs earlier runs asked for and left running (the step stopped waiting): a job that
   * has ended since is recorded, with its pull request or with its gaps open again. A job the service
   * cannot tell of now is left as it is.
   */
  async followJobs(getJob: (jobId: string) => Promise<AgentJob>, githubServer: string): Promise<void> {
    const runId = runIdOf()
    const waiting = new Set(
      this.state.gaps.flatMap((gap) => (gap.state === 'asked' && gap.jobId && gap.askedBy !== runId ? [gap.jobId] : []))
    )
    for (const jobId of waiting) {
      // An id no request can carry (a state written before ids were checked) is left as it is.
      const problem = jobIdProblem(jobId)
      if (problem !== undefined) {
        core.info(
          `The docs health issue names an agent job the run cannot follow, ${logText(JSON.stringify(jobId), 100)} (${problem}): it is skipped.`
        )
        continue
      }
      let job: AgentJob
      try {
        job = await getJob(jobId)
      } catch (error) {
        if (!(error instanceof ApiError)) throw error
        core.info(`The agent job ${htmlText(jobId, 60)} of the docs health issue could not be read: ${error.message}`)
        continue
      }
      if (job.status !== 'completed' && job.status !== 'failed' && job.status !== 'archived') continue
      this.state = withJobEnded(this.state, jobId, pullRequestLink(job.prLink, githubServer)?.url)
    }
  }

  /** What the job this run asked for came to. */
  recordJob(job: JobReport): void {
    if (!this.askedNow) return
    const runId = runIdOf()
    // Ended on the service without a pull request: the gaps are open again. A job still running, or
    // one whose creation went unanswered, keeps them asked.
    const reopen = job.prLink === undefined && (job.outcome === 'no-pr' || job.outcome === 'failed' || job.outcome === 'archived')
    this.state = withOutcome(this.state, runId, { jobId: job.jobId, prLink: job.prLink, reopen })
  }

  /** The period the analytics read: its headlines and ranking. */
  recordPeriod(overview: Overview): void {
    if (overview.headlines.length === 0 && overview.items.length === 0) return
    this.overview = overview
    const before = this.state.periods.at(-1)
    const headlines = Object.fromEntries(overview.headlines.filter((h) => !h.partial).map((h) => [h.key, h.value]))
    this.state = withPeriod(
      this.state,
      { dateFrom: overview.dateFrom, dateTo: overview.dateTo, headlines, items: overview.items },
      HISTORY_PERIODS
    )
    const after = this.state.periods.at(-1)
    this.resolved = after !== before ? (after?.resolved ?? 0) : 0
  }

  /** Reads the state of the pull requests the ledger waits on (on the run's own GitHub server only), then writes the issue. */
  async finish(githubServer: string): Promise<DashboardReport> {
    try {
      if (this.issueEvent && !this.askedNow) return this.report()
      const pulls = new Map<string, 'open' | 'merged' | 'closed'>()
      // By the link as the ledger keeps it, which is how withPulls looks each gap's up.
      for (const { state: gapState, prLink } of this.state.gaps) {
        if (gapState !== 'pr-open' || prLink === undefined || pulls.has(prLink)) continue
        const pull = pullRequestLink(prLink, githubServer)?.pullRequest
        if (!pull) continue
        const [owner = '', repo = ''] = pull.repository.split('/')
        const state = await this.github.pullState(owner, repo, Number(pull.number))
        if (state) pulls.set(prLink, state)
      }
      this.state = withPulls(this.state, pulls)
      await this.write()
      return this.report()
    } catch (error) {
      return { ...this.report(), failure: `The docs health issue could not be written: ${errorMessage(error)}` }
    }
  }

  private report(): DashboardReport {
    return { url: this.issue?.url, number: this.issue?.number, resolved: this.resolved, asked: this.asked, failure: this.failure }
  }

  private async write(): Promise<void> {
    if (this.readerTextHidden) this.state = forgetReaderText(this.state)
    const link = runLink(process.env)
    const overview = this.overview
    const footerHtml =
      `<sub>Updated ${overview ? `with ${htmlText(shortRange(overview.dateFrom, overview.dateTo), 60)} ` : ''}by ${ACTION_NAME} ${htmlText(ACTION_VERSION, 40)}` +
      `${link ? ` · ${linkHtml(link, 'workflow run')}` : ''}</sub>`
    // The issue as it is now: a person's edit during the run (text, or a tick) is kept.
    const current = this.issue ? await this.github.get(this.issue.number) : undefined
    const ticked = tickedGaps(current?.body ?? '')
    const owned = ownedBody({ overview, state: this.state, resolved: this.resolved, footerHtml, ticked })
    const body = withOwned(current?.body ?? '', owned)
    if (body.length > BODY_LIMIT)
      throw new Error(
        `its body would be ${body.length} characters, over GitHub's ${BODY_LIMIT}; shorten the text written around the report`
      )
    this.issue = this.issue ? await this.github.update(this.issue.number, body) : await this.github.create(this.title, body)
  }
}

// The docs health issue over one run: found (or made) before any work, its ticked gaps turned into one
// agent job, what the job came to and what the analytics read recorded in its ledger, and its body
// written once at the end. Ticks are acted on only from a run the issue's own edits cannot start
// (a bot's edit starts nothing) and, on an `issues` event, only for a person who may push, and only
// the boxes that very edit ticked. What each step does to the issue is decided by
// health/transition.ts, pure; this shell reads and writes GitHub around it and says in the log what
// the transition notes.
import { addCounts } from '../core/counts.js'
import * as core from '@actions/core'
import type { JobReport } from '../agent/outcome.js'
import { pullRequestLink } from '../agent/pull-request.js'
import { ApiError } from '../api/errors.js'
import { type AgentJob, jobIdProblem } from '../api/schemas.js'
import { errorMessage } from '../core/error-message.js'
import type { RecordSeal } from '../core/record-seal.js'
import { projectMarker, ownedPart, BODY_LIMIT, verdictLines, withOwned } from '../health/body.js'
import { linkHtml } from '../render/html.js'
import { githubFailure, githubWriteFailure } from '../github/client.js'
import type { Mover, PageTraffic } from '../health/history.js'
import type { Measured, PullState } from '../health/ledger.js'
import { editTicks, type EditTicks } from '../health/edit-ticks.js'
import { announcementBody, mentioned, verdictNews } from '../health/announcement.js'
import { boundedState, type HealthState, openState, sealState } from '../health/state.js'
import {
  ask,
  type AskedGap,
  begin,
  fixes,
  jobEnded,
  jobReported,
  jobsToFollow,
  periodRead,
  promptOf,
  pullsRead,
  pullsToRead,
  recordedJobIds,
  reportOf,
  started,
  type Transition,
  type TransitionSettings,
  type Trigger,
  writesAtEnd,
  written
} from '../health/transition.js'
import type { HeadlineKey } from '../core/catalog.js'
import type { Headline } from '../render/renderer.js'
import { HEALTH_ISSUE_LABEL, type HealthIssue, HealthIssues } from '../github/issues.js'
import { payloadObject, type Runner } from '../github/runner.js'
import type { GitHubTrust } from './job-plan.js'
import { htmlText, logText } from '../text/escape.js'
import type { SitePages } from '../text/page-path.js'
import type { PageMove } from '../text/site-moves.js'
import type { Overview } from '../render/overview.js'
import type { FixItem } from '../render/fix-first.js'
import { ACTION_NAME, versionText } from '../version.js'
import { type SectionReport, sectionRendererOf } from './wiring.js'

export type { AskedGap }

/** What the run's report says of the docs health issue. */
export interface HealthIssueReport {
  url?: string
  number?: number
  /** Why the issue could not be kept: the step fails. */
  failure?: string
  /** Gaps resolved in the period read. */
  resolved: number
  /** What those gaps are about: page paths, or searches where reader text may be shown. */
  resolvedNames?: string[]
  /** Gaps given to the agent by this run. */
  asked: number
  /** The gaps people said are not gaps: what the report's Fix first and docsGaps leave out. */
  dismissed?: ReadonlySet<string>
  /** Headline changes from the issue's history, where the run read none. */
  previous?: Partial<Record<HeadlineKey, Headline['previous']>>
  /** The pages whose traffic moved most since the period just before. */
  movers?: readonly Mover[]
  /** What they are about: a page, or a search (its text only where reader text may be shown). */
  askedGaps?: AskedGap[]
  /** Did the fixes work: the issue's verdict lines (HTML), for the top of the summary. */
  verdicts?: string[]
  /** The gaps open in the issue, each with a box to tick. */
  open?: number
  /** The period's Fix first, as the issue lists it. */
  items?: readonly FixItem[]
}

/** The run's day, YYYY-MM-DD (UTC). */
const todayOf = (): string => new Date().toISOString().slice(0, 10)

/** What the run reads of an `issues` event's payload. */
interface IssueEvent {
  action?: string
  issue?: { number?: number; body?: unknown }
  /** What the edit changed: the body before it, when it changed the body. */
  changes?: { body?: { from?: unknown } }
  sender?: { login?: string; type?: string }
}

/** The boxes the edit of an `issues: edited` payload ticked (edit-ticks.ts); none when the payload lacks either body. */
function ticksOfEdit(payload: IssueEvent): EditTicks {
  const after = payload.issue?.body
  const before = payload.changes?.body?.from
  return editTicks(typeof after === 'string' ? after : '', typeof before === 'string' ? before : undefined)
}

/** Issues that carry the marker without the seal, named in the log one by one; the others are counted. */
const OTHERS_NAMED = 3

/** The workflow run, the same for every attempt of it: what keeps a re-run from asking twice. */
const runIdOf = (runner: Pick<Runner, 'runId'>): string => runner.runId ?? 'local'

export class HealthIssueRun {
  /** The run was started by an event on an issue: it reads no analytics. */
  readonly issueEvent: boolean
  /** The issue over the run so far: its state and what the run did to it (health/transition.ts). */
  private now: Transition
  /** The state as the run read it: a verdict the run ends with that it did not hold is announced. */
  private readonly start: HealthState
  private failure: string | undefined

  private constructor(
    private readonly github: HealthIssues,
    private readonly runner: Runner,
    private readonly title: string,
    private issue: HealthIssue | undefined,
    private readonly seal: RecordSeal,
    read: HealthState | undefined,
    trigger: Trigger,
    settings: TransitionSettings
  ) {
    this.issueEvent = trigger.issueEvent
    this.now = this.told(begin(read, issue?.body, trigger, settings))
    this.start = this.now.state
  }

  /** The docs health issue of this repository and project, as the event that started the run allows it to act. */
  static async open(
    settings: { token: string; title: string },
    projectId: string,
    { runner, seal, connect }: GitHubTrust,
    showWords: boolean,
    sitePages?: SitePages,
    redirects?: readonly PageMove[]
  ): Promise<HealthIssueRun> {
    const client = await connect(settings.token)
    const github = new HealthIssues(client, client.signal)
    const found = await github.find(projectMarker(projectId), ownedPart, (candidate) => {
      return readState(candidate, projectId, seal, runner).state !== undefined
    })
    const issue = found.issue
    for (const other of found.others.slice(0, OTHERS_NAMED))
      core.info(
        `Issue #${other.number}, opened by ${logText(other.author, 100)}, carries the docs health issue's marker but not a state this action sealed: it is not the docs health issue, and is left as it is.`
      )
    if (found.others.length > OTHERS_NAMED)
      core.info(
        `${found.others.length - OTHERS_NAMED} more issues carry the docs health issue's marker without its seal, and are left as they are.`
      )
    if (!issue)
      core.warning(
        `No docs health issue of this action was found (no issue with its marker and its sealed state under the label ${HEALTH_ISSUE_LABEL}, ` +
          'oldest first, nor among the 100 latest issues): a new one is opened. On the first run this is expected; ' +
          `otherwise give the action's issue the label ${HEALTH_ISSUE_LABEL} again, and keep the same apiKey.`
      )
    if (issue && !found.proven)
      core.notice(
        `The docs health issue #${issue.number} holds no state this action can verify (the apiKey changed, or the state was edited or written by someone else): ` +
          'the issue is kept and updated, but its history and ledger start again, and its ticks are not acted on.'
      )
    if (issue?.state === 'closed')
      core.info(`The docs health issue #${issue.number} is closed: it is updated but left closed. Reopen it to keep it in view.`)
    // Only the part the action owns is read, and only when its seal verifies: a state someone else
    // wrote, edited or copied counts for nothing, and nor do the ticks of gaps it names.
    const opened: { state?: HealthState; place?: string } = issue ? readState(issue, projectId, seal, runner) : {}
    const read = opened.state
    if (issue && opened.place !== undefined && opened.place !== statePlace(runner, issue.number))
      core.info(
        `The docs health issue's state was sealed for ${logText(opened.place, 300)}: it is read, and sealed for ${logText(statePlace(runner, issue.number), 300)} from this run on.`
      )
    const transitionSettings: TransitionSettings = {
      projectId,
      runId: runIdOf(runner),
      showWords,
      ...(sitePages ? { sitePages } : {}),
      ...(redirects && redirects.length > 0 ? { redirects } : {}),
      footer: { action: ACTION_NAME, version: versionText(process.env), ...(runner.runUrl ? { runUrl: runner.runUrl } : {}) }
    }
    const make = (trigger: Omit<Trigger, 'today'>): HealthIssueRun =>
      new HealthIssueRun(github, runner, settings.title, issue, seal, read, { ...trigger, today: todayOf() }, transitionSettings)
    if (runner.eventName !== 'issues') return make({ issueEvent: false, mayAct: true })
    const payload = (payloadObject(runner.payload) ?? {}) as IssueEvent
    const sender = payload.sender ?? {}
    let mayAct = false
    let refused = false
    if (payload.action !== 'edited' || issue === undefined || payload.issue?.number !== issue.number) {
      core.info('The run was started by an event on another issue, or not by an edit: the docs health issue has nothing to do.')
    } else if (sender.type === 'Bot' || !sender.login) {
      // The action's own edits are a bot's: acting on them could start work in a loop.
      core.info('The docs health issue was edited by a bot (this action, say): nothing to do.')
    } else {
      let writer = false
      try {
        writer = await github.canWrite(sender.login)
        refused = !writer
        if (!writer)
          core.warning(
            `${htmlText(sender.login, 60)} ticked gaps in the docs health issue but may not push to the repository: the ticks are not acted on, and the issue is written with the boxes that edit ticked unticked.`
          )
      } catch (error) {
        // Nothing is asked for someone whose permission is not known; the issue itself is still kept.
        core.warning(
          `Could not check whether ${htmlText(sender.login, 60)} may push to ${htmlText(runner.repositoryText, 200)} (${githubFailure(error)}): the ticks in the docs health issue are not acted on.`
        )
      }
      mayAct = writer
    }
    return make({
      issueEvent: true,
      mayAct,
      ...(refused ? { refused } : {}),
      edited: ticksOfEdit(payload),
      ...(typeof sender.login === 'string' ? { editor: sender.login } : {})
    })
  }

  /** Says in the log what the step just taken notes, and gives its transition back. */
  private told(next: Transition): Transition {
    for (const note of next.notes) core.info(note)
    for (const warning of next.warnings ?? []) core.warning(warning)
    return { ...next, warnings: [] }
  }

  /**
   * The prompt for the gaps a person ticked, when there are any this run may ask for; they are
   * marked asked in the issue first, so that a re-run or a second event asks nothing twice. It names
   * the period the gaps' evidence was read over and, where reader text may be shown, gives what
   * readers wrote about them.
   */
  async ask(mayQuote: () => Promise<boolean> = () => Promise.resolve(this.now.settings.showWords)): Promise<string | undefined> {
    if (!this.issue) return undefined
    const { transition, asks } = ask(this.now, this.issue.body)
    if (asks === undefined) {
      this.now = this.told(transition)
      return undefined
    }
    const before = this.now
    this.now = this.told(transition)
    try {
      await this.write()
    } catch (error) {
      // Not recorded as asked, so not asked: the next run tries again.
      this.now = { ...before, warnedTop: this.now.warnedTop }
      this.failure = `The docs health issue could not record the ticked gaps, so the agent was not asked${healthIssueFailure(error)}`
      return undefined
    }
    core.info(asks.note)
    // Asked only once there is a prompt: whether readers' words may go to the agent's repository.
    return promptOf(asks, this.now.settings.showWords && (await mayQuote()))
  }

  /** The job this run asked for has its id: written at once, so that no later run takes the gaps for unasked. */
  async started(jobId: string): Promise<void> {
    if (this.now.asked.length === 0) return
    this.now = started(this.now, jobId)
    try {
      await this.write()
    } catch (error) {
      core.warning(`The docs health issue could not record job ${htmlText(jobId, 60)}${healthIssueFailure(error)}`)
    }
  }

  /**
   * Follows the jobs earlier runs asked for and left running (the step stopped waiting): a job that
   * has ended since is recorded, with its pull request or with its gaps open again. A job the service
   * cannot tell of now is left as it is.
   */
  async followJobs(getJob: (jobId: string) => Promise<AgentJob>, githubServer: string): Promise<void> {
    for (const jobId of jobsToFollow(this.now)) {
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
      this.now = jobEnded(this.now, jobId, pullRequestOf(job.prLink, githubServer))
    }
  }

  /** Every job the issue records, once each: the source repository of each is one the agent has worked in. */
  recordedJobIds(): string[] {
    return recordedJobIds(this.now)
  }

  /** The pages with a fix, and the day each merged: where feedback marked resolved counts. */
  fixes(): Map<string, string> {
    return fixes(this.now)
  }

  /** What the job this run asked for came to. */
  recordJob(job: JobReport): void {
    this.now = jobReported(this.now, job)
  }

  /**
   * The period the analytics read: its headlines (a change the run could not read taken from the
   * history), its ranking without the gaps people dismissed, every gap's own numbers from every
   * signal of `sections`, and the pages whose traffic moved.
   */
  recordPeriod(overview: Overview, sections: readonly SectionReport[] = []): void {
    const signals = sections.flatMap((section) => sectionRendererOf(section).signals?.(section) ?? [])
    this.now = periodRead(this.now, {
      overview,
      ...(sections.length > 0 ? { sections: { signals, measured: measuredOf(sections) } } : {}),
      traffic: pageTraffic(sections)
    })
  }

  /** Reads the state of the pull requests the ledger waits on (on the run's own GitHub server only), then writes the issue. */
  async finish(githubServer: string): Promise<HealthIssueReport> {
    try {
      if (!writesAtEnd(this.now)) return this.report()
      const pulls = new Map<string, PullState>()
      const moves = new Map<string, PageMove[]>()
      // By the link as the ledger keeps it, which is how withPulls looks each gap's up.
      for (const prLink of pullsToRead(this.now)) {
        const pull = pullRequestLink(prLink, githubServer)?.pullRequest
        if (!pull) continue
        const [owner = '', repo = ''] = pull.repository.split('/')
        const state = await this.github.pullState(owner, repo, Number(pull.number))
        if (state) pulls.set(prLink, state)
        // A merged fix may have moved its page: its gap follows it (health/moves.ts).
        if (state?.state === 'merged') moves.set(prLink, await this.github.pullMoves(owner, repo, Number(pull.number)))
      }
      this.now = this.told(pullsRead(this.now, pulls, moves))
      await this.write()
    } catch (error) {
      return { ...this.report(), failure: `The docs health issue could not be written${healthIssueFailure(error)}` }
    }
    await this.announce()
    return this.report()
  }

  /**
   * Posts one comment on the issue when the run gave verdicts (fixed, not fixed, back) that the state
   * it read did not hold, mentioning only the people who ticked those gaps. The issue already records
   * them: a run that reads it again finds nothing new, so no verdict is announced twice, and a comment
   * that cannot be posted is a warning, never a failed run.
   */
  private async announce(): Promise<void> {
    // The gaps as the issue holds them (within the state's budget): a gap it could not keep is not announced.
    const held = boundedState(this.now.state)
    const news = verdictNews(this.start, held)
    if (news.length === 0 || !this.issue) return
    try {
      await this.github.comment(this.issue.number, announcementBody(news, held, this.now.settings.footer))
      const people = mentioned(news).length
      const whom =
        people === 0
          ? 'nobody: no edit is known to have ticked them'
          : people === 1
            ? 'the person who ticked them'
            : `the ${people} people who ticked them`
      core.info(
        `Announced ${news.length === 1 ? 'a verdict' : `${news.length} verdicts`} in a comment on the docs health issue, mentioning ${whom}.`
      )
    } catch (error) {
      core.warning(
        `The docs health issue holds this run's verdicts, but they could not be announced in a comment${healthIssueFailure(error)}`
      )
    }
  }

  private report(): HealthIssueReport {
    const askAgain = this.issue ? `Tick it in the ${linkHtml(this.issue.url, 'docs health issue')} to ask the agent again.` : ''
    return {
      url: this.issue?.url,
      number: this.issue?.number,
      failure: this.failure,
      ...reportOf(this.now),
      verdicts: this.issue ? verdictLines(this.now.state, this.now.resolvedIds, askAgain) : []
    }
  }

  /** Writes the issue: the body the transition gives for the issue as it is now, sealed. */
  private async write(): Promise<void> {
    // The issue as it is now: a person's edit during the run (text, or a tick) is kept.
    const current = this.issue ? await this.github.get(this.issue.number) : undefined
    const { transition, owned } = written(this.now, current?.body ?? '')
    this.now = this.told(transition)
    // The seal binds the state to this issue: pasted into another issue, or another repository's, it
    // does not verify. A new issue has no number before it is made, so it is sealed just after.
    const sealedBody = (number: number, around: string): string => {
      const body = withOwned(around, sealState(owned, this.seal, statePlace(this.runner, number)))
      if (body.length > BODY_LIMIT)
        throw new Error(
          `its body would be ${body.length} characters, over GitHub's ${BODY_LIMIT}; shorten the text written around the report`
        )
      return body
    }
    if (this.issue) {
      this.issue = await this.github.update(this.issue.number, sealedBody(this.issue.number, current?.body ?? ''))
    } else {
      const made = await this.github.create(this.title, sealedBody(0, ''))
      this.issue = await this.github.update(made.number, sealedBody(made.number, made.body))
    }
  }
}

/**
 * Where a state is kept, as its seal names it: the repository and the issue's number. The repository
 * is named by its id when the runner gives it, which a rename or a transfer keeps; else by its
 * owner/name in lower case, since GitHub reads `Acme/Docs` and `acme/docs` as the same repository.
 */
export function statePlace(runner: Pick<Runner, 'repositoryText' | 'repositoryId'>, number: number): string {
  return runner.repositoryId === undefined
    ? `${runner.repositoryText.toLowerCase()}#${number}`
    : `repository ${runner.repositoryId}#${number}`
}

/**
 * The places this repository's state may be sealed for, the place it is sealed for now first: then its
 * owner/name in lower case, and as the runner gives it, as builds before the id sealed it. Each is this
 * repository's, in the case GitHub ignores: no other repository's state verifies for any of them.
 */
export function statePlaces(runner: Pick<Runner, 'repositoryText' | 'repositoryId'>, number: number): string[] {
  return [
    ...new Set([statePlace(runner, number), `${runner.repositoryText.toLowerCase()}#${number}`, `${runner.repositoryText}#${number}`])
  ]
}

/** The state an issue's body holds, sealed for one of the places this repository's state may be sealed for, and that place; nothing when none verifies. */
function readState(
  issue: { body: string; number: number },
  projectId: string,
  seal: RecordSeal,
  runner: Pick<Runner, 'repositoryText' | 'repositoryId'>
): { state?: HealthState; place?: string } {
  for (const place of statePlaces(runner, issue.number)) {
    const { state } = openState(ownedPart(issue.body), projectId, seal, place)
    if (state) return { state, place }
  }
  return {}
}

/** The link of a job's pull request on the run's GitHub server; undefined for any other link, which is no pull request. */
function pullRequestOf(prLink: string | null | undefined, githubServer: string): string | undefined {
  const link = pullRequestLink(prLink, githubServer)
  return link?.pullRequest === undefined ? undefined : link.url
}

/** Which of the sections that hold a gap's numbers were read whole (read, not cut short, not failed). */
function measuredOf(sections: readonly SectionReport[]): Measured {
  const whole = (kind: SectionReport['kind']): boolean =>
    sections.some((section) => section.kind === kind && section.requests > 0 && section.failure === undefined && !section.partial)
  const measured: Measured = { feedback: whole('feedback'), assistant: whole('assistant'), searches: whole('searches') }
  for (const section of sections) {
    if (section.kind === 'feedback' && section.pagesTruncated)
      measured.feedbackPages = new Set((section.pages ?? []).map((page) => page.path))
    // Each page's visitors, from a whole read only (a page cut off the list is not known, not 0); the
    // paths the service gave that the site keeps as one page, summed.
    if (section.kind === 'visitors' && whole('visitors')) {
      const visitors = new Map<string, number>()
      for (const row of section.rows) visitors.set(row.path, addCounts(visitors.get(row.path) ?? 0, row.human))
      measured.visitors = visitors
    }
  }
  return measured
}

/** Every page's human visitors and page views, as the sections read them. */
function pageTraffic(sections: readonly SectionReport[]): PageTraffic[] {
  const pages = new Map<string, PageTraffic>()
  const page = (path: string): PageTraffic => {
    let seen = pages.get(path)
    if (!seen) pages.set(path, (seen = { path }))
    return seen
  }
  for (const section of sections) {
    if (section.kind === 'visitors') for (const row of section.rows) page(row.path).visitors = row.human
    if (section.kind === 'views') for (const row of section.rows) page(row.path).views = row.total
  }
  return [...pages.values()]
}

/**
 * Why the docs health issue could not be read or written, to follow "could not …": GitHub's failure
 * with the permission it needs (githubWriteFailure), or, when no request failed, the error's own words.
 */
export function healthIssueFailure(error: unknown): string {
  const status = (error as { status?: unknown } | null)?.status
  return typeof status === 'number' ? githubWriteFailure(error, 'issues: write', ', or set healthIssue: false') : `: ${errorMessage(error)}`
}

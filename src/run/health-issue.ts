// The docs health issue over one run: found (or made) before any work, its ticked gaps turned into one
// agent job, what the job came to and what the analytics read recorded in its ledger, and its body
// written once at the end. Ticks are acted on only from a run the issue's own edits cannot start
// (a bot's edit starts nothing) and, on an `issues` event, only for a person who may push, and only
// the boxes that very edit ticked.
import * as core from '@actions/core'
import type { JobReport } from '../agent/outcome.js'
import { pullRequestLink } from '../agent/pull-request.js'
import { ApiError } from '../api/errors.js'
import { type AgentJob, jobIdProblem } from '../api/schemas.js'
import { errorMessage } from '../core/error-message.js'
import type { RecordSeal } from '../core/record-seal.js'
import {
  blocksOf,
  dismissTicks,
  overviewBlocks,
  overviewDigest,
  type OverviewBlocks,
  ownedBody,
  ownedPart,
  projectMarker,
  BODY_LIMIT,
  tickedGaps,
  withOwned
} from '../health/body.js'
import { githubFailure, githubWriteFailure } from '../github/client.js'
import { type Mover, movers, type PageTraffic, topPages, withHistoryChanges } from '../health/history.js'
import {
  askable,
  dismissedIds,
  isOpen,
  itemId,
  type Measured,
  type PullState,
  withDismissed,
  withJobEnded,
  withAsked,
  withStaleAsksOpen,
  withOutcome,
  withPeriod,
  withPulls
} from '../health/ledger.js'
import { editTicks, type EditTicks } from '../health/edit-ticks.js'
import { gapsPrompt } from '../health/prompt.js'
import { type HealthState, emptyState, forgetReaderText, HISTORY_PERIODS, openState, sealState } from '../health/state.js'
import { withReaderWords } from '../health/words.js'
import { fixFirst, grouped } from '../render/fix-first.js'
import type { HeadlineKey } from '../core/sections.js'
import type { Headline } from '../render/renderer.js'
import { DASHBOARD_LABEL, type HealthIssue, HealthIssues } from '../github/issues.js'
import { payloadObject, type Runner } from '../github/runner.js'
import type { GitHubTrust } from './job-plan.js'
import { linkHtml } from '../render/html.js'
import { htmlText, logText } from '../text/escape.js'
import { shortRange } from '../text/dates.js'
import type { Overview } from '../render/overview.js'
import { ACTION_NAME, ACTION_VERSION } from '../version.js'
import { type SectionReport, sectionRendererOf } from './sections.js'

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
}

/** A gap given to the agent, as the summary names it. */
export interface AskedGap {
  kind: 'page' | 'search'
  /** The page, or the search; undefined for a search while reader text is hidden. */
  subject?: string
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
  private state: HealthState
  private resolved = 0
  private failure: string | undefined
  private asked = 0
  private askedGaps: AskedGap[] = []
  private askedNow = false
  /** Gaps a person said are not gaps, taken by this run. */
  private dismissedNow = 0
  private overview: Overview | undefined
  private filled: HeadlineKey[] = []
  /** The gaps this run found resolved. */
  private resolvedIds = new Set<string>()
  private moved: Mover[] = []
  /** Reader text is hidden in this run: the issue keeps no word a reader typed. */
  private readerTextHidden = false
  /** The log said the top of the issue is not kept. */
  private warnedTop = false

  private constructor(
    private readonly github: HealthIssues,
    private readonly runner: Runner,
    private readonly projectId: string,
    private readonly title: string,
    private issue: HealthIssue | undefined,
    private readonly mayAsk: boolean,
    issueEvent: boolean,
    private readonly seal: RecordSeal,
    private readonly showWords: boolean,
    /** The boxes the edit that started the run ticked, the only ones it acts on; undefined for a run no edit started, which acts on every tick. */
    private readonly edited?: EditTicks
  ) {
    this.issueEvent = issueEvent
    // Only the part the action owns is read, and only when its seal verifies: a state someone else
    // wrote, edited or copied counts for nothing, and nor do the ticks of gaps it names.
    const state = withStaleAsksOpen(
      (issue && openState(ownedPart(issue.body), projectId, seal, statePlace(runner, issue.number)).state) ?? emptyState(projectId),
      runIdOf(runner)
    )
    // Where reader text is hidden, every word readers typed is forgotten at once, whatever earlier runs
    // kept while it was shown: nothing of it is sent or written back (and write() forgets again).
    this.readerTextHidden = !showWords
    this.state = showWords ? state : forgetReaderText(state)
    // "Not a gap" is honoured from the same people as a tick that asks.
    if (mayAsk && issue) {
      const before = this.state
      this.state = withDismissed(this.state, this.ofThisEdit(dismissTicks(issue.body), 'dismissed'), todayOf())
      this.dismissedNow = this.state.gaps.filter((gap, i) => gap.state === 'dismissed' && before.gaps[i]?.state !== 'dismissed').length
      if (this.dismissedNow > 0)
        core.info(`${this.dismissedNow === 1 ? '1 gap was' : `${this.dismissedNow} gaps were`} marked not a gap in the docs health issue.`)
    }
  }

  /** The docs health issue of this repository and project, as the event that started the run allows it to act. */
  static async open(
    settings: { token: string; title: string },
    projectId: string,
    { runner, seal, connect }: GitHubTrust,
    showWords: boolean
  ): Promise<HealthIssueRun> {
    const client = await connect(settings.token)
    const github = new HealthIssues(client, client.signal)
    const found = await github.find(projectMarker(projectId), ownedPart, (candidate) => {
      return openState(ownedPart(candidate.body), projectId, seal, statePlace(runner, candidate.number)).state !== undefined
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
        `No docs health issue of this action was found (no issue with its marker and its sealed state under the label ${DASHBOARD_LABEL}, ` +
          'oldest first, nor among the 100 latest issues): a new one is opened. On the first run this is expected; ' +
          `otherwise give the action's issue the label ${DASHBOARD_LABEL} again, and keep the same apiKey.`
      )
    if (issue && !found.proven)
      core.notice(
        `The docs health issue #${issue.number} holds no state this action can verify (the apiKey changed, or the state was edited or written by someone else): ` +
          'the issue is kept and updated, but its history and ledger start again, and its ticks are not acted on.'
      )
    if (issue?.state === 'closed')
      core.info(`The docs health issue #${issue.number} is closed: it is updated but left closed. Reopen it to keep it in view.`)
    if (runner.eventName !== 'issues')
      return new HealthIssueRun(github, runner, projectId, settings.title, issue, true, false, seal, showWords)
    const payload = (payloadObject(runner.payload) ?? {}) as IssueEvent
    const sender = payload.sender ?? {}
    let mayAsk = false
    if (payload.action !== 'edited' || issue === undefined || payload.issue?.number !== issue.number) {
      core.info('The run was started by an event on another issue, or not by an edit: the docs health issue has nothing to do.')
    } else if (sender.type === 'Bot' || !sender.login) {
      // The action's own edits are a bot's: acting on them could start work in a loop.
      core.info('The docs health issue was edited by a bot (this action, say): nothing to do.')
    } else {
      let writer = false
      try {
        writer = await github.canWrite(sender.login)
        if (!writer)
          core.warning(
            `${htmlText(sender.login, 60)} ticked gaps in the docs health issue but may not push to the repository: the ticks are not acted on.`
          )
      } catch (error) {
        // Nothing is asked for someone whose permission is not known; the issue itself is still kept.
        core.warning(
          `Could not check whether ${htmlText(sender.login, 60)} may push to ${htmlText(runner.repositoryText, 200)} (${githubFailure(error)}): the ticks in the docs health issue are not acted on.`
        )
      }
      mayAsk = writer
    }
    return new HealthIssueRun(github, runner, projectId, settings.title, issue, mayAsk, true, seal, showWords, ticksOfEdit(payload))
  }

  /**
   * Of the boxes ticked in the issue, those this run acts on: all of them, or, in a run an edit
   * started, those the edit ticked. The others wait for a scheduled run, and the log says how many.
   */
  private ofThisEdit(ticked: Set<string>, kind: keyof EditTicks): Set<string> {
    if (this.edited === undefined) return ticked
    const own = this.edited[kind]
    const waiting = [...ticked].filter((id) => !own.has(id) && this.state.gaps.some((gap) => gap.id === id && isOpen(gap))).length
    if (waiting > 0)
      core.info(
        `${waiting === 1 ? '1 box' : `${waiting} boxes`} ${kind === 'gaps' ? 'asking the agent' : 'saying "Not a gap"'} ${waiting === 1 ? 'was' : 'were'} ticked before this edit, not by it: ` +
          'a run started by an edit acts only on the boxes that edit ticked, so these wait for the next scheduled run.'
      )
    return new Set([...ticked].filter((id) => own.has(id)))
  }

  /**
   * The prompt for the gaps a person ticked, when there are any this run may ask for; they are
   * marked asked in the issue first, so that a re-run or a second event asks nothing twice. It names
   * the period the gaps' evidence was read over and, where reader text may be shown, gives what
   * readers wrote about them.
   */
  async ask(mayQuote: () => Promise<boolean> = () => Promise.resolve(this.showWords)): Promise<string | undefined> {
    if (!this.mayAsk || !this.issue) return undefined
    const runId = runIdOf(this.runner)
    const gaps = askable(this.state, this.ofThisEdit(tickedGaps(this.issue.body), 'gaps'), runId)
    if (gaps.length === 0) return undefined
    const before = this.state
    this.state = withAsked(this.state, new Set(gaps.map((gap) => gap.id)), runId)
    try {
      await this.write()
    } catch (error) {
      // Not recorded as asked, so not asked: the next run tries again.
      this.state = before
      this.failure = `The docs health issue could not record the ticked gaps, so the agent was not asked${healthIssueFailure(error)}`
      return undefined
    }
    this.asked = gaps.length
    this.askedGaps = gaps.map((gap) => ({ kind: gap.kind, ...(gap.kind === 'page' || this.showWords ? { subject: gap.subject } : {}) }))
    this.askedNow = true
    core.info(`Asking the agent for ${gaps.length === 1 ? '1 ticked gap' : `${gaps.length} ticked gaps`} of the docs health issue.`)
    // The period the evidence was read over: the latest in which any of the gaps was ranked.
    const latest = gaps.reduce((at, gap) => (gap.lastSeen > at ? gap.lastSeen : at), '')
    const period = this.state.periods.find((p) => p.dateFrom === latest)
    // Asked only once there is a prompt: whether readers' words may go to the agent's repository.
    const words = this.showWords && (await mayQuote()) ? this.state.readerWords?.gaps : undefined
    return gapsPrompt(gaps, { ...(period ? { dateFrom: period.dateFrom, dateTo: period.dateTo } : {}), ...(words ? { words } : {}) })
  }

  /** The job this run asked for has its id: written at once, so that no later run takes the gaps for unasked. */
  async started(jobId: string): Promise<void> {
    if (!this.askedNow) return
    this.state = withOutcome(this.state, runIdOf(this.runner), { jobId, reopen: false })
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
    const runId = runIdOf(this.runner)
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
      this.state = withJobEnded(this.state, jobId, pullRequestOf(job.prLink, githubServer))
    }
  }

  /** The job the issue records last (a gap asked for, with a pull request, or merged), when any: its source repository is the agent's. */
  lastJobId(): string | undefined {
    return [...this.state.gaps].reverse().find((gap) => gap.jobId !== undefined && jobIdProblem(gap.jobId) === undefined)?.jobId
  }

  /** What the job this run asked for came to. */
  recordJob(job: JobReport): void {
    if (!this.askedNow) return
    const runId = runIdOf(this.runner)
    // Ended on the service without a pull request: the gaps are open again. A job still running, or
    // one whose creation went unanswered, keeps them asked.
    // Only a pull request on the run's GitHub server (prNumber) is one: a gap is never "pull request
    // open" for another link the service returned.
    const prLink = job.prNumber === undefined ? undefined : job.prLink
    const reopen =
      prLink === undefined &&
      (job.outcome === 'opened' || job.outcome === 'no-pr' || job.outcome === 'failed' || job.outcome === 'archived')
    this.state = withOutcome(this.state, runId, { jobId: job.jobId, prLink, reopen })
  }

  /**
   * The period the analytics read: its headlines (a change the run could not read taken from the
   * history), its ranking without the gaps people dismissed, every gap's own numbers from every
   * signal of `sections`, and the pages whose traffic moved.
   */
  recordPeriod(overview: Overview, sections: readonly SectionReport[] = []): void {
    if (overview.headlines.length === 0 && overview.items.length === 0) return
    const range = { dateFrom: overview.dateFrom, dateTo: overview.dateTo }
    const history = withHistoryChanges(overview.headlines, this.state, range)
    this.filled = history.filled
    const signals = sections.flatMap((section) => sectionRendererOf(section).signals?.(section) ?? [])
    const dismissed = dismissedIds(this.state)
    const items = sections.length > 0 ? fixFirst(signals, undefined, (item) => dismissed.has(itemId(item) ?? '')) : overview.items
    this.overview = { ...overview, headlines: history.headlines, items }
    const traffic = pageTraffic(sections)
    this.moved = traffic.length > 0 ? movers(this.state.topPages, range, traffic) : []
    const before = this.state.periods.at(-1)
    const wasResolved = this.resolvedNow()
    const headlines = Object.fromEntries(overview.headlines.filter((h) => !h.partial).map((h) => [h.key, h.value]))
    this.state = withPeriod(
      this.state,
      {
        ...range,
        headlines,
        items,
        ...(sections.length > 0 ? { groups: grouped(signals), measured: measuredOf(sections) } : {})
      },
      HISTORY_PERIODS,
      todayOf()
    )
    const kept = topPages(range, traffic)
    if (kept) this.state = { ...this.state, topPages: kept }
    this.state = withReaderWords(this.state, overview, this.showWords ? overview.words : undefined)
    const after = this.state.periods.at(-1)
    this.resolved = after !== before ? (after?.resolved ?? 0) : 0
    this.noteResolved(wasResolved)
  }

  /** The gaps resolved since `wasResolved` (the ids resolved before), added to those this run resolved. */
  private noteResolved(wasResolved: ReadonlySet<string>): void {
    for (const gap of this.state.gaps) if (gap.state === 'resolved' && !wasResolved.has(gap.id)) this.resolvedIds.add(gap.id)
  }

  private resolvedNow(): Set<string> {
    return new Set(this.state.gaps.filter((gap) => gap.state === 'resolved').map((gap) => gap.id))
  }

  /** Reads the state of the pull requests the ledger waits on (on the run's own GitHub server only), then writes the issue. */
  async finish(githubServer: string): Promise<HealthIssueReport> {
    try {
      if (this.issueEvent && !this.askedNow && this.dismissedNow === 0) return this.report()
      const pulls = new Map<string, PullState>()
      // By the link as the ledger keeps it, which is how withPulls looks each gap's up.
      for (const { state: gapState, prLink } of this.state.gaps) {
        if (gapState !== 'pr-open' || prLink === undefined || pulls.has(prLink)) continue
        const pull = pullRequestLink(prLink, githubServer)?.pullRequest
        if (!pull) continue
        const [owner = '', repo = ''] = pull.repository.split('/')
        const state = await this.github.pullState(owner, repo, Number(pull.number))
        if (state) pulls.set(prLink, state)
      }
      const resolvedBefore = this.state.periods.at(-1)?.resolved ?? 0
      const wasResolved = this.resolvedNow()
      this.state = withPulls(this.state, pulls, todayOf())
      this.noteResolved(wasResolved)
      // A gap whose merge was seen after its period was read may be resolved by that period.
      if (this.overview) this.resolved += (this.state.periods.at(-1)?.resolved ?? 0) - resolvedBefore
      await this.write()
      return this.report()
    } catch (error) {
      return { ...this.report(), failure: `The docs health issue could not be written${healthIssueFailure(error)}` }
    }
  }

  private report(): HealthIssueReport {
    const previous = Object.fromEntries(
      (this.overview?.headlines ?? []).filter((h) => this.filled.includes(h.key)).map((h) => [h.key, h.previous])
    )
    return {
      url: this.issue?.url,
      number: this.issue?.number,
      resolved: this.resolved,
      resolvedNames: this.state.gaps.filter((gap) => this.resolvedIds.has(gap.id)).map((gap) => gap.subject),
      asked: this.asked,
      failure: this.failure,
      dismissed: dismissedIds(this.state),
      previous,
      movers: this.moved,
      ...(this.askedGaps.length > 0 ? { askedGaps: this.askedGaps } : {})
    }
  }

  /**
   * The top of the issue as `body` carries it, when it is what the sealed state says the action wrote
   * (its digest), and holds no reader word while reader text is hidden; else nothing, said in the log.
   * Anyone who may edit the issue can rewrite the top (a link, a mention, a forged "fix first"): it is
   * never published again under the action's name.
   */
  private keptOverview(body: string): OverviewBlocks | undefined {
    const blocks = overviewBlocks(ownedPart(body))
    const sealed = this.state.overview
    if (overviewDigest(blocks) === overviewDigest(NO_BLOCKS)) return undefined
    if (sealed?.digest !== overviewDigest(blocks)) {
      if (!this.warnedTop)
        core.info(
          'The top of the docs health issue is not as the action wrote it (someone edited it, or its state could not be verified): it is left out until the next run that reads the analytics.'
        )
      this.warnedTop = true
      return undefined
    }
    if (sealed.words && this.readerTextHidden) {
      if (!this.warnedTop)
        core.info(
          'The top of the docs health issue held reader text, which is now hidden: it is left out until the next run that reads the analytics.'
        )
      this.warnedTop = true
      return undefined
    }
    return blocks
  }

  /** Whether the top written now may hold reader text. */
  private overviewWords(kept: OverviewBlocks | undefined): boolean {
    if (this.overview) return !this.readerTextHidden
    return kept !== undefined && this.state.overview?.words === true
  }

  private async write(): Promise<void> {
    if (this.readerTextHidden) this.state = forgetReaderText(this.state)
    const link = this.runner.runUrl
    const overview = this.overview
    const footerHtml =
      `<sub>Updated ${overview ? `with ${htmlText(shortRange(overview.dateFrom, overview.dateTo), 60)} ` : ''}by ${ACTION_NAME} ${htmlText(ACTION_VERSION, 40)}` +
      `${link ? ` · ${linkHtml(link, 'workflow run')}` : ''}</sub>`
    // The issue as it is now: a person's edit during the run (text, or a tick) is kept.
    const current = this.issue ? await this.github.get(this.issue.number) : undefined
    const ticked = tickedGaps(current?.body ?? '')
    // A run that read no analytics keeps the top of the last weekly report, only as the action wrote it.
    const kept = overview ? undefined : this.keptOverview(current?.body ?? '')
    this.state = {
      ...this.state,
      overview: { digest: overviewDigest(overview ? blocksOf(overview) : (kept ?? NO_BLOCKS)), words: this.overviewWords(kept) }
    }
    const dismissTicked = dismissTicks(current?.body ?? '')
    const owned = ownedBody({
      overview,
      ...(kept ? { kept } : {}),
      state: this.state,
      resolved: this.resolved,
      resolvedIds: this.resolvedIds,
      footerHtml,
      ticked,
      dismissTicked,
      movers: this.moved,
      filled: this.filled
    })
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
      return
    }
    const made = await this.github.create(this.title, sealedBody(0, ''))
    this.issue = await this.github.update(made.number, sealedBody(made.number, made.body))
  }
}

/** Where a state is kept, as its seal names it: the repository and the issue's number. */
const statePlace = (runner: Pick<Runner, 'repositoryText'>, number: number): string => `${runner.repositoryText}#${number}`

/** No overview: what a run that reads no analytics writes when the top of the body is not the action's. */
const NO_BLOCKS: OverviewBlocks = { top: '', figures: '', howRead: '' }

/** Which of the sections that hold a gap's numbers were read whole (read, not cut short, not failed). */
/** The link of a job's pull request on the run's GitHub server; undefined for any other link, which is no pull request. */
function pullRequestOf(prLink: string | null | undefined, githubServer: string): string | undefined {
  const link = pullRequestLink(prLink, githubServer)
  return link?.pullRequest === undefined ? undefined : link.url
}

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
      for (const row of section.rows) visitors.set(row.path, (visitors.get(row.path) ?? 0) + row.human)
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
  return typeof status === 'number' ? githubWriteFailure(error, 'issues: write', ', or set dashboard: false') : `: ${errorMessage(error)}`
}

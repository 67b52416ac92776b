// The docs health issue over one run: found (or made) before any work, its ticked gaps turned into one
// agent job, what the job came to and what the analytics read recorded in its ledger, and its body
// written once at the end. Ticks are acted on only from a run the issue's own edits cannot start
// (a bot's edit starts nothing) and, on an `issues` event, only for a person who may push, and only
// the boxes that very edit ticked. The weekly loop itself, its steps and their order, is
// health/week.ts; this shell finds the issue and who may act on it, and adapts GitHub (the issue's
// reads, sealed writes and comment, the pull requests) to the loop's ports.
import * as core from '@actions/core'
import type { JobReport } from '../agent/outcome.js'
import type { AgentJob } from '../api/schemas.js'
import { errorMessage } from '../core/error-message.js'
import type { RecordSeal } from '../core/record-seal.js'
import { projectMarker, ownedPart, BODY_LIMIT, verdictLines, withOwned } from '../health/body.js'
import { linkHtml } from '../render/html.js'
import { githubFailure, githubWriteFailure } from '../github/client.js'
import type { Mover } from '../health/history.js'
import { analyticsRead, type SectionRead } from '../health/period-sections.js'
import { editTicks, type EditTicks } from '../health/edit-ticks.js'
import { type HealthState, openState, sealState } from '../health/state.js'
import { type AnalyticsRead, type AskedGap, recordedJobIds, reportOf, type TransitionSettings, type Trigger } from '../health/transition.js'
import {
  askTicked,
  finished,
  followJobs,
  type IssuePorts,
  jobDone,
  jobStarted,
  opened,
  periodDone,
  type RunPorts,
  type Week,
  weekFixes,
  weekFrom
} from '../health/week.js'
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
  /** The issue over the run so far: its state and what the run did to it (health/week.ts). */
  private week: Week
  /** The issue on GitHub, as the weekly loop reads and writes it. */
  private readonly ports: IssuePorts

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
    this.ports = {
      log: { info: core.info, warning: core.warning },
      readIssue: () => this.read(),
      writeIssue: (owned, current) => this.write(owned, current),
      comment: async (body) => {
        if (this.issue) await this.github.comment(this.issue.number, body)
      },
      pullState: (owner, repo, number) => this.github.pullState(owner, repo, number),
      pullMoves: (owner, repo, number) => this.github.pullMoves(owner, repo, number),
      failureOf: healthIssueFailure
    }
    this.week = opened({ read, body: issue?.body, trigger, settings, githubServer: runner.server }, this.ports.log)
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

  /**
   * The weekly loop (health/week.ts) over the rest of the run: `ports` does the run's own I/O (the
   * service's jobs, the agent job, the analytics). What the run's report says of the issue.
   */
  async run(ports: WorkPorts, mayAsk: boolean): Promise<HealthIssueReport> {
    this.week = await weekFrom(this.week, { ...this.ports, ...ports, readPeriod: (fixes) => this.periodOf(ports, fixes) }, mayAsk)
    return this.report()
  }

  /** The period the run's analytics read, as the docs health issue takes it. */
  private async periodOf(ports: WorkPorts, fixes: ReadonlyMap<string, string> | undefined): Promise<AnalyticsRead | undefined> {
    const period = await ports.readPeriod(fixes)
    return period && analyticsRead(period.overview, period.sections.map(sectionRead))
  }

  /**
   * The prompt for the gaps a person ticked, when there are any this run may ask for; they are
   * marked asked in the issue first, so that a re-run or a second event asks nothing twice.
   */
  async ask(mayQuote: () => Promise<boolean> = () => Promise.resolve(this.week.now.settings.showWords)): Promise<string | undefined> {
    const { week, prompt } = await askTicked(this.week, { ...this.ports, mayQuote: () => mayQuote() })
    this.week = week
    return prompt
  }

  /** The job this run asked for has its id: written at once, so that no later run takes the gaps for unasked. */
  async started(jobId: string): Promise<void> {
    this.week = await jobStarted(this.week, this.ports, jobId)
  }

  /** Follows the jobs earlier runs asked for and left running (health/week.ts, followJobs). */
  async followJobs(getJob: (jobId: string) => Promise<AgentJob>, githubServer: string): Promise<void> {
    this.week = await followJobs({ ...this.week, githubServer }, { log: this.ports.log, getJob })
  }

  /** Every job the issue records, once each: the source repository of each is one the agent has worked in. */
  recordedJobIds(): string[] {
    return recordedJobIds(this.week.now)
  }

  /** The pages with a fix, and the day each merged: where feedback marked resolved counts. */
  fixes(): Map<string, string> {
    return weekFixes(this.week)
  }

  /** What the job this run asked for came to. */
  recordJob(job: JobReport): void {
    this.week = jobDone(this.week, job)
  }

  /** The period the analytics read, from its overview and every section read (health/period-sections.ts). */
  recordPeriod(overview: Overview, sections: readonly SectionReport[] = []): void {
    this.week = periodDone(this.week, analyticsRead(overview, sections.map(sectionRead)))
  }

  /** Reads the pull requests the ledger waits on, writes the issue and announces new verdicts (health/week.ts, finished). */
  async finish(githubServer: string): Promise<HealthIssueReport> {
    this.week = await finished({ ...this.week, githubServer }, this.ports)
    return this.report()
  }

  private report(): HealthIssueReport {
    const { now, failure } = this.week
    // An issue that could not be read reports its failure alone.
    if (this.week.unread) return { failure, resolved: 0, asked: 0 }
    const askAgain = this.issue ? `Tick it in the ${linkHtml(this.issue.url, 'docs health issue')} to ask the agent again.` : ''
    return {
      url: this.issue?.url,
      number: this.issue?.number,
      failure,
      ...reportOf(now),
      verdicts: this.issue ? verdictLines(now.state, now.resolvedIds, askAgain) : []
    }
  }

  /** The issue's body as it is now: a person's edit during the run (text, or a tick) is kept. */
  private async read(): Promise<string | undefined> {
    return this.issue ? (await this.github.get(this.issue.number)).body : undefined
  }

  /** Writes the issue: `owned`, sealed, into its body as it is now (`current`). */
  private async write(owned: string, current: string | undefined): Promise<void> {
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
      this.issue = await this.github.update(this.issue.number, sealedBody(this.issue.number, current ?? ''))
    } else {
      const made = await this.github.create(this.title, sealedBody(0, ''))
      this.issue = await this.github.update(made.number, sealedBody(made.number, made.body))
    }
  }
}

/** What the rest of the run gives the weekly loop: the service's jobs, the agent job, and the analytics with their section reports. */
export interface WorkPorts extends Omit<RunPorts, 'readPeriod'> {
  readPeriod(
    fixes: ReadonlyMap<string, string> | undefined
  ): Promise<{ overview: Overview; sections: readonly SectionReport[] } | undefined>
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

/** A section as the docs health issue takes it: whether it was read whole, and what its renderer says of gaps and pages. */
function sectionRead(section: SectionReport): SectionRead {
  const render = sectionRendererOf(section)
  const pages = render.pageNumbers?.(section)
  return {
    kind: section.kind,
    whole: section.requests > 0 && section.failure === undefined && !section.partial,
    signals: render.signals?.(section) ?? [],
    ...(pages ? { pages } : {})
  }
}

/**
 * Why the docs health issue could not be read or written, to follow "could not …": GitHub's failure
 * with the permission it needs (githubWriteFailure), or, when no request failed, the error's own words.
 */
export function healthIssueFailure(error: unknown): string {
  const status = (error as { status?: unknown } | null)?.status
  return typeof status === 'number' ? githubWriteFailure(error, 'issues: write', ', or set healthIssue: false') : `: ${errorMessage(error)}`
}

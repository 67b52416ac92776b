// The docs health issue's weekly loop, in one place: from the state read from the issue, the run's
// events and the period the analytics read, to the new state, the body the action owns, the gaps
// asked for and what the log says. Each step is a pure function of transition.ts; this module puts
// them in the order the run meets its events and does their I/O through `WeekPorts`, which the run
// adapts to GitHub and the service (run/health-issue.ts) and a test can give as plain fakes:
//
//   begin → follow the jobs earlier runs left running → ask for the ticked gaps (recorded in the issue
//   first) → the agent job (its id recorded at once) → what it came to → the period read → the pull
//   requests' states → the body written → a comment for each new verdict.
import type { JobReport } from '../agent/outcome.js'
import { pullRequestLink } from '../agent/pull-request.js'
import { ApiError } from '../api/errors.js'
import { type AgentJob, jobIdProblem } from '../api/schemas.js'
import { StopError } from '../core/lifetime.js'
import { htmlText, logText } from '../text/escape.js'
import type { PageMove } from '../text/site-moves.js'
import { announcementBody, mentioned, verdictNews } from './announcement.js'
import type { PullState } from './ledger.js'
import { boundedState, type HealthState } from './state.js'
import {
  type AnalyticsRead,
  ask,
  type Asks,
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
  started,
  type Transition,
  type TransitionSettings,
  type Trigger,
  writesAtEnd,
  written
} from './transition.js'

/** Where the loop says what it does: the run's log. */
export interface WeekLog {
  info(text: string): void
  warning(text: string): void
}

/** The docs health issue and its pull requests on GitHub, as the loop reads and writes them. */
export interface IssuePorts {
  log: WeekLog
  /** The issue's body as it is now (a person may have edited it during the run); undefined while there is no issue. */
  readIssue(): Promise<string | undefined>
  /** Writes `owned`, the part the action owns, into `current` (the body just read), sealed; makes the issue when there is none. */
  writeIssue(owned: string, current: string | undefined): Promise<void>
  /** Posts a comment on the issue. */
  comment(body: string): Promise<void>
  /** A pull request's state; undefined when GitHub does not tell. */
  pullState(owner: string, repo: string, number: number): Promise<PullState | undefined>
  /** The pages a merged pull request's files renamed or removed. */
  pullMoves(owner: string, repo: string, number: number): Promise<PageMove[]>
  /** Why a read or a write of the issue failed, to follow "could not …". */
  failureOf(error: unknown): string
}

/** The rest of the run, as the loop drives it: the service's jobs and the analytics. */
export interface RunPorts {
  /** An agent job as the service tells of it now (an ApiError when it cannot). */
  getJob(jobId: string): Promise<AgentJob>
  /** Whether readers' words may go to the agent's repositories, those of `jobIds` (asked only once there is a prompt). */
  mayQuote(jobIds: readonly string[]): Promise<boolean>
  /**
   * The run's agent job: the one for the ticked gaps when `prompt` is given (`started` called with
   * its id), or else the workflow's own, if it asks for one. What each job came to.
   */
  runJob(prompt: string | undefined, started: (jobId: string) => Promise<void>): Promise<JobReport[]>
  /**
   * The period the analytics read, where feedback marked resolved counts on `fixes` (the pages with a
   * fix, and the day each merged; undefined when the issue could not say); undefined when the run
   * reads none.
   */
  readPeriod(fixes: ReadonlyMap<string, string> | undefined): Promise<AnalyticsRead | undefined>
}

export type WeekPorts = IssuePorts & RunPorts

/** What the loop starts from: the state the issue holds and its body, and what the run decided before. */
export interface WeekStart {
  /** The state read from the issue; undefined when there is no issue, or its state does not verify. */
  read: HealthState | undefined
  /** The issue's body as found; undefined when there is no issue. */
  body: string | undefined
  trigger: Trigger
  settings: TransitionSettings
  /** The run's GitHub server: a job's pull request is one only there. */
  githubServer: string
  /** The ticks may be asked for: the workflow brings no prompt or job of its own, which come first. */
  mayAsk: boolean
}

/** The docs health issue over one run, as far as the loop has gone. */
export interface Week {
  readonly now: Transition
  /** The state as the run read it: a verdict the run ends with that it did not hold is announced. */
  readonly start: HealthState
  /** The issue's body as found; undefined when there was no issue. */
  readonly body: string | undefined
  readonly githubServer: string
  /** Why the issue could not be kept. */
  readonly failure?: string
  /** The issue could not be read: the run went on without it. */
  readonly unread?: true
  /** The part of the body the action owns, as last written. */
  readonly owned?: string
  /** The gaps the run asked the agent for. */
  readonly asks?: Asks
  /** What the log said, in order. */
  readonly notices: readonly string[]
}

/** Says in the log what the step just taken notes, and keeps it with the week. */
function told(week: Week, next: Transition, log: WeekLog): Week {
  for (const note of next.notes) log.info(note)
  for (const warning of next.warnings ?? []) log.warning(warning)
  return { ...week, now: { ...next, warnings: [] }, notices: [...week.notices, ...next.notes, ...(next.warnings ?? [])] }
}

/** The week begun: the state read, with the dismissals of the edit that started the run. */
export function opened(start: Omit<WeekStart, 'mayAsk'>, log: WeekLog): Week {
  const first = begin(start.read, start.body, start.trigger, start.settings)
  return told({ now: first, start: first.state, body: start.body, githubServer: start.githubServer, notices: [] }, first, log)
}

/**
 * Follows the jobs earlier runs asked for and left running (the step stopped waiting): a job that has
 * ended since is recorded, with its pull request or with its gaps open again. A job the service cannot
 * tell of now is left as it is.
 */
export async function followJobs(week: Week, ports: Pick<WeekPorts, 'log' | 'getJob'>): Promise<Week> {
  let now = week.now
  for (const jobId of jobsToFollow(now)) {
    // An id no request can carry (a state written before ids were checked) is left as it is.
    const problem = jobIdProblem(jobId)
    if (problem !== undefined) {
      ports.log.info(
        `The docs health issue names an agent job the run cannot follow, ${logText(JSON.stringify(jobId), 100)} (${problem}): it is skipped.`
      )
      continue
    }
    let job: AgentJob
    try {
      job = await ports.getJob(jobId)
    } catch (error) {
      if (!(error instanceof ApiError)) throw error
      ports.log.info(`The agent job ${htmlText(jobId, 60)} of the docs health issue could not be read: ${error.message}`)
      continue
    }
    if (job.status !== 'completed' && job.status !== 'failed' && job.status !== 'archived') continue
    now = jobEnded(now, jobId, pullRequestOf(job.prLink, week.githubServer))
  }
  return { ...week, now }
}

/**
 * Writes the issue: the body the transition gives for the issue as it is now (a person's edit during
 * the run is kept). Never throws: a read or a write that failed is `error`, with the week as far as
 * the write went (what the transition noted is said and kept either way).
 */
async function write(week: Week, ports: IssuePorts): Promise<{ week: Week; error?: unknown }> {
  let current: string | undefined
  try {
    current = await ports.readIssue()
  } catch (error) {
    return { week, error }
  }
  const { transition, owned } = written(week.now, current ?? '')
  const next = told(week, transition, ports.log)
  try {
    await ports.writeIssue(owned, current)
  } catch (error) {
    return { week: next, error }
  }
  return { week: { ...next, owned } }
}

/**
 * The prompt for the gaps a person ticked, when there are any this run may ask for; they are marked
 * asked in the issue first, so that a re-run or a second event asks nothing twice. It names the period
 * the gaps' evidence was read over and, where reader text may be shown, gives what readers wrote about
 * them.
 */
export async function askTicked(week: Week, ports: IssuePorts & Pick<RunPorts, 'mayQuote'>): Promise<{ week: Week; prompt?: string }> {
  if (week.body === undefined) return { week }
  const { transition, asks } = ask(week.now, week.body)
  if (asks === undefined) return { week: told(week, transition, ports.log) }
  const { week: recorded, error } = await write(told(week, transition, ports.log), ports)
  if (error !== undefined)
    // Not recorded as asked, so not asked: the next run tries again.
    return {
      week: {
        ...recorded,
        now: { ...week.now, warnedTop: recorded.now.warnedTop },
        failure: `The docs health issue could not record the ticked gaps, so the agent was not asked${ports.failureOf(error)}`
      }
    }
  ports.log.info(asks.note)
  const withAsks = { ...recorded, asks, notices: [...recorded.notices, asks.note] }
  // Asked only once there is a prompt: whether readers' words may go to the agent's repository.
  const quote = withAsks.now.settings.showWords && (await ports.mayQuote(recordedJobIds(withAsks.now)))
  return { week: withAsks, prompt: promptOf(asks, quote) }
}

/** The job this run asked for has its id: written at once, so that no later run takes the gaps for unasked. */
export async function jobStarted(week: Week, ports: IssuePorts, jobId: string): Promise<Week> {
  if (week.now.asked.length === 0) return week
  const { week: next, error } = await write({ ...week, now: started(week.now, jobId) }, ports)
  if (error !== undefined) ports.log.warning(`The docs health issue could not record job ${htmlText(jobId, 60)}${ports.failureOf(error)}`)
  return next
}

/** What the job this run asked for came to. */
export function jobDone(week: Week, job: JobReport): Week {
  return { ...week, now: jobReported(week.now, job) }
}

/** The period the analytics read: its headlines, its ranking, every gap's own numbers, the pages whose traffic moved. */
export function periodDone(week: Week, read: AnalyticsRead): Week {
  return { ...week, now: periodRead(week.now, read) }
}

/** The pages with a fix, and the day each merged: where feedback marked resolved counts. */
export function weekFixes(week: Week): Map<string, string> {
  return fixes(week.now)
}

/**
 * Reads the state of the pull requests the ledger waits on (on the run's own GitHub server only),
 * writes the issue, and announces the verdicts the run gave. A run an event on an issue started
 * writes it only when it asked or dismissed.
 */
export async function finished(week: Week, ports: IssuePorts): Promise<Week> {
  if (!writesAtEnd(week.now)) return week
  let next = week
  try {
    const pulls = new Map<string, PullState>()
    const moves = new Map<string, PageMove[]>()
    // By the link as the ledger keeps it, which is how withPulls looks each gap's up.
    for (const prLink of pullsToRead(next.now)) {
      const pull = pullRequestLink(prLink, next.githubServer)?.pullRequest
      if (!pull) continue
      const [owner = '', repo = ''] = pull.repository.split('/')
      const state = await ports.pullState(owner, repo, Number(pull.number))
      if (state) pulls.set(prLink, state)
      // A merged fix may have moved its page: its gap follows it (health/moves.ts).
      if (state?.state === 'merged') moves.set(prLink, await ports.pullMoves(owner, repo, Number(pull.number)))
    }
    next = told(next, pullsRead(next.now, pulls, moves), ports.log)
  } catch (error) {
    return { ...next, failure: `The docs health issue could not be written${ports.failureOf(error)}` }
  }
  const { week: kept, error } = await write(next, ports)
  if (error !== undefined) return { ...kept, failure: `The docs health issue could not be written${ports.failureOf(error)}` }
  await announce(week.start, kept, ports)
  return kept
}

/**
 * Posts one comment on the issue when the run gave verdicts (fixed, not fixed, back) that the state
 * it read did not hold, mentioning only the people who ticked those gaps. The issue already records
 * them: a run that reads it again finds nothing new, so no verdict is announced twice, and a comment
 * that cannot be posted is a warning, never a failed run.
 */
async function announce(start: HealthState, week: Week, ports: IssuePorts): Promise<void> {
  // The gaps as the issue holds them (within the state's budget): a gap it could not keep is not announced.
  const held = boundedState(week.now.state)
  const news = verdictNews(start, held)
  if (news.length === 0) return
  try {
    await ports.comment(announcementBody(news, held, week.now.settings.footer))
    const people = mentioned(news).length
    const whom =
      people === 0
        ? 'nobody: no edit is known to have ticked them'
        : people === 1
          ? 'the person who ticked them'
          : `the ${people} people who ticked them`
    ports.log.info(
      `Announced ${news.length === 1 ? 'a verdict' : `${news.length} verdicts`} in a comment on the docs health issue, mentioning ${whom}.`
    )
  } catch (error) {
    ports.log.warning(
      `The docs health issue holds this run's verdicts, but they could not be announced in a comment${ports.failureOf(error)}`
    )
  }
}

/**
 * The weekly loop over a week already begun: every step in the order the run meets its events. When
 * the jobs cannot be followed, the issue is not read: the run's job and analytics go on without it,
 * and nowhere is feedback marked resolved counted.
 */
export async function weekFrom(begun: Week, ports: WeekPorts, mayAsk: boolean): Promise<Week> {
  let week: Week
  try {
    week = await followJobs(begun, ports)
  } catch (error) {
    if (error instanceof StopError) throw error
    const unread: Week = { ...begun, unread: true, failure: `The docs health issue could not be read${ports.failureOf(error)}` }
    await ports.runJob(undefined, () => Promise.resolve())
    // Nor does it say what started the run: the analytics are read whatever did.
    await ports.readPeriod(undefined)
    return unread
  }
  let prompt: string | undefined
  if (mayAsk) ({ week, prompt } = await askTicked(week, ports))
  const jobs = await ports.runJob(prompt, async (jobId) => {
    week = await jobStarted(week, ports, jobId)
  })
  for (const job of jobs) week = jobDone(week, job)
  // A run started by an edit of an issue acts on its ticks only: it reads no analytics.
  if (!week.now.trigger.issueEvent) {
    const read = await ports.readPeriod(weekFixes(week))
    if (read) week = periodDone(week, read)
  }
  return finished(week, ports)
}

/** The weekly loop: from the state read, the run's events and the period's reads, through `ports`, to the week it ends with. */
export function weeklyRun(start: WeekStart, ports: WeekPorts): Promise<Week> {
  return weekFrom(opened(start, ports.log), ports, start.mayAsk)
}

/** The link of a job's pull request on the run's GitHub server; undefined for any other link, which is no pull request. */
function pullRequestOf(prLink: string | null | undefined, githubServer: string): string | undefined {
  const link = pullRequestLink(prLink, githubServer)
  return link?.pullRequest === undefined ? undefined : link.url
}

// The work of a run with valid inputs: the agent job, then the analytics sections a few at a time
// (they are independent, and each waits on the network), all under one lifetime (deadline and
// cancellation), each reported the same way. Loaded only once the inputs are valid, so that a run
// that fails validation does not pay for it.
import * as core from '@actions/core'
import type { Clock } from '../core/clock.js'
import { Lifetime, StopError } from '../core/lifetime.js'
import { endingOf, type Part, type PartContext, type PartEnding } from '../core/part.js'
import type { JobReport } from '../agent/outcome.js'
import { agentJobPart } from '../agent/part.js'
import { ApiClient } from '../api/client.js'
import { ApiError } from '../api/errors.js'
import { GitHubFetch } from '../api/github-fetch.js'
import { RecordSeal } from '../core/record-seal.js'
import { GitHubClient } from '../github/client.js'
import { repositoryAt, Visibilities, type Visibility } from '../github/repository-visibility.js'
import { runLink } from '../github/run-link.js'
import { readRunner, type Repository, type Runner } from '../github/runner.js'
import { runnerSink } from '../github/runner-sink.js'
import { readSitePages, readSiteRedirects } from '../github/site-pages.js'
import type { SitePages } from '../text/page-path.js'
import type { PageMove } from '../text/site-moves.js'
import { logText } from '../text/escape.js'
import { ACTION_NAME, userAgentProduct, versionText } from '../version.js'
import { type AnalyticsInputs, type Inputs, rangeCutNote } from './inputs.js'
import { publish, type Unwritten } from './publish.js'
import { type FiredAlert, firedAlerts } from '../render/alerts.js'
import type { HealthIssueReport, HealthIssueRun, WorkPorts } from './health-issue.js'
import { type GitHubTrust, type JobPlan, NO_JOB, planJob } from './job-plan.js'
import { overviewOf } from './publish.js'
import { isSectionReport, type PartReport, readsReaderText, rendererOf, sectionParts, type SectionsPlan } from './wiring.js'

const STOP_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const
/** After a cancellation signal the runner kills the process within 10 s; leave well before. */
const EXIT_AFTER_SIGNAL_MS = 1500

export interface RunReport {
  reports: PartReport[]
  /** The docs health issue, when the run keeps one. */
  healthIssue?: HealthIssueReport
  /** The alert rules that fired, when the run read analytics (none fired: empty). */
  alerts?: FiredAlert[]
  /** Why the run made no agent job although it was asked for one (a pull request closed unmerged, say). */
  note?: string
}

/** Analytics sections read at once: enough that a full report takes little longer than its longest section. */
export const ANALYTICS_CONCURRENCY = 3

/** The agent job's part, when the inputs ask for one or a person ticked gaps in the docs health issue (`asked`, its prompt). */
function jobParts(
  inputs: Inputs,
  client: ApiClient,
  plan: JobPlan,
  asked: { prompt: string; issueEvent: boolean; started: (jobId: string) => Promise<void> } | undefined,
  githubServer: string
): Part<PartReport>[] {
  if (asked) {
    // A run that also reads the analytics does not wait for the job (the next run follows it), so that
    // a long job cannot cost the week its report; a run started by the tick watches it.
    const wait = asked.issueEvent || inputs.analytics === undefined ? inputs.wait : false
    const settings = { ...inputs, wait, prompt: asked.prompt, jobId: undefined, githubServer }
    return [agentJobPart(client, settings, { onStarted: asked.started })]
  }
  if (plan.settings === undefined) return []
  return [agentJobPart(client, plan.settings, { onStarted: plan.started })]
}

/**
 * Whether readers' words may go into the agent's prompt: with `readerText: show`; with `auto` only when
 * GitHub says this repository is private and so is every repository the agent worked in for the issue
 * (the source repository of each job the issue records, the newest job's among them), since the agent
 * may quote them in a pull request there. A job whose repository is not known keeps them out, as does
 * an issue that records no job. Said in the log.
 */
async function wordsToAgent(
  inputs: Inputs,
  client: ApiClient,
  jobIds: readonly string[],
  server: string,
  visibilities: Visibilities | undefined
): Promise<boolean> {
  if (inputs.analytics?.readerText === 'show') {
    core.info("Readers' words go to the agent with the ticked gaps: readerText is show.")
    return true
  }
  const out = (why: string): false => {
    core.info(`Readers' words stay out of the agent's prompt: ${why} (readerText: auto). Set readerText: show to send them.`)
    return false
  }
  if (jobIds.length === 0) return out("the agent's repository is not known (no earlier job of the docs health issue names it)")
  const names: string[] = []
  for (const jobId of jobIds) {
    let target: Repository | undefined
    try {
      target = repositoryAt((await client.getJob(inputs.projectId, jobId)).source?.repository, server)
    } catch (error) {
      if (!(error instanceof ApiError)) throw error
    }
    if (target === undefined) return out(`the repository of the agent job ${logText(jobId, 60)} the docs health issue records is not known`)
    const name = `${target.owner}/${target.name}`
    if (visibilities === undefined || !(await visibilities.isPrivate(target)))
      return out(`GitHub does not say the agent's repository, ${logText(name, 200)}, is private`)
    if (!names.includes(name)) names.push(name)
  }
  core.info(
    `Readers' words go to the agent with the ticked gaps: GitHub says this repository and the agent's, ${logText(names.join(', '), 400)}, are private (readerText: auto).`
  )
  return true
}

/** The docs health issue of the run, found and begun, when the inputs ask for one; or why it could not be read. */
async function openHealthIssue(
  inputs: Inputs,
  github: GitHubTrust,
  showWords: boolean,
  sitePages: SitePages | undefined,
  redirects: readonly PageMove[] = []
): Promise<{ healthIssueRun?: HealthIssueRun; failure?: string }> {
  if (!inputs.healthIssue) return {}
  const { HealthIssueRun, healthIssueFailure } = await import('./health-issue.js')
  try {
    return { healthIssueRun: await HealthIssueRun.open(inputs.healthIssue, inputs.projectId, github, showWords, sitePages, redirects) }
  } catch (error) {
    if (error instanceof StopError) throw error
    return { failure: `The docs health issue could not be read${healthIssueFailure(error)}` }
  }
}

/** What reader text is, as the log says it. */
const READER_TEXT =
  "Reader text (search terms, feedback comments, assistant questions and their categories, and page paths the site's navigation does not list)"

/**
 * Whether the sections keep the text readers typed, said in the log for `auto`: `auto` shows it only
 * when GitHub says the repository is private (not internal, not public, and not when it could not say).
 */
async function showReaderText(analytics: AnalyticsInputs, runner: Runner, visibilities: Visibilities | undefined): Promise<boolean> {
  if (analytics.readerText !== 'auto') return analytics.readerText === 'show'
  if (!readsReaderText(analytics.sections)) return false
  const visibility: Visibility =
    runner.repository === undefined || visibilities === undefined ? 'unknown' : await visibilities.of(runner.repository)
  const said =
    visibilities === undefined
      ? 'no githubToken is given to ask GitHub whether the repository is private'
      : visibility === 'unknown'
        ? 'GitHub could not say whether the repository is private'
        : `GitHub says the repository is ${visibility}`
  const shown = visibility === 'private'
  core.info(
    shown
      ? `${READER_TEXT} is shown: GitHub says the repository is private (readerText: auto).`
      : `${READER_TEXT} is hidden: ${said} (readerText: auto). Set readerText: show to show it.`
  )
  return shown
}

/** Runs one part and reports it; a part whose turn comes after the run was stopped is reported as skipped. */
async function runPart<Report extends PartReport>(
  part: Part<Report>,
  ctx: PartContext,
  reported: (report: Report) => Promise<void>
): Promise<Report> {
  let ending: PartEnding = { kind: 'finished' }
  const stopped = ctx.lifetime.stopped
  if (stopped) ending = { kind: 'skipped', stop: stopped }
  else {
    try {
      await part.run(ctx)
    } catch (error) {
      ending = endingOf(error)
      if (!(error instanceof StopError) && error instanceof Error && error.stack) ctx.log.debug?.(error.stack)
    }
  }
  const report = part.report(ending, ctx.lifetime.elapsedMs())
  const line = rendererOf(report).logLine(report)
  if (line !== undefined) ctx.log.info(line)
  await reported(report)
  return report
}

/**
 * Runs the parts, `concurrency` at a time (one after another by default), each started in list
 * order as a place frees. Each is logged and handed to `reported` as it ends; the reports come back
 * in list order, whatever order they ended in.
 */
export async function runParts<Report extends PartReport>(
  parts: readonly Part<Report>[],
  ctx: PartContext,
  reported: (report: Report) => Promise<void>,
  concurrency = 1
): Promise<Report[]> {
  const reports: Report[] = []
  let next = 0
  const worker = async (): Promise<void> => {
    for (let index = next++; index < parts.length; index = next++) {
      reports[index] = await runPart(parts[index] as Part<Report>, ctx, reported)
    }
  }
  await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, parts.length)) }, worker))
  return reports
}

/**
 * The GitHub client of a token for the run's repository, under the run's deadline, signal and clock,
 * opened once per token.
 */
function connector(runner: Runner, lifetime: Lifetime, githubFetch: GitHubFetch): GitHubTrust['connect'] {
  const clients = new Map<string, Promise<GitHubClient>>()
  return (token) => {
    const repository = runner.repository
    if (repository === undefined)
      return Promise.reject(new Error(`the repository is unknown (GITHUB_REPOSITORY is ${JSON.stringify(runner.repositoryText)})`))
    let client = clients.get(token)
    if (client === undefined) {
      client = GitHubClient.open({
        token,
        repository,
        apiUrl: runner.apiUrl,
        signal: lifetime.signal,
        clock: lifetime.clock,
        fetch: githubFetch.fetch
      })
      clients.set(token, client)
    }
    return client
  }
}

export interface WorkOptions {
  /** How long after a cancellation signal the process exits if the run has not ended (default 1500 ms). */
  exitAfterSignalMs?: number
  /** The clock of every wait of the run (the system's by default). */
  clock?: Clock
}

export async function work(inputs: Inputs, options: WorkOptions = {}): Promise<RunReport> {
  const lifetime = new Lifetime(inputs.timeoutMs, options.clock)
  // Whether reader text may be shown: decided once the runner is read, before any analytics request.
  let shown = false
  const exitAfterMs = options.exitAfterSignalMs ?? EXIT_AFTER_SIGNAL_MS
  const onSignal = (name: NodeJS.Signals): void => {
    if (lifetime.stopped) return
    core.info(`Received ${name}: stopping and writing what is known.`)
    lifetime.cancel(name)
    setTimeout(() => {
      process.exit(1)
    }, exitAfterMs).unref()
  }

  const client = new ApiClient({
    baseUrl: inputs.baseUrl,
    apiKey: inputs.apiKey,
    userAgent: `${userAgentProduct()} node/${process.version}`,
    lifetime,
    debug: (message) => {
      core.debug(message)
    },
    readerTextShown: () => shown
  })
  // Whatever GitHub or a proxy does, its connections close with the run.
  const githubFetch = new GitHubFetch()
  for (const name of STOP_SIGNALS) process.on(name, onSignal)
  try {
    const runner = await readRunner()
    const github: GitHubTrust = { seal: RecordSeal.fromApiKey(inputs.apiKey), runner, connect: connector(runner, lifetime, githubFetch) }
    // Each repository's visibility is asked of GitHub once, with the workflow's token.
    const visibilities =
      inputs.githubToken === ''
        ? undefined
        : new Visibilities(
            () => github.connect(inputs.githubToken),
            (message) => {
              core.warning(message)
            }
          )
    // Whether reader text may be shown, decided once: the report and the docs health issue's prompt follow it alike.
    shown = inputs.analytics ? await showReaderText(inputs.analytics, runner, visibilities) : false
    // Where reader text is hidden, a page path is shown only when the site's navigation lists it.
    const sitePages = shown || (!inputs.analytics && !inputs.healthIssue) ? undefined : await readSitePages(runner.workspace, core.info)
    // Where the site redirects a page: a fix's gap follows its page there.
    const redirects = inputs.healthIssue ? await readSiteRedirects(runner.workspace) : []
    const { healthIssueRun, failure } = await openHealthIssue(inputs, github, shown, sitePages, redirects)
    let plan: JobPlan = NO_JOB
    const ctx: PartContext = { lifetime, log: { info: core.info, warning: core.warning, debug: core.debug } }
    const reported = async (report: PartReport): Promise<void> => {
      if (report.kind === 'job') await plan.ended(report, lifetime.stopped !== undefined)
    }
    const reports: PartReport[] = []
    let alerts: FiredAlert[] | undefined
    // A range cut to today is said under the report, with the plan's own note.
    let cutNote: string | undefined
    /** The run's agent job: the one for the gaps a person ticked (`asked`), or else the workflow's own. */
    const runJob = async (asked?: { prompt: string; started: (jobId: string) => Promise<void> }): Promise<JobReport[]> => {
      plan = asked ? NO_JOB : await planJob(inputs, lifetime, github)
      const issueEvent = healthIssueRun?.issueEvent ?? false
      const parts = jobParts(inputs, client, plan, asked && { ...asked, issueEvent }, runner.server)
      const jobs = await runParts(parts, ctx, reported)
      reports.push(...jobs)
      return jobs.filter((report) => report.kind === 'job')
    }
    /** The analytics sections, with what the docs health issue says of fixes (`fixes`), when the inputs ask for them. */
    const readSections = async (fixes: Pick<SectionsPlan, 'fixes' | 'fixesUnknown'>): ReturnType<WorkPorts['readPeriod']> => {
      const analytics = inputs.analytics
      if (!analytics) return undefined
      const plan = { projectId: inputs.projectId, ...analytics, showReaderText: shown, ...(sitePages ? { sitePages } : {}), ...fixes }
      const sections = (await runParts(sectionParts(client, plan), ctx, reported, ANALYTICS_CONCURRENCY)).filter(isSectionReport)
      reports.push(...sections)
      const overview = overviewOf(sections)
      // The alerts output is set only for a run that has rules.
      if (inputs.alerts.length > 0) alerts = firedAlerts(inputs.alerts, overview.headlines)
      for (const alert of alerts ?? []) core.warning(`Alert: ${alert.sentence}`)
      cutNote = rangeCutNote(analytics)
      return { overview: { ...overview, alerts }, sections }
    }
    let healthIssue: HealthIssueReport | undefined
    if (healthIssueRun) {
      // The weekly loop of the docs health issue (health/week.ts) drives the job and the analytics.
      healthIssue = await healthIssueRun.run(
        {
          getJob: (jobId) => client.getJob(inputs.projectId, jobId),
          mayQuote: (jobIds) => wordsToAgent(inputs, client, jobIds, runner.server, visibilities),
          runJob: (prompt, started) => runJob(prompt === undefined ? undefined : { prompt, started }),
          // An issue that could not be read names no fix: the feedback section says resolved feedback counts nowhere.
          readPeriod: (fixes) => readSections(fixes ? { fixes } : { fixesUnknown: true })
        },
        // A prompt or a job of the workflow's own comes first: the ticks wait for a run without one.
        inputs.prompt === undefined && inputs.jobId === undefined
      )
    } else {
      await runJob()
      await readSections(failure !== undefined ? { fixesUnknown: true } : {})
      if (failure !== undefined) healthIssue = { failure, resolved: 0, asked: 0 }
    }
    const notes = [plan.note, cutNote].filter((note) => note !== undefined)
    return { reports, healthIssue, alerts, ...(notes.length > 0 ? { note: notes.join(' ') } : {}) }
  } finally {
    for (const name of STOP_SIGNALS) process.off(name, onSignal)
    lifetime.dispose()
    await Promise.all([client.close(), githubFetch.close()])
  }
}

/** The report's clause in the run's last line. */
export { refusalOf } from './key-refusal.js'

export function endPhraseOf(report: PartReport): string {
  return rendererOf(report).endPhrase(report)
}

/** Sets the outputs and writes the files and summary of the run; gives back what could not be written. */
export function publishReport(report: RunReport): Promise<Unwritten[]> {
  return publish(
    report.reports,
    runnerSink,
    { action: ACTION_NAME, version: versionText(process.env), runUrl: runLink(process.env) },
    report.healthIssue,
    report.alerts,
    report.note
  )
}

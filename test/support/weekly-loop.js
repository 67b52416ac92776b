// @ts-check
// The weekly loop of the docs health issue, as the end-to-end tests, the screenshots and the loop
// benchmark drive it: the emulator of the API and the stateful fake of GitHub, a week's analytics set
// for its own range, the bundle (dist/index.js) run once per week or per edit with real GITHUB_OUTPUT,
// GITHUB_STEP_SUMMARY and event files, the `issues: edited` event of a person ticking boxes (with
// `changes.body.from`, the body before), and the issue as it stands. Run ids count up from a fixed
// number, so that the same loop sends the same ids. Plain JavaScript with JSDoc types, so that the
// benchmark and the scripts use it under plain Node.
import { rm } from 'node:fs/promises'
import { ulid } from '../emulator/analytics-data.js'
import { startEmulator } from '../emulator/emulator.js'
import { runAction } from './action.js'
import { docsHealthInputs } from './docs-health-inputs.js'
import { startGitHubFake } from './github-fake.js'

/**
 * @typedef {import('../emulator/emulator.js').Emulator} Emulator
 * @typedef {import('../emulator/emulator.js').EmulatorOptions} EmulatorOptions
 * @typedef {import('../emulator/emulator.js').VisitorRow} VisitorRow
 * @typedef {import('../emulator/analytics-data.js').FeedbackRow} FeedbackRow
 * @typedef {import('../emulator/analytics-data.js').FeedbackByPageRow} FeedbackByPageRow
 * @typedef {import('../emulator/analytics-data.js').Conversation} Conversation
 * @typedef {import('../emulator/analytics-data.js').SearchRow} SearchRow
 * @typedef {Awaited<ReturnType<typeof startGitHubFake>>} GitHubFake
 * @typedef {import('./action.js').ActionRun} ActionRun
 * @typedef {import('./action.js').OnTestFinished} OnTestFinished
 * @typedef {{ dateFrom: string, dateTo: string }} Week
 * @typedef {{ name: string, payload: unknown }} RunEvent
 */

const DAY = 86_400_000
/** The Monday the weeks of `week(n)` count from. */
const FIRST_MONDAY = Date.UTC(2026, 10, 2)
/** Pages most readers like (200 thumbs up, 4 down a week each): the site's norm. */
export const LIKED = Array.from({ length: 8 }, (_, i) => `/liked/page${i}`)

/** The week `n` weeks after Monday 2 Nov 2026: seven days, dateTo the day after the last. @param {number} n @returns {Week} */
export function week(n) {
  const from = FIRST_MONDAY + 7 * n * DAY
  const day = (/** @type {number} */ ms) => new Date(ms).toISOString().slice(0, 10)
  return { dateFrom: day(from), dateTo: day(from + 7 * DAY) }
}

/**
 * Unanswered questions of a week: `count` on each page, a minute apart from 09:00 on its first day,
 * numbered from 1 after `query` (or `query` alone when `numbered` is false).
 * @param {Week} range @param {Record<string, number>} byPage
 * @param {{ query?: string, numbered?: boolean, host?: string }} [options]
 * @returns {Conversation[]} newest first, as the emulator serves them
 */
export function unansweredQuestions(range, byPage, options = {}) {
  const { query = 'How does this work?', numbered = true, host = 'https://docs.example.com' } = options
  const start = Date.parse(`${range.dateFrom}T09:00:00Z`)
  let n = 0
  /** @type {Conversation[]} */
  const questions = Object.entries(byPage).flatMap(([path, count]) =>
    Array.from({ length: count }, () => {
      const ms = start + n++ * 60_000
      return {
        id: ulid(ms, () => 0.5),
        timestamp: new Date(ms).toISOString(),
        query: numbered ? `${query} (${n})` : query,
        response: 'I could not find that in the docs.',
        sources: [],
        resolutionStatus: /** @type {const} */ ('unanswered'),
        queryCategory: null,
        pageUrl: `${host}${path}`
      }
    })
  )
  return questions.reverse()
}

/**
 * What readers did in one week, as `setWeek` serves it. Each part left out is empty.
 * @typedef {object} WeekData
 * @property {Record<string, [number, number]>} [thumbs] thumbs [up, down] per page, beside `liked`'s
 * @property {readonly string[]} [liked] pages at 200 thumbs up and 4 down (default LIKED; [] for none)
 * @property {FeedbackByPageRow[]} [byPage] the per-page rows as served, in place of `thumbs` and `liked`
 * @property {FeedbackRow[]} [comments] feedback rows with comments
 * @property {Conversation[]} [questions] the assistant's conversations, newest first (see unansweredQuestions)
 * @property {SearchRow[]} [searches]
 * @property {VisitorRow[]} [traffic] visitors and views per page (the totals are their sums)
 */

/**
 * Sets one week's analytics for its own range only: feedback by page and its rows, the assistant's
 * questions and callers, searches, visitors and views.
 * @param {Emulator} emu @param {Week} range @param {WeekData} data
 */
export function setWeek(emu, range, data) {
  /** @type {Record<string, [number, number]>} */
  const thumbs = { ...Object.fromEntries((data.liked ?? LIKED).map((page) => [page, [200, 4]])), ...data.thumbs }
  const byPage =
    data.byPage ?? Object.entries(thumbs).map(([path, [up, down]]) => ({ path, thumbsUp: up, thumbsDown: down, code: 0, total: up + down }))
  emu.setFeedbackByPage(byPage, range)
  emu.setFeedback(data.comments ?? [], range)
  const questions = data.questions ?? []
  emu.setAssistant(questions, range)
  emu.setCallerStats({ web: questions.length, api: 0, other: 0, total: questions.length }, range)
  emu.setSearches({ rows: data.searches ?? [] }, range)
  const rows = data.traffic ?? []
  const totals = rows.reduce((sum, row) => ({ human: sum.human + row.human, ai: sum.ai + row.ai, total: sum.total + row.total }), {
    human: 0,
    ai: 0,
    total: 0
  })
  emu.setVisitors({ totals, rows }, range)
  emu.setViews({ totals, rows }, range)
}

/**
 * The body with the box of each of `pages` ticked: the first open box on a line that starts with the
 * page (`- [ ] <code>page</code>`, as the issue names it).
 * @param {string} body @param {readonly string[]} pages
 */
export function tickPages(body, pages) {
  let ticked = body
  for (const page of pages) {
    const line = ticked.split('\n').find((l) => l.startsWith(`- [ ] <code>${page}</code>`))
    if (line === undefined) throw new Error(`no open box for ${page} in the docs health issue:\n${body}`)
    ticked = ticked.replace(line, line.replace('- [ ]', '- [x]'))
  }
  return ticked
}

/** The first line of a list in the issue's `body` that names `page` (`<code>page</code>`); '' when none does. @param {string} body @param {string} page */
export function pageLine(body, page) {
  return body.split('\n').find((line) => line.startsWith('- ') && line.includes(`<code>${page}</code>`)) ?? ''
}

/**
 * The `issues: edited` event GitHub sends when `login` (a person, or an app when `type` is 'Bot')
 * edits the issue `number` from `before` to `after`.
 * @param {{ number: number, before: string, after: string, login?: string, type?: 'User' | 'Bot', repository?: { full_name: string, private: boolean } }} edit
 * @returns {RunEvent}
 */
export function editEvent({
  number,
  before,
  after,
  login = 'docs-lead',
  type = 'User',
  repository = { full_name: 'acme/docs', private: true }
}) {
  return {
    name: 'issues',
    payload: {
      action: 'edited',
      // The body after the edit, and the body before (changes.body.from), from which the run takes the boxes it ticked.
      issue: { number, body: after },
      changes: { body: { from: before } },
      sender: { login, type },
      repository
    }
  }
}

/**
 * The state the issue's body carries, as the next run reads it (its seal left to the action).
 * @typedef {{ id: string, subject: string, state: string, verdict?: string, before?: Record<string, unknown>, after?: Record<string, unknown> }} StateGap
 * @param {string} body @returns {{ gaps: StateGap[] } & Record<string, unknown>}
 */
export function stateOf(body) {
  const encoded = /<!-- docs-agent-action:state ([A-Za-z0-9+/=]+) -->/.exec(body)?.[1]
  if (encoded === undefined) throw new Error(`no state in the docs health issue:\n${body}`)
  /** @type {unknown} */
  const parsed = JSON.parse(Buffer.from(encoded, 'base64').toString('utf8'))
  return /** @type {{ gaps: StateGap[] } & Record<string, unknown>} */ (parsed)
}

/**
 * @typedef {object} LoopOptions
 * @property {string} [key] the API key the emulator knows
 * @property {string} [token] the GitHub token the runs send
 * @property {string} [node] the node binary the bundle runs on
 * @property {'private' | 'public'} [visibility] the repository's, as GitHub says it and the events' payloads (default private)
 * @property {{ full_name: string, private: boolean }} [repository] the repository as the events' payloads give it (default: as `visibility` says)
 * @property {Record<string, string>} [inputs] inputs on top of docsHealthInputs' (readerText…)
 * @property {Record<string, string>} [env] more environment variables (GITHUB_WORKSPACE…)
 * @property {EmulatorOptions} [emulator] more options of the emulator
 * @property {Record<string, string>} [writers] logins and their permission on the repository (default docs-lead: write)
 * @property {number} [firstRunId] the run id before the first run's (default 1000): each run sends the next
 * @property {boolean} [clock] whether a run's clock reads the morning its week ends (default true)
 * @property {OnTestFinished} [onTestFinished] the test's hook that removes a run's folder; without it, each is removed when the run ends
 */

/**
 * A weekly loop: one emulator and one fake GitHub, and the runs of the bundle against them.
 * @param {LoopOptions} [options]
 */
export async function startWeeklyLoop(options = {}) {
  const { key = 'mint_weeklyLoopKey', token = 'ghs_weeklyLoopToken', visibility = 'private', clock = true } = options
  const emu = await startEmulator({ keys: { [key]: {} }, analyticsLimitPerHour: 100_000, ...options.emulator })
  const github = await startGitHubFake()
  github.setVisibility('acme/docs', visibility)
  for (const [login, permission] of Object.entries(options.writers ?? { 'docs-lead': 'write' })) github.setPermission(login, permission)
  const repository = options.repository ?? { full_name: 'acme/docs', private: visibility === 'private' }
  /** The scheduled run's event. @type {RunEvent} */
  const schedule = { name: 'schedule', payload: { repository } }
  let runId = options.firstRunId ?? 1000

  /** The docs health issue, when a run has made it. */
  const healthIssue = () => github.issues.find((issue) => issue.user.type === 'Bot')
  /** The docs health issue; it throws when no run has made it. */
  const issue = () => {
    const made = healthIssue()
    if (!made) throw new Error('no docs health issue was made')
    return made
  }

  /**
   * One run of the bundle: the week `range` read, on the morning it ends, started by `event` (a
   * scheduled run's by default). An edit's run, which reads no week, leaves `range` out: it has no
   * period, and the machine's clock (or `more.now`).
   * @param {Week} [range] @param {RunEvent} [event] @param {{ now?: string, inputs?: Record<string, string> }} [more]
   * @returns {Promise<ActionRun>}
   */
  const run = async (range, event, more = {}) => {
    const now = more.now ?? (clock && range !== undefined ? `${range.dateTo}T06:00:00Z` : undefined)
    const result = await runAction({
      ...(options.node === undefined ? {} : { node: options.node }),
      ...(options.onTestFinished === undefined ? {} : { onTestFinished: options.onTestFinished }),
      inputs: docsHealthInputs(emu.url, { apiKey: key, githubToken: token }, { ...range, ...options.inputs, ...more.inputs }),
      ...(now === undefined ? {} : { now }),
      event: event ?? schedule,
      env: { GITHUB_API_URL: github.url, GITHUB_RUN_ID: String(++runId), ...options.env }
    })
    if (options.onTestFinished === undefined) await rm(result.dir, { recursive: true, force: true })
    return result
  }

  /**
   * A run as `run` makes it, which must succeed: it throws, with the run's log, when the bundle fails.
   * @param {Parameters<typeof run>} args
   */
  const runOk = async (...args) => {
    const result = await run(...args)
    if (result.code !== 0) throw new Error(`the bundle exited ${String(result.code ?? result.signal)}:\n${result.stdout}\n${result.stderr}`)
    return result
  }

  /**
   * `login` edits the issue's body with `change` (the body before → after): the event GitHub sends.
   * The fake's issue holds the new body, as after a person's edit.
   * @param {(body: string) => string} change @param {string} [login] @param {'User' | 'Bot'} [type]
   */
  const edit = (change, login = 'docs-lead', type = /** @type {'User' | 'Bot'} */ ('User')) => {
    const current = issue()
    const before = current.body
    current.body = change(before)
    return editEvent({ number: current.number, before, after: current.body, login, type, repository })
  }

  /** `login` ticks the boxes of `pages` in one edit: the event GitHub sends. @param {readonly string[]} pages @param {string} [login] */
  const tick = (pages, login) => edit((body) => tickPages(body, pages), login)

  const close = async () => {
    await github.close()
    await emu.close()
  }

  return {
    emu,
    github,
    repository,
    schedule,
    run,
    runOk,
    healthIssue,
    issue,
    /** The issue's body ('' before a run made it). */
    body: () => healthIssue()?.body ?? '',
    /** The state the issue carries. */
    state: () => stateOf(issue().body),
    /** The comments on the docs health issue. */
    comments: () => github.comments.filter((comment) => comment.issue === healthIssue()?.number),
    edit,
    tick,
    close
  }
}

/** @typedef {Awaited<ReturnType<typeof startWeeklyLoop>>} WeeklyLoop */

/**
 * How long a test of a story may take: one that runs alone runs the steps before its own, each a few
 * runs of the bundle.
 */
export const STORY_TIMEOUT = 300_000

/**
 * The steps of a story, run in order, each once, when a test first needs one: `reach(name)` runs the
 * steps up to `name` that have not run and gives what `name` returned. A test that reaches a step has
 * what it needs, run alone or after the others.
 * @template {Record<string, () => Promise<unknown>>} S
 * @param {S} steps
 * @returns {<K extends keyof S>(name: K) => ReturnType<S[K]>}
 */
export function story(steps) {
  const names = Object.keys(steps)
  /** @type {Map<string, Promise<unknown>>} */
  const started = new Map()
  /** @param {string} name */
  const reach = async (name) => {
    const at = names.indexOf(name)
    if (at < 0) throw new Error(`no step ${name}`)
    for (const step of names.slice(0, at + 1)) {
      if (!started.has(step)) started.set(step, /** @type {() => Promise<unknown>} */ (steps[step])())
      await started.get(step)
    }
    return started.get(name)
  }
  return /** @type {any} */ (reach)
}

// @ts-check
// The weeks a docs lead reads, each built by running the bundle (dist/index.js) as a separate process
// against the emulator of the API and the stateful fake of GitHub, with real GITHUB_OUTPUT,
// GITHUB_STEP_SUMMARY and event files: a bad week, a week whose pages moved, a tick, a dismissal, a
// real fix and a half fix, and a public repository. Each gives the last run's job summary and the docs
// health issue as it stands after it, for the rendered first-screen tests (test/e2e/first-screen/)
// and the pictures (scripts/screenshots.mjs). Plain JavaScript with JSDoc types, so that the scripts
// use it under plain Node.
import { setDemoData, siteTotals, trafficRows, DEMO_PAGES, weekBefore } from '../../scripts/demo-data.mjs'
import { setWeek, startWeeklyLoop, unansweredQuestions } from './weekly-loop.js'

/**
 * @typedef {import('../emulator/emulator.js').Emulator} Emulator
 * @typedef {import('./weekly-loop.js').GitHubFake} GitHubFake
 * @typedef {{ dateFrom: string, dateTo: string }} Week
 * @typedef {object} Screen
 * @property {string} summary the last run's job summary
 * @property {string} issue the docs health issue's body after it
 * @property {string[]} comments the comments the last run posted on the docs health issue (a verdict announced)
 * @property {number | null} code the last run's exit code
 * @property {string} stdout the last run's log
 * @property {string[]} written every job summary the loop's runs wrote and every Markdown text they sent
 *   GitHub (issue and comment bodies, check runs' summaries and texts), in order, up to this run
 */

export const KEY = 'mint_screenScenarioKey'
const TOKEN = 'ghs_screenScenarioToken'
/** One fixed week, so that what is read does not change with the day. */
export const WEEK = { dateFrom: '2026-11-09', dateTo: '2026-11-16' }
export const WEEK_BEFORE = weekBefore(WEEK)
/** The page whose human readers fell 40 % against the week before. */
export const MOVED_PAGE = '/guides/deploy'
/** The top gap of the demo data. */
export const PROBLEM_PAGE = '/api-reference/webhooks'
export const PULL = 'https://github.com/acme/docs/pull/128'

/** The demo data, and the week before with its pages, so that the issue's history finds the pages that moved. @param {Emulator} emulator */
function setMovingWeeks(emulator) {
  setDemoData(emulator, WEEK)
  const rows = trafficRows(DEMO_PAGES).map((row) => {
    const scale = row.path === MOVED_PAGE ? 1 / 0.6 : 1.05
    const human = Math.round(row.human * scale)
    return { ...row, human, total: human + row.ai }
  })
  emulator.setVisitors({ totals: siteTotals(rows), rows }, WEEK_BEFORE)
}

/**
 * The Markdown texts of the requests that write: a body, and a check run's summary and text.
 * @param {GitHubFake['requests']} requests @returns {string[]}
 */
function markdownSent(requests) {
  return requests.flatMap((request) => {
    if (request.method === 'GET' || typeof request.body !== 'object' || request.body === null) return []
    const { body, output } = /** @type {{ body?: unknown, output?: { summary?: unknown, text?: unknown } }} */ (request.body)
    return [body, output?.summary, output?.text].filter((text) => typeof text === 'string')
  })
}

/**
 * A loop of runs against one emulator and one fake GitHub, in a repository of `visibility`.
 * @param {{ visibility?: 'private' | 'public', node?: string }} [options]
 */
async function loop(options = {}) {
  const weekly = await startWeeklyLoop({
    key: KEY,
    token: TOKEN,
    ...(options.node === undefined ? {} : { node: options.node }),
    visibility: options.visibility ?? 'private',
    inputs: { readerText: 'auto' },
    firstRunId: 500
  })
  const { emu: emulator, github } = weekly
  /** The requests the fake had when the last run ended. */
  let sent = 0
  /** @type {Screen | undefined} */
  let last
  /** @type {string[]} */
  const written = []
  /**
   * @param {Record<string, string>} more @param {{ name: string, payload: unknown }} [event]
   * @param {string} [now] the run's clock, when it is not the morning a week it reads ends
   */
  const run = async (more, event, now) => {
    // A scheduled run on the morning its week ends, as on the runner, whatever day the suite runs.
    const clock = now ?? (more.dateTo === undefined ? undefined : `${more.dateTo}T06:00:00Z`)
    const result = await weekly.run(undefined, event, { inputs: more, ...(clock === undefined ? {} : { now: clock }) })
    const issue = github.issues.find((i) => i.user.type === 'Bot')
    const posted = github.requests
      .slice(sent)
      .filter((request) => request.method === 'POST' && request.path.endsWith(`/issues/${issue?.number ?? 0}/comments`))
      .flatMap((request) => {
        const body = /** @type {{ body?: unknown } | undefined} */ (request.body)?.body
        return typeof body === 'string' ? [body] : []
      })
    written.push(...markdownSent(github.requests.slice(sent)), result.summary)
    sent = github.requests.length
    last = {
      summary: result.summary,
      issue: issue?.body ?? '',
      comments: posted,
      code: result.code,
      stdout: result.stdout,
      written: [...written]
    }
    return last
  }
  const healthIssue = () => {
    const issue = github.issues.find((i) => i.user.type === 'Bot')
    if (!issue) throw new Error(`no docs health issue was made:\n${last?.stdout ?? ''}`)
    return issue
  }
  /**
   * A person's edit of the issue: each line that `pick` returns true for, its first box ticked, then
   * the run that edit starts; with `every`, each line it returns true for; at `now`, when given.
   * @param {(line: string) => boolean} pick @param {boolean} [every] @param {string} [now]
   */
  const edit = async (pick, every = false, now) => {
    healthIssue()
    let ticked = 0
    const event = weekly.edit((body) =>
      body
        .split('\n')
        .map((line) => ((every || ticked === 0) && pick(line) ? (ticked++, line.replace('[ ]', '[x]')) : line))
        .join('\n')
    )
    if (ticked === 0) throw new Error('no box to tick')
    return run({}, event, now)
  }
  return { emulator, github, run, edit, weekly, close: weekly.close }
}

/** @param {string} page */
const gapLine = (page) => (/** @type {string} */ line) => line.startsWith(`- [ ] <code>${page}</code>`)

/** @typedef {{ node?: string }} Options */

/** A bad week, the first the issue sees: the problem, the readers' words, no history yet. @param {Options} [options] */
export async function badWeek(options = {}) {
  const l = await loop(options)
  try {
    setDemoData(l.emulator, WEEK)
    return await l.run(WEEK)
  } finally {
    await l.close()
  }
}

/** Two weeks: the week before, then the week, in which /guides/deploy lost 40 % of its readers. @param {Options} [options] */
export async function movers(options = {}) {
  const l = await loop(options)
  try {
    setMovingWeeks(l.emulator)
    await l.run(WEEK_BEFORE)
    return await l.run(WEEK)
  } finally {
    await l.close()
  }
}

/** The week, then a tick of its problem: the run the tick starts (issues: edited), which reads no analytics. @param {Options} [options] */
export async function tick(options = {}) {
  const l = await loop(options)
  try {
    setMovingWeeks(l.emulator)
    await l.run(WEEK_BEFORE)
    await l.run(WEEK)
    l.emulator.planJobs({ finishAfterMs: 300, prLink: PULL })
    return await l.edit(gapLine(PROBLEM_PAGE))
  } finally {
    await l.close()
  }
}

/**
 * The two weeks, then the week's problem dismissed ("Not a gap") by its box, then the week read
 * again. @param {Awaited<ReturnType<typeof loop>>} l
 */
async function dismissProblem(l) {
  setMovingWeeks(l.emulator)
  await l.run(WEEK_BEFORE)
  await l.run(WEEK)
  const body = l.github.issues.find((i) => i.user.type === 'Bot')?.body.split('\n') ?? []
  const dismiss = body[body.findIndex(gapLine(PROBLEM_PAGE)) + 1] ?? ''
  await l.edit((line) => line === dismiss)
  return l.run(WEEK)
}

/** The week, then its problem dismissed ("Not a gap"), then the week read again. @param {Options} [options] */
export async function dismissal(options = {}) {
  const l = await loop(options)
  try {
    return await dismissProblem(l)
  } finally {
    await l.close()
  }
}

/**
 * The dismissal, then undone: "Bring it back" ticked under the dismissed problem, then the week read
 * again, which names it the problem once more. @param {Options} [options]
 */
export async function undo(options = {}) {
  const l = await loop(options)
  try {
    await dismissProblem(l)
    // The dismissed gap's line, then its box to bring it back.
    const after = l.github.issues.find((i) => i.user.type === 'Bot')?.body.split('\n') ?? []
    const dismissed = after.findIndex((line) => line.startsWith(`- <code>${PROBLEM_PAGE}</code>`) && line.includes('not a gap'))
    const restore = after.slice(dismissed + 1).find((line) => line.includes('Bring it back')) ?? ''
    if (dismissed < 0 || restore === '') throw new Error('no dismissed gap with a box to bring it back')
    await l.edit((line) => line === restore)
    return await l.run(WEEK)
  } finally {
    await l.close()
  }
}

/** A public repository: the same two weeks, readers' words kept out. @param {Options} [options] */
export async function publicRepository(options = {}) {
  const l = await loop({ ...options, visibility: 'public' })
  try {
    setMovingWeeks(l.emulator)
    await l.run(WEEK_BEFORE)
    return await l.run(WEEK)
  } finally {
    await l.close()
  }
}

// Did the fix work: three pages go to the agent in one pull request after three bad weeks. The real
// fix worked; the half fixes left 60 % (the busy page) and half (the small one) of the thumbs down and
// questions, short of the 60 % a fix must cut.
export const REAL = '/guides/webhook-retries'
export const BUSY = '/guides/signing-secrets'
const SMALL = '/guides/idempotency'
const VERDICT_PULL = 'https://github.com/acme/docs/pull/60'
const LIKED = Array.from({ length: 8 }, (_, i) => `/guides/liked-${i}`)

/** The week `n` weeks after 2 Nov 2026. @param {number} n @returns {Week} */
export function verdictWeek(n) {
  const from = new Date(Date.UTC(2026, 10, 2 + 7 * n))
  return { dateFrom: from.toISOString().slice(0, 10), dateTo: new Date(from.getTime() + 7 * 86_400_000).toISOString().slice(0, 10) }
}

/**
 * What readers did in one week: thumbs per page [up, down], and unanswered questions per page.
 * @param {Emulator} emulator @param {Week} range
 * @param {{ thumbs: Record<string, [number, number]>, unanswered: Record<string, number> }} data
 */
function setVerdictWeek(emulator, range, data) {
  setWeek(emulator, range, {
    liked: LIKED,
    thumbs: data.thumbs,
    questions: unansweredQuestions(range, data.unanswered, {
      query: 'Does the signature cover the timestamp header?',
      numbered: false,
      host: 'https://docs.acme.dev'
    }),
    traffic: [...LIKED, REAL, BUSY, SMALL].map((path) => ({ path, human: 900, ai: 100, total: 1000 }))
  })
}

/** @type {{ thumbs: Record<string, [number, number]>, unanswered: Record<string, number> }} */
const BAD = { thumbs: { [REAL]: [1, 26], [BUSY]: [150, 100], [SMALL]: [1, 3] }, unanswered: { [BUSY]: 20, [SMALL]: 1 } }
/** @type {{ thumbs: Record<string, [number, number]>, unanswered: Record<string, number> }} */
const AFTER = { thumbs: { [REAL]: [30, 1], [BUSY]: [150, 60], [SMALL]: [2, 2] }, unanswered: { [BUSY]: 12 } }

/**
 * Three bad weeks, one tick of three gaps, the pull request merged: the week the real fix is proven
 * (`realFix`), then the week the busy page's half fix is open again with a box to ask again (`halfFix`).
 * @param {Options} [options] @returns {Promise<{ realFix: Screen, halfFix: Screen }>}
 */
export async function fixes(options = {}) {
  const l = await loop(options)
  try {
    for (let n = 0; n < 4; n++) setVerdictWeek(l.emulator, verdictWeek(n), BAD)
    for (let n = 4; n < 7; n++) setVerdictWeek(l.emulator, verdictWeek(n), AFTER)
    for (let n = 0; n < 3; n++) await l.run(verdictWeek(n))
    l.emulator.planJobs({ finishAfterMs: 300, prLink: VERDICT_PULL })
    return await fixRuns(l)
  } finally {
    await l.close()
  }
}

/** @param {Awaited<ReturnType<typeof loop>>} l */
async function fixRuns(l) {
  // The three ticks as one edit: its run asks for all three at once, in one agent job.
  await l.run({}, l.weekly.tick([REAL, BUSY, SMALL]))
  await l.run(verdictWeek(3))
  l.github.setPull(60, { state: 'closed', merged_at: `${verdictWeek(4).dateFrom}T10:00:00Z` })
  const realFix = await l.run(verdictWeek(4))
  let halfFix = await l.run(verdictWeek(5))
  if (!halfFix.issue.includes(`- [ ] <code>${BUSY}</code>`)) halfFix = await l.run(verdictWeek(6))
  return { realFix, halfFix }
}

// The story of a quarter, week by week: three bad weeks, one tick of three gaps, the pull request
// merged at the start of week 4. The real fix works (week 4), the busy page's half fix is not enough
// (weeks 4 and 5), the real fix's trouble comes back in week 8, and the small page, whose fix cut
// half its few readers' trouble, is said not to be a gap after week 9 (week 10).
/** @type {{ thumbs: Record<string, [number, number]>, unanswered: Record<string, number> }} */
const RETURNED = { thumbs: { ...AFTER.thumbs, [REAL]: [1, 26] }, unanswered: AFTER.unanswered }
/** The weeks of the story the first-screen tests read. */
export const STORY_WEEKS = /** @type {const} */ ([4, 5, 8, 10])

/**
 * The story in a repository of `visibility`: the job summary and the issue after the weekly run of
 * weeks 4, 5, 8 and 10.
 * @param {Options & { visibility?: 'private' | 'public' }} [options] @returns {Promise<Record<number, Screen>>}
 */
export async function story(options = {}) {
  const l = await loop(options)
  try {
    for (let n = 0; n < 4; n++) setVerdictWeek(l.emulator, verdictWeek(n), BAD)
    for (let n = 4; n < 7; n++) setVerdictWeek(l.emulator, verdictWeek(n), AFTER)
    for (let n = 7; n < 11; n++) setVerdictWeek(l.emulator, verdictWeek(n), n < 8 ? AFTER : RETURNED)
    for (let n = 0; n < 3; n++) await l.run(verdictWeek(n))
    l.emulator.planJobs({ finishAfterMs: 300, prLink: VERDICT_PULL })
    const issue = l.github.issues.find((i) => i.user.type === 'Bot')
    if (!issue) throw new Error('no docs health issue was made')
    // The three ticks as one edit: its run asks for all three at once, in one agent job.
    const gapLines = issue.body.split('\n').filter((line) => line.startsWith('- [ ] '))
    const picked = gapLines.slice(0, 3)
    if (picked.length < 3) throw new Error(`three gaps to tick, not ${picked.length}:\n${issue.body}`)
    // On the Tuesday after week 2's report.
    await l.edit((line) => picked.includes(line), true, `${verdictWeek(3).dateFrom}T14:00:00Z`)
    await l.run(verdictWeek(3))
    l.github.setPull(60, { state: 'closed', merged_at: `${verdictWeek(4).dateFrom}T10:00:00Z` })
    /** @type {Record<number, Screen>} */
    const screens = {}
    for (let n = 4; n < 11; n++) {
      if (n === 10) {
        // After week 9, the small page's box "Not a gap" is ticked: its fix cut half its trouble, of a few readers.
        const body = l.github.issues.find((i) => i.user.type === 'Bot')?.body.split('\n') ?? []
        const at = body.findIndex((line) => line.startsWith('- [ ] ') && line.includes('−50 %'))
        const dismiss = body[at + 1]
        if (at < 0 || dismiss === undefined) throw new Error('no small page to dismiss')
        await l.edit((line) => line === dismiss, false, `${verdictWeek(10).dateFrom}T14:00:00Z`)
      }
      const screen = await l.run(verdictWeek(n))
      if ([4, 5, 8, 10].includes(n)) screens[n] = screen
    }
    return screens
  } finally {
    await l.close()
  }
}

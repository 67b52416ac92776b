// @ts-check
// One simulated quarter of the docs health loop, through the real bundle: weekly runs (analytics: all,
// the docs health issue on) against the API emulator serving each week's sampled analytics and the
// stateful GitHub fake holding the issue; after the run of week `tickAfter`, a writer ticks the gaps of
// pages that truly trouble readers, an `issues: edited` run asks the agent, and its pull request merges
// on the first day of the next week. Each fix then truly works, half works, does nothing or regresses,
// and the later runs are read for what the issue says of each. The site is a model (a scenario of
// scenarios.mjs): site.mjs's site, changed or not, or the second site of other-site.mjs.
import { ulid } from '../../test/emulator/analytics-data.js'
import { startWeeklyLoop } from '../../test/support/weekly-loop.js'
import { siteNorm, TOP, worstPages } from './metrics.mjs'
import { seeded, shuffled } from './random.mjs'
import { SCENARIOS } from './scenarios.mjs'
import { LIKED_SHARE, shareOf } from './site.mjs'
import { gapsOf, openBoxes, ticked, verdictOf } from './verdict.mjs'

/** @typedef {import('./site.mjs').Fix} Fix */
/** @typedef {import('./site.mjs').Effect} Effect */
/** @typedef {import('./site.mjs').Trouble} Trouble */
/** @typedef {import('./scenarios.mjs').Scenario} Scenario */
/** @typedef {import('./metrics.mjs').FixRecord} FixRecord */
/** @typedef {import('../../test/emulator/emulator.js').Emulator} Emulator */
/** @typedef {{ dateFrom: string, dateTo: string }} Week */

/**
 * One page's week as the emulator serves it: its visitors, votes and comments, questions, and each
 * search its readers made (by its words: how often, how often a result was clicked).
 * @typedef {object} Served
 * @property {number} human
 * @property {number} ai
 * @property {number} up
 * @property {number} down
 * @property {number} notHelpful comments left with a thumbs down
 * @property {number} helpful comments left with a thumbs up
 * @property {number} unanswered
 * @property {number} answered
 * @property {{ query: string, hits: number, clicks: number }[]} searches
 * @property {string} comment what a comment marked not helpful says
 * @property {string} question what a reader asks the assistant
 */
/**
 * A simulated site the driver runs, its truth known. Pages are named by their path before any fix;
 * `movedTo` gives the path a page moves to when its fix merges, if it moves.
 * @typedef {object} Model
 * @property {string[]} paths
 * @property {(path: string) => boolean} troubles whether the page truly troubles readers: the writer ticks only its gaps
 * @property {(path: string) => number} heard readers heard from on the page in a week before any fix, expected
 * @property {(w: number, fixes: ReadonlyMap<string, Fix>) => Map<string, Served>} week the week's readers by page, sampled
 * @property {(w: number, fixes: ReadonlyMap<string, Fix>) => Map<string, Trouble>} truth the week's readers in trouble and heard from by page, expected
 * @property {(path: string) => string | undefined} movedTo
 */

const KEY = 'mint_loopBench4Key'
const TOKEN = 'ghs_loopBenchToken7Q'
const PULL = 50
const HOST = 'https://docs.example.com'
/** Gaps a writer ticks at most. */
export const MOST_TICKED = 8
/** The effects dealt to the ticked gaps, in a seeded order: each as often. @type {readonly Effect[]} */
const EFFECTS = ['works', 'half', 'none', 'regress']
/** The Monday the last simulated week ends on. */
const LAST_DAY = Date.UTC(2026, 10, 23)
const DAY = 86_400_000

/**
 * One weekly run, judged: Fix first's pages, the truly worst five, and the best five a ranking of this
 * week's counts could name with the truth known (the ceiling).
 * @typedef {{ week: number, fixFirst: string[], worst: string[], ceiling: string[], liked: string[] }} WeekRecord
 */

/**
 * The weeks of a run of `weeks` weekly runs, with the week before the first (index 0, read only for
 * the comparison): seven days each, ending on LAST_DAY.
 * @param {number} weeks @returns {Week[]}
 */
export function weekRanges(weeks) {
  const day = (/** @type {number} */ ms) => new Date(ms).toISOString().slice(0, 10)
  return Array.from({ length: weeks + 1 }, (_, i) => {
    const from = LAST_DAY - (weeks + 1 - i) * 7 * DAY
    return { dateFrom: day(from), dateTo: day(from + 7 * DAY) }
  })
}

/** The pages of Fix first, from the docsGaps output's first list, in order. @param {string} docsGaps @returns {string[]} */
export function fixFirstPages(docsGaps) {
  const lines = docsGaps.split('\n')
  const start = lines.findIndex((line) => line.startsWith('Fix first'))
  if (start < 0) return []
  const pages = []
  for (const line of lines.slice(start + 1)) {
    if (!line.startsWith('- ')) break
    const page = /^- `(\/[^`]*)`/.exec(line)?.[1]
    if (page !== undefined) pages.push(page)
    else pages.push('')
  }
  return pages.slice(0, TOP)
}

/** A week's readers as the ranking counts them: a thumbs down and the comment left with it are one reader; every search with no click is one. @param {Served} c @returns {Trouble} */
export function observed(c) {
  const trouble = Math.max(c.down, c.notHelpful) + c.unanswered + c.searches.reduce((sum, s) => sum + s.hits - s.clicks, 0)
  return { trouble, heard: trouble + c.up }
}

/**
 * Sets one week's analytics, for its own range only: each page's readers under the path it has that week.
 * @param {Emulator} emu @param {Week} week @param {ReadonlyMap<string, Served>} counts by the path served
 */
function serveWeek(emu, week, counts) {
  const start = Date.parse(`${week.dateFrom}T00:00:00Z`)
  let n = 0
  /** A moment of the week for each row, one second after the last. */
  const at = () => start + n++ * 1000
  const random = seeded(start / DAY)
  const visitors = [...counts]
    .map(([path, c]) => ({ path, human: c.human, ai: c.ai, total: c.human + c.ai }))
    .filter((row) => row.total > 0)
    .sort((a, b) => b.total - a.total)
  const totals = visitors.reduce((t, r) => ({ human: t.human + r.human, ai: t.ai + r.ai, total: t.total + r.total }), {
    human: 0,
    ai: 0,
    total: 0
  })
  emu.setVisitors({ totals, rows: visitors }, week)
  const views = visitors.map((r) => ({ ...r, human: r.human * 2, ai: r.ai * 2, total: r.total * 2 }))
  emu.setViews({ totals: { human: totals.human * 2, ai: totals.ai * 2, total: totals.total * 2 }, rows: views }, week)
  /** @type {import('../../test/emulator/analytics-data.js').FeedbackByPageRow[]} */
  const byPage = []
  /** @type {import('../../test/emulator/analytics-data.js').FeedbackRow[]} */
  const feedback = []
  /** @type {import('../../test/emulator/analytics-data.js').Conversation[]} */
  const questions = []
  /** @type {import('../../test/emulator/analytics-data.js').SearchRow[]} */
  const searches = []
  for (const [path, c] of counts) {
    if (c.up + c.down > 0) byPage.push({ path, thumbsUp: c.up, thumbsDown: c.down, code: 0, total: c.up + c.down })
    const comment = (/** @type {boolean} */ helpful) => {
      const ms = at()
      feedback.push({
        id: `fb_${ms.toString(36)}_${feedback.length}`,
        path,
        comment: helpful ? 'This answered it.' : c.comment,
        createdAt: new Date(ms).toISOString(),
        source: 'contextual',
        status: 'pending',
        helpful,
        contact: null
      })
    }
    for (let i = 0; i < c.notHelpful; i++) comment(false)
    for (let i = 0; i < c.helpful; i++) comment(true)
    const ask = (/** @type {boolean} */ answered) => {
      const ms = at()
      questions.push({
        id: ulid(ms, random),
        timestamp: new Date(ms).toISOString(),
        query: `${c.question} (${questions.length})`,
        response: answered ? 'Here is how.' : 'I could not find that in the docs.',
        sources: [],
        resolutionStatus: answered ? 'answered' : 'unanswered',
        queryCategory: null,
        pageUrl: `${HOST}${path}`
      })
    }
    for (let i = 0; i < c.unanswered; i++) ask(false)
    for (let i = 0; i < c.answered; i++) ask(true)
    for (const search of c.searches)
      if (search.hits > 0)
        searches.push({
          searchQuery: search.query,
          hits: search.hits,
          ctr: search.clicks / search.hits,
          topClickedPage: search.clicks > 0 ? path : null,
          lastSearchedAt: `${week.dateFrom}T12:00:00Z`
        })
  }
  byPage.sort((a, b) => b.total - a.total)
  emu.setFeedbackByPage(byPage, week)
  emu.setFeedback(feedback, week)
  questions.sort((a, b) => (a.id < b.id ? 1 : -1))
  emu.setAssistant(questions, week)
  emu.setCallerStats({ web: questions.length, api: 0, other: 0, total: questions.length }, week)
  emu.setSearches({ rows: searches.sort((a, b) => b.hits - a.hits) }, week)
}

/**
 * One seed's quarter: `weeks` weekly runs, the tick after week `tickAfter`. Returns each fix's verdicts
 * period by period, and each weekly run's Fix first against the truth.
 * `scenario` gives the site (scenarios.mjs; the loop's own site when left out).
 * @param {{ seed: number, weeks: number, tickAfter: number, node: string, onRun?: (what: string) => void, scenario?: Scenario }} options
 * @returns {Promise<{ fixes: FixRecord[], weeks: WeekRecord[] }>}
 */
export async function runSeed({ seed, weeks, tickAfter, node, onRun, scenario = /** @type {Scenario} */ (SCENARIOS[0]) }) {
  const random = seeded(seed)
  const model = scenario.model(random, seed, { merged: tickAfter + 1, weeks })
  const ranges = weekRanges(weeks)
  /** @type {Map<string, Fix>} */
  const fixes = new Map()
  /** @type {FixRecord[]} */
  const records = []
  /** @type {WeekRecord[]} */
  const weekRecords = []
  // Run ids seed × 1000 + 1, + 2…; each run's clock the machine's.
  const loop = await startWeeklyLoop({ key: KEY, token: TOKEN, node, firstRunId: seed * 1000, clock: false })
  const { emu, github, healthIssue } = loop
  let runs = 0
  /** @param {Week | undefined} week @param {{ name: string, payload: unknown } | undefined} event */
  const run = async (week, event) => {
    runs++
    const result = await loop.run(week, event)
    if (result.code !== 0)
      throw new Error(`seed ${seed}, run ${runs}: the bundle exited ${result.code ?? result.signal ?? ''}\n${result.stdout.slice(-3000)}`)
    return result
  }
  /** The path a page has in week `w`: a page whose fix moves it has its new path from the merge on. @param {string} path @param {number} w */
  const pathAt = (path, w) => {
    const fix = fixes.get(path)
    const moved = model.movedTo(path)
    return fix !== undefined && moved !== undefined && w >= fix.mergedWeek ? moved : path
  }
  /**
   * The readers of week `w` by the path each page has that week (the model draws them from a generator
   * of that seed and week alone, so that the fixes made do not move the noise).
   * @param {number} w
   */
  const sample = (w) => new Map([...model.week(w, fixes)].map(([path, c]) => [pathAt(path, w), c]))
  try {
    serveWeek(emu, /** @type {Week} */ (ranges[0]), sample(0))
    for (let w = 1; w <= weeks; w++) {
      const week = /** @type {Week} */ (ranges[w])
      const counts = sample(w)
      serveWeek(emu, week, counts)
      const result = await run(week, undefined)
      onRun?.(`seed ${seed} week ${w}`)
      // The truth of the week, and the ceiling: this week's counts ranked with the truth known.
      const truth = new Map([...model.truth(w, fixes)].map(([path, t]) => [pathAt(path, w), t]))
      const norm = siteNorm(truth.values())
      const fixFirst = fixFirstPages(result.outputs.docsGaps ?? '')
      weekRecords.push({
        week: w,
        fixFirst,
        worst: worstPages(truth, norm),
        ceiling: worstPages(new Map([...counts].map(([path, c]) => [path, observed(c)])), norm),
        liked: fixFirst.filter((path) => {
          const t = truth.get(path)
          return t !== undefined && shareOf(t) <= LIKED_SHARE
        })
      })
      const body = healthIssue()?.body ?? ''
      if (w > tickAfter) {
        const gaps = gapsOf(body)
        const boxes = openBoxes(body)
        for (const record of records) {
          // A moved page's gap is read where the issue keeps it: at the old path or, followed, at the new.
          const moved = model.movedTo(record.path)
          const mine = [...(gaps.get(record.path) ?? []), ...(moved === undefined ? [] : (gaps.get(moved) ?? []))]
          const asked = mine.find((gap) => gap.mergedOn !== undefined || gap.jobId !== undefined) ?? mine.at(-1)
          record.verdicts.push(asked ? verdictOf(asked) : 'unknown')
          record.boxes.push(mine.some((gap) => boxes.has(gap.id)))
        }
      }
      if (w === tickAfter) await tick(body, w)
    }
  } finally {
    await loop.close()
  }
  return { fixes: records, weeks: weekRecords }

  /**
   * The writer ticks the open gaps of pages that truly trouble readers (a page they mostly like is left),
   * the heaviest first, at most MOST_TICKED; the run the edit starts asks the agent, whose pull request
   * merges on the first day of the next week.
   * @param {string} body @param {number} w
   */
  async function tick(body, w) {
    const issue = healthIssue()
    if (!issue) throw new Error(`seed ${seed}: no docs health issue after week ${w}`)
    const boxes = openBoxes(body)
    const chosen = [...gapsOf(body).values()]
      .flat()
      .filter((gap) => gap.state === 'new' && boxes.has(gap.id))
      .filter((gap) => model.troubles(gap.subject))
      .slice(0, MOST_TICKED)
    const effects = shuffled(random, [...EFFECTS, ...EFFECTS])
    chosen.forEach((gap, i) => {
      const effect = /** @type {Effect} */ (effects[i])
      fixes.set(gap.subject, { path: gap.subject, effect, mergedWeek: w + 1 })
      records.push({ path: gap.subject, effect, verdicts: [], boxes: [], heard: model.heard(gap.subject) })
    })
    // The pull request's files, where a fix moves its page: each such page's file renamed.
    const file = (/** @type {string} */ path) => `${path.slice(1)}.mdx`
    const files = chosen.flatMap((gap) => {
      const moved = model.movedTo(gap.subject)
      return moved === undefined
        ? []
        : [{ filename: file(moved), previous_filename: file(gap.subject), status: 'renamed', additions: 12, deletions: 4 }]
    })
    if (files.length > 0)
      github.setPullChange(PULL, {
        commits: [{ sha: 'c0ffee'.padEnd(40, '0'), commit: { message: 'Move and fix the docs pages' } }],
        files
      })
    emu.planJobs({ finishAfterMs: 300, prLink: `https://github.com/acme/docs/pull/${PULL}` })
    const jobs = emu.jobCount()
    // The writer (docs-lead, who may push) ticks the chosen gaps' boxes in one edit.
    await run(
      undefined,
      loop.edit(() => ticked(body, new Set(chosen.map((gap) => gap.id))))
    )
    onRun?.(`seed ${seed} tick of ${chosen.length} gaps`)
    if (chosen.length > 0 && emu.jobCount() !== jobs + 1) throw new Error(`seed ${seed}: the tick asked no agent job`)
    github.setPull(PULL, { state: 'closed', merged_at: `${ranges[w + 1]?.dateFrom ?? ''}T10:00:00Z` })
  }
}

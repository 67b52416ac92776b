// @ts-check
// The loop's benchmark judged against its truth: the verdicts of the fixes, Fix first against the truly
// worst pages, and the targets each figure is held to.
import { LIKED_SHARE, REGRESS_AFTER, shareOf } from './site.mjs'

/** @typedef {import('./site.mjs').Effect} Effect */
/** @typedef {import('./site.mjs').Trouble} Trouble */
/** @typedef {import('./verdict.mjs').Verdict} Verdict */

/** Fix first's length, and the truly worst pages it is compared with. */
export const TOP = 5

/**
 * What became of one fix, period by period after its merge (index 0 is the first period).
 * @typedef {object} FixRecord
 * @property {string} path
 * @property {Effect} effect
 * @property {Verdict[]} verdicts the issue's verdict at the end of each period's run
 * @property {boolean[]} boxes whether the issue showed a box to ask the agent again
 * @property {number} [heard] readers heard from on its page in a week before the fix (expected): how much evidence a week gives
 */

/**
 * Whether the fix truly worked in period `period` (1 for the first after its merge).
 * @param {Effect} effect @param {number} period
 */
export function trulyWorks(effect, period) {
  return effect === 'works' || (effect === 'regress' && period <= REGRESS_AFTER)
}

/** The first period (1-based) in which `holds` held, or undefined. @param {readonly boolean[]} periods */
export function firstPeriod(periods) {
  const index = periods.indexOf(true)
  return index < 0 ? undefined : index + 1
}

/** When the issue first called the fix fixed (period, 1-based). @param {FixRecord} fix */
export const calledFixedAt = (fix) => firstPeriod(fix.verdicts.map((v) => v === 'fixed'))
/** When the issue first showed a box to ask again after the merge. @param {FixRecord} fix */
export const reopenedAt = (fix) => firstPeriod(fix.boxes)

/** A share with its counts: hits of n. @typedef {{ hits: number, n: number }} Share */

/** @param {number} hits @param {number} n @returns {Share} */
const share = (hits, n) => ({ hits, n })
/** The share as a number; NaN with nothing counted. @param {Share} s */
export const rate = (s) => (s.n > 0 ? s.hits / s.n : NaN)

/** @param {FixRecord} fix */
const calledFixed = (fix) => calledFixedAt(fix) !== undefined
/** Reopened within three periods of the merge. @param {FixRecord} fix */
const reopenedSoon = (fix) => (reopenedAt(fix) ?? Infinity) <= 3
/** Of the fixes of one effect, those called fixed and those reopened within three periods. @param {readonly FixRecord[]} fixes @param {Effect} effect */
function byEffect(fixes, effect) {
  const mine = fixes.filter((fix) => fix.effect === effect)
  return {
    calledFixed: share(mine.filter(calledFixed).length, mine.length),
    reopened: share(mine.filter(reopenedSoon).length, mine.length)
  }
}

/** A fix that did not work: it half worked or did nothing. @param {FixRecord} fix */
const failed = (fix) => fix.effect === 'half' || fix.effect === 'none'
/** A fix that worked, for a while at least. @param {FixRecord} fix */
const worked = (fix) => fix.effect === 'works' || fix.effect === 'regress'
/**
 * A fix shown with a box to ask again while it truly worked, before the issue called it fixed: what a
 * "not fixed" rule quick to reopen costs. @param {FixRecord} fix
 */
const wronglyReopened = (fix) => {
  const at = reopenedAt(fix)
  const fixedAt = calledFixedAt(fix)
  return at !== undefined && trulyWorks(fix.effect, at) && (fixedAt === undefined || at < fixedAt)
}

/**
 * A fix that worked told it failed: "not fixed" or "came back" in a period while it truly worked.
 * @param {FixRecord} fix
 */
export const toldFailed = (fix) => fix.verdicts.some((v, i) => (v === 'not fixed' || v === 'back') && trulyWorks(fix.effect, i + 1))

/**
 * The verdicts judged:
 * - precision of "fixed": of the fixes the issue called fixed, those that truly worked in the period it said so;
 * - recall within four periods: of the fixes that worked, those called fixed within four periods of the merge, while they worked;
 * - failed fixes called fixed (ever), and failed fixes reopened (a box to ask again) within three periods;
 * - fixes that worked wrongly reopened: a box to ask again while they worked, before "fixed";
 * - fixes that worked told they failed: "not fixed" or "came back" while they worked;
 * - regressions back (a box to ask again) within three periods of the regression, where that many were run.
 * @param {readonly FixRecord[]} fixes
 */
export function verdictScores(fixes) {
  const called = fixes.filter((fix) => calledFixedAt(fix) !== undefined)
  const right = called.filter((fix) => trulyWorks(fix.effect, /** @type {number} */ (calledFixedAt(fix))))
  const working = fixes.filter(worked)
  const found = working.filter((fix) => {
    const at = calledFixedAt(fix)
    return at !== undefined && at <= 4 && trulyWorks(fix.effect, at)
  })
  const failures = fixes.filter(failed)
  const regressed = fixes.filter((fix) => fix.effect === 'regress' && fix.verdicts.length >= REGRESS_AFTER + 3)
  return {
    precision: share(right.length, called.length),
    recall: share(found.length, working.length),
    failedCalledFixed: share(failures.filter(calledFixed).length, failures.length),
    failedReopened: share(failures.filter(reopenedSoon).length, failures.length),
    workedReopened: share(working.filter(wronglyReopened).length, working.length),
    workedToldFailed: share(working.filter(toldFailed).length, working.length),
    /** The same two, for the half fixes and for the fixes with no effect apart. */
    byEffect: {
      half: byEffect(fixes, 'half'),
      none: byEffect(fixes, 'none')
    },
    regressionsBack: share(
      regressed.filter((fix) => fix.boxes.slice(REGRESS_AFTER, REGRESS_AFTER + 3).some(Boolean)).length,
      regressed.length
    ),
    /** Periods from the merge to the verdict: "fixed" for the fixes that work, a box to ask again for the failed ones. */
    toFixed: fixes.filter((fix) => fix.effect === 'works').map(calledFixedAt),
    toReopened: failures.map(reopenedAt)
  }
}

/** The median of the periods known, the count never reached aside. @param {readonly (number | undefined)[]} periods */
export function periodsText(periods) {
  const known = periods.filter((p) => p !== undefined).sort((a, b) => a - b)
  const never = periods.length - known.length
  if (known.length === 0) return periods.length === 0 ? 'n/a' : `never (${never} of ${periods.length})`
  const mid = known.length / 2
  const median = known.length % 2 ? (known[Math.floor(mid)] ?? NaN) : ((known[mid - 1] ?? NaN) + (known[mid] ?? NaN)) / 2
  return `median ${median} (${known[0] ?? ''}–${known.at(-1) ?? ''})${never > 0 ? `; never for ${never} of ${periods.length}` : ''}`
}

/**
 * The worst pages by readers in trouble beyond the site's norm (`norm`, a share of the readers heard
 * from): of the pages readers do not mostly like, those with the most readers in trouble more than
 * the norm gives, at most TOP.
 * @param {ReadonlyMap<string, Trouble>} pages @param {number} norm @returns {string[]}
 */
export function worstPages(pages, norm) {
  return [...pages]
    .filter(([, t]) => shareOf(t) > LIKED_SHARE)
    .map(([path, t]) => ({ path, excess: t.trouble - norm * t.heard }))
    .filter((page) => page.excess > 0)
    .sort((a, b) => b.excess - a.excess || (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))
    .slice(0, TOP)
    .map((page) => page.path)
}

/** The median of the pages' shares of readers in trouble: the site's norm. @param {Iterable<Trouble>} pages */
export function siteNorm(pages) {
  const shares = [...pages].map(shareOf).sort((a, b) => a - b)
  if (shares.length === 0) return 0
  const mid = shares.length / 2
  return shares.length % 2 ? (shares[Math.floor(mid)] ?? 0) : ((shares[mid - 1] ?? 0) + (shares[mid] ?? 0)) / 2
}

/**
 * Of the truly worst pages, the share a list names among its first TOP: hits over TOP, or over the
 * number of truly worst pages when there are fewer.
 * @param {readonly string[]} listed @param {readonly string[]} truth
 */
export function precisionAt(listed, truth) {
  if (truth.length === 0) return NaN
  const worst = new Set(truth)
  return listed.slice(0, TOP).filter((path) => worst.has(path)).length / Math.min(TOP, truth.length)
}

/** @param {readonly number[]} values */
export const mean = (values) => {
  const known = values.filter((v) => !Number.isNaN(v))
  return known.length === 0 ? NaN : known.reduce((a, b) => a + b, 0) / known.length
}

/**
 * A row of the table: what is measured, its value in words, its target in words, and whether it is
 * met (undefined: no target).
 * @typedef {{ name: string, value: string, target: string, met: boolean | undefined }} Row
 */

/**
 * The 95 % Wilson score interval of a share (E. B. Wilson, "Probable inference, the law of succession,
 * and statistical inference", JASA 22, 1927): how far the truth may be from a share of few counts.
 * @param {Share} s @returns {[number, number]}
 */
export function interval(s) {
  if (!(s.n > 0)) return [0, 1]
  const z = 1.96
  const p = s.hits / s.n
  const scale = 1 + (z * z) / s.n
  const centre = (p + (z * z) / (2 * s.n)) / scale
  const spread = (z * Math.sqrt((p * (1 - p)) / s.n + (z * z) / (4 * s.n * s.n))) / scale
  return [Math.max(0, centre - spread), Math.min(1, centre + spread)]
}

/** A share in words, with its interval: "0.78 (7 of 9; 0.45–0.94)", or "n/a (none)". @param {Share} s */
export function shareText(s) {
  if (!(s.n > 0)) return 'n/a (none)'
  const [low, high] = interval(s)
  return `${rate(s).toFixed(2)} (${s.hits} of ${s.n}; ${low.toFixed(2)}–${high.toFixed(2)})`
}
/** A share as a percentage, with its interval: "18 % (2 of 11; 5–48 %)". @param {Share} s */
export function percentText(s) {
  if (!(s.n > 0)) return 'n/a (none)'
  const [low, high] = interval(s).map((x) => Math.round(x * 100))
  return `${Math.round(rate(s) * 100)} % (${s.hits} of ${s.n}; ${low ?? ''}–${high ?? ''} %)`
}

/** A share as its counts: "2 of 43". @param {Share} s */
const countText = (s) => `${s.hits} of ${s.n}`

/**
 * The table's rows, each judged against its target; a figure with nothing counted misses its target.
 * @param {ReturnType<typeof verdictScores>} v
 * @param {{ fixFirst: number, ceiling: number, likedInFixFirst: number, fixFirstRuns: number }} f
 * @returns {Row[]}
 */
export function rows(v, f) {
  const atLeast = (/** @type {Share} */ s, /** @type {number} */ bound) => s.n > 0 && rate(s) >= bound
  return [
    { name: 'Precision of "fixed"', value: shareText(v.precision), target: '≥ 0.95', met: atLeast(v.precision, 0.95) },
    {
      name: 'Recall of "fixed" within four periods of the merge',
      value: shareText(v.recall),
      target: '≥ 0.9',
      met: atLeast(v.recall, 0.9)
    },
    {
      name: 'Half or no-effect fixes called fixed',
      value: `${percentText(v.failedCalledFixed)}: half ${countText(v.byEffect.half.calledFixed)}, no effect ${countText(v.byEffect.none.calledFixed)}`,
      target: '≤ 2 %',
      met: v.failedCalledFixed.n > 0 && rate(v.failedCalledFixed) <= 0.02
    },
    {
      name: 'Failed fixes reopened (a box to ask again) within three periods',
      value: `${percentText(v.failedReopened)}: half ${countText(v.byEffect.half.reopened)}, no effect ${countText(v.byEffect.none.reopened)}`,
      target: '≥ 90 %',
      met: atLeast(v.failedReopened, 0.9)
    },
    {
      name: 'Fixes that worked wrongly reopened (a box to ask again before "fixed")',
      value: percentText(v.workedReopened),
      target: '',
      met: undefined
    },
    { name: 'Periods from merge to "fixed" (fixes that work)', value: periodsText(v.toFixed), target: '', met: undefined },
    { name: 'Periods from merge to reopened (failed fixes)', value: periodsText(v.toReopened), target: '', met: undefined },
    {
      name: 'Regressions open to ask again within three periods of the regression',
      value: percentText(v.regressionsBack),
      target: '',
      met: undefined
    },
    {
      name: 'Fix first precision@5 against the truly worst five',
      value: `${f.fixFirst.toFixed(2)} (ceiling ${f.ceiling.toFixed(2)})`,
      target: 'within 0.05 of the ceiling',
      met: f.fixFirst >= f.ceiling - 0.05
    },
    {
      name: 'Liked pages in Fix first',
      value: `${f.likedInFixFirst} ${f.likedInFixFirst === 1 ? 'time' : 'times'} in ${f.fixFirstRuns} weekly runs`,
      target: 'never',
      met: f.fixFirstRuns > 0 && f.likedInFixFirst === 0
    }
  ]
}

/** How many fixes the issue left at each verdict in their last period: "9 fixed, 12 waiting". @param {readonly FixRecord[]} fixes */
export function lastWords(fixes) {
  /** @type {Map<string, number>} */
  const counts = new Map()
  for (const fix of fixes) {
    const last = fix.verdicts.at(-1) ?? 'not read'
    counts.set(last, (counts.get(last) ?? 0) + 1)
  }
  return (
    [...counts]
      .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
      .map(([verdict, n]) => `${n} ${verdict}`)
      .join(', ') || 'no fix'
  )
}

/**
 * How much evidence the failed fixes had, split by whether the issue called them fixed: the median
 * readers heard from a week on their pages before the fix.
 * @param {readonly FixRecord[]} fixes
 */
export function evidenceText(fixes) {
  const median = (/** @type {number[]} */ values) => {
    const s = [...values].sort((a, b) => a - b)
    const mid = s.length / 2
    return s.length % 2 ? (s[Math.floor(mid)] ?? NaN) : ((s[mid - 1] ?? NaN) + (s[mid] ?? NaN)) / 2
  }
  const heard = (/** @type {boolean} */ called) =>
    fixes
      .filter((fix) => failed(fix) && (calledFixedAt(fix) !== undefined) === called && fix.heard !== undefined)
      .map((fix) => /** @type {number} */ (fix.heard))
  const text = (/** @type {number[]} */ values) => (values.length === 0 ? 'none' : `${median(values).toFixed(0)} (${values.length} fixes)`)
  return `readers heard from a week before the fix, median: ${text(heard(true))} for the half or no-effect fixes called fixed, ${text(heard(false))} for the others`
}

/**
 * The names of the figures the loop's table in BENCHMARKS.md marks met (between its bench-loop
 * markers): what the last full run reached, which a later change may not lose.
 * @param {string} markdown @returns {Set<string>}
 */
export function metInBenchmarks(markdown) {
  const block = markdown.split('<!-- bench-loop:start -->')[1]?.split('<!-- bench-loop:end -->')[0] ?? ''
  /** @type {Set<string>} */
  const met = new Set()
  for (const line of block.split('\n')) {
    const cells = line.split('|').map((cell) => cell.trim())
    // | Figure | Value | Target | met |: cells[0] and the last are the empty ends of the row.
    if (cells.length >= 6 && cells.at(-2) === 'met' && cells[1] !== undefined) met.add(cells[1])
  }
  return met
}

/** The figures of the scenarios' table, each with its target: the column headers. */
export const SCENARIO_FIGURES = /** @type {const} */ ([
  'Precision of "fixed" (≥ 0.95)',
  'Recall within four periods (≥ 0.9)',
  'Half or no-effect fixes called fixed (≤ 2 %)',
  'Fixes that worked told "not fixed" or "came back" while they worked (≤ 5 %; under the rename, none)',
  'Failed fixes offered again within three periods (≥ 90 %)'
])

/**
 * One scenario's row: each figure's value and, where the scenario is held to it, whether it is met.
 * Under a rename only one target holds: no fix that worked told it failed.
 * @param {string} name @param {ReturnType<typeof verdictScores>} v @param {boolean} renames
 * @returns {{ name: string, cells: { value: string, met: boolean | undefined }[] }}
 */
export function scenarioRow(name, v, renames) {
  const short = (/** @type {Share} */ s) => (s.n > 0 ? `${rate(s).toFixed(2)} (${countText(s)})` : 'n/a (none)')
  const percent = (/** @type {Share} */ s) => (s.n > 0 ? `${Math.round(rate(s) * 100)} % (${countText(s)})` : 'n/a (none)')
  const atLeast = (/** @type {Share} */ s, /** @type {number} */ bound) => s.n > 0 && rate(s) >= bound
  const atMost = (/** @type {Share} */ s, /** @type {number} */ bound) => s.n > 0 && rate(s) <= bound
  const held = (/** @type {boolean} */ met) => (renames ? undefined : met)
  return {
    name,
    cells: [
      { value: short(v.precision), met: held(atLeast(v.precision, 0.95)) },
      { value: short(v.recall), met: held(atLeast(v.recall, 0.9)) },
      { value: percent(v.failedCalledFixed), met: held(atMost(v.failedCalledFixed, 0.02)) },
      {
        value: percent(v.workedToldFailed),
        met: renames ? v.workedToldFailed.n > 0 && v.workedToldFailed.hits === 0 : atMost(v.workedToldFailed, 0.05)
      },
      { value: percent(v.failedReopened), met: held(atLeast(v.failedReopened, 0.9)) }
    ]
  }
}

/** A cell of the scenarios' table: the value, and "met" or "**missed**" where a target holds. @param {{ value: string, met: boolean | undefined }} cell */
export const cellText = (cell) => (cell.met === undefined ? cell.value : `${cell.value} ${cell.met ? 'met' : '**missed**'}`)

/**
 * The targets the scenarios' table in BENCHMARKS.md marks met (between its bench-loop-scenarios
 * markers, which only a full run writes), as "scenario · figure": what a later change may not lose.
 * @param {string} markdown @returns {Set<string>}
 */
export function metScenarios(markdown) {
  const block = markdown.split('<!-- bench-loop-scenarios:start -->')[1]?.split('<!-- bench-loop-scenarios:end -->')[0] ?? ''
  /** @type {Set<string>} */
  const met = new Set()
  /** @type {string[]} */
  let header = []
  for (const line of block.split('\n')) {
    const cells = line.split('|').map((cell) => cell.trim())
    if (cells[1] === 'Scenario') header = cells
    else if (header.length > 0 && cells.length === header.length && !cells[1]?.startsWith('---'))
      cells.forEach((cell, i) => {
        if (i >= 2 && cell.endsWith(' met')) met.add(`${(cells[1] ?? '').replaceAll('`', '')} · ${header[i] ?? ''}`)
      })
  }
  return met
}

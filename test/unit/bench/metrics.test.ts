// Tests the loop benchmark's judgement (bench/loop/metrics.mjs) on hand-made cases whose answers are
// counted by hand: precision and recall of "fixed" on a known confusion, failed fixes called fixed
// and reopened, periods to a verdict, the truly worst pages and the ceiling, and the targets.
import { describe, expect, it } from 'vitest'
import {
  calledFixedAt,
  cellText,
  evidenceText,
  interval,
  lastWords,
  metInBenchmarks,
  metScenarios,
  periodsText,
  precisionAt,
  rate,
  reopenedAt,
  rows,
  SCENARIO_FIGURES,
  scenarioRow,
  shareText,
  siteNorm,
  toldFailed,
  trulyWorks,
  verdictScores,
  worstPages,
  type FixRecord
} from '../../../bench/loop/metrics.mjs'
import { REGRESS_AFTER } from '../../../bench/loop/site.mjs'
import type { Verdict } from '../../../bench/loop/verdict.mjs'

/** A fix whose verdicts are given period by period; a box to ask again where the verdict is "not fixed" or "back". */
const fix = (effect: FixRecord['effect'], verdicts: Verdict[], path = '/p'): FixRecord => ({
  path,
  effect,
  verdicts,
  boxes: verdicts.map((v) => v === 'not fixed' || v === 'back')
})
const W: Verdict = 'waiting'
const F: Verdict = 'fixed'
const N: Verdict = 'not fixed'
const B: Verdict = 'back'

describe('the verdicts judged', () => {
  it('counts precision and recall of "fixed" on a known confusion', () => {
    const fixes = [
      fix('works', [W, F, F, F]), // true positive, period 2
      fix('works', [W, W, W, W, F]), // called in period 5: true, but past four periods
      fix('works', [W, W, W, W]), // never called
      fix('regress', [W, F, F, F, F, F]), // called while it worked (period 2 ≤ 3), missed its regression
      fix('regress', [W, W, W, F, F, F]), // called in period 4, after its regression: a false "fixed"
      fix('half', [W, F, F]), // a false "fixed"
      fix('none', [W, N, N]), // reopened in period 2
      fix('none', [W, W, W, N]) // reopened in period 4: too late
    ]
    const v = verdictScores(fixes)
    // Called fixed: 6 (works ×2, regress ×2, half); truly working when called: works, works(5), regress(2) = 3.
    expect(v.precision).toEqual({ hits: 3, n: 5 })
    // Worked: 3 works + 2 regress; called fixed within four periods while working: works(2), regress(2).
    expect(v.recall).toEqual({ hits: 2, n: 5 })
    expect(v.failedCalledFixed).toEqual({ hits: 1, n: 3 })
    expect(v.failedReopened).toEqual({ hits: 1, n: 3 })
    // No fix that worked was shown a box to ask again.
    expect(v.workedReopened).toEqual({ hits: 0, n: 5 })
    expect(v.byEffect).toEqual({
      half: { calledFixed: { hits: 1, n: 1 }, reopened: { hits: 0, n: 1 } },
      none: { calledFixed: { hits: 0, n: 2 }, reopened: { hits: 1, n: 2 } }
    })
    // Periods to "fixed" for the fixes that work; to a box for the failed ones.
    expect(v.toFixed).toEqual([2, 5, undefined])
    expect(v.toReopened).toEqual([undefined, 2, 4])
    // Regressions followed three periods past their regression (six periods): both, never back.
    expect(v.regressionsBack).toEqual({ hits: 0, n: 2 })
  })

  it('counts a fix that worked as wrongly reopened when a box to ask again came while it worked, before "fixed"', () => {
    const fixes = [
      fix('works', [W, N, F]), // a box in period 2, fixed in 3: wrongly reopened
      fix('works', [N]), // a box, never fixed: wrongly reopened
      fix('works', [W, F, N]), // fixed first: the box came after
      fix('regress', [W, F, F, F, B]), // back after its regression: right
      fix('regress', [W, W, W, N]), // a box in period 4, after its regression: right
      fix('regress', [N, F]), // a box while it worked: wrongly reopened
      fix('half', [N]) // did not work: not counted
    ]
    expect(verdictScores(fixes).workedReopened).toEqual({ hits: 3, n: 6 })
    const row = rows(verdictScores(fixes), { fixFirst: 1, ceiling: 1, likedInFixFirst: 0, fixFirstRuns: 1 }).find((r) =>
      r.name.startsWith('Fixes that worked wrongly reopened')
    )
    expect(row).toEqual({
      name: 'Fixes that worked wrongly reopened (a box to ask again before "fixed")',
      value: '50 % (3 of 6; 19–81 %)',
      target: '',
      met: undefined
    })
  })

  it('finds a regression back when the issue shows a box to ask again within three periods of it', () => {
    const back = fix('regress', [W, F, F, F, W, B])
    const late = fix('regress', [W, F, F, F, F, F, B])
    expect(verdictScores([back, late]).regressionsBack).toEqual({ hits: 1, n: 2 })
    // A regression not followed that long is not counted.
    expect(verdictScores([fix('regress', [W, F, F, F, B])]).regressionsBack).toEqual({ hits: 0, n: 0 })
  })

  it('knows which fixes truly work in which period', () => {
    expect(trulyWorks('works', 9)).toBe(true)
    expect(trulyWorks('regress', REGRESS_AFTER)).toBe(true)
    expect(trulyWorks('regress', REGRESS_AFTER + 1)).toBe(false)
    expect(trulyWorks('half', 1)).toBe(false)
    expect(trulyWorks('none', 1)).toBe(false)
    expect(calledFixedAt(fix('works', [W, W, F]))).toBe(3)
    expect(calledFixedAt(fix('works', [W]))).toBeUndefined()
    expect(reopenedAt(fix('half', [W, N]))).toBe(2)
  })

  it('says how many periods a verdict took: the median and the range, and the fixes never judged', () => {
    expect(periodsText([2, 4, 3])).toBe('median 3 (2–4)')
    expect(periodsText([2, 5, undefined, 3, 4])).toBe('median 3.5 (2–5); never for 1 of 5')
    expect(periodsText([undefined, undefined])).toBe('never (2 of 2)')
    expect(periodsText([])).toBe('n/a')
  })

  it('gives the evidence a week held for the failed fixes called fixed and for the others', () => {
    const withHeard = (f: FixRecord, heard: number) => ({ ...f, heard })
    const fixes = [
      withHeard(fix('half', [W, F]), 4),
      withHeard(fix('none', [F]), 6),
      withHeard(fix('half', [W, W]), 40),
      withHeard(fix('none', [N]), 20),
      withHeard(fix('none', [N]), 31),
      withHeard(fix('works', [F]), 2)
    ]
    expect(evidenceText(fixes)).toBe(
      'readers heard from a week before the fix, median: 5 (2 fixes) for the half or no-effect fixes called fixed, 31 (3 fixes) for the others'
    )
    expect(evidenceText([fix('works', [F])])).toBe(
      'readers heard from a week before the fix, median: none for the half or no-effect fixes called fixed, none for the others'
    )
  })

  it('names the last word of the issue on each fix, the most common first', () => {
    expect(lastWords([fix('works', [W, F]), fix('half', [W, W]), fix('none', [W, W]), fix('none', [])])).toBe(
      '2 waiting, 1 fixed, 1 not read'
    )
    expect(lastWords([])).toBe('no fix')
  })
})

describe('the uncertainty of a share', () => {
  it('is the 95 % Wilson interval, as its defining equation solved another way gives it', () => {
    // Reference values: the p where |p̂ − p| = 1.96 √(p (1 − p) / n), found by bisection (Python, 200
    // halvings, independent of the closed form the code uses): 7 of 9 → (0.4526, 0.9368); 0 of 10 →
    // (0, 0.2775); 10 of 10 → (0.7225, 1).
    const near = (s: { hits: number; n: number }, low: number, high: number) => {
      const [l, h] = interval(s)
      expect(l).toBeCloseTo(low, 4)
      expect(h).toBeCloseTo(high, 4)
    }
    near({ hits: 7, n: 9 }, 0.4526, 0.9368)
    near({ hits: 0, n: 10 }, 0, 0.2775)
    near({ hits: 10, n: 10 }, 0.7225, 1)
    expect(interval({ hits: 0, n: 0 })).toEqual([0, 1])
    expect(shareText({ hits: 7, n: 9 })).toBe('0.78 (7 of 9; 0.45–0.94)')
    expect(shareText({ hits: 0, n: 0 })).toBe('n/a (none)')
    expect(rate({ hits: 0, n: 0 })).toBeNaN()
  })
})

describe('Fix first against the truth', () => {
  const t = (trouble: number, heard: number) => ({ trouble, heard })

  it('takes the truly worst pages by readers in trouble beyond the site norm, leaving out the pages readers mostly like', () => {
    const pages = new Map([
      ['/busy-liked', t(18, 100)], // share 0.18: liked, however many readers in trouble
      ['/bad-small', t(6, 8)], // 6 − 0.1 × 8 = 5.2
      ['/bad-busy', t(30, 50)], // 30 − 5 = 25
      ['/middling', t(12, 30)], // 12 − 3 = 9
      ['/a', t(4, 5)], // 3.5
      ['/b', t(4, 5)], // 3.5, after /a by path
      ['/c', t(2, 3)], // 1.7: the sixth
      ['/quiet', t(0, 0)]
    ])
    expect(worstPages(pages, 0.1)).toEqual(['/bad-busy', '/middling', '/bad-small', '/a', '/b'])
    // A page no worse than the norm is never among them, whatever its share.
    expect(worstPages(new Map([['/x', t(3, 10)]]), 0.4)).toEqual([])
  })

  it('is the median share of the pages', () => {
    expect(siteNorm([t(1, 10), t(3, 10), t(9, 10)])).toBe(0.3)
    expect(siteNorm([t(1, 10), t(3, 10)])).toBeCloseTo(0.2, 12)
    expect(siteNorm([])).toBe(0)
  })

  it('scores precision@5 over the first five listed, against five or fewer truly worst', () => {
    const truth = ['/a', '/b', '/c', '/d', '/e']
    expect(precisionAt(['/a', '/x', '/c', '/y', '/e', '/b'], truth)).toBe(0.6)
    expect(precisionAt(['/a'], truth)).toBe(0.2)
    expect(precisionAt(['/a', '/b'], ['/a', '/b', '/c'])).toBeCloseTo(2 / 3, 12)
    expect(precisionAt(['/a'], [])).toBeNaN()
  })
})

describe('the table', () => {
  const judged = (fixes: FixRecord[], more: Partial<{ fixFirst: number; ceiling: number; likedInFixFirst: number }> = {}) =>
    rows(verdictScores(fixes), { fixFirst: 0.8, ceiling: 0.84, likedInFixFirst: 0, fixFirstRuns: 10, ...more })
  const met = (table: ReturnType<typeof judged>) => Object.fromEntries(table.map((row) => [row.name, row.met]))

  it('meets every target with verdicts that match the truth', () => {
    const good = [
      ...Array.from({ length: 10 }, () => fix('works', [W, F, F, F])),
      ...Array.from({ length: 10 }, () => fix('half', [W, N, N])),
      ...Array.from({ length: 10 }, () => fix('none', [N, N]))
    ]
    const table = judged(good)
    expect(table.filter((row) => row.met === false)).toEqual([])
    expect(table.filter((row) => row.met === true)).toHaveLength(6)
  })

  it('misses each target on its own failure, and with nothing counted', () => {
    const base = [...Array.from({ length: 19 }, () => fix('works', [W, F])), ...Array.from({ length: 50 }, () => fix('none', [N]))]
    expect(met(judged([...base, fix('half', [F])]))).toMatchObject({
      'Precision of "fixed"': true, // 19 of 20 = 0.95
      'Half or no-effect fixes called fixed': true // 1 of 51 ≤ 2 %
    })
    expect(met(judged([...base, fix('half', [F]), fix('half', [F])]))).toMatchObject({
      'Precision of "fixed"': false,
      'Half or no-effect fixes called fixed': false
    })
    expect(met(judged([...base, fix('works', [W, W]), fix('works', [W, W])]))).toMatchObject({
      'Recall of "fixed" within four periods of the merge': true // 19 of 21 ≥ 0.9
    })
    expect(met(judged([...base, fix('works', [W, W]), fix('works', [W, W]), fix('works', [W])]))).toMatchObject({
      'Recall of "fixed" within four periods of the merge': false
    })
    expect(met(judged([...base, ...Array.from({ length: 6 }, () => fix('half', [W, W, W, N]))]))).toMatchObject({
      'Failed fixes reopened (a box to ask again) within three periods': false // 50 of 56
    })
    expect(met(judged(base, { fixFirst: 0.79, ceiling: 0.84 }))['Fix first precision@5 against the truly worst five']).toBe(true)
    expect(met(judged(base, { fixFirst: 0.78, ceiling: 0.84 }))['Fix first precision@5 against the truly worst five']).toBe(false)
    expect(met(judged(base, { likedInFixFirst: 1 }))['Liked pages in Fix first']).toBe(false)
    const values = Object.fromEntries(judged([...base, fix('half', [F]), fix('half', [W, N])]).map((row) => [row.name, row.value]))
    expect(values['Half or no-effect fixes called fixed']).toBe('2 % (1 of 52; 0–10 %): half 1 of 2, no effect 0 of 50')
    expect(values['Failed fixes reopened (a box to ask again) within three periods']).toBe(
      '98 % (51 of 52; 90–100 %): half 1 of 2, no effect 50 of 50'
    )
    const liked = (n: number) => judged(base, { likedInFixFirst: n }).find((row) => row.name === 'Liked pages in Fix first')?.value
    expect([liked(0), liked(1), liked(2)]).toEqual(['0 times in 10 weekly runs', '1 time in 10 weekly runs', '2 times in 10 weekly runs'])
    expect(judged([]).filter((row) => row.met === false)).toHaveLength(4)
  })
})

describe('the targets the last full run met', () => {
  it('are the rows of the loop table marked met, and no other table’s', () => {
    const markdown = [
      '| Other | 1 | ≥ 1 | met |',
      '<!-- bench-loop:start -->',
      '| Figure | Value | Target | |',
      '| --- | --- | --- | --- |',
      '| Precision of "fixed" | 0.98 (60 of 61) | ≥ 0.95 | met |',
      '| Recall | 0.63 | ≥ 0.9 | **missed** |',
      '| Periods from merge | median 3 |  |  |',
      '<!-- bench-loop:end -->',
      '| After | 1 | ≥ 1 | met |'
    ].join('\n')
    expect([...metInBenchmarks(markdown)]).toEqual(['Precision of "fixed"'])
    expect(metInBenchmarks('no table').size).toBe(0)
  })
})

describe('a fix that worked told it failed', () => {
  it('is one told "not fixed" or "came back" in a period while it truly worked, whatever came before or after', () => {
    expect(toldFailed(fix('works', [W, F, N]))).toBe(true) // after "fixed": still told it failed
    expect(toldFailed(fix('works', [B]))).toBe(true)
    expect(toldFailed(fix('works', [W, W, F]))).toBe(false)
    expect(toldFailed(fix('works', [W, 'could not tell']))).toBe(false)
    // A regressing fix told "back" after its regression was told the truth; within its working periods, not.
    expect(toldFailed(fix('regress', [W, F, F, B]))).toBe(false)
    expect(toldFailed(fix('regress', [W, F, B]))).toBe(true)
    const v = verdictScores([fix('works', [N, F]), fix('regress', [F, F, F, B]), fix('works', [F]), fix('none', [N])])
    expect(v.workedToldFailed).toEqual({ hits: 1, n: 3 })
  })
})

describe("a scenario's row", () => {
  const good = [...Array.from({ length: 19 }, () => fix('works', [W, F, F])), ...Array.from({ length: 50 }, () => fix('none', [N, N]))]
  const cells = (fixes: FixRecord[], renames = false) => scenarioRow('s', verdictScores(fixes), renames).cells

  it('holds each figure to its target, on both sides of each bound', () => {
    expect(cells(good).map((c) => c.met)).toEqual([true, true, true, true, true])
    expect(cells(good).map((c) => c.value)).toEqual([
      '1.00 (19 of 19)',
      '1.00 (19 of 19)',
      '0 % (0 of 50)',
      '0 % (0 of 19)',
      '100 % (50 of 50)'
    ])
    // 19 of 20 called fixed truly worked (0.95), 1 of 51 failed fixes called fixed (2 %): met; one more, missed.
    expect(cells([...good, fix('half', [F])]).map((c) => c.met)).toEqual([true, true, true, true, true])
    expect(cells([...good, fix('half', [F]), fix('half', [F])]).map((c) => c.met)).toEqual([false, true, false, true, true])
    // Recall: 19 of 21 is 0.9 and more, 19 of 22 below; told failed: 1 of 20 is 5 %, 2 of 21 more.
    const late = fix('works', [W, W, W, W, F])
    expect(cells([...good, late, late]).map((c) => c.met)[1]).toBe(true)
    expect(cells([...good, late, late, late]).map((c) => c.met)[1]).toBe(false)
    expect(cells([...good, fix('works', [N, F])]).map((c) => c.met)[3]).toBe(true)
    expect(cells([...good, fix('works', [N, F]), fix('works', [N, F])]).map((c) => c.met)[3]).toBe(false)
    // Nothing counted: missed, not met.
    expect(cells([]).map((c) => c.met)).toEqual([false, false, false, false, false])
  })

  it('under a rename, holds only one target: no fix that worked told it failed', () => {
    expect(cells(good, true).map((c) => c.met)).toEqual([undefined, undefined, undefined, true, undefined])
    expect(cells([...good, fix('works', [N, F])], true)[3]?.met).toBe(false)
    expect(cells([], true)[3]?.met).toBe(false)
  })

  it('writes a cell with its mark', () => {
    expect(cellText({ value: '0.90 (9 of 10)', met: true })).toBe('0.90 (9 of 10) met')
    expect(cellText({ value: '0.80 (8 of 10)', met: false })).toBe('0.80 (8 of 10) **missed**')
    expect(cellText({ value: '0.80 (8 of 10)', met: undefined })).toBe('0.80 (8 of 10)')
  })
})

describe('the scenario targets the last full run met', () => {
  it('are the cells marked met of the scenarios table between its markers, by scenario and figure', () => {
    const header = `| Scenario | ${SCENARIO_FIGURES.join(' | ')} | Fixes: work, half, none, regress |`
    const markdown = [
      header,
      '| `outside` | 1.00 (1 of 1) met | a | b | c | d | 1 |',
      '<!-- bench-loop-scenarios:start -->',
      header,
      `| --- | ${SCENARIO_FIGURES.map(() => '---').join(' | ')} | --- |`,
      '| `clicked` | 1.00 (9 of 9) met | 0.50 (5 of 10) **missed** | 0 % (0 of 9) met | 10 % (1 of 10) **missed** | 80 % (8 of 10) **missed** | 19: 5, 5, 4, 5 |',
      '| `rename` | 1.00 (9 of 9) | 0.50 (5 of 10) | 0 % (0 of 9) | 0 % (0 of 10) met | 80 % (8 of 10) | 19: 5, 5, 4, 5 |',
      '<!-- bench-loop-scenarios:end -->'
    ].join('\n')
    expect([...metScenarios(markdown)]).toEqual([
      `clicked · ${SCENARIO_FIGURES[0]}`,
      `clicked · ${SCENARIO_FIGURES[2]}`,
      `rename · ${SCENARIO_FIGURES[3]}`
    ])
    // Without the markers, or with a note and no table between them, nothing is held.
    expect(metScenarios(header).size).toBe(0)
    expect(metScenarios('<!-- bench-loop-scenarios:start -->\nNo full run yet.\n<!-- bench-loop-scenarios:end -->').size).toBe(0)
  })
})

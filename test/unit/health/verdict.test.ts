// The verdict on a merged fix (src/health/verdict.ts through the ledger, src/health/ledger.ts):
// "before" pools up to four periods up to the ask, "after" the whole periods since the merge that read
// what "before" read; fixed, not fixed (open again), too few readers to tell yet, could not tell after
// six periods (open again), and back when a fixed gap's trouble returns.
import { describe, expect, it } from 'vitest'
import { fixFirst, grouped, type Signal } from '../../../src/render/fix-first.js'
import { fingerprint, isOpen, type Measured, withAsked, withOutcome, withPeriod, withPulls } from '../../../src/health/ledger.js'
import { emptyState, type GapNumbers, type HealthState } from '../../../src/health/state.js'
import { beforeOf, exposureOf, judgedBy, poolOf, pooled, VERDICT_PERIODS } from '../../../src/health/verdict.js'
import { rateRatio } from '../../../src/health/evidence.js'
import { ownedBody } from '../../../src/health/body.js'
import { renderSummary } from '../../support/render.js'

const PAGE = '/guides/auth'
const PR = 'https://github.com/acme/docs/pull/7'
const week = (n: number) => {
  const from = new Date(Date.UTC(2026, 10, 2 + 7 * n))
  const to = new Date(from.getTime() + 7 * 86_400_000)
  return { dateFrom: from.toISOString().slice(0, 10), dateTo: to.toISOString().slice(0, 10) }
}
const page = (down: number, up: number, unanswered = 0): Signal[] => [
  { kind: 'thumbs-down', count: down, page: PAGE },
  { kind: 'thumbs-up', count: up, page: PAGE },
  { kind: 'unanswered', count: unanswered, page: PAGE }
]
const readAll = (state: HealthState, n: number, signals: Signal[], measured?: Measured) =>
  withPeriod(
    state,
    { ...week(n), headlines: {}, items: fixFirst(signals), groups: grouped(signals), ...(measured ? { measured } : {}) },
    12,
    week(n).dateTo
  )
const gapOf = (state: HealthState) => state.gaps.find((gap) => gap.id === fingerprint('page', PAGE))

/** Weeks 0 to `bad - 1` read as `before`, asked, its pull request merged on the first day of week `bad`. */
function merged(before: Signal[], bad = 4): HealthState {
  let state = emptyState('p')
  for (let n = 0; n < bad; n++) state = readAll(state, n, before)
  state = withOutcome(withAsked(state, new Set([fingerprint('page', PAGE)]), 'run-1'), 'run-1', { jobId: 'j', prLink: PR, reopen: false })
  return withPulls(state, new Map([[PR, { state: 'merged', mergedOn: week(bad).dateFrom }]]))
}
const n = (counts: Partial<GapNumbers>, from = 0): GapNumbers => ({ ...week(from), ...counts })

describe('before, pooled', () => {
  it('pools the latest numbers with up to three periods just before the ask, named by the days they cover', () => {
    const state = merged(page(10, 20, 2), 6)
    expect(gapOf(state)?.before).toEqual({
      dateFrom: week(2).dateFrom,
      dateTo: week(5).dateTo,
      periods: 4,
      down: 40,
      up: 80,
      notHelpful: 0,
      unanswered: 8,
      noClick: 0
    })
  })

  it('leaves out a period that did not read a count the latest read, and pools nothing from before a failed merge', () => {
    const latest = n({ down: 4, up: 2 }, 3)
    expect(beforeOf(latest, [n({ down: 9 }, 1), n({ down: 1, up: 1 }, 2)])).toMatchObject({
      periods: 2,
      down: 5,
      up: 3,
      dateFrom: week(2).dateFrom
    })
    expect(beforeOf(latest, [n({ down: 1, up: 1 }, 1), n({ down: 1, up: 1 }, 2)], week(2).dateFrom)).toMatchObject({ periods: 2 })
    expect(beforeOf(undefined, [n({ down: 1 })])).toBeUndefined()
    expect(beforeOf(latest)).toBe(latest)
  })

  it('sums a count only where every period read it, and weighs each search’s click-through by how often it was made', () => {
    const pool = pooled([
      n({ down: 1, noClick: 4, searches: [{ text: 'sso', hits: 10, clicked: 0 }] }, 0),
      n({ down: 2, searches: [{ text: 'sso', hits: 30, clicked: 0.4 }] }, 1)
    ])
    expect(pool).toEqual({ ...week(0), dateTo: week(1).dateTo, periods: 2, down: 3, searches: [{ text: 'sso', hits: 40, clicked: 0.3 }] })
    expect(pooled([])).toBeUndefined()
  })
})

describe('the verdict', () => {
  it('is fixed with the first period since the merge when the trouble is gone from a busy page', () => {
    let state = merged(page(26, 1))
    state = readAll(state, 4, page(2, 25))
    expect(gapOf(state)).toMatchObject({
      state: 'resolved',
      verdict: 'fixed',
      resolvedOn: week(4).dateTo,
      after: { periods: 1, down: 2, up: 25 }
    })
    expect(state.periods.at(-1)?.resolved).toBe(1)
  })

  it('reopens a half fix on a busy page as not fixed with the first period since the merge, open to tick again, keeping what was tried', () => {
    let state = merged(page(100, 150, 20))
    state = readAll(state, 4, page(50, 150, 10))
    // 120 of 270 readers heard from were in trouble before, 60 of 210 since: the ratio 0.64 is above 0.4,
    // and a fix that worked would have shown by now.
    expect(gapOf(state)).toMatchObject({
      state: 'back',
      verdict: 'not-fixed',
      prLink: PR,
      mergedOn: week(4).dateFrom,
      after: { periods: 1, down: 50 }
    })
    expect(isOpen(gapOf(state) as never)).toBe(true)
    state = readAll(state, 5, page(50, 150, 10))
    expect(gapOf(state)).toMatchObject({ state: 'back', verdict: 'not-fixed', after: { periods: 1 } })
    // Asked again: before is what it has been since the merge, and the old fix is let go.
    const again = withAsked(state, new Set([fingerprint('page', PAGE)]), 'run-2')
    expect(gapOf(again)).toMatchObject({ state: 'asked', before: { dateFrom: week(4).dateFrom, periods: 2, down: 100 } })
    for (const key of ['after', 'verdict', 'mergedOn', 'prLink']) expect(gapOf(again)).not.toHaveProperty(key)
  })

  it('keeps a half fix on a small page too few to tell, never fixed, until a fix that worked would have shown: then not fixed', () => {
    let state = merged(page(3, 1, 1))
    for (let w = 4; w < 9; w++) {
      state = readAll(state, w, page(1, 2, 1))
      expect(gapOf(state)).toMatchObject({ state: 'merged', verdict: 'too-few' })
    }
    // Six periods of 4 readers heard from: a fix that left a tenth of the trouble would be clear by now.
    state = readAll(state, 9, page(1, 2, 1))
    expect(gapOf(state)).toMatchObject({ state: 'back', verdict: 'not-fixed', after: { periods: 6 } })
  })

  it('over its visitors, is not fixed as soon as the evidence rules out a fix that worked', () => {
    const seen: Measured = { feedback: true, assistant: true, searches: true, visitors: new Map([[PAGE, 20]]) }
    let state = emptyState('p')
    for (let w = 0; w < 4; w++) state = readAll(state, w, page(3, 1, 1), seen)
    state = withOutcome(withAsked(state, new Set([fingerprint('page', PAGE)]), 'run-1'), 'run-1', { jobId: 'j', prLink: PR, reopen: false })
    state = withPulls(state, new Map([[PR, { state: 'merged', mergedOn: week(4).dateFrom }]]))
    state = readAll(state, 4, page(1, 2, 1), seen)
    expect(gapOf(state)).toMatchObject({ state: 'merged', verdict: 'too-few' })
    // 5 in trouble over 40 visitors since (16 over 80 before): a ratio of 0.63 whose whole interval is
    // above the tenth a fix that worked leaves.
    state = readAll(state, 5, page(2, 2, 1), seen)
    expect(gapOf(state)).toMatchObject({ state: 'back', verdict: 'not-fixed', after: { periods: 2, visitors: 40 } })
  })

  it(`says could not tell after ${VERDICT_PERIODS} periods with too few readers even for a fix that worked to show`, () => {
    let state = merged(page(3, 1, 1))
    for (let w = 4; w < 4 + VERDICT_PERIODS - 1; w++) {
      state = readAll(state, w, w % 2 === 0 ? page(0, 1, 0) : page(1, 0, 0))
      expect(gapOf(state)).toMatchObject({ state: 'merged', verdict: 'too-few' })
    }
    state = readAll(state, 4 + VERDICT_PERIODS - 1, page(0, 1, 0))
    expect(gapOf(state)).toMatchObject({ state: 'back', verdict: 'could-not-tell' })
  })

  it('skips a period that did not read what before read: never quiet, and no evidence', () => {
    let state = merged(page(26, 1))
    state = readAll(state, 4, [], { feedback: false, assistant: true, searches: true })
    expect(gapOf(state)).toMatchObject({ state: 'merged', verdict: 'too-few' })
    expect(gapOf(state)?.after).toBeUndefined()
    // A period read twice counts once.
    state = readAll(state, 5, page(20, 1))
    state = readAll(state, 5, page(20, 1))
    expect(gapOf(state)?.after).toMatchObject({ periods: 1, down: 20 })
  })

  it('takes the latest period read when the merge is seen after it, if it began on or after the merge', () => {
    let state = emptyState('p')
    for (let w = 0; w < 2; w++) state = readAll(state, w, page(26, 1))
    state = withOutcome(withAsked(state, new Set([fingerprint('page', PAGE)]), 'run-1'), 'run-1', { jobId: 'j', prLink: PR, reopen: false })
    state = readAll(state, 2, page(1, 30))
    const seen = withPulls(state, new Map([[PR, { state: 'merged', mergedOn: week(2).dateFrom }]]), '2026-11-24')
    expect(gapOf(seen)).toMatchObject({ state: 'resolved', verdict: 'fixed', resolvedOn: '2026-11-24' })
    expect(seen.periods.at(-1)?.resolved).toBe(1)
    const early = withPulls(state, new Map([[PR, { state: 'merged', mergedOn: week(3).dateFrom }]]))
    expect(gapOf(early)).toMatchObject({ state: 'merged', verdict: 'too-few' })
  })

  it('is back when a fixed gap’s trouble returns, pooled over the latest periods since the ones that proved it fixed', () => {
    let state = merged(page(26, 1))
    state = readAll(state, 4, page(1, 25))
    expect(gapOf(state)?.verdict).toBe('fixed')
    state = readAll(state, 5, page(2, 25))
    state = readAll(state, 6, page(1, 25))
    expect(gapOf(state)?.state).toBe('resolved')
    // Two weeks of the fix holding would hide the first week of its return: the latest two are judged.
    state = readAll(state, 7, page(30, 1))
    expect(gapOf(state)).toMatchObject({ state: 'back', verdict: 'back', after: { dateFrom: week(6).dateFrom, periods: 2 } })
    expect(gapOf(state)).not.toHaveProperty('resolvedOn')
  })

  it('gives a merged gap of a state written before verdicts its verdict from the periods since the merge it holds', () => {
    const old = merged(page(26, 1))
    const gap = gapOf(old)
    if (!gap) throw new Error('no gap')
    const legacy: HealthState = { ...old, gaps: [{ ...gap, quiet: 1, before: { ...week(3), down: 26, up: 1 } }] }
    delete legacy.gaps[0]?.verdict
    const state = readAll(legacy, 4, page(0, 20))
    expect(gapOf(state)).toMatchObject({ state: 'resolved', verdict: 'fixed' })
    expect(gapOf(state)).not.toHaveProperty('quiet')
  })

  it('takes the readers heard from as exposure when some were not in trouble, else the periods', () => {
    expect(exposureOf(n({ down: 3, up: 1 }))).toBe('readers')
    expect(exposureOf(n({ noClick: 3, searches: [{ text: 'x', hits: 10, clicked: 0.5 }] }))).toBe('readers')
    expect(exposureOf(n({ down: 10, unanswered: 4 }))).toBe('periods')
    // 14 a week before, 0 since, with nobody ever pleased: fixed by the rate per period.
    expect(judgedBy(n({ down: 40, unanswered: 16, periods: 4 }), n({ down: 0, unanswered: 0, periods: 2 }))).toBe('fixed')
    expect(judgedBy(n({ down: 40, unanswered: 16, periods: 4 }), n({ down: 28, unanswered: 10, periods: 2 }))).toBe('not-fixed')
  })
})

describe('the verdict as the issue says it', () => {
  const lineOf = (state: HealthState) =>
    renderSummary(ownedBody({ state, resolved: 0, footerHtml: '' }))
      .text.split(/(?=\[ \] |With the agent |Fixed |Fix first: |❌ |⏳ |✅ |🤖 |❔ )/u)
      .find((part) => part.includes(PAGE) && !/^[❌⏳✅🤖❔]/u.test(part))
  /** The verdict at the top of the issue, where there is one: news, or standing. */
  const verdictOf = (state: HealthState) =>
    renderSummary(ownedBody({ state, resolved: 0, footerHtml: '' }))
      .text.split(/(?=\[ \] |With the agent |Fixed |Fix first: |❌ |⏳ |✅ )/u)
      .find((part) => part.includes(PAGE) && /^[❌✅]/u.test(part))

  it('reopens a fix that did not work with a box, naming what was tried, before and since', () => {
    let state = merged(page(100, 150, 20))
    state = readAll(state, 4, page(50, 150, 10))
    // The week it is judged, the news at the top says how far it went against the bar.
    expect(verdictOf(state)?.trim()).toBe(
      `❌ Helped, but not enough: ${PAGE}, pull request #7: −36 % (fixed needs −60 %). Tick it under Fix first to ask the agent again.`
    )
    state = readAll(state, 5, page(50, 150, 10))
    expect(ownedBody({ state, resolved: 0, footerHtml: '' })).toMatch(new RegExp(`- \\[ \\] <code>${PAGE}</code>.*<!-- gap:`))
    expect(lineOf(state)).toContain(
      `[ ] ${PAGE} · 50 thumbs down · 10 unanswered questions · 150 thumbs up on the list 6 weeks since 2 Nov 2026 · not fixed: pull request #7, merged 30 Nov 2026, helped, but not enough: −36 % (fixed needs −60 %); tick to ask the agent again · before 2–29 Nov 2026 (4 weeks) → since the merge 30 Nov – 6 Dec 2026, per week: 👎 100 → 50 · 👍 150 → 150 · unanswered 20 → 10`
    )
    // A week later the verdict stands: folded at the top, with its timeline.
    expect(verdictOf(state)?.trim()).toBe(
      `❌ ${PAGE}: helped, but not enough: −36 % (fixed needs −60 %) asked 30 Nov 2026 → merged 30 Nov 2026 → not fixed 7 Dec 2026 · pull request #7 · before 2–29 Nov 2026 (4 weeks) → since the merge 30 Nov – 6 Dec 2026, per week: 👎 100 → 50 · 👍 150 → 150 · unanswered 20 → 10`
    )
  })

  it('says too few readers to tell yet, and could not tell after the bound, for a person to decide', () => {
    let state = merged(page(3, 1, 1))
    state = readAll(state, 4, page(1, 2, 1))
    expect(lineOf(state)).toContain(
      `${PAGE}: merged 30 Nov 2026 · waiting: up to ${VERDICT_PERIODS - 1} more weeks of readers to tell · pull request #7 · before 2–29 Nov 2026 (4 weeks) → since the merge 30 Nov – 6 Dec 2026, per week: 👎 3 → 1 · 👍 1 → 2 · unanswered 1 → 1`
    )
    for (let w = 5; w < 4 + VERDICT_PERIODS; w++) state = readAll(state, w, w % 2 === 0 ? page(0, 1, 0) : page(1, 0, 0))
    expect(lineOf(state)).toContain(
      `can’t tell: too few readers in the ${VERDICT_PERIODS} weeks since pull request #7, merged 30 Nov 2026 to tell whether it worked; tick to ask again, or say it is not a gap`
    )
  })

  it('shows no before → after until a period since the merge is read', () => {
    let state = emptyState('p')
    for (let w = 0; w < 2; w++) state = readAll(state, w, page(26, 1))
    state = withOutcome(withAsked(state, new Set([fingerprint('page', PAGE)]), 'run-1'), 'run-1', { jobId: 'j', prLink: PR, reopen: false })
    expect(lineOf(state)?.trim()).toBe(
      `With the agent ${PAGE}: pull request #7 open · before 2–15 Nov 2026 (2 weeks), per week: 👎 26 · 👍 1`
    )
    state = withPulls(readAll(state, 2, page(26, 1)), new Map([[PR, { state: 'merged', mergedOn: week(3).dateFrom }]]))
    expect(lineOf(state)).not.toContain('→')
  })
})

describe('the page’s visitors as the exposure', () => {
  it('takes the visitors where both sides read some, else the readers heard from or the periods', () => {
    expect(exposureOf(n({ down: 3, up: 1, visitors: 90 }), n({ down: 1, visitors: 80 }))).toBe('visitors')
    expect(exposureOf(n({ down: 3, up: 1, visitors: 90 }), n({ down: 1 }))).toBe('readers')
    expect(exposureOf(n({ down: 3, up: 1 }), n({ down: 1, visitors: 80 }))).toBe('readers')
    expect(exposureOf(n({ down: 3, visitors: 0 }), n({ down: 1, visitors: 80 }))).toBe('periods')
    expect(poolOf(n({ down: 3, up: 1, unanswered: 2, visitors: 90 }), 'visitors')).toEqual({ trouble: 5, exposure: 90 })
  })

  it('pools the visitors only where every period read them: absent is not read, never 0', () => {
    expect(pooled([n({ down: 1, visitors: 30 }, 0), n({ down: 2, visitors: 40 }, 1)])).toMatchObject({ down: 3, visitors: 70 })
    expect(pooled([n({ down: 1, visitors: 30 }, 0), n({ down: 2 }, 1)])).not.toHaveProperty('visitors')
  })

  it('gives the worked example of docs/health-issue.md: 32 in trouble of 480 visitors before, none of 240 since: fixed', () => {
    const before = n({ down: 20, up: 2, unanswered: 12, periods: 4, visitors: 480 })
    const after = n({ down: 0, up: 3, unanswered: 0, periods: 2, visitors: 240 })
    // Closed form of the mid-p interval of 0 of 32: an upper share of 1 − 0.05^(1/32), as odds, × 480 ÷ 240.
    const upper = 0.05 ** (1 / 32)
    expect(rateRatio({ trouble: 32, exposure: 480 }, { trouble: 0, exposure: 240 })?.upper).toBeCloseTo(((1 - upper) / upper) * 2, 9)
    expect(((1 - upper) / upper) * 2).toBeCloseTo(0.196, 3)
    expect(judgedBy(before, after)).toBe('fixed')
    // Over the readers heard from, the same fix on this quiet page is too few to tell: 32 of 34 before, 0 of 3 since.
    expect(judgedBy({ ...before, visitors: undefined }, { ...after, visitors: undefined })).toBe('too-few')
  })

  it('is not moved by traffic: twice the visitors and twice the trouble is the same rate, not fixed', () => {
    const before = n({ down: 40, up: 10, periods: 4, visitors: 1000 })
    expect(judgedBy(before, n({ down: 20, up: 5, periods: 2, visitors: 500 }))).toBe('not-fixed')
    expect(judgedBy(before, n({ down: 40, up: 10, periods: 2, visitors: 1000 }))).toBe('not-fixed')
    expect(judgedBy(before, n({ down: 2, up: 30, periods: 2, visitors: 1000 }))).toBe('fixed')
  })

  it('records a page gap’s visitors from a whole read, and none for a page the read did not list or a search', () => {
    const signals = page(5, 1)
    const measured: Measured = { feedback: true, assistant: true, searches: true, visitors: new Map([[PAGE, 120]]) }
    let state = readAll(emptyState('p'), 0, signals, measured)
    expect(gapOf(state)?.now).toMatchObject({ down: 5, visitors: 120 })
    state = readAll(state, 1, signals, { ...measured, visitors: new Map([['/other', 7]]) })
    expect(gapOf(state)?.now).not.toHaveProperty('visitors')
    state = readAll(state, 2, signals, { feedback: true, assistant: true, searches: true })
    expect(gapOf(state)?.now).not.toHaveProperty('visitors')
  })
})

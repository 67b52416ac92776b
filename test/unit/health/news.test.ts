// What changed since last week's report, then the verdicts that stand (src/health/body.ts, newsLines,
// standingHtml, verdictLines), from what the ledger records of each gap (src/health/ledger.ts, events):
// the news names each fix judged since the report before, in a person's words (the readers a fix that
// worked helped, how far a half fix went against the bar, the trouble back against the weeks the fix
// held), and what people asked for or dismissed; a verdict that stands folds into one line, each gap
// with its timeline, and stays there week after week until something happens to it.
import { describe, expect, it } from 'vitest'
import { fixFirst, grouped, type Signal } from '../../../src/render/fix-first.js'
import { fingerprint, withAsked, withDismissed, withOutcome, withPeriod, withPulls } from '../../../src/health/ledger.js'
import { EVENTS_KEPT, emptyState, type GapRecord, type HealthState } from '../../../src/health/state.js'
import { VERDICT_PERIODS } from '../../../src/health/verdict.js'
import {
  changeText,
  helpedHtml,
  newsLines,
  notEnoughText,
  ownedBody,
  standingHtml,
  timelineHtml,
  troubleRatio,
  verdictLines
} from '../../../src/health/body.js'
import { renderSummary } from '../../support/render.js'

const PAGE = '/guides/auth'
const OTHER = '/guides/sso'
const PR = 'https://github.com/acme/docs/pull/7'
const week = (n: number) => {
  const from = new Date(Date.UTC(2026, 10, 2 + 7 * n))
  const to = new Date(from.getTime() + 7 * 86_400_000)
  return { dateFrom: from.toISOString().slice(0, 10), dateTo: to.toISOString().slice(0, 10) }
}
/** A week of readers: thumbs down and up on a page, and its human visitors (the exposure). */
const page = (down: number, up: number, path = PAGE): Signal[] => [
  { kind: 'thumbs-down', count: down, page: path },
  { kind: 'thumbs-up', count: up, page: path }
]
const VISITORS = 1000
const readAll = (state: HealthState, n: number, signals: Signal[]) =>
  withPeriod(
    state,
    {
      ...week(n),
      headlines: {},
      items: fixFirst(signals),
      groups: grouped(signals),
      measured: { feedback: true, assistant: true, searches: true, visitors: new Map([PAGE, OTHER].map((p) => [p, VISITORS])) }
    },
    12,
    week(n).dateTo
  )
const idOf = (path: string) => fingerprint('page', path)
const gapOf = (state: HealthState, path = PAGE) => state.gaps.find((gap) => gap.id === idOf(path))

/** Weeks 0 to 3 read as `before` on both pages, both asked the Tuesday after week 3, merged on the first day of week 4. */
function merged(before: Signal[]): HealthState {
  let state = emptyState('p')
  for (let n = 0; n < 4; n++) state = readAll(state, n, before)
  state = withAsked(state, new Set([idOf(PAGE), idOf(OTHER)]), 'run-1', '2026-12-01')
  state = withOutcome(state, 'run-1', { jobId: 'j', prLink: PR, reopen: false })
  return withPulls(state, new Map([[PR, { state: 'merged', mergedOn: week(4).dateFrom }]]))
}
/** Pages readers like, so that both pages stand out of the site. */
const LIKED = ['/a', '/b', '/c', '/d'].flatMap((path) => page(4, 200, path))
const both = (down: number, up: number, otherDown = 30, otherUp = 10): Signal[] => [
  ...page(down, up),
  ...page(otherDown, otherUp, OTHER),
  ...LIKED
]
const seen = (lines: readonly string[]): string => lines.map((line) => renderSummary(line).text).join(' ')
const ASK = 'Tick it to ask again.'

describe('the news at the top', () => {
  it('names a fix that worked with its pull request and the readers it helped, a half fix with how far it went against the bar', () => {
    // /guides/auth: 26 unhappy readers a week, 1 since; /guides/sso: 30 a week, 18 since (−40 %).
    let state = merged(both(26, 1))
    state = readAll(state, 4, both(1, 30, 18, 10))
    expect(seen(newsLines(state, new Set(), ASK))).toBe(
      `Since last week: ✅ Fixed: ${PAGE} by pull request #7: 25 fewer thumbs down, unanswered questions and searches with no click a week (26 → 1) ` +
        `❌ Helped, but not enough: ${OTHER}, pull request #7: −40 % (fixed needs −60 %). ${ASK}`
    )
  })

  it('says what people did since the report before: the gaps given to the agent, the gaps said not to be ones', () => {
    let state = emptyState('p')
    for (let n = 0; n < 2; n++) state = readAll(state, n, both(26, 1))
    state = withAsked(state, new Set([idOf(PAGE)]), 'run-1', '2026-11-17')
    // In the body of the tick's run, and in the next week's report: both come after the report before.
    expect(seen(newsLines(state, new Set(), ASK))).toBe(`Since last week: 🤖 Given to the agent: ${PAGE}`)
    state = readAll(state, 2, both(26, 1))
    expect(seen(newsLines(state, new Set(), ASK))).toBe(`Since last week: 🤖 Given to the agent: ${PAGE}`)
    state = withDismissed(state, new Set([idOf(OTHER)]), '2026-11-24', 'docs-lead')
    state = readAll(state, 3, both(26, 1))
    expect(seen(newsLines(state, new Set(), ASK))).toBe(`Since last week: 🙅 Not a gap, as people said: ${OTHER}`)
    // A week later, neither is news, and no fix was ever judged: nothing to say.
    state = readAll(state, 4, both(26, 1))
    expect(newsLines(state, new Set(), ASK)).toEqual([])
  })

  it('says the trouble came back against the weeks the fix held, not the weeks before it', () => {
    let state = merged(both(26, 1))
    state = readAll(state, 4, both(1, 30))
    state = readAll(state, 5, both(2, 30))
    state = readAll(state, 6, both(1, 30))
    expect(gapOf(state)?.state).toBe('resolved')
    state = readAll(state, 7, both(40, 1))
    const gap = gapOf(state)
    // Judged over its latest two weeks (14–27 Dec: 41 unhappy readers), against weeks 4 and 5, while the fix held (3).
    expect(gap).toMatchObject({ state: 'back', verdict: 'back', after: { dateFrom: week(6).dateFrom, periods: 2, down: 41 } })
    expect(gap?.held).toMatchObject({ dateFrom: week(4).dateFrom, dateTo: week(5).dateTo, periods: 2, down: 3 })
    expect(seen(newsLines(state, new Set(), ASK))).toContain(
      `❌ The trouble came back: ${PAGE}, pull request #7: since 14 Dec 2026, 21 a week, against 1.5 while the fix held (thumbs down, unanswered questions and searches with no click). ${ASK}`
    )
    // Its line under Fix first sets the weeks since against those the fix held, too.
    const body = renderSummary(ownedBody({ state, resolved: 0, footerHtml: '' })).text
    expect(body).toContain(
      `the trouble came back: since 14 Dec 2026, 21 a week, against 1.5 while the fix held (thumbs down, unanswered questions and searches with no click) (pull request #7, merged 30 Nov 2026) · while the fix held 30 Nov – 13 Dec 2026 (2 weeks) → since it came back 14–27 Dec 2026 (2 weeks), per week: 👎 1.5 → 20.5 · 👍 30 → 15.5`
    )
    expect(body).not.toContain('came back · 👎 26')
  })

  it('names a fix of a state written before events were kept by the run that fixed it', () => {
    let state = merged(both(26, 1))
    state = readAll(state, 4, both(1, 30))
    const old: HealthState = { ...state, gaps: state.gaps.map((gap) => ({ ...gap, events: undefined })) }
    expect(seen(newsLines(old, new Set([idOf(PAGE)]), ASK))).toContain(`✅ Fixed: ${PAGE} by pull request #7`)
    expect(seen(newsLines(old, new Set(), ASK))).not.toContain('✅ Fixed')
  })
})

describe('the verdicts that stand', () => {
  it('fold into one line that names the fix that helped most, each gap with its timeline inside', () => {
    let state = merged(both(26, 1))
    state = readAll(state, 4, both(1, 30, 18, 10))
    state = readAll(state, 5, both(1, 30, 18, 10))
    const html = standingHtml(state, new Set())
    expect(html).toMatch(/^<details><summary>/)
    const summary = renderSummary(/<summary>(.*?)<\/summary>/.exec(html)?.[1] ?? '').text
    expect(summary).toBe(
      `So far: ✅ 1 fixed: ${PAGE} by pull request #7, 25 fewer thumbs down, unanswered questions and searches with no click a week · ❌ 1 still not fixed`
    )
    const text = renderSummary(html).text
    expect(text).toContain(
      `✅ ${PAGE}: fixed, 25 fewer thumbs down, unanswered questions and searches with no click a week (26 → 1) asked 1 Dec 2026 → merged 30 Nov 2026 → fixed 7 Dec 2026`
    )
    expect(text).toContain(
      `❌ ${OTHER}: helped, but not enough: −40 % (fixed needs −60 %) asked 1 Dec 2026 → merged 30 Nov 2026 → not fixed 7 Dec 2026`
    )
    // Nothing changed this week: the news says so in one line, above the folded verdicts.
    expect(seen(verdictLines(state, new Set(), ASK))).toMatch(
      /^Since last week: no fix was judged, and no gap given to the agent\. So far: /
    )
  })

  it('stay, week after week, until something happens to them: no line comes and goes', () => {
    let state = merged(both(26, 1))
    state = readAll(state, 4, both(1, 30, 18, 10))
    const weeks: string[] = []
    for (let n = 5; n < 8; n++) {
      state = readAll(state, n, both(1, 30, 18, 10))
      weeks.push(renderSummary(standingHtml(state, new Set())).text)
    }
    for (const text of weeks) {
      expect(text).toContain(`✅ ${PAGE}: fixed`)
      expect(text).toContain(`❌ ${OTHER}: helped, but not enough`)
    }
    // A verdict is news the week it is given, and not folded with those that stand that week.
    let fresh = merged(both(26, 1))
    fresh = readAll(fresh, 4, both(1, 30, 18, 10))
    expect(standingHtml(fresh, new Set())).toBe('')
  })

  it('count a fix still waiting for its readers once some fix stands judged, and say nothing before', () => {
    // /guides/sso: 3 unhappy readers a week before, 1 since: too few to tell yet.
    let state = merged(both(26, 1, 3, 1))
    expect(verdictLines(state, new Set(), ASK)).toEqual([`<p><strong>Since last week:</strong></p>`, expect.stringContaining('🤖')])
    state = readAll(state, 4, both(1, 30, 1, 1))
    state = readAll(state, 5, both(1, 30, 1, 1))
    expect(gapOf(state, OTHER)?.state).toBe('merged')
    expect(renderSummary(standingHtml(state, new Set())).text).toMatch(/^So far: ✅ 1 fixed: .* · ⏳ 1 waiting /)
  })
})

describe('the words of a verdict', () => {
  const numbers = (down: number, periods = 1) => ({ ...week(0), periods, down, up: 0, visitors: VISITORS * periods })
  const gap = (more: Partial<GapRecord>): GapRecord => ({
    id: idOf(PAGE),
    kind: 'page',
    subject: PAGE,
    firstSeen: week(0).dateFrom,
    lastSeen: week(0).dateFrom,
    periods: 1,
    score: 1,
    evidence: {},
    state: 'back',
    verdict: 'not-fixed',
    ...more
  })

  it('say how far a fix went against the bar a fix must reach, with the sign people write', () => {
    expect(notEnoughText(gap({ before: numbers(100), after: numbers(55) }))).toBe('Helped, but not enough: −45 % (fixed needs −60 %)')
    expect(notEnoughText(gap({ before: numbers(100), after: numbers(110) }))).toBe('Did not help: +10 % (fixed needs −60 %)')
    expect(notEnoughText(gap({ before: numbers(100), after: numbers(100) }))).toBe('Did not help: 0 % (fixed needs −60 %)')
    expect(notEnoughText(gap({ before: numbers(0), after: numbers(5) }))).toBe('Not fixed: not enough (fixed needs −60 %)')
    expect(changeText(0.4)).toBe('−60 %')
    // Over visitors: the same trouble among twice the readers is half the rate.
    expect(troubleRatio(numbers(100), { ...numbers(100), visitors: 2 * VISITORS })).toBe(0.5)
    expect(troubleRatio(numbers(0), numbers(3))).toBeUndefined()
  })

  it('credit a fix with the trouble it spared a week, from its latest weeks', () => {
    const fixed = gap({ state: 'resolved', verdict: 'fixed', before: numbers(104, 4), after: numbers(1) })
    expect(helpedHtml(fixed, 'week')).toBe('25 fewer thumbs down, unanswered questions and searches with no click a week (26 → 1)')
    expect(helpedHtml(fixed, 'week', false)).toBe('25 fewer thumbs down, unanswered questions and searches with no click a week')
    expect(helpedHtml({ ...fixed, before: numbers(2), after: numbers(1) }, 'period')).toBe(
      '1 fewer thumbs down, unanswered questions and searches with no click a period (2 → 1)'
    )
    expect(helpedHtml({ ...fixed, after: numbers(30) }, 'week')).toBe('')
    expect(helpedHtml({ ...fixed, before: undefined }, 'week')).toBe('')
  })

  it('give each gap its timeline, from what the ledger kept, or from its days for a gap judged before', () => {
    expect(
      timelineHtml(
        gap({
          events: [
            { what: 'asked', on: '2026-11-17' },
            { what: 'merged', on: '2026-11-23' },
            { what: 'fixed', on: '2026-11-30' },
            { what: 'back', on: '2026-12-21' }
          ]
        })
      )
    ).toBe('asked 17 Nov 2026 → merged 23 Nov 2026 → fixed 30 Nov 2026 → the trouble came back 21 Dec 2026')
    expect(timelineHtml(gap({ mergedOn: '2026-11-23', resolvedOn: '2026-11-30' }))).toBe('merged 23 Nov 2026 → fixed 30 Nov 2026')
    expect(timelineHtml(gap({}))).toBe('')
  })
})

describe('what the ledger records of a gap', () => {
  it('keeps each step with its day and the latest period read, across a second ask, at most EVENTS_KEPT', () => {
    let state = merged(both(26, 1))
    state = readAll(state, 4, both(1, 30, 18, 10))
    expect(gapOf(state)?.events).toEqual([
      { what: 'asked', on: '2026-12-01', period: week(3).dateFrom },
      { what: 'merged', on: week(4).dateFrom, period: week(3).dateFrom },
      { what: 'fixed', on: week(4).dateTo, period: week(4).dateFrom }
    ])
    expect(gapOf(state, OTHER)?.events?.at(-1)).toEqual({ what: 'not-fixed', on: week(4).dateTo, period: week(4).dateFrom })
    // Asked again: the old pull request is let go, its steps kept.
    for (let round = 0; round < 6; round++) state = withAsked(state, new Set([idOf(OTHER)]), `run-${round + 2}`, '2026-12-08')
    const again = gapOf(state, OTHER)
    expect(again?.events).toHaveLength(EVENTS_KEPT)
    expect(again?.events?.at(-1)).toEqual({ what: 'asked', on: '2026-12-08', period: week(4).dateFrom })
    expect(again).not.toHaveProperty('held')
  })

  it('records could not tell when too few readers came in the periods a verdict may take', () => {
    let state = merged(both(26, 1, 3, 1))
    for (let n = 4; n < 4 + VERDICT_PERIODS; n++) state = readAll(state, n, both(1, 30, 1, 1))
    expect(gapOf(state, OTHER)?.events?.at(-1)).toEqual({
      what: 'could-not-tell',
      on: week(3 + VERDICT_PERIODS).dateTo,
      period: week(3 + VERDICT_PERIODS).dateFrom
    })
    expect(seen(newsLines(state, new Set(), ASK))).toContain(`❔ Can’t tell: ${OTHER}, pull request #7: too few readers in the 6 weeks`)
  })

  it('dates an ask without a day by the end of the latest period read, and a merge without one not at all', () => {
    let state = emptyState('p')
    state = readAll(state, 0, both(26, 1))
    state = withAsked(state, new Set([idOf(PAGE)]), 'run-1')
    expect(gapOf(state)?.events).toEqual([{ what: 'asked', on: week(0).dateTo, period: week(0).dateFrom }])
    const none = withAsked(
      { ...emptyState('p'), gaps: state.gaps.map((gap) => ({ ...gap, events: undefined })) },
      new Set([idOf(PAGE)]),
      'r'
    )
    expect(gapOf(none)?.events).toBeUndefined()
    state = withOutcome(state, 'run-1', { jobId: 'j', prLink: PR, reopen: false })
    expect(gapOf(withPulls(state, new Map([[PR, { state: 'merged' }]])))?.events?.map((event) => event.what)).not.toContain('merged')
    expect(gapOf(withPulls(state, new Map([[PR, { state: 'merged' }]]), '2026-11-10'))?.events?.at(-1)).toEqual({
      what: 'merged',
      on: '2026-11-10',
      period: week(0).dateFrom
    })
  })
})

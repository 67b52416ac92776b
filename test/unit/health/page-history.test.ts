// Each page's counts in the latest periods (src/health/page-history.ts): kept only for periods read
// whole, bounded in periods and pages, pooled only before the period read and from a fix's merge on,
// carried by the state through its encoding and its size budget, and forgotten with reader text.
import { describe, expect, it } from 'vitest'
import type { Measured } from '../../../src/health/ledger.js'
import { earlierCounts, withPeriodCounts } from '../../../src/health/page-history.js'
import {
  boundedState,
  COUNTED_PAGES,
  decodeState,
  emptyState,
  encodeState,
  forgetReaderText,
  type GapRecord,
  type HealthState,
  PAGE_COUNT_PERIODS,
  type PageCounts,
  STATE_BUDGET_CHARS,
  SUBJECT_CHARS
} from '../../../src/health/state.js'
import { grouped, type Signal } from '../../../src/render/fix-first.js'
import { sitePage } from '../../../src/text/page-path.js'

const labelOf = (path: string): string => sitePage(path, false) as string
const WHOLE: Measured = { feedback: true, assistant: true, searches: true }
const week = (n: number) => ({
  dateFrom: `2026-11-${String(2 + 7 * n).padStart(2, '0')}`,
  dateTo: `2026-11-${String(9 + 7 * n).padStart(2, '0')}`
})
const down = (page: string, count: number): Signal => ({ kind: 'thumbs-down', count, page })
const up = (page: string, count: number): Signal => ({ kind: 'thumbs-up', count, page })
const unanswered = (page: string, count: number): Signal => ({ kind: 'unanswered', count, page })

/** The counts kept after each week's signals in turn, every week read whole. */
function keptAfter(weeks: Signal[][], measured: Measured = WHOLE): PageCounts | undefined {
  let kept: PageCounts | undefined
  weeks.forEach((signals, n) => {
    kept = withPeriodCounts(kept, week(n), grouped(signals), measured)
  })
  return kept
}

const gap = (subject: string, more: Partial<GapRecord>): GapRecord => ({
  id: '0123456789ab',
  kind: 'page',
  subject,
  firstSeen: '2026-11-02',
  lastSeen: '2026-11-02',
  periods: 1,
  score: 1,
  evidence: { down: 3 },
  state: 'new',
  ...more
})

describe('withPeriodCounts', () => {
  it('keeps the thumbs up Fix first credits a page with: no more than its visitors can give, all where they are not known', () => {
    const visited = (page: string, count: number): Signal => ({ kind: 'visited', count, page })
    const kept = keptAfter([[down('/a', 40), up('/a', 610), visited('/a', 1000), down('/b', 2), up('/b', 610), visited('/c', 5)]])
    expect(kept?.pages).toEqual([
      { page: '/b', counts: [[2, 610, 0, 0, 0]] },
      { page: '/a', counts: [[40, 105, 0, 0, 0]] }
    ])
  })

  it('keeps each page’s thumbs down, thumbs up, not helpful, unanswered and no click by period, null for none', () => {
    const kept = keptAfter([[down('/a', 3), up('/a', 1)], [unanswered('/b', 2)]])
    expect(kept).toEqual({
      periods: [week(0), week(1)],
      pages: [
        { page: '/a', counts: [[3, 1, 0, 0, 0], null] },
        { page: '/b', counts: [null, [0, 0, 0, 2, 0]] }
      ]
    })
  })

  it(`keeps the latest ${PAGE_COUNT_PERIODS} periods, and drops a page none of them heard from`, () => {
    const kept = keptAfter([[down('/old', 9)], [down('/a', 1)], [down('/a', 2)], [down('/a', 3)]])
    expect(kept?.periods).toEqual([week(1), week(2), week(3)])
    expect(kept?.pages).toEqual([
      {
        page: '/a',
        counts: [
          [1, 0, 0, 0, 0],
          [2, 0, 0, 0, 0],
          [3, 0, 0, 0, 0]
        ]
      }
    ])
  })

  it('keeps nothing of a period not read whole, or read before: such a period is never read as quiet', () => {
    const kept = keptAfter([[down('/a', 3)]])
    for (const partly of [
      { ...WHOLE, feedback: false },
      { ...WHOLE, assistant: false },
      { ...WHOLE, searches: false },
      { ...WHOLE, feedbackPages: new Set(['/a']) }
    ])
      expect(withPeriodCounts(kept, week(1), grouped([down('/a', 1)]), partly)).toBe(kept)
    expect(withPeriodCounts(kept, week(0), grouped([down('/a', 1)]), WHOLE)).toBe(kept)
    expect(withPeriodCounts(undefined, week(0), grouped([down('/a', 1)]), { ...WHOLE, searches: false })).toBeUndefined()
  })

  it(`keeps the ${COUNTED_PAGES} pages with the most readers heard from, and no page longer than the state keeps`, () => {
    const many = Array.from({ length: COUNTED_PAGES + 5 }, (_, i) => down(`/p${String(i).padStart(2, '0')}`, i + 1))
    const kept = keptAfter([[...many, down(`/${'x'.repeat(SUBJECT_CHARS)}`, 1000)]])
    expect(kept?.pages).toHaveLength(COUNTED_PAGES)
    expect(kept?.pages[0]?.page).toBe(`/p${COUNTED_PAGES + 4}`)
    expect(kept?.pages.at(-1)?.page).toBe('/p05')
  })
})

describe('earlierCounts', () => {
  // Built in each test, so that a fault in keeping them fails a test, not the collection of the file.
  const kept = (): PageCounts => keptAfter([[down('/a', 1), up('/a', 10)], [down('/a', 2)], [down('/a', 4), up('/a', 1)]]) as PageCounts

  it('pools a page’s periods that began before the period read, none after', () => {
    expect(earlierCounts(kept(), week(3), []).get('/a')).toEqual({ down: 7, up: 11, notHelpful: 0, unanswered: 0, noClick: 0 })
    expect(earlierCounts(kept(), week(2), []).get('/a')).toEqual({ down: 3, up: 10, notHelpful: 0, unanswered: 0, noClick: 0 })
    expect(earlierCounts(kept(), week(0), []).has('/a')).toBe(false)
    expect(earlierCounts(undefined, week(3), []).size).toBe(0)
  })

  it('pools from the merge of the page’s fix on, and nothing for a page whose fix is with the agent', () => {
    expect(earlierCounts(kept(), week(3), [gap('/a', { state: 'merged', mergedOn: week(1).dateFrom })]).get('/a')).toMatchObject({
      down: 6,
      up: 1
    })
    // The latest merge counts, whatever the order of the gaps.
    const merges = [gap('/a', { state: 'resolved', mergedOn: week(2).dateFrom }), gap('/a', { state: 'new', mergedOn: week(1).dateFrom })]
    expect(earlierCounts(kept(), week(3), merges).get('/a')).toMatchObject({ down: 4, up: 1 })
    expect(earlierCounts(kept(), week(3), [...merges].reverse()).get('/a')).toMatchObject({ down: 4, up: 1 })
    for (const state of ['asked', 'pr-open'] as const) expect(earlierCounts(kept(), week(3), [gap('/a', { state })]).has('/a')).toBe(false)
    // A search gap of the same words, or a gap never asked for, changes nothing.
    expect(earlierCounts(kept(), week(3), [gap('/a', { kind: 'search', state: 'asked' }), gap('/a', {})]).get('/a')).toMatchObject({
      down: 7
    })
  })
})

describe('the state carries each page’s counts', () => {
  const state = (): HealthState => ({ ...emptyState('proj'), pageCounts: keptAfter([[down('/a', 3), up('/a', 1)], [down('/b', 2)]]) })

  it('through its encoding', () => {
    expect(decodeState(encodeState(state()), 'proj')).toEqual(state())
  })

  it('and cuts them before any gap to fit its budget, the pages with the fewest readers heard from first', () => {
    const pages = Array.from({ length: COUNTED_PAGES }, (_, i) => ({
      page: `/${String(i).padStart(3, '0')}${'y'.repeat(100)}`,
      counts: [[i, 0, 0, 0, 0]]
    }))
    const gaps = Array.from({ length: 30 }, (_, i) =>
      gap(`/gap${i}${'z'.repeat(100)}`, {
        id: i.toString(16).padStart(12, '0'),
        evidence: { searches: [1, 2, 3].map((hits) => ({ words: 'e'.repeat(80), hits })) }
      })
    )
    const big: HealthState = { ...emptyState('proj'), gaps, pageCounts: { periods: [week(0)], pages } }
    const bounded = boundedState(big)
    expect(encodeState(bounded).length).toBeLessThanOrEqual(STATE_BUDGET_CHARS)
    expect(bounded.pageCounts?.pages ?? []).toEqual(pages.slice(0, bounded.pageCounts?.pages.length ?? 0))
    expect(bounded.pageCounts?.pages.length ?? 0).toBeLessThan(COUNTED_PAGES)
    expect(bounded.gaps).toEqual(gaps)
  })

  it('and forgets them with reader text, when they were kept while it was shown', () => {
    const shown: HealthState = { ...state(), readerWords: { ...week(1), gaps: [] } }
    expect(forgetReaderText(shown).pageCounts).toBeUndefined()
    // Written while it was hidden, its pages are labels, and stay.
    const hidden = (): HealthState => ({
      ...emptyState('proj'),
      pageCounts: keptAfter([[down(labelOf('/a'), 3)], [down(labelOf('/b'), 2)]])
    })
    expect(forgetReaderText(hidden()).pageCounts).toEqual(hidden().pageCounts)
    // A path the site's navigation lists stays as it is; any other path goes.
    const listed = (): HealthState => ({ ...emptyState('proj'), pageCounts: keptAfter([[down('/a', 3)], [down('/b', 2)]]) })
    expect(forgetReaderText(listed(), new Set(['/a'])).pageCounts?.pages.map(({ page }) => page)).toEqual(['/a'])
  })
})

// The service's counts are hostile: any finite number passes its schema (api/analytics.ts), and a page's
// visitors are summed over the paths the site keeps as one. A gap's numbers that the state cannot keep
// (below 0, or past its bound) made the gap unreadable by the next run: it was kept as another
// version's, never shown, asked for or judged again. Such a count is read as not known
// (src/health/ledger.ts, numbersOf).
import { describe, expect, it } from 'vitest'
import { grouped, type Signal } from '../../../src/render/fix-first.js'
import { numbersOf } from '../../../src/health/ledger.js'
import { pooled } from '../../../src/health/verdict.js'
import { decodeState, emptyState, encodeState, type GapRecord, MOST_COUNTED } from '../../../src/health/state.js'

const PAGE = '/guides/auth'
const period = { dateFrom: '2026-01-05', dateTo: '2026-01-12' }
const all = { feedback: true, assistant: true, searches: true }
const down = (count: number): Signal => ({ kind: 'thumbs-down', count, page: PAGE })
const gapWith = (now: GapRecord['now']): GapRecord => ({
  id: 'a1b2c3d4e5f6',
  kind: 'page',
  subject: PAGE,
  firstSeen: period.dateFrom,
  lastSeen: period.dateFrom,
  periods: 1,
  score: 3,
  evidence: { down: 3 },
  state: 'new',
  ...(now ? { now } : {})
})
const readBack = (gap: GapRecord) => decodeState(encodeState({ ...emptyState('p'), gaps: [gap] }), 'p')

describe('a gap whose service sent counts the state cannot keep', () => {
  for (const visitors of [-5, MOST_COUNTED * 2, Number.NaN])
    it(`reads ${visitors} visitors as not known, and stays a gap this version reads`, () => {
      const now = numbersOf({ kind: 'page', subject: PAGE }, grouped([down(3)]), { ...all, visitors: new Map([[PAGE, visitors]]) }, period)
      expect(now.visitors).toBeUndefined()
      expect(now.down).toBe(3)
      expect(readBack(gapWith(now))?.gaps.map((gap) => gap.id)).toEqual(['a1b2c3d4e5f6'])
    })

  it('reads thumbs down summed past the bound as not known', () => {
    const now = numbersOf({ kind: 'page', subject: PAGE }, grouped([down(MOST_COUNTED), down(MOST_COUNTED)]), all, period)
    expect(now.down).toBeUndefined()
    expect(readBack(gapWith(now))?.gaps).toHaveLength(1)
  })

  it('keeps counts up to the bound as they are', () => {
    const now = numbersOf(
      { kind: 'page', subject: PAGE },
      grouped([down(7)]),
      { ...all, visitors: new Map([[PAGE, MOST_COUNTED]]) },
      period
    )
    expect(now).toMatchObject({ down: 7, visitors: MOST_COUNTED })
  })

  it('follows no search searched more often than the state keeps', () => {
    const search = (count: number): Signal => ({ kind: 'no-click', count, search: 'auth token' })
    const gap = { kind: 'search' as const, subject: 'auth token' }
    const now = numbersOf(gap, grouped([search(MOST_COUNTED), { ...search(MOST_COUNTED), search: 'Auth  token' }]), all, period)
    const back = decodeState(encodeState({ ...emptyState('p'), gaps: [{ ...gapWith(now), kind: 'search', subject: 'auth token' }] }), 'p')
    expect(back?.gaps).toHaveLength(1)
  })
})

describe('numbers pooled over periods, each within the bound', () => {
  it('stay within the bound, so that a gap pooling them stays a gap this version reads', () => {
    const week = (n: number) => ({
      dateFrom: `2026-01-0${n}`,
      dateTo: `2026-01-0${n + 1}`,
      down: 0.9 * MOST_COUNTED,
      visitors: 0.9 * MOST_COUNTED,
      searches: [{ text: 'sso', hits: 0.9 * MOST_COUNTED, clicked: 0 }]
    })
    const pool = pooled([week(1), week(2), week(3), week(4)])
    expect(pool).toMatchObject({ down: MOST_COUNTED, visitors: MOST_COUNTED, periods: 4 })
    expect(pool?.searches?.[0]?.hits).toBe(MOST_COUNTED)
    expect(readBack({ ...gapWith(week(4)), before: pool })?.gaps.map((gap) => gap.id)).toEqual(['a1b2c3d4e5f6'])
  })
})

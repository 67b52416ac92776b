// Anyone can search a docs site and click a result, a script as well as a reader. A search counts as
// one with no click only while nobody clicked any of its results (searches/read.ts), so one click
// would take every search of a gap out of its trouble, and a fix that changed nothing would read as
// "fixed". A gap's searches are followed after its fix by their click-through: the searches nobody
// clicked are its trouble (src/health/verdict.ts). And a search gap whose words are hidden matches no
// search read: its searches are not known since, never none (src/health/ledger.ts, numbersOf).
import { describe, expect, it } from 'vitest'
import { fixFirst, grouped, type Signal } from '../../../src/render/fix-first.js'
import { numbersOf, withPeriod } from '../../../src/health/ledger.js'
import { emptyState, type GapRecord } from '../../../src/health/state.js'
import { beforeOf, judgedBy, readsAll } from '../../../src/health/verdict.js'

const all = { feedback: true, assistant: true, searches: true }
const week = (n: number) => ({ dateFrom: `2026-0${n}-01`, dateTo: `2026-0${n}-07` })
const gap = { kind: 'search' as const, subject: 'webhook retries' }
const noClick = (count: number): Signal => ({ kind: 'no-click', count, search: 'webhook retries' })
const clicked = (count: number, ctr: number): Signal => ({ kind: 'searched', count, search: 'Webhook retries', ctr })

describe('a search gap whose fix changed nothing', () => {
  const weeks = [1, 2, 3, 4].map((n) => numbersOf(gap, grouped([noClick(30)]), all, week(n)))
  const before = beforeOf(weeks[3], weeks.slice(0, 3)) as NonNullable<ReturnType<typeof beforeOf>>
  const since = (signals: Signal[]) => numbersOf({ ...gap, before }, grouped(signals), all, week(6))

  it('is not fixed when a script clicked one result of its 30 searches a week', () => {
    expect(before.noClick).toBe(120)
    expect(judgedBy(before, since([clicked(31, 1 / 31)]))).toBe('not-fixed')
  })
  it('is not fixed when a script searched it 300 times more and clicked each', () => {
    expect(judgedBy(before, since([clicked(330, 300 / 330)]))).not.toBe('fixed')
  })
  it('is still fixed when its readers now click what they find', () => {
    expect(judgedBy(before, since([clicked(30, 29 / 30)]))).toBe('fixed')
  })
})

describe('a search gap whose words are hidden', () => {
  // Its before was read while reader text was shown; then it was hidden (forgetReaderText empties the subject).
  const before = { ...week(1), periods: 4, noClick: 120 }
  const hidden = { kind: 'search' as const, subject: '', before }
  const searched: Signal[] = [{ kind: 'no-click', count: 30, hidden: { wordKeys: ['k1', 'k2'], key: 'k3' } }]

  it('reads no searches with no click of its own: they are not known, never 0', () => {
    expect(numbersOf(hidden, grouped(searched), all, week(6)).noClick).toBeUndefined()
  })
  it('pools no period since the merge, so it is never called fixed for searches it can no longer find', () => {
    // The ledger pools into "after" only a period that read what before read (verdict.ts, readsAll).
    expect(readsAll(numbersOf(hidden, grouped(searched), all, week(6)), before)).toBe(false)
  })

  it('stays with the agent after its merge, never fixed, while the same searches go unclicked', () => {
    const merged: GapRecord = {
      id: 'a1b2c3d4e5f6',
      kind: 'search',
      subject: '',
      firstSeen: week(1).dateFrom,
      lastSeen: week(4).dateFrom,
      periods: 4,
      score: 0,
      evidence: { noClick: 30 },
      state: 'merged',
      mergedOn: week(5).dateFrom,
      before
    }
    const state = { ...emptyState('p'), gaps: [merged] }
    const read = { ...week(6), headlines: {}, items: fixFirst(searched), groups: grouped(searched) }
    expect(withPeriod(state, read, 12, '2026-06-08').gaps[0]).toMatchObject({ state: 'merged', verdict: 'too-few' })
  })
})

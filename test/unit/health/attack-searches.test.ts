// Anyone can search a docs site and click a result, a script as well as a reader. A search counts as
// one with no click only while nobody clicked any of its results (searches/read.ts), so one click
// would take every search of a gap out of its trouble, and a fix that changed nothing would read as
// "fixed". A gap's searches are followed after its fix by their click-through: the searches nobody
// clicked are its trouble (src/health/verdict.ts).
import { describe, expect, it } from 'vitest'
import { grouped, type Signal } from '../../../src/render/fix-first.js'
import { numbersOf } from '../../../src/health/ledger.js'
import { beforeOf, judgedBy } from '../../../src/health/verdict.js'

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

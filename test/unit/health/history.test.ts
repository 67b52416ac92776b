// Tests what the docs health issue's history adds to a period (src/health/history.ts): a headline's
// change taken from the period just before where the run read none, and the pages whose traffic moved
// by the documented rule (a minimum count before, a minimum change), only against the period just
// before; and the state of version 1 read as version 2.
import { describe, expect, it } from 'vitest'
import {
  justBefore,
  MOVER_MIN_BEFORE,
  MOVER_MIN_PERCENT,
  MOVERS,
  movers,
  visitedPages,
  withHistoryChanges
} from '../../../src/health/history.js'
import { decodeState, emptyState, encodeState, STATE_VERSION, VISITED_PAGES } from '../../../src/health/state.js'
import { headline } from '../../../src/render/renderer.js'

const WEEK_1 = { dateFrom: '2026-11-09', dateTo: '2026-11-16' }
const WEEK_2 = { dateFrom: '2026-11-16', dateTo: '2026-11-23' }

describe('justBefore', () => {
  it('is the period of the same length that ends where the other begins', () => {
    expect(justBefore(WEEK_1, WEEK_2)).toBe(true)
    expect(justBefore(WEEK_2, WEEK_1)).toBe(false)
    expect(justBefore({ dateFrom: '2026-11-02', dateTo: '2026-11-16' }, WEEK_2)).toBe(false)
    expect(justBefore({ dateFrom: '2026-11-02', dateTo: '2026-11-09' }, WEEK_2)).toBe(false)
    expect(justBefore({ dateFrom: 'x', dateTo: 'y' }, WEEK_2)).toBe(false)
    expect(justBefore({ dateFrom: 'x', dateTo: '2026-11-16' }, WEEK_2)).toBe(false)
    expect(justBefore(WEEK_1, { dateFrom: '2026-11-16', dateTo: 'y' })).toBe(false)
  })

  it('reads a date with a time of day as its day', () => {
    expect(justBefore({ dateFrom: '2026-11-09T00:00:00Z', dateTo: '2026-11-16T00:00:00.000Z' }, WEEK_2)).toBe(true)
  })
})

describe('withHistoryChanges', () => {
  const stateOf = () => ({
    ...emptyState('p'),
    periods: [{ ...WEEK_1, headlines: { searchesNoClick: 19, searches: 700, assistantUnanswered: 3 } }]
  })

  it('fills the change of a headline the run could not compare from the period just before', () => {
    const state = stateOf()
    const { headlines, filled } = withHistoryChanges(
      [
        headline('searches', 900, { previous: { value: 750, ...WEEK_1 } }),
        headline('searchesNoClick', 474),
        headline('assistantUnanswered', 8, { partial: true }),
        headline('thumbsDown', 12)
      ],
      state,
      WEEK_2
    )
    expect(filled).toEqual(['searchesNoClick'])
    // A comparison the run read is kept; a partial count and a headline the history lacks get none.
    expect(headlines.map((h) => h.previous?.value)).toEqual([750, 19, undefined, undefined])
    expect(headlines[1]?.previous).toEqual({ value: 19, ...WEEK_1 })
  })

  it('fills no change of a headline whose earlier value counts otherwise: a fix changed what counts', () => {
    const state = { ...emptyState('p'), periods: [{ ...WEEK_1, headlines: { thumbsDown: 1, searchesNoClick: 19 } }] }
    const { headlines, filled } = withHistoryChanges(
      [headline('thumbsDown', 4, { unlike: true }), headline('searchesNoClick', 474)],
      state,
      WEEK_2
    )
    expect(filled).toEqual(['searchesNoClick'])
    expect(headlines[0]?.previous).toBeUndefined()
  })

  it('takes nothing from a period that is not the one just before, and skips the period read again', () => {
    const state = stateOf()
    expect(withHistoryChanges([headline('searchesNoClick', 474)], state, { dateFrom: '2026-11-23', dateTo: '2026-11-30' }).filled).toEqual(
      []
    )
    const again = { ...state, periods: [...state.periods, { ...WEEK_2, headlines: { searchesNoClick: 400 } }] }
    expect(withHistoryChanges([headline('searchesNoClick', 474)], again, WEEK_2).headlines[0]?.previous?.value).toBe(19)
  })

  it('takes the latest reading of the period just before, whatever other periods were read since', () => {
    const periods = [
      { dateFrom: '2026-11-02', dateTo: '2026-11-09', headlines: { searchesNoClick: 5 } },
      { ...WEEK_1, headlines: { searchesNoClick: 19 } },
      { dateFrom: '2026-11-10', dateTo: '2026-11-17', headlines: { searchesNoClick: 7 } },
      { ...WEEK_1, headlines: { searchesNoClick: 21 } },
      { dateFrom: '2026-11-16', dateTo: '2026-11-30', headlines: { searchesNoClick: 8 } },
      { dateFrom: '2026-11-09', dateTo: '2026-11-23', headlines: { searchesNoClick: 9 } }
    ]
    const { headlines, filled } = withHistoryChanges([headline('searchesNoClick', 474)], { ...emptyState('p'), periods }, WEEK_2)
    expect(filled).toEqual(['searchesNoClick'])
    expect(headlines[0]?.previous).toEqual({ value: 21, ...WEEK_1 })
  })
})

describe('movers', () => {
  const kept = {
    ...WEEK_1,
    pages: [
      { path: '/guides/deploy', visitors: 250, views: 400 },
      { path: '/quickstart', visitors: 1000, views: 3000 },
      { path: '/small', visitors: MOVER_MIN_BEFORE - 1 },
      { path: '/views-only', views: 200 },
      { path: '/gone', visitors: 500 }
    ]
  }

  it(`names a page with at least ${MOVER_MIN_BEFORE} before that moved at least ${MOVER_MIN_PERCENT} %, the largest change in readers first`, () => {
    const found = movers(kept, WEEK_2, [
      { path: '/guides/deploy', visitors: 150, views: 380 },
      { path: '/quickstart', visitors: 1150 },
      { path: '/small', visitors: 5 },
      { path: '/views-only', views: 300 }
    ])
    // /quickstart moved 15 %, /small had too few before, /gone was not read this period; the two
    // others moved by 100 readers each, in order of their path.
    expect(found).toEqual([
      { path: '/guides/deploy', measure: 'visitors', before: 250, after: 150, changePercent: -40 },
      { path: '/views-only', measure: 'views', before: 200, after: 300, changePercent: 50 }
    ])
  })

  it('holds the change of a page read with a count past what a per cent of it holds at ±10^15 %, never Infinity', () => {
    const found = movers(kept, WEEK_2, [{ path: '/guides/deploy', visitors: 1e308 }])
    expect(found).toEqual([{ path: '/guides/deploy', measure: 'visitors', before: 250, after: 1e308, changePercent: 1e15 }])
  })

  it('names nothing against a period that is not the one just before, or with no pages kept', () => {
    expect(movers(kept, { dateFrom: '2026-11-23', dateTo: '2026-11-30' }, [{ path: '/guides/deploy', visitors: 10 }])).toEqual([])
    expect(movers(undefined, WEEK_2, [{ path: '/guides/deploy', visitors: 10 }])).toEqual([])
  })

  it('compares human visitors where both periods read them, page views otherwise, and names no page a period read no count of', () => {
    const before = {
      ...WEEK_1,
      pages: [
        { path: '/visitors-then', visitors: 100, views: 100 },
        { path: '/visitors-now', views: 100 },
        { path: '/visitors-then-only', visitors: 100 },
        { path: '/nothing-now', visitors: 100, views: 100 }
      ]
    }
    const found = movers(before, WEEK_2, [
      { path: '/visitors-then', views: 300 },
      { path: '/visitors-now', visitors: 900, views: 200 },
      { path: '/visitors-then-only', views: 900 },
      { path: '/nothing-now' }
    ])
    expect(found).toEqual([
      { path: '/visitors-then', measure: 'views', before: 100, after: 300, changePercent: 200 },
      { path: '/visitors-now', measure: 'views', before: 100, after: 200, changePercent: 100 }
    ])
  })

  it(`names a page with exactly ${MOVER_MIN_BEFORE} before, or that moved exactly ${MOVER_MIN_PERCENT} %`, () => {
    const before = {
      ...WEEK_1,
      pages: [
        { path: '/fifty', visitors: MOVER_MIN_BEFORE },
        { path: '/twenty', visitors: 500 }
      ]
    }
    expect(
      movers(before, WEEK_2, [
        { path: '/fifty', visitors: 100 },
        { path: '/twenty', visitors: 400 }
      ])
    ).toEqual([
      { path: '/twenty', measure: 'visitors', before: 500, after: 400, changePercent: -MOVER_MIN_PERCENT },
      { path: '/fifty', measure: 'visitors', before: MOVER_MIN_BEFORE, after: 100, changePercent: 100 }
    ])
  })

  it(`names the ${MOVERS} largest changes in readers, either way, then in order of path`, () => {
    const before = {
      ...WEEK_1,
      pages: [
        { path: '/z', visitors: 100 },
        { path: '/m', visitors: 100 },
        { path: '/up', visitors: 100 },
        { path: '/a', visitors: 100 },
        { path: '/down', visitors: 3000 },
        { path: '/small', visitors: 60 },
        { path: '/smaller', visitors: 60 }
      ]
    }
    const found = movers(before, WEEK_2, [
      { path: '/z', visitors: 200 },
      { path: '/m', visitors: 200 },
      { path: '/up', visitors: 1500 },
      { path: '/a', visitors: 200 },
      { path: '/down', visitors: 2000 },
      { path: '/small', visitors: 90 },
      { path: '/smaller', visitors: 80 }
    ])
    expect(found.map((mover) => `${mover.path} ${mover.after - mover.before}`)).toEqual([
      '/up 1400',
      '/down -1000',
      '/a 100',
      '/m 100',
      '/z 100'
    ])
  })

  it('keeps no page a period read no reader of, and ranks a page by its human visitors where read, else its views', () => {
    expect(visitedPages(WEEK_2, [{ path: '/none', visitors: 0, views: 40 }, { path: '/empty' }])).toBeUndefined()
    expect(
      visitedPages(WEEK_2, [
        { path: '/few', visitors: 3, views: 900 },
        { path: '/none', visitors: 0, views: 40 },
        { path: '/views', views: 5 }
      ])
    ).toEqual({
      ...WEEK_2,
      pages: [
        { path: '/views', views: 5 },
        { path: '/few', visitors: 3, views: 900 }
      ]
    })
  })

  it(`keeps the ${VISITED_PAGES} most visited pages of a period for the next`, () => {
    const pages = Array.from({ length: 30 }, (_, i) => ({ path: `/p${i}`, visitors: i }))
    const top = visitedPages(WEEK_2, pages)
    expect(top?.pages).toHaveLength(VISITED_PAGES)
    expect(top?.pages[0]).toEqual({ path: '/p29', visitors: 29 })
    expect(visitedPages(WEEK_2, [])).toBeUndefined()
  })
})

describe('the state of version 1', () => {
  it('is read as version 2, with nothing more known', () => {
    const v1 = {
      version: 1,
      projectId: 'p',
      periods: [{ ...WEEK_1, headlines: { thumbsDown: 3 } }],
      gaps: [
        {
          id: 'a1b2c3d4e5f6',
          kind: 'page',
          subject: '/x',
          firstSeen: '2026-11-09',
          lastSeen: '2026-11-09',
          periods: 1,
          score: 9,
          evidence: { down: 3 },
          state: 'merged',
          quiet: 1
        }
      ]
    }
    const block = `<!-- docs-agent-action:state ${Buffer.from(JSON.stringify(v1)).toString('base64')} -->`
    const state = decodeState(block, 'p')
    expect(state?.version).toBe(STATE_VERSION)
    expect(state?.gaps[0]).toMatchObject({ state: 'merged', quiet: 1, score: 9 })
    expect(decodeState(encodeState(state ?? emptyState('p')), 'p')).toEqual(state)
  })
})

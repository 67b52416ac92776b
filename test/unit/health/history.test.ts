// Tests what the docs health issue's history adds to a period (src/health/history.ts): a headline's
// change taken from the period just before where the run read none, and the pages whose traffic moved
// by the documented rule (a minimum count before, a minimum change), only against the period just
// before; and the state of version 1 read as version 2.
import { describe, expect, it } from 'vitest'
import { justBefore, MOVER_MIN_BEFORE, MOVER_MIN_PERCENT, movers, topPages, withHistoryChanges } from '../../../src/health/history.js'
import { decodeState, emptyState, encodeState, STATE_VERSION, TOP_PAGES } from '../../../src/health/state.js'
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

  it('takes nothing from a period that is not the one just before, and skips the period read again', () => {
    const state = stateOf()
    expect(withHistoryChanges([headline('searchesNoClick', 474)], state, { dateFrom: '2026-11-23', dateTo: '2026-11-30' }).filled).toEqual(
      []
    )
    const again = { ...state, periods: [...state.periods, { ...WEEK_2, headlines: { searchesNoClick: 400 } }] }
    expect(withHistoryChanges([headline('searchesNoClick', 474)], again, WEEK_2).headlines[0]?.previous?.value).toBe(19)
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

  it('names nothing against a period that is not the one just before, or with no pages kept', () => {
    expect(movers(kept, { dateFrom: '2026-11-23', dateTo: '2026-11-30' }, [{ path: '/guides/deploy', visitors: 10 }])).toEqual([])
    expect(movers(undefined, WEEK_2, [{ path: '/guides/deploy', visitors: 10 }])).toEqual([])
  })

  it(`keeps the ${TOP_PAGES} most visited pages of a period for the next`, () => {
    const pages = Array.from({ length: 30 }, (_, i) => ({ path: `/p${i}`, visitors: i }))
    const top = topPages(WEEK_2, pages)
    expect(top?.pages).toHaveLength(TOP_PAGES)
    expect(top?.pages[0]).toEqual({ path: '/p29', visitors: 29 })
    expect(topPages(WEEK_2, [])).toBeUndefined()
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
          evidence: '3 thumbs down',
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

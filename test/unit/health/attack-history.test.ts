// Tests the history's "period just before" against periods an adversary or an odd input could give:
// a period within one UTC day (date-times on the same day) is never just before itself, so that a run
// read again never shows a headline's change against its own earlier reading, nor movers against itself.
import { describe, expect, it } from 'vitest'
import { justBefore, movers, withHistoryChanges } from '../../../src/health/history.js'
import { emptyState } from '../../../src/health/state.js'
import { headline } from '../../../src/render/renderer.js'

const HALF_DAY = { dateFrom: '2026-11-26T00:00:00Z', dateTo: '2026-11-26T12:00:00Z' }

describe('a period within one day', () => {
  it('is not just before itself, nor before another period of the same day', () => {
    expect(justBefore(HALF_DAY, HALF_DAY)).toBe(false)
    expect(justBefore(HALF_DAY, { dateFrom: '2026-11-26T12:00:00Z', dateTo: '2026-11-26T18:00:00Z' })).toBe(false)
    expect(justBefore({ dateFrom: '2026-11-26', dateTo: '2026-11-26' }, { dateFrom: '2026-11-26', dateTo: '2026-11-26' })).toBe(false)
  })

  it('read again takes no change from its own earlier reading', () => {
    const state = { ...emptyState('p'), periods: [{ ...HALF_DAY, headlines: { searchesNoClick: 19 } }] }
    const { headlines, filled } = withHistoryChanges([headline('searchesNoClick', 474)], state, HALF_DAY)
    expect(filled).toEqual([])
    expect(headlines[0]?.previous).toBeUndefined()
  })

  it('names no movers against its own top pages', () => {
    const kept = { ...HALF_DAY, pages: [{ path: '/a', views: 100 }] }
    expect(movers(kept, HALF_DAY, [{ path: '/a', views: 300 }])).toEqual([])
  })
})

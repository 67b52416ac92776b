import { describe, expect, it } from 'vitest'
import { analyticsRead, type SectionRead } from '../../../src/health/period-sections.js'
import type { Overview } from '../../../src/render/overview.js'

const overview: Overview = {
  dateFrom: '2026-11-23',
  dateTo: '2026-11-30',
  rangeText: '23–29 Nov 2026',
  requests: 4,
  headlines: [],
  items: [],
  incomplete: [],
  uncompared: []
}

const visitors = (whole: boolean): SectionRead => ({
  kind: 'visitors',
  whole,
  signals: [],
  pages: {
    visitors: [
      { path: '/a', count: 5 },
      { path: '/b', count: 2 },
      { path: '/a', count: 3 }
    ]
  }
})

describe('the period the sections read, as the docs health issue takes it', () => {
  it('keeps the overview alone when no section was read', () => {
    expect(analyticsRead(overview, [])).toEqual({ overview, traffic: [] })
  })

  it('counts a gap signal measured only when its section was read whole', () => {
    const read = analyticsRead(overview, [
      { kind: 'searches', whole: true, signals: [] },
      { kind: 'feedback', whole: false, signals: [] }
    ])
    expect(read.sections?.measured).toEqual({ feedback: false, assistant: false, searches: true })
  })

  it("sums each page's visitors from a whole read, and knows none from a cut one", () => {
    expect(analyticsRead(overview, [visitors(true)]).sections?.measured.visitors).toEqual(
      new Map([
        ['/a', 8],
        ['/b', 2]
      ])
    )
    expect(analyticsRead(overview, [visitors(false)]).sections?.measured.visitors).toBeUndefined()
  })

  it("takes each page's traffic from any read, visitors and views together", () => {
    const read = analyticsRead(overview, [
      visitors(false),
      {
        kind: 'views',
        whole: true,
        signals: [],
        pages: {
          views: [
            { path: '/c', count: 9 },
            { path: '/b', count: 4 }
          ]
        }
      }
    ])
    expect(read.traffic).toEqual([
      { path: '/a', visitors: 3 },
      { path: '/b', visitors: 2, views: 4 },
      { path: '/c', views: 9 }
    ])
  })

  it('names the pages whose feedback is known when the service cut the list', () => {
    const read = analyticsRead(overview, [{ kind: 'feedback', whole: true, signals: [], pages: { feedbackPages: ['/a'] } }])
    expect(read.sections?.measured.feedbackPages).toEqual(new Set(['/a']))
    expect(read.sections?.measured.feedback).toBe(true)
  })

  it('gives every section its signals, in order', () => {
    const read = analyticsRead(overview, [
      { kind: 'searches', whole: true, signals: [{ kind: 'no-click', count: 3, search: 'sso' }] },
      { kind: 'feedback', whole: true, signals: [{ kind: 'thumbs-down', count: 2, page: '/a' }] }
    ])
    expect(read.sections?.signals.map((signal) => signal.kind)).toEqual(['no-click', 'thumbs-down'])
  })
})

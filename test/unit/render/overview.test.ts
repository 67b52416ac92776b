// Tests the top of the analytics report (src/render/overview.ts) as a reader sees it on GitHub
// (test/support/render.js): the title with the period, a banner when the run did not read
// everything, the headlines with their change, the largest move in words, and "Fix first".
import { describe, expect, it } from 'vitest'
import type { FixItem } from '../../../src/render/fix-first.js'
import { changePercent, fixFirstGaps, howReadHtml, largestMove, type Overview, overviewHtml } from '../../../src/render/overview.js'
import type { Headline } from '../../../src/render/renderer.js'
import { HOSTILE_TEXT } from '../../emulator/analytics-data.js'
import { renderSummary } from '../../support/render.js'

const before = (value: number): Headline['previous'] => ({ value, dateFrom: '2026-11-10', dateTo: '2026-11-17' })
const HEADLINES: Headline[] = [
  { key: 'visitorsHuman', name: 'Human visitors', value: 8900, previous: before(10_000) },
  { key: 'visitorsAi', name: 'AI visitors', value: 1200, previous: before(1000) },
  { key: 'views', name: 'Page views', value: 31_000 },
  { key: 'assistantUnanswered', name: 'Unanswered questions', value: 6, partial: true }
]
const WEBHOOKS: FixItem = {
  page: '/api-reference/webhooks',
  score: 91,
  signals: [
    { kind: 'thumbs-down', count: 14, page: '/api-reference/webhooks' },
    { kind: 'no-click', count: 31, search: 'webhook retries' },
    { kind: 'unanswered', count: 6, page: '/api-reference/webhooks' }
  ]
}
const overview = (more: Partial<Overview> = {}): Overview => ({
  dateFrom: '2026-11-17',
  dateTo: '2026-11-24',
  rangeText: '17 Nov 2026 to 23 Nov 2026 (7 days, UTC)',
  requests: 12,
  headlines: HEADLINES,
  items: [WEBHOOKS],
  incomplete: [],
  uncompared: [],
  ...more
})

describe('overviewHtml', () => {
  it('counts a reader once in the lead sentence, as the ranking does: the larger of thumbs down and not-helpful rows leads, never both added', () => {
    const item = (down: number, unhelpful: number): FixItem => ({
      page: '/api-reference/webhooks',
      score: 50,
      signals: [
        { kind: 'thumbs-down', count: down, page: '/api-reference/webhooks' },
        { kind: 'not-helpful', count: unhelpful, page: '/api-reference/webhooks' },
        { kind: 'unanswered', count: 6, page: '/api-reference/webhooks' }
      ]
    })
    const lead = (down: number, unhelpful: number): string =>
      renderSummary(overviewHtml(overview({ items: [item(down, unhelpful)], thumbsUp: { '/api-reference/webhooks': 21 } }))).text
    expect(lead(14, 17)).toContain(
      'is this week’s problem: 17 unhappy readers (14 thumbs down, 17 marked not helpful; a reader counts once) against 21 thumbs up, 6 unanswered questions. What changed'
    )
    expect(lead(14, 3)).toContain(
      'is this week’s problem: 14 unhappy readers (14 thumbs down, 3 marked not helpful; a reader counts once) against 21 thumbs up, 6 unanswered questions. What changed'
    )
    expect(lead(14, 0)).toContain('is this week’s problem: 14 thumbs down against 21 thumbs up, 6 unanswered questions. What changed')
    expect(lead(0, 1)).toContain('is this week’s problem: 1 marked not helpful against 21 thumbs up, 6 unanswered')
    // Fix first counts the overlapping signals once too, and says so.
    expect(lead(14, 17)).toContain(
      'Fix first /api-reference/webhooks: 17 unhappy readers (14 thumbs down, 17 marked not helpful; a reader counts once) · 6 unanswered questions'
    )
  })

  it('starts with the period, the sentence that names the problem and what changed, then what to fix first, then the headlines with their change', () => {
    const seen = renderSummary(overviewHtml(overview({ thumbsUp: { '/api-reference/webhooks': 3 } })))
    expect(seen.headings).toEqual(['📈 Docs health · 17–23 Nov 2026', 'Fix first'])
    expect(seen.text).toContain(' How did this week compare with 10–16 Nov 2026? ')
    expect(seen.text).toMatch(
      /^📈 Docs health · 17–23 Nov 2026 \/api-reference\/webhooks is this week’s problem: 14 thumbs down against 3 thumbs up, 6 unanswered questions, 31 searches with no click\. What changed: AI visitors rose 20% against 10–16 Nov 2026\. Fix first /
    )
    // How it was read is said at the end of the report, not here.
    expect(seen.text).not.toMatch(/request|the service/)
    expect(seen.tables[0]).toEqual([
      ['', 'This period', 'Change'],
      ['Human visitors', '8,900', '▼ 11%'],
      ['AI visitors', '1,200', '▲ 20%'],
      ['Page views', '31,000', '—'],
      ['Unanswered questions', '≥ 6', '—']
    ])
    expect(seen.text).toContain('AI visitors rose 20% against 10–16 Nov 2026.')
    expect(seen.text).toContain(
      'Fix first /api-reference/webhooks: 14 thumbs down · “webhook retries” searched 31× with no click · 6 unanswered questions'
    )
    expect(seen.text.indexOf('Fix first')).toBeLessThan(seen.text.indexOf('Human visitors'))
  })

  it('names a search as the problem, says "period" for a range other than a week, and says nothing with nothing to fix', () => {
    const search: FixItem = { search: 'delete account', score: 61, signals: [{ kind: 'no-click', count: 61, search: 'delete account' }] }
    expect(renderSummary(overviewHtml(overview({ items: [search], dateTo: '2026-11-20' }))).text).toContain(
      '“delete account” is this period’s problem: 61 searches with no click.'
    )
    expect(renderSummary(overviewHtml(overview({ items: [] }))).text).not.toContain('problem')
  })

  it('keeps each arrow on one line with its number, and the table to three columns for a phone', () => {
    const html = overviewHtml(overview())
    expect(html).toContain('▼&nbsp;11%')
    expect(html).toContain('≥&nbsp;6')
    for (const row of renderSummary(html).tables[0] ?? []) expect(row).toHaveLength(3)
  })

  it('says new, no change or nothing where a per cent cannot be given', () => {
    const seen = renderSummary(
      overviewHtml(
        overview({
          headlines: [
            { key: 'searches', name: 'Searches', value: 5, previous: before(0) },
            { key: 'thumbsDown', name: 'Thumbs down', value: 0, previous: before(0) },
            { key: 'views', name: 'Page views', value: 7, previous: before(7) }
          ]
        })
      )
    )
    // None before and none now is no change, as the trend shows it (0 → 0): never —, which reads as unknown.
    expect(seen.tables[0]?.slice(1).map((row) => row[2])).toEqual(['new', '±0%', '±0%'])
    // Every headline has an earlier value: no footnote on what — means.
    expect(seen.text).not.toContain('no earlier value')
    // A count from a partial read shows no change, whatever the earlier value.
    const partial = renderSummary(
      overviewHtml(
        overview({ headlines: [{ key: 'searchesNoClick', name: 'Searches with no click', value: 70, previous: before(7), partial: true }] })
      )
    )
    expect(partial.tables[0]?.[1]).toEqual(['Searches with no click', '≥ 70', '—'])
  })

  it('explains — and ≥ once, in how the report was read, when some headline has no earlier value or was cut', () => {
    expect(renderSummary(howReadHtml(overview())).text).toContain(
      'Change is against the period of the same length just before, one request each; — where the earlier value would take more than one request or was not read. ≥ marks a count from a partial read.'
    )
  })

  it('names in the footnote each section whose comparison was asked for and not read, and why', () => {
    const text = renderSummary(
      howReadHtml(overview({ uncompared: [{ banner: 'Visitors', reason: 'the request for the previous period <b>failed</b>' }] }))
    ).text
    expect(text).toContain('≥ marks a count from a partial read. Visitors not compared: the request for the previous period <b>failed</b>.')
  })

  it('puts a banner naming what was not read before the headlines, and none when everything was read', () => {
    const partial = overview({
      incomplete: [
        { banner: 'Feedback', reason: 'feedback rows not read: the request budget ran out (maxRequests, 5 requests for the whole run)' }
      ]
    })
    const seen = renderSummary(overviewHtml(partial))
    expect(seen.text).toContain(
      '⚠️ This report is incomplete: its numbers are what the run read. What was not read: Feedback: feedback rows not read: the request budget ran out'
    )
    expect(seen.text.indexOf('incomplete')).toBeLessThan(seen.text.indexOf('Human visitors'))
    expect(seen.text).not.toContain('request budget ran out: maxRequests')
    expect(renderSummary(overviewHtml(overview())).text).not.toContain('incomplete')
  })

  it('names, under the banner, the maxRequests that would read more, when the budget cut a read', () => {
    const partial = overview({
      incomplete: [{ banner: 'Feedback', reason: 'feedback rows not read: the request budget ran out' }],
      budget: { maxRequests: 5, atLeast: 9 }
    })
    const seen = renderSummary(overviewHtml(partial))
    expect(seen.text).toContain(
      'Feedback: feedback rows not read: the request budget ran out. The request budget ran out: maxRequests is 5. ' +
        'Set it to at least 9 to read more (a read it cut may need more than one more request; all analytics share 100 requests an hour).'
    )
    expect(seen.text.indexOf('maxRequests is 5')).toBeLessThan(seen.text.indexOf('Human visitors'))
  })

  it('never names a maxRequests past 100, the most a run may make: beyond it, a shorter range or fewer sections read the rest', () => {
    const cut = (maxRequests: number, atLeast: number) =>
      renderSummary(
        overviewHtml(
          overview({ incomplete: [{ banner: 'Visitors', reason: 'visitor rows: reading stopped' }], budget: { maxRequests, atLeast } })
        )
      ).text
    expect(cut(40, 100)).toContain('Set it to at least 100 to read more')
    expect(cut(40, 1009)).toContain(
      'The request budget ran out: maxRequests is 40. Set it to 100, the most a run may make (all analytics share 100 requests an hour); ' +
        'reading everything would take at least 1,009, so a shorter range (dateFrom, dateTo) or fewer sections read the rest.'
    )
    expect(cut(100, 101)).toContain(
      'The request budget ran out: maxRequests is 100. That is the most a run may make (all analytics share 100 requests an hour); ' +
        'reading everything would take at least 101, so a shorter range (dateFrom, dateTo) or fewer sections read the rest.'
    )
  })

  it('leaves out the table and the list when there is nothing for them', () => {
    const seen = renderSummary(overviewHtml(overview({ headlines: [], items: [] })))
    expect(seen.headings).toEqual(['📈 Docs health · 17–23 Nov 2026'])
    expect(seen.tables).toEqual([])
  })

  it('shows hostile searches and pages as text: no markup, link or mention, cut to a line', () => {
    for (const text of HOSTILE_TEXT) {
      const item: FixItem = { search: text, score: 3, signals: [{ kind: 'no-click', count: 3, search: text }] }
      const page: FixItem = { page: `/${text}`, score: 3, signals: [{ kind: 'thumbs-down', count: 1, page: `/${text}` }] }
      const seen = renderSummary(overviewHtml(overview({ items: [item, page], incomplete: [{ banner: 'Searches', reason: text }] })))
      expect(seen.links).toEqual([])
      expect(seen.references).toEqual([])
      // Escaped: the markup is text, not an element.
      expect(seen.html).not.toMatch(/<img|<script/)
    }
    const hostileRange = renderSummary(howReadHtml(overview({ rangeText: '<b>#1</b> @x' })))
    expect(hostileRange.text).toContain('<b>#1</b> @x, read in 12 requests')
    expect(hostileRange.references).toEqual([])
    const long: FixItem = { search: 'w'.repeat(500), score: 1, signals: [{ kind: 'no-click', count: 1, search: 'w'.repeat(500) }] }
    expect(renderSummary(overviewHtml(overview({ items: [long] }))).text).toContain(
      `Search “${'w'.repeat(79)}…”: searched 1× with no click`
    )
  })
})

describe('an item with many searches', () => {
  const searches = Array.from({ length: 30 }, (_, i) => ({
    kind: 'no-click' as const,
    count: 30 - i,
    search: `quickstart ${'z'.repeat(140)} ${i}`
  }))
  const item: FixItem = { page: '/quickstart', score: 500, signals: [{ kind: 'thumbs-down', count: 50, page: '/quickstart' }, ...searches] }

  it('quotes three searches and counts the rest, so that the item stays one short line', () => {
    const text = renderSummary(overviewHtml(overview({ items: [item] }))).text
    expect(text).toContain('27 other searches with no click (378×)')
    expect(text.match(/searched \d+× with no click/g)).toHaveLength(3)
    const [line = ''] = fixFirstGaps([item])?.items ?? []
    expect(line.length).toBeLessThan(400)
  })
})

describe('changePercent', () => {
  it.each([
    [110, 100, 10],
    [90, 100, -10],
    [100, 100, 0],
    [5, 1, 400],
    [0, 3, -100],
    // Nothing to compare with: less than one before, or a count that is none.
    [5, 0.5, undefined],
    [5, 0, undefined],
    [-100, 10, undefined],
    [10, -5, undefined],
    [Number.POSITIVE_INFINITY, 10, undefined],
    [10, Number.NaN, undefined],
    // A rise past what a number holds, from counts that are each finite: held at MOST_SUMMED per cent.
    [1e308, 1, 1e15],
    [1e308, 1e307, 900]
  ])('from %d before to %d now is %s', (now, before, change) => {
    expect(changePercent(now, before)).toBe(change)
  })
})

describe('the change column', () => {
  const changeOf = (value: number, previous: number): string | undefined =>
    renderSummary(overviewHtml(overview({ headlines: [{ key: 'views', name: 'Page views', value, previous: before(previous) }] })))
      .tables[0]?.[1]?.[2]

  it('shows a rise past 900% as a multiple, and what cannot be compared as — or new', () => {
    expect(changeOf(1000, 100)).toBe('▲ 900%')
    expect(changeOf(1001, 100)).toBe('▲ 10×')
    expect(changeOf(1e6, 1)).toBe('▲ 1,000,000×')
    expect(changeOf(5, 0)).toBe('new')
    expect(changeOf(0.5, 0)).toBe('—')
    expect(changeOf(-100, 10)).toBe('—')
    expect(changeOf(5, -5)).toBe('—')
  })

  it('says the largest rise past 900% as a multiple', () => {
    expect(largestMove([{ key: 'views', name: 'Page views', value: 5000, previous: before(100) }])).toBe(
      'Page views rose 50-fold against 10–16 Nov 2026.'
    )
  })
})

describe('how this was read', () => {
  it('is collapsed, and says the range, the requests, where the rows are and what the change is against', () => {
    const html = howReadHtml(overview({ notes: ['A <em>note</em> of a section.'] }))
    expect(html.startsWith('<details><summary>How this was read</summary>')).toBe(true)
    const text = renderSummary(html).text
    expect(text).toContain('How this was read 17 Nov 2026 to 23 Nov 2026 (7 days, UTC), read in 12 requests to the analytics API.')
    expect(text).toContain('Every row read is in the run’s analytics files (the analyticsDir output)')
    expect(text).toContain('A note of a section.')
  })
})

describe('the banner and the footnote', () => {
  it('names a section once, and ends each reason with one full stop', () => {
    const text = renderSummary(
      overviewHtml(
        overview({
          incomplete: [
            { banner: 'Page views', reason: 'page views: reading stopped at maxRequests' },
            { banner: 'Searches', reason: 'Search analytics are incomplete after 2 requests.' }
          ]
        })
      )
    ).text
    expect(text).toContain('Page views: reading stopped at maxRequests. Searches: Search analytics are incomplete after 2 requests. ')
  })

  it('names together the sections whose comparison is missing for one reason', () => {
    const reason = 'the request for the previous period failed'
    const text = renderSummary(
      howReadHtml(
        overview({
          uncompared: [
            { banner: 'Visitors', reason },
            { banner: 'Searches', reason },
            { banner: 'Feedback', reason: 'no request was left under maxRequests' }
          ]
        })
      )
    ).text
    expect(text).toContain(
      'Visitors, Searches not compared: the request for the previous period failed. Feedback not compared: no request was left under maxRequests.'
    )
  })
})

describe('largestMove', () => {
  it('says where a rise is most, the page or the search, as an alert does; a fall, no place', () => {
    const down = (value: number, where: Headline['where']): Headline[] => [
      { key: 'thumbsDown', name: 'Thumbs down', value, previous: before(22), where }
    ]
    expect(largestMove(down(30, { page: '/api-reference/webhooks', count: 14 }))).toBe(
      'Thumbs down rose 36% against 10–16 Nov 2026, most on /api-reference/webhooks (14).'
    )
    expect(largestMove(down(30, { search: 'webhook retries', count: 312 }))).toBe(
      'Thumbs down rose 36% against 10–16 Nov 2026, most for “webhook retries” (312).'
    )
    expect(largestMove(down(11, { page: '/api-reference/webhooks', count: 4 }))).toBe('Thumbs down fell 50% against 10–16 Nov 2026.')
    // The page is reader-facing text: escaped where the sentence is shown.
    const seen = renderSummary(overviewHtml(overview({ headlines: down(30, { page: '/<b>x</b>', count: 3 }) })))
    expect(seen.text).toContain('Thumbs down rose 36% against 10–16 Nov 2026, most on /<b>x</b> (3).')
  })

  it('names the largest change of a whole count, with the earlier period', () => {
    expect(largestMove(HEADLINES)).toBe('AI visitors rose 20% against 10–16 Nov 2026.')
    expect(largestMove([{ key: 'visitorsHuman', name: 'Human visitors', value: 50, previous: before(100) }])).toBe(
      'Human visitors fell 50% against 10–16 Nov 2026.'
    )
  })

  it('says nothing without a change to tell, or of a count from a partial read', () => {
    expect(largestMove([{ key: 'views', name: 'Page views', value: 3 }])).toBeUndefined()
    expect(largestMove([{ key: 'views', name: 'Page views', value: 3, previous: before(3) }])).toBeUndefined()
    expect(largestMove([{ key: 'searches', name: 'Searches', value: 90, previous: before(10), partial: true }])).toBeUndefined()
  })
})

describe('fixFirstGaps', () => {
  it('lists the ranking for docsGaps, pages and searches as code spans', () => {
    const topic: FixItem = { search: 'pricing', score: 7, signals: [{ kind: 'no-click', count: 7, search: 'pricing' }] }
    expect(fixFirstGaps([WEBHOOKS, topic])).toEqual({
      heading: 'Fix first (pages and searches ranked by every signal about them)',
      items: [
        '`/api-reference/webhooks`: 14 thumbs down · `webhook retries` searched 31× with no click · 6 unanswered questions',
        'search `pricing`: searched 7× with no click'
      ]
    })
    expect(fixFirstGaps([])).toBeUndefined()
  })
})

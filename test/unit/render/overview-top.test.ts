// Tests the pieces of the report's first screen (src/render/overview.ts) as GitHub shows them
// (test/support/render.js): the readers' own words under the problem, what changed (the page that moved
// most ahead of a headline's per cent), the order of the top with where to act and the verdicts in it,
// a fall to nothing in counts, the overlapping thumbs down and not-helpful rows told once, and the trend
// as a column of the headline table.
import { describe, expect, it } from 'vitest'
import type { FixItem } from '../../../src/render/fix-first.js'
import {
  changedHtml,
  evidenceLine,
  headlinesHtml,
  largestMove,
  type Overview,
  overviewHtml,
  pageMoveHtml,
  readersSayHtml
} from '../../../src/render/overview.js'
import type { Headline } from '../../../src/render/renderer.js'
import { renderSummary } from '../../support/render.js'

const before = (value: number): Headline['previous'] => ({ value, dateFrom: '2026-11-10', dateTo: '2026-11-17' })
const PAGE = '/api-reference/webhooks'
const ITEM: FixItem = { page: PAGE, score: 9, signals: [{ kind: 'unanswered', count: 6, page: PAGE }] }
const overview = (more: Partial<Overview> = {}): Overview => ({
  dateFrom: '2026-11-17',
  dateTo: '2026-11-24',
  rangeText: 'r',
  requests: 1,
  headlines: [{ key: 'visitorsAi', name: 'AI visitors', value: 97, previous: before(100) }],
  items: [ITEM],
  incomplete: [],
  uncompared: [],
  ...more
})
const text = (html: string): string => renderSummary(html).text
const words = (more: Partial<NonNullable<Overview['words']>[number]> = {}): NonNullable<Overview['words']> => [
  { page: PAGE, questions: [], comments: [], commentCounts: [], searches: [], ...more }
]

describe('readersSayHtml', () => {
  it('quotes the question asked most and the comment left most, each with where it came from', () => {
    const said = readersSayHtml({
      words: words({
        questions: [
          { question: 'How long is a webhook retried for?', answer: 'I do not know.', count: 1 },
          { question: 'second', answer: '', count: 1 }
        ],
        comments: ['No example in Python.', 'second comment'],
        searches: [{ search: 'webhook retries', count: 31 }]
      })
    })
    expect(text(said)).toBe(
      '“How long is a webhook retried for?” asked the assistant, left unanswered “No example in Python.” left with “not helpful”'
    )
    expect(renderSummary(said).html).toContain('<blockquote>')
  })

  it('says how often the question was asked and the comment left, when more than once', () => {
    const said = readersSayHtml({
      words: words({
        questions: [{ question: 'How long is a webhook retried for?', answer: '', count: 3 }],
        comments: ['No example in Python.'],
        commentCounts: [2]
      })
    })
    expect(text(said)).toBe(
      '“How long is a webhook retried for?” asked the assistant 3 times, left unanswered “No example in Python.” left 2 times with “not helpful”'
    )
  })

  it('quotes the search made most with no click when readers wrote nothing else, and nothing for a search item', () => {
    expect(text(readersSayHtml({ words: words({ searches: [{ search: 'webhook retries', count: 31 }] }) }))).toBe(
      '“webhook retries” searched 31× with no click'
    )
    const search = [{ search: 'sso', questions: [], comments: [], commentCounts: [], searches: [{ search: 'sso', count: 5 }] }]
    expect(readersSayHtml({ words: search })).toBe('')
  })

  it('says nothing where reader text is hidden or readers wrote nothing, and escapes what they wrote', () => {
    expect(readersSayHtml({})).toBe('')
    expect(readersSayHtml({ words: [] })).toBe('')
    expect(readersSayHtml({ words: words() })).toBe('')
    const hostile = readersSayHtml({ words: words({ comments: ['<img src=x onerror=alert(1)> @team #12'] }) })
    expect(renderSummary(hostile).html).not.toContain('<img')
    expect(renderSummary(hostile).references).toEqual([])
  })
})

describe('what changed', () => {
  const move = { path: '/guides/deploy', measure: 'visitors' as const, before: 2100, after: 1260, changePercent: -40 }

  it('names the page that moved, and says its count is of human visitors', () => {
    expect(text(pageMoveHtml(move))).toBe('/guides/deploy lost 40% of its human visitors (2,100 → 1,260; AI agents not counted)')
    expect(text(pageMoveHtml({ ...move, measure: 'views', before: 100, after: 150, changePercent: 50 }))).toBe(
      '/guides/deploy gained 50% of its page views (100 → 150)'
    )
  })

  it('puts the page that moved ahead of a few per cent of AI visitors, each a sentence', () => {
    expect(text(changedHtml(overview({ moved: move })))).toBe(
      'What changed: /guides/deploy lost 40% of its human visitors (2,100 → 1,260; AI agents not counted). AI visitors fell 3% against 10–16 Nov 2026.'
    )
    expect(text(changedHtml(overview()))).toBe('What changed: AI visitors fell 3% against 10–16 Nov 2026.')
    expect(changedHtml(overview({ headlines: [] }))).toBe('')
  })

  it('tells a fall to nothing in counts, not as 100 %', () => {
    expect(largestMove([{ key: 'assistantUnanswered', name: 'Unanswered questions', value: 0, previous: before(6) }])).toBe(
      'Unanswered questions fell from 6 to none against 10–16 Nov 2026.'
    )
  })
})

describe('the top of the report', () => {
  it('reads: the problem, the readers’ words, where to act and the verdicts, then what changed, then Fix first', () => {
    const seen = text(overviewHtml(overview({ words: words({ comments: ['No example in Python.'] }) }), ['<p>ACT</p>', '<p>VERDICT</p>']))
    const order = [
      'is this week’s problem',
      'No example in Python.',
      'ACT',
      'VERDICT',
      'What changed',
      'Fix first',
      'How did this week compare'
    ]
    const at = order.map((part) => seen.indexOf(part))
    expect(at.every((position) => position >= 0)).toBe(true)
    expect([...at].sort((a, b) => a - b)).toEqual(at)
  })

  it('counts a thumbs down and the not-helpful row left with it once in an item’s evidence, and says so', () => {
    const both: FixItem = {
      page: PAGE,
      score: 9,
      signals: [
        { kind: 'unanswered', count: 29, page: PAGE },
        { kind: 'not-helpful', count: 17, page: PAGE },
        { kind: 'thumbs-down', count: 14, page: PAGE },
        { kind: 'thumbs-up', count: 21, page: PAGE }
      ]
    }
    const line = evidenceLine(both, (t) => t)
    expect(line).toBe(
      '29 unanswered questions · 17 unhappy readers (14 thumbs down, 17 marked not helpful; a reader counts once) · 21 thumbs up'
    )
    const alone = (kind: 'thumbs-down' | 'not-helpful'): string =>
      evidenceLine({ page: PAGE, score: 9, signals: [{ kind, count: 3, page: PAGE }] }, (t) => t)
    expect(alone('thumbs-down')).toBe('3 thumbs down')
    expect(alone('not-helpful')).toBe('3 marked not helpful')
    // A page's visitors, should an item ever hold them, are no trouble: they bound its thumbs up (Fix first keeps them apart: grouped).
    expect(evidenceLine({ page: PAGE, score: 9, signals: [{ kind: 'visited', count: 1000, page: PAGE }] }, (t) => t)).toBe('')
  })

  it('draws the trend as a column of the headline table, from zero, with the first period’s value', () => {
    const trend = { dateFrom: '2026-10-27', dateTo: '2026-11-03', periods: 4, lines: { visitorsAi: { bars: '▇▇█▇', first: 98 } } }
    const table = renderSummary(headlinesHtml(overview({ trend }))).tables[0]
    expect(table).toEqual([
      ['', 'This period', 'Change', '4 weeks since 27 Oct – 2 Nov 2026'],
      ['AI visitors', '97', '▼ 3%', '▇▇█▇ from 98']
    ])
    const missing = renderSummary(headlinesHtml(overview({ trend: { ...trend, lines: {} } }))).tables[0]
    expect(missing?.[1]).toEqual(['AI visitors', '97', '▼ 3%', ''])
    expect(renderSummary(headlinesHtml(overview())).tables[0]?.[0]).toEqual(['', 'This period', 'Change'])
  })
})

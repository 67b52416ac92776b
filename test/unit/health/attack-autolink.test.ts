// Tests the lines issue 28 added to the docs health issue (a gap's numbers with the searches it
// follows, the dismissed list, the gaps fixed this period, the pages that moved, the sentence that
// names the week's problem) with hostile
// reader and service text in every place they show it: rendered by a GFM renderer, none of it becomes
// a link, a mention, an issue or repository reference, or a commit id.
import { describe, expect, it } from 'vitest'
import { ownedBody } from '../../../src/health/body.js'
import { leadHtml } from '../../../src/render/overview.js'
import { emptyState, type HealthState, type GapNumbers, type GapRecord } from '../../../src/health/state.js'
import { githubReferences, gfmToHtml, linksIn, textNodes } from '../../support/gfm.js'

const HOSTILE = [
  'www.evil-phish.com/reset',
  'https://evil.example/x',
  'mail me@evil.example',
  'ping @acme/everyone',
  'see #12',
  'acme/app#7',
  'GH-42',
  'commit deadbeefcafe',
  'acme/app@deadbeefcafe1',
  '[click](https://evil.example)',
  '<a href="https://evil.example">x</a>',
  'ftp://evil.example'
]

const numbers = (text: string): GapNumbers => ({
  dateFrom: '2026-11-09',
  dateTo: '2026-11-16',
  down: 3,
  noClick: 9,
  searches: [{ text, hits: 9, clicked: 0.5 }]
})

const gap = (i: number, text: string, state: GapRecord['state']): GapRecord => ({
  id: i.toString(16).padStart(12, '0'),
  kind: i % 2 === 0 ? 'search' : 'page',
  subject: i % 2 === 0 ? text : `/docs/${text}`,
  firstSeen: '2026-11-09',
  lastSeen: '2026-11-09',
  periods: 1,
  score: 1,
  evidence: { searches: [{ words: text, hits: 9 }] },
  state,
  now: numbers(text),
  before: numbers(text),
  ...(state === 'resolved' ? { resolvedOn: '2026-11-20', mergedOn: '2026-11-10' } : {}),
  ...(state === 'dismissed' ? { dismissedOn: '2026-11-12' } : {})
})

describe('the new lines of the docs health issue with hostile text', () => {
  /** The issue's owned part and its HTML, made in each test: work done at load runs outside every test. */
  const issue = () => {
    const states: GapRecord['state'][] = ['new', 'merged', 'resolved', 'dismissed', 'back']
    const gaps = HOSTILE.flatMap((text, i) => states.map((state, j) => gap(i * states.length + j + 1, text, state)))
    const state: HealthState = {
      ...emptyState('proj'),
      periods: [{ dateFrom: '2026-11-09', dateTo: '2026-11-16', headlines: {} }],
      gaps: gaps.slice(0, 30)
    }
    const body = ownedBody({
      state,
      resolved: 3,
      resolvedIds: new Set(gaps.filter((g) => g.state === 'resolved').map((g) => g.id)),
      footerHtml: '<sub>footer</sub>',
      movers: HOSTILE.map((text, i) => ({
        path: `/docs/${text}`,
        measure: 'visitors' as const,
        before: 100,
        after: 50 + i,
        changePercent: -40
      }))
    })
    return { body, html: gfmToHtml(body) }
  }

  it('shows every hostile text', () => {
    const { body, html } = issue()
    expect(body).toContain('Pages that moved')
    expect(body).toContain('Not gaps, as people said')
    expect(body).toContain('✅ <strong>Fixed:</strong>')
    // As a person reads it: each hostile text whole, in the text of the page.
    const text = textNodes(html.replace(/<\/?(?:span|code)>/g, '')).join('')
    for (const hostile of HOSTILE) expect(text).toContain(hostile)
  })

  it('links nowhere and references nothing', () => {
    const { html } = issue()
    expect(linksIn(html)).toEqual([])
    expect(githubReferences(html)).toEqual([])
  })
})

describe('the sentence that names the problem, with hostile text', () => {
  for (const hostile of HOSTILE) {
    it(`names ${JSON.stringify(hostile)} as a search and a page, linking nowhere`, () => {
      for (const item of [
        { search: hostile, score: 9, signals: [{ kind: 'no-click' as const, count: 9, search: hostile }] },
        { page: `/docs/${hostile}`, score: 9, signals: [{ kind: 'thumbs-down' as const, count: 9, page: `/docs/${hostile}` }] }
      ]) {
        const html = gfmToHtml(leadHtml({ items: [item], dateFrom: '2026-11-09', dateTo: '2026-11-16' }))
        expect(textNodes(html.replace(/<\/?(?:span|code)>/g, '')).join('')).toContain(hostile)
        expect(linksIn(html)).toEqual([])
        expect(githubReferences(html)).toEqual([])
      }
    })
  }
})

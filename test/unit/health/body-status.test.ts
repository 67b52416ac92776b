// Tests pieces of the docs health issue's body (src/health/body.ts) as GitHub renders them
// (test/support/render.js): the line that says the week's top problem is already with the agent,
// the pages that moved, the clicks of a gap's searches, and the digest of the overview's pieces.
import { describe, expect, it } from 'vitest'
import { leadStatusHtml, moversHtml, numbersHtml, overviewBlocks, overviewDigest, ownedBody } from '../../../src/health/body.js'
import { fingerprint } from '../../../src/health/ledger.js'
import { emptyState, type GapRecord, type HealthState } from '../../../src/health/state.js'
import type { FixItem } from '../../../src/render/fix-first.js'
import type { Overview } from '../../../src/render/overview.js'
import { renderSummary } from '../../support/render.js'

const PAGE: FixItem = { page: '/docs/keys', score: 9, signals: [{ kind: 'thumbs-down', count: 4, page: '/docs/keys' }] }
const overviewOf = (items: FixItem[]): Overview => ({ items }) as Pick<Overview, 'items'> as Overview
const gapOf = (more: Partial<GapRecord>): GapRecord => ({
  id: fingerprint('page', '/docs/keys'),
  kind: 'page',
  subject: '/docs/keys',
  firstSeen: '2026-11-02',
  lastSeen: '2026-11-16',
  periods: 2,
  score: 9,
  evidence: { down: 4 },
  state: 'asked',
  ...more
})
const stateWith = (gaps: GapRecord[]): HealthState => ({ ...emptyState('proj'), gaps })
const seen = (html: string): string => renderSummary(html).text

describe('leadStatusHtml', () => {
  it('says what became of the top item when it is with the agent', () => {
    const status = (more: Partial<GapRecord>) => seen(leadStatusHtml(overviewOf([PAGE]), stateWith([gapOf(more)])))
    expect(status({})).toBe('⏳ Already under way: /docs/keys: the agent is working on it (see With the agent).')
    expect(status({ state: 'pr-open', prLink: 'https://github.com/acme/docs/pull/1234' })).toBe(
      '⏳ Already under way: /docs/keys: pull request #1,234 is open: review and merge it (see With the agent).'
    )
    // A link that does not end at the number names no number.
    expect(status({ state: 'pr-open', prLink: 'https://github.com/acme/docs/pull/12/files' })).toBe(
      '⏳ Already under way: /docs/keys: its pull request is open: review and merge it (see With the agent).'
    )
    expect(status({ state: 'pr-open' })).toBe(
      '⏳ Already under way: /docs/keys: its pull request is open: review and merge it (see With the agent).'
    )
    expect(status({ state: 'merged', prLink: 'https://github.com/acme/docs/pull/7', mergedOn: '2026-11-20' })).toBe(
      '⏳ Already under way: /docs/keys: pull request #7 merged 20 Nov 2026; the periods since the merge will tell whether it worked (see With the agent).'
    )
    expect(status({ state: 'merged' })).toBe(
      '⏳ Already under way: /docs/keys: its pull request merged; the periods since the merge will tell whether it worked (see With the agent).'
    )
    for (const state of ['new', 'resolved', 'back', 'dismissed'] as const) expect(status({ state })).toBe('')
  })

  it('finds the gap of a search item, and says nothing for an item with no gap or no subject', () => {
    const search: FixItem = { search: 'billing', score: 5, signals: [{ kind: 'no-click', count: 5, search: 'billing' }] }
    const asked = gapOf({ id: fingerprint('search', 'billing'), kind: 'search', subject: 'billing' })
    expect(seen(leadStatusHtml(overviewOf([search, PAGE]), stateWith([gapOf({ state: 'pr-open' }), asked])))).toBe(
      '⏳ Already under way: search “billing”: the agent is working on it (see With the agent).'
    )
    expect(leadStatusHtml(overviewOf([PAGE]), stateWith([asked]))).toBe('')
    expect(leadStatusHtml(overviewOf([{ ...search, search: '' }]), stateWith([asked]))).toBe('')
    expect(leadStatusHtml(overviewOf([]), stateWith([asked]))).toBe('')
    expect(leadStatusHtml(undefined, stateWith([asked]))).toBe('')
  })

  it('in a run that reads no analytics (a tick), names the weightiest gap of the latest period the top names, never a dismissed or fixed one', () => {
    const period = { dateFrom: '2026-11-16', dateTo: '2026-11-23', headlines: {} }
    const state = (gaps: GapRecord[]): HealthState => ({ ...stateWith(gaps), periods: [period] as HealthState['periods'] })
    const top = gapOf({ state: 'pr-open', prLink: 'https://github.com/acme/docs/pull/9', score: 9 })
    const lighter = gapOf({ id: fingerprint('page', '/docs/a'), subject: '/docs/a', state: 'asked', score: 3 })
    const older = gapOf({ id: fingerprint('page', '/docs/b'), subject: '/docs/b', state: 'asked', score: 50, lastSeen: '2026-11-09' })
    expect(seen(leadStatusHtml(undefined, state([lighter, top, older])))).toBe(
      '⏳ Already under way: /docs/keys: pull request #9 is open: review and merge it (see With the agent).'
    )
    // A week of seven days is a week: the merged line counts in weeks.
    expect(seen(leadStatusHtml(undefined, state([{ ...top, state: 'merged' }])))).toContain('the weeks since the merge will tell')
    for (const gone of ['dismissed', 'resolved'] as const)
      expect(seen(leadStatusHtml(undefined, state([lighter, { ...top, state: gone }])))).toContain('/docs/a: the agent is working on it')
    expect(leadStatusHtml(undefined, state([{ ...top, state: 'new' }]))).toBe('')
  })
})

describe('moversHtml', () => {
  it('lists each page that moved with its direction, change and counts, under a heading and a note', () => {
    const rendered = renderSummary(
      moversHtml([
        { path: '/guides/deploy', measure: 'visitors', before: 2500, after: 1500, changePercent: -40 },
        { path: '/docs/<b>api</b>', measure: 'views', before: 100, after: 150, changePercent: 50 }
      ]).join('\n\n')
    )
    expect(rendered.headings).toEqual(['Pages that moved'])
    expect(rendered.text).toBe(
      'Pages that moved /guides/deploy ▼ 40 % (2,500 → 1,500 human visitors) /docs/<b>api</b> ▲ 50 % (100 → 150 page views) ' +
        "Against the period just before, from the docs health issue's history: pages with at least 50 before that changed by at least 20 %. " +
        'Human visitors leave AI agents out; the page table counts both.'
    )
    expect(rendered.html.match(/<li>/g)).toHaveLength(2)
    expect(moversHtml([])).toEqual([])
  })

  it('are kept between their markers by a run that reads no analytics (a tick), after the gaps to tick', () => {
    const movers = moversHtml([{ path: '/guides/deploy', measure: 'visitors', before: 2500, after: 1500, changePercent: -40 }]).join('\n')
    const kept = { top: '<h2>Docs</h2>', figures: '<p>figures</p>', howRead: '<details>x</details>', movers }
    const owned = ownedBody({ state: stateWith([]), resolved: 0, footerHtml: '', kept })
    expect(overviewBlocks(owned)).toEqual(kept)
    const seen = renderSummary(owned)
    expect(seen.headings).toEqual(['Docs', 'Fix first: tick a gap to ask the agent', 'Pages that moved'])
    expect(seen.text.indexOf('/guides/deploy ▼ 40 %')).toBeGreaterThan(seen.text.indexOf('Nothing to tick'))
  })
})

describe('numbersHtml', () => {
  it('says a search that was not searched in a period, before or now', () => {
    const period = { dateFrom: '2026-11-16', dateTo: '2026-11-23' }
    const before = {
      ...period,
      searches: [
        { text: 'sso', hits: 10, clicked: 0.1 },
        { text: 'saml', hits: 0, clicked: 0 }
      ]
    }
    expect(numbersHtml({ ...period, searches: [{ text: 'saml', hits: 3, clicked: 0.5 }] }, before)).toBe(
      '“sso” clicked 10 % → not searched · “saml” clicked not searched → 50 %'
    )
    expect(numbersHtml(period, before)).toBe('“sso” clicked 10 % → not searched · “saml” clicked not searched → not searched')
    expect(numbersHtml(undefined, before)).toBe('“sso” clicked 10 % → not searched · “saml” clicked not searched → not searched')
    expect(numbersHtml({ ...period, searches: [{ text: 'sso', hits: 0, clicked: 0 }] })).toBe('“sso” clicked not searched')
  })
})

describe('overviewDigest', () => {
  it('is the same for pieces that differ only by the blanks around them, and differs when a piece does', () => {
    const blocks = { top: '<h2>Docs</h2>', figures: '<table></table>', howRead: '<details></details>' }
    const digest = overviewDigest(blocks)
    expect(digest).toMatch(/^[0-9a-f]{64}$/)
    expect(overviewDigest({ ...blocks, top: '\n <h2>Docs</h2>\n' })).toBe(digest)
    for (const name of ['top', 'figures', 'howRead'] as const)
      expect(overviewDigest({ ...blocks, [name]: '<p>changed</p>' })).not.toBe(digest)
    expect(overviewDigest({ top: blocks.figures, figures: blocks.top, howRead: blocks.howRead })).not.toBe(digest)
  })

  it('counts the pages that moved only when there are some: a body written before they were kept keeps its digest', () => {
    const blocks = { top: '<h2>Docs</h2>', figures: '<table></table>', howRead: '<details></details>' }
    const digest = overviewDigest(blocks)
    expect(overviewDigest({ ...blocks, movers: '' })).toBe(digest)
    expect(overviewDigest({ ...blocks, movers: ' \n' })).toBe(digest)
    const moved = overviewDigest({ ...blocks, movers: '<h3>Pages that moved</h3>' })
    expect(moved).not.toBe(digest)
    expect(overviewDigest({ ...blocks, movers: '<h3>Pages that moved</h3>\n' })).toBe(moved)
    expect(overviewDigest({ ...blocks, movers: '<h3>Other</h3>' })).not.toBe(moved)
  })
})

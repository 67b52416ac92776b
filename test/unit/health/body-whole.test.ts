// Tests the whole owned part of the docs health issue's body (src/health/body.ts) as a reader sees
// it rendered (test/support/render.js): every section in its place, each with the words it needs.
import { describe, expect, it } from 'vitest'
import { ownedBody } from '../../../src/health/body.js'
import { emptyState, type GapRecord, type HealthState } from '../../../src/health/state.js'
import { renderSummary } from '../../support/render.js'

const gap = (id: string, subject: string, more: Partial<GapRecord> = {}): GapRecord => ({
  id: id.repeat(12),
  kind: 'page',
  subject,
  firstSeen: '2026-11-02',
  lastSeen: '2026-11-16',
  periods: 2,
  score: 9,
  evidence: '4 thumbs down',
  state: 'new',
  ...more
})

describe('ownedBody', () => {
  it('shows every section a run can have, in order, as GitHub renders it', () => {
    const state: HealthState = {
      ...emptyState('proj'),
      gaps: [
        gap('a', '/docs/open'),
        gap('b', '/docs/asked', { state: 'asked' }),
        gap('c', '/docs/done', { state: 'resolved', scoreBefore: 9, score: 0 }),
        gap('d', '/docs/older', { state: 'resolved', scoreBefore: 5, score: 0 }),
        gap('e', '/docs/fine', { state: 'dismissed' })
      ]
    }
    const body = ownedBody({
      state,
      kept: {
        top: '<h2>Docs health</h2>',
        figures: '<p>Figures here</p>',
        howRead: '<details><summary>How this was read</summary>x</details>'
      },
      resolved: 2,
      resolvedIds: new Set(['c'.repeat(12), 'a'.repeat(12)]),
      movers: [{ path: '/docs/moved', measure: 'views', before: 100, after: 50, changePercent: -50 }],
      footerHtml: '<sub>footer</sub>'
    })
    const rendered = renderSummary(body)
    expect(rendered.headings).toEqual([
      'Docs health',
      'Fix first: tick a gap to ask the agent',
      'Pages that moved',
      'With the agent',
      'Fixed'
    ])
    expect(rendered.text).toMatchInlineSnapshot(
      `"Docs health ✅ 2 gaps fixed this period: /docs/done. Fix first: tick a gap to ask the agent Tick the gaps to fix. The next run of the workflow (at once, when it runs on issues: edited) starts one agent job for every ticked gap, which opens one pull request in the docs repository. The agent is sent each gap’s page or search and its counts (what readers wrote stays out: the repository is public, or reader text is hidden). [ ] /docs/open · 4 thumbs down ranked 2 periods since 2 Nov 2026 [ ] Not a gap What a tick sends the agent: its counts page /docs/open: 4 thumbs down Pages that moved /docs/moved ▼ 50 % (100 → 50 page views) Against the period just before, from the docs health issue's history: pages with at least 50 before that changed by at least 20 %. Figures here With the agent /docs/asked: asked the agent Fixed /docs/done: fixed · merged /docs/older: fixed · merged Not gaps, as people said (1) /docs/fine: not a gap [ ] Bring it back A gap said not to be one leaves Fix first and docsGaps and is never asked for, until the readers in trouble on it are at least 2 times as many as when it was dismissed, and at least 5 more: then it is back. Tick “Bring it back” under a gap to open it again. How this was read x footer"`
    )
  })

  it('counts one gap resolved without naming gaps it does not know, and says when nothing is open', () => {
    const state: HealthState = { ...emptyState('proj'), gaps: [gap('c', '/docs/done', { state: 'resolved' })] }
    const rendered = renderSummary(ownedBody({ state, resolved: 1, footerHtml: '<sub>footer</sub>' }))
    expect(rendered.headings).toEqual(['Fix first: tick a gap to ask the agent', 'Fixed'])
    expect(rendered.text).toBe(
      '✅ 1 gap fixed this period. Fix first: tick a gap to ask the agent Nothing to tick: no gap is open. Fixed /docs/done: fixed · merged footer'
    )
  })

  it('says what became of each gap with the agent, resolved or dismissed, with its pull request and dates', () => {
    const now = { dateFrom: '2026-11-16', dateTo: '2026-11-23', down: 1 }
    const before = { dateFrom: '2026-11-02', dateTo: '2026-11-09', down: 4 }
    const state: HealthState = {
      ...emptyState('proj'),
      gaps: [
        gap('a', '/docs/asked', { state: 'asked', jobId: 'job-1' }),
        gap('b', '/docs/open-pr', { state: 'pr-open', jobId: 'job-2', prLink: 'https://github.com/acme/docs/pull/128' }),
        gap('c', '/docs/odd-link', { state: 'pr-open', prLink: 'https://github.com/acme/docs/pull/9/files' }),
        gap('d', '/docs/no-link', { state: 'pr-open' }),
        gap('e', '/docs/merged', {
          state: 'merged',
          quiet: 1,
          mergedOn: '2026-11-18',
          prLink: 'https://github.com/acme/docs/pull/7',
          now,
          before
        }),
        gap('f', '/docs/resolved', { state: 'resolved', jobId: 'job-3', resolvedOn: '2026-11-25', mergedOn: '2026-11-10', now, before }),
        gap('0', '/docs/said', { state: 'dismissed', dismissedOn: '2026-11-12', now, before }),
        gap('1', '/docs/said-plain', { state: 'dismissed' })
      ]
    }
    const rendered = renderSummary(ownedBody({ state, resolved: 0, footerHtml: '' }))
    // A link that does not end at the number names no number; a gap with no link shows none.
    expect(rendered.links).toEqual([
      { href: 'https://github.com/acme/docs/pull/128', text: 'pull request #128' },
      { href: 'https://github.com/acme/docs/pull/9/files', text: 'pull request' },
      { href: 'https://github.com/acme/docs/pull/7', text: 'pull request #7' }
    ])
    const lines = rendered.html.match(/<li>.*?<\/li>/gs) ?? []
    expect(lines.map((line) => renderSummary(line).text)).toMatchInlineSnapshot(`
      [
        "/docs/asked: asked the agent · job job-1",
        "/docs/open-pr: pull request #128 open · job job-2",
        "/docs/odd-link: pull request open",
        "/docs/no-link: pull request open",
        "/docs/merged: merged 18 Nov 2026 · too few readers to tell yet: 0 of 6 periods since the merge · pull request #7 · before 2–8 Nov 2026: 👎 4",
        "/docs/resolved: fixed 25 Nov 2026 · merged 10 Nov 2026 · before 2–8 Nov 2026: 👎 4",
        "/docs/said: not a gap, said on 12 Nov 2026 · 👎 4 → 1 [ ] Bring it back",
        "/docs/said-plain: not a gap [ ] Bring it back",
      ]
    `)
  })

  it('shows the trend from two periods, each headline from its first known value, and an open gap not ranked now with its latest numbers', () => {
    const periods = [
      { dateFrom: '2026-11-09', dateTo: '2026-11-16', headlines: { visitorsHuman: 100 } },
      { dateFrom: '2026-11-16', dateTo: '2026-11-23', headlines: { visitorsHuman: 120, thumbsDown: 3 } }
    ]
    const old = { lastSeen: '2026-11-09', periods: 1, firstSeen: '2026-11-09' }
    const state: HealthState = {
      ...emptyState('proj'),
      periods,
      gaps: [
        gap('a', '/docs/quiet', { ...old, now: { dateFrom: '2026-11-16', dateTo: '2026-11-23', down: 1 } }),
        gap('b', '/docs/calm', { ...old, now: { dateFrom: '2026-11-16', dateTo: '2026-11-23' } }),
        gap('c', '/docs/unread', { ...old, now: { dateFrom: '2026-11-09', dateTo: '2026-11-16', down: 2 } }),
        gap('d', '/docs/ranked', { lastSeen: '2026-11-16', now: { dateFrom: '2026-11-16', dateTo: '2026-11-23', down: 5 } })
      ]
    }
    const rendered = renderSummary(ownedBody({ state, resolved: 0, footerHtml: '' }))
    expect(rendered.headings).toContain('Trend over 2 periods')
    expect(rendered.tables).toEqual([
      [
        ['Headline', 'Since 9–15 Nov 2026', 'First → last'],
        ['Human visitors', '▇█', '100 → 120'],
        ['Thumbs down', '█', '3 → 3']
      ]
    ])
    // Each open gap's line, up to its "Not a gap" box.
    for (const line of [
      '[ ] /docs/quiet · 4 thumbs down first seen 9 Nov 2026 · not ranked in the latest period (last 9 Nov 2026) · latest period: 👎 1 [ ] Not a gap',
      '[ ] /docs/calm · 4 thumbs down first seen 9 Nov 2026 · not ranked in the latest period (last 9 Nov 2026) · latest period: no reader in trouble [ ] Not a gap',
      '[ ] /docs/unread · 4 thumbs down first seen 9 Nov 2026 · not ranked in the latest period (last 9 Nov 2026) [ ] Not a gap',
      '[ ] /docs/ranked · 4 thumbs down ranked 2 periods since 2 Nov 2026 [ ] Not a gap'
    ])
      expect(rendered.text).toContain(line)
    // One period is no trend, nor a latest period with no headline read.
    const alone = renderSummary(ownedBody({ state: { ...state, periods: periods.slice(1) }, resolved: 0, footerHtml: '' }))
    expect(alone.tables).toEqual([])
    const unread = [...periods.slice(0, 1), { dateFrom: '2026-11-16', dateTo: '2026-11-23', headlines: {} }]
    expect(renderSummary(ownedBody({ state: { ...state, periods: unread }, resolved: 0, footerHtml: '' })).tables).toEqual([])
  })
})

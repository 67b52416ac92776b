// Tests the whole owned part of the docs health issue's body (src/health/body.ts) as a reader sees
// it rendered (test/support/render.js): every section in its place, each with the words it needs.
import { describe, expect, it } from 'vitest'
import { ownedBody } from '../../../src/health/body.js'
import { fingerprint } from '../../../src/health/ledger.js'
import { emptyState, type GapRecord, type HealthState } from '../../../src/health/state.js'
import type { Overview } from '../../../src/render/overview.js'
import { renderSummary } from '../../support/render.js'

const gap = (id: string, subject: string, more: Partial<GapRecord> = {}): GapRecord => ({
  id: id.repeat(12),
  kind: 'page',
  subject,
  firstSeen: '2026-11-02',
  lastSeen: '2026-11-16',
  periods: 2,
  score: 9,
  evidence: { down: 4 },
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
      'With the agent',
      'Fix first: tick a gap to ask the agent',
      'Pages that moved',
      'Fixed'
    ])
    expect(rendered.text).toMatchInlineSnapshot(
      `"Docs health Since last period: ✅ Fixed: /docs/done So far: ✅ 1 fixed: /docs/older ✅ /docs/older: fixed With the agent /docs/asked: the agent is working on it Fix first: tick a gap to ask the agent Tick the gaps to fix: the workflow starts one agent job for all ticked gaps, which opens one pull request in the docs repository (at once, if the workflow runs when this issue is edited; else at its next run). The agent is sent each gap’s page or search and its counts (what readers wrote stays out: the repository is public, or reader text is hidden). [ ] /docs/open · 4 thumbs down on the list 2 periods since 2 Nov 2026 [ ] Not a gap What a tick sends the agent: its counts page /docs/open: 4 thumbs down Pages that moved /docs/moved ▼ 50 % (100 → 50 page views) Against the period just before, from the docs health issue's history: pages with at least 50 before that changed by at least 20 %. Human visitors leave AI agents out; the page table counts both. Figures here Fixed /docs/done: fixed · merged /docs/older: fixed · merged Not gaps, as people said (1) /docs/fine: not a gap [ ] Bring it back A gap marked “Not a gap” is left off Fix first, out of docsGaps and out of what the agent is sent, until its thumbs down, unanswered questions and searches with no click are at least 2 times as many as when it was dismissed, and at least 5 more: then it is back. Tick “Bring it back” under a gap to open it again. How this was read x footer"`
    )
  })

  it('counts one gap resolved without naming gaps it does not know, and says when nothing is open', () => {
    const state: HealthState = { ...emptyState('proj'), gaps: [gap('c', '/docs/done', { state: 'resolved' })] }
    const rendered = renderSummary(ownedBody({ state, resolved: 1, footerHtml: '<sub>footer</sub>' }))
    expect(rendered.headings).toEqual(['Fix first: tick a gap to ask the agent', 'Fixed'])
    expect(rendered.text).toBe(
      '✅ 1 gap fixed this period. So far: ✅ 1 fixed: /docs/done ✅ /docs/done: fixed Fix first: tick a gap to ask the agent Nothing to tick: no gap is open. Fixed /docs/done: fixed · merged footer'
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
    // A link that does not end at the number names no number; a gap with no link shows none. The fix
    // waiting for its verdict is named first, folded with the fix that stands judged.
    expect(rendered.links).toEqual([
      { href: 'https://github.com/acme/docs/pull/7', text: 'pull request #7' },
      { href: 'https://github.com/acme/docs/pull/128', text: 'pull request #128' },
      { href: 'https://github.com/acme/docs/pull/9/files', text: 'pull request' },
      { href: 'https://github.com/acme/docs/pull/7', text: 'pull request #7' }
    ])
    const lines = rendered.html.slice(rendered.html.indexOf('With the agent')).match(/<li>.*?<\/li>/gs) ?? []
    expect(lines.map((line) => renderSummary(line).text)).toMatchInlineSnapshot(`
      [
        "/docs/asked: the agent is working on it",
        "/docs/open-pr: pull request #128 open",
        "/docs/odd-link: pull request open",
        "/docs/no-link: pull request open",
        "/docs/merged: merged 18 Nov 2026 · waiting: up to 6 more periods of readers to tell · pull request #7 · before 2–8 Nov 2026: 👎 4",
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
        gap('d', '/docs/ranked', {
          id: fingerprint('page', '/docs/ranked'),
          lastSeen: '2026-11-16',
          now: { dateFrom: '2026-11-16', dateTo: '2026-11-23', down: 5 }
        })
      ]
    }
    const overview: Overview = {
      dateFrom: '2026-11-16',
      dateTo: '2026-11-23',
      rangeText: 'r',
      requests: 1,
      headlines: [
        { key: 'visitorsHuman', name: 'Human visitors', value: 120 },
        { key: 'thumbsDown', name: 'Thumbs down', value: 3 }
      ],
      items: [{ page: '/docs/ranked', score: 5, signals: [{ kind: 'thumbs-down', count: 5, page: '/docs/ranked' }] }],
      incomplete: [],
      uncompared: []
    }
    const rendered = renderSummary(ownedBody({ state, resolved: 0, footerHtml: '', overview }))
    // One table of the headlines, the trend a column of it: the headlines are not named twice.
    expect(rendered.tables).toEqual([
      [
        ['', 'This period', 'Change', '2 weeks since 9–15 Nov 2026'],
        ['Human visitors', '120', '—', '▇█ from 100'],
        ['Thumbs down', '3', '—', '█ from 3']
      ]
    ])
    // Each open gap's line, up to its "Not a gap" box.
    for (const line of [
      '[ ] /docs/ranked · 4 thumbs down on the list 2 weeks since 2 Nov 2026 [ ] Not a gap',
      'Not on this week’s list: gaps still open from earlier weeks, with when they were last on it. ' +
        '[ ] /docs/quiet · last seen 1 week ago: 4 thumbs down · this week: 👎 1 [ ] Not a gap',
      '[ ] /docs/calm · last seen 1 week ago: 4 thumbs down · this week: no complaint [ ] Not a gap',
      '[ ] /docs/unread · last seen 1 week ago: 4 thumbs down [ ] Not a gap'
    ])
      expect(rendered.text).toContain(line)
    // One period is no trend; a headline the latest period did not read has no bars.
    const alone = renderSummary(ownedBody({ state: { ...state, periods: periods.slice(1) }, resolved: 0, footerHtml: '', overview }))
    expect(alone.tables[0]?.[0]).toEqual(['', 'This period', 'Change'])
    const unread = [...periods.slice(0, 1), { dateFrom: '2026-11-16', dateTo: '2026-11-23', headlines: { thumbsDown: 3 } }]
    expect(
      renderSummary(ownedBody({ state: { ...state, periods: unread }, resolved: 0, footerHtml: '', overview })).tables[0]?.slice(1)
    ).toEqual([
      ['Human visitors', '120', '—', ''],
      ['Thumbs down', '3', '—', '█ from 3']
    ])
  })
})

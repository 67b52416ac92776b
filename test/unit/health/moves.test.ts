// Tests a fix that moves its page (src/text/site-moves.ts, src/health/moves.ts, src/health/gone.ts, and
// their steps in src/health/transition.ts), in process: a pull request's files and the site's
// redirects read as pages that moved, hostile paths bounded; a gap followed to its page's new path with
// its history, judged on the new path's readers; and a page whose visitors vanish with no move known
// said to be gone, not left waiting for readers.
import { describe, expect, it } from 'vitest'
import { fixFirst, type Signal } from '../../../src/render/fix-first.js'
import { gone, GONE_VISITORS } from '../../../src/health/gone.js'
import { fingerprint, type Measured, type PullState } from '../../../src/health/ledger.js'
import { destinations, FOLDERS_MAX, withMoves } from '../../../src/health/moves.js'
import { emptyState, forgetReaderText, type GapNumbers, type GapRecord, type HealthState } from '../../../src/health/state.js'
import { type AnalyticsRead, begin, periodRead, pullsRead, type TransitionSettings, written } from '../../../src/health/transition.js'
import { pageLabel } from '../../../src/text/page-path.js'
import { configRedirects, fileMoves, filePage, MOVES_MAX } from '../../../src/text/site-moves.js'

const OLD = '/guides/webhooks'
const NEW = '/docs/webhooks'
const PR = 'https://github.com/acme/docs/pull/7'

describe('the pages a pull request moved, from its files', () => {
  it('reads a page file as its page, and anything else as none', () => {
    expect(filePage('guides/webhooks.mdx')).toBe('/guides/webhooks')
    expect(filePage('guides/webhooks.md')).toBe('/guides/webhooks')
    expect(filePage('index.mdx')).toBe('/index')
    for (const file of [
      'guides/webhooks.txt',
      'images/logo.png',
      'docs.json',
      'guides/a b.mdx',
      'guides/<b>.mdx',
      `${'a'.repeat(200)}.mdx`,
      '.mdx/x'
    ])
      expect(filePage(file)).toBeUndefined()
  })

  it('takes a renamed page to its new page, a removed one to none, and leaves added and modified files', () => {
    expect(
      fileMoves([
        { path: 'docs/webhooks.mdx', previousPath: 'guides/webhooks.mdx', status: 'renamed' },
        { path: 'guides/old.mdx', status: 'removed' },
        { path: 'snippets/retries.txt', previousPath: 'guides/retries.mdx', status: 'renamed' },
        { path: 'guides/new.mdx', status: 'added' },
        { path: 'guides/edited.mdx', status: 'modified' },
        { path: 'guides/copied.mdx', previousPath: 'guides/edited.mdx', status: 'copied' },
        { path: 'guides/x.mdx', status: 'renamed' },
        { path: 'images/a.png', previousPath: 'images/b.png', status: 'renamed' }
      ])
    ).toEqual([{ from: OLD, to: NEW }, { from: '/guides/old' }, { from: '/guides/retries' }])
  })

  it('reads at most MOVES_MAX moves of a pull request', () => {
    const files = Array.from({ length: MOVES_MAX + 5 }, (_, i) => ({ path: `p${i}.mdx`, status: 'removed' }))
    expect(fileMoves(files)).toHaveLength(MOVES_MAX)
    expect(fileMoves(files).at(-1)).toEqual({ from: `/p${MOVES_MAX - 1}` })
  })
})

describe("the site's redirects", () => {
  it('reads a redirect from one page to another, and none by a pattern, to another site, to itself or of another shape', () => {
    expect(
      configRedirects({
        redirects: [
          { source: OLD, destination: NEW },
          { source: '/guides/folder/', destination: '/docs/folder/' },
          { source: '/blog/:slug*', destination: '/news/:slug*' },
          { source: '/away', destination: 'https://elsewhere.example.com/x' },
          { source: '/same', destination: '/same' },
          { source: 'relative', destination: '/x' },
          { source: 5, destination: '/x' },
          'not an object',
          null
        ]
      })
    ).toEqual([
      { from: OLD, to: NEW },
      { from: '/guides/folder', to: '/docs/folder' }
    ])
    for (const config of [null, 'text', { redirects: 'no' }, {}, [{ source: OLD, destination: NEW }]])
      expect(configRedirects(config)).toEqual([])
  })

  it('follows a chain of redirects to its end, and no redirect of a cycle, which would move a gap every run', () => {
    const chain = configRedirects({
      redirects: [
        { source: '/a', destination: '/b' },
        { source: '/b', destination: '/c' },
        { source: '/x', destination: '/y' },
        { source: '/y', destination: '/x' },
        { source: '/p', destination: '/q' },
        { source: '/q', destination: '/r' },
        { source: '/r', destination: '/q' }
      ]
    })
    expect(chain).toEqual([
      { from: '/a', to: '/c' },
      { from: '/b', to: '/c' }
    ])
    // A merged gap on a page of a cycle stays where it is run after run, its numbers since the merge kept.
    const state: HealthState = { ...emptyState('p'), gaps: [gapAt('/x')] }
    const trigger = { issueEvent: false, mayAct: true, today: '2026-11-23' }
    const once = begin(state, undefined, trigger, settings({ redirects: chain }))
    expect(once.state).toEqual(state)
  })

  it('reads at most MOVES_MAX redirects', () => {
    const redirects = Array.from({ length: MOVES_MAX + 5 }, (_, i) => ({ source: `/a${i}`, destination: `/b${i}` }))
    expect(configRedirects({ redirects })).toHaveLength(MOVES_MAX)
  })
})

describe('where a page went, by the names the run gives pages', () => {
  const shown = { showWords: true }
  it('matches a file under up to FOLDERS_MAX folders, the fewest first, and a folder index at the folder', () => {
    const found = destinations([{ from: '/site/docs/guides/webhooks', to: '/site/docs/api/webhooks' }], true, shown)
    expect(found.get('/site/docs/guides/webhooks')).toBe('/site/docs/api/webhooks')
    expect(found.get('/docs/guides/webhooks')).toBe('/docs/api/webhooks')
    expect(found.get(OLD)).toBe('/api/webhooks')
    expect(found.get('/webhooks')).toBe('/webhooks')
    expect(found.size).toBe(FOLDERS_MAX + 1)
    expect(FOLDERS_MAX).toBe(3)
    expect([...destinations([{ from: '/a/b/c/d/e', to: '/a/b/c/d/f' }], true, shown).keys()]).toEqual([
      '/a/b/c/d/e',
      '/b/c/d/e',
      '/c/d/e',
      '/d/e'
    ])
    // A redirect names pages, not files: no folder is taken off.
    expect(destinations([{ from: '/docs/guides/webhooks', to: '/docs/api/webhooks' }], false, shown).has(OLD)).toBe(false)
    const index = destinations([{ from: '/guides/index', to: '/api/index' }], true, shown)
    expect(index.get('/guides/index')).toBe('/api/index')
    expect(index.get('/guides')).toBe('/api')
    expect(destinations([{ from: '/guides/index', to: '/api/hooks' }], true, shown).get('/guides')).toBe('/api/hooks')
    expect(destinations([{ from: '/index', to: '/start' }], false, shown).get('/')).toBe('/start')
    // A removed page goes nowhere; the first move of a page wins.
    const removed = destinations([{ from: OLD }, { from: OLD, to: NEW }], false, shown)
    expect(removed.has(OLD)).toBe(true)
    expect(removed.get(OLD)).toBeUndefined()
  })

  it('names a page the site does not list by its label where reader text is hidden, and one it lists by its path', () => {
    const hidden = destinations([{ from: OLD, to: NEW }], false, { showWords: false })
    expect(hidden.get(pageLabel(OLD))).toBe(pageLabel(NEW))
    expect(hidden.has(OLD)).toBe(false)
    const listed = destinations([{ from: OLD, to: NEW }], false, { showWords: false, sitePages: new Set([OLD, NEW]) })
    expect(listed.get(OLD)).toBe(NEW)
  })
})

const numbers = (dateFrom: string, more: Partial<GapNumbers> = {}): GapNumbers => ({
  dateFrom,
  dateTo: dateFrom.replace(/-(\d\d)$/, (_, d: string) => `-${String(Number(d) + 7).padStart(2, '0')}`),
  down: 30,
  up: 2,
  ...more
})

const gapAt = (subject: string, more: Partial<GapRecord> = {}): GapRecord => ({
  id: fingerprint('page', subject),
  kind: 'page',
  subject,
  firstSeen: '2026-11-02',
  lastSeen: '2026-11-09',
  periods: 2,
  score: 12,
  evidence: { down: 30 },
  state: 'merged',
  prLink: PR,
  jobId: 'job-1',
  mergedOn: '2026-11-16',
  verdict: 'too-few',
  before: numbers('2026-11-02', { periods: 2, down: 60, visitors: 400 }),
  ...more
})

describe('a gap that follows its page', () => {
  it('takes the new page and its id, keeps its history, and lets go of its numbers at the old page since the merge', () => {
    const gap = gapAt(OLD, {
      recent: [numbers('2026-11-02'), numbers('2026-11-09'), numbers('2026-11-16', { down: 0 })],
      now: numbers('2026-11-23', { down: 0 }),
      after: numbers('2026-11-16', { periods: 2, down: 0 })
    })
    const state: HealthState = { ...emptyState('p'), gaps: [gap, gapAt('/other', { state: 'new' })] }
    const { state: next, followed } = withMoves(
      state,
      (g) => (g.subject === OLD ? NEW : undefined),
      () => '2026-11-16'
    )
    expect(followed).toEqual([{ from: OLD, to: NEW }])
    const moved = next.gaps[0]
    expect(moved).toMatchObject({
      id: fingerprint('page', NEW),
      subject: NEW,
      movedFrom: OLD,
      state: 'merged',
      prLink: PR,
      jobId: 'job-1',
      mergedOn: '2026-11-16',
      before: gap.before,
      recent: [numbers('2026-11-02'), numbers('2026-11-09')]
    })
    expect(moved).not.toHaveProperty('now')
    expect(moved).not.toHaveProperty('after')
    expect(next.gaps[1]).toBe(state.gaps[1])
    // With the numbers at the new page of the period just read, it keeps those.
    const at = numbers('2026-11-23', { down: 1, visitors: 200 })
    const read = withMoves(
      state,
      (g) => (g.subject === OLD ? NEW : undefined),
      () => '2026-11-16',
      (g) => (g.subject === NEW ? at : undefined)
    )
    expect(read.state.gaps[0]?.now).toBe(at)
    // Before the merge day nothing is let go; with no merge day known, nothing either.
    const early = withMoves(
      state,
      (g) => (g.subject === OLD ? NEW : undefined),
      () => '2026-11-30'
    ).state.gaps[0]
    expect(early?.recent).toHaveLength(3)
    expect(early?.now).toEqual(gap.now)
    const unknown = withMoves(
      state,
      (g) => (g.subject === OLD ? NEW : undefined),
      () => undefined
    ).state.gaps[0]
    expect(unknown?.after).toEqual(gap.after)
  })

  it('takes the place of an open gap of the new page, and stays where it is when the new page has one in any other state', () => {
    for (const [there, follows] of [
      ['new', true],
      ['back', true],
      ['asked', false],
      ['merged', false],
      ['resolved', false],
      ['dismissed', false]
    ] as const) {
      const state: HealthState = { ...emptyState('p'), gaps: [gapAt(OLD), gapAt(NEW, { state: there })] }
      const { state: next, followed } = withMoves(
        state,
        (g) => (g.subject === OLD ? NEW : undefined),
        () => undefined
      )
      expect(followed.length, there).toBe(follows ? 1 : 0)
      expect(next.gaps.map((g) => [g.subject, g.state, g.movedFrom])).toEqual(
        follows
          ? [[NEW, 'merged', OLD]]
          : [
              [OLD, 'merged', undefined],
              [NEW, there, undefined]
            ]
      )
      if (!follows) expect(next).toBe(state)
    }
  })

  it('leaves search gaps and pages that did not move', () => {
    const search: GapRecord = { ...gapAt(OLD), kind: 'search', id: fingerprint('search', OLD) }
    const state: HealthState = { ...emptyState('p'), gaps: [search, gapAt('/stays')] }
    const { state: next, followed } = withMoves(
      state,
      (g) => (g.subject === '/stays' ? '/stays' : NEW),
      () => undefined
    )
    expect(followed).toEqual([])
    expect(next).toBe(state)
  })

  it('takes the place of an open gap on its new page that a client named, found by its label as by its id', () => {
    // Recorded while reader text was shown, the open gap keeps the id of its path under its label.
    const open = { ...gapAt('/client-page', { state: 'new' }), subject: pageLabel('/client-page') }
    const state: HealthState = { ...emptyState('p'), gaps: [gapAt(OLD), open] }
    const { state: moved } = withMoves(
      state,
      (g) => (g.subject === OLD ? pageLabel('/client-page') : undefined),
      () => '2026-11-16'
    )
    expect(moved.gaps.map((g) => [g.subject, g.movedFrom])).toEqual([[pageLabel('/client-page'), OLD]])
  })

  it('names the page it moved from by its label once reader text is hidden', () => {
    const state: HealthState = { ...emptyState('p'), gaps: [{ ...gapAt(NEW), movedFrom: OLD }] }
    expect(forgetReaderText(state).gaps[0]).toMatchObject({ subject: pageLabel(NEW), movedFrom: pageLabel(OLD) })
    expect(forgetReaderText(state, new Set([OLD, NEW])).gaps[0]).toMatchObject({ subject: NEW, movedFrom: OLD })
  })
})

describe('a page gone since the merge', () => {
  const before = numbers('2026-11-02', { periods: 2, visitors: 2 * GONE_VISITORS })
  it('is gone when no visitor came in the periods since the merge where its rate before expected at least GONE_VISITORS', () => {
    expect(GONE_VISITORS).toBe(10)
    expect(gone(before, [numbers('2026-11-16', { visitors: 0 })])).toBe(true)
    expect(gone(before, [numbers('2026-11-16', { visitors: 1 })])).toBe(false)
    expect(gone(before, [numbers('2026-11-16', { visitors: 0 }), numbers('2026-11-23', { visitors: 3 })])).toBe(false)
    expect(gone(before, [numbers('2026-11-16', { visitors: 0 }), numbers('2026-11-23')])).toBe(false)
    expect(gone(before, [])).toBe(false)
  })

  it('waits for more periods where its rate before expected fewer, and never says so without visitors before', () => {
    const small = numbers('2026-11-02', { periods: 2, visitors: 2 * 4 })
    expect(gone(small, [numbers('2026-11-16', { visitors: 0 })])).toBe(false)
    expect(gone(small, [numbers('2026-11-16', { visitors: 0 }), numbers('2026-11-23', { visitors: 0 })])).toBe(false)
    expect(
      gone(small, [numbers('2026-11-16', { visitors: 0 }), numbers('2026-11-23', { visitors: 0 }), numbers('2026-11-30', { visitors: 0 })])
    ).toBe(true)
    expect(gone(small, [numbers('2026-11-16', { periods: 3, visitors: 0 })])).toBe(true)
    expect(gone(numbers('2026-11-02'), [numbers('2026-11-16', { visitors: 0 })])).toBe(false)
    expect(gone(numbers('2026-11-02', { visitors: 0 }), [numbers('2026-11-16', { visitors: 0 })])).toBe(false)
    expect(gone(undefined, [numbers('2026-11-16', { visitors: 0 })])).toBe(false)
  })
})

// ---- Through the transition, as run/health-issue.ts takes its steps.

const settings = (more: Partial<TransitionSettings> = {}): TransitionSettings => ({
  projectId: 'p',
  runId: '9',
  showWords: true,
  footer: { action: 'docs-agent-action', version: '1.2.3' },
  ...more
})
const down = (page: string, count: number): Signal => ({ kind: 'thumbs-down', count, page })
const up = (page: string, count: number): Signal => ({ kind: 'thumbs-up', count, page })
/** The week from `dateFrom`, its signals, and each page's visitors read whole. */
const read = (dateFrom: string, signals: Signal[], visitors: Record<string, number>): AnalyticsRead => {
  const dateTo = numbers(dateFrom).dateTo
  const measured: Measured = { feedback: true, assistant: true, searches: true, visitors: new Map(Object.entries(visitors)) }
  return {
    overview: {
      dateFrom,
      dateTo,
      rangeText: dateFrom,
      requests: 4,
      headlines: [{ key: 'visitorsHuman', name: 'Human visitors', value: 900 }],
      items: fixFirst(signals),
      incomplete: [],
      uncompared: []
    },
    sections: { signals, measured },
    traffic: []
  }
}
/** The gap of `OLD` with its pull request open, asked with 30 thumbs down a week over 400 visitors in two weeks. */
const prOpen = (): HealthState => {
  const gap = gapAt(OLD, {
    state: 'pr-open',
    now: numbers('2026-11-09', { visitors: 200 }),
    before: numbers('2026-11-02', { periods: 2, down: 60, up: 4, visitors: 400 })
  })
  delete gap.mergedOn
  delete gap.verdict
  return { ...emptyState('p'), periods: [{ dateFrom: '2026-11-09', dateTo: '2026-11-16', headlines: {} }], gaps: [gap] }
}
const merged = (mergedOn = '2026-11-16'): ReadonlyMap<string, PullState> => new Map([[PR, { state: 'merged', mergedOn }]])

describe('the transition of a run whose fix moved its page', () => {
  it('follows a pull request that renamed the page to the new path, judged there on its readers, with one line for the gap', () => {
    let t = begin(prOpen(), undefined, { issueEvent: false, mayAct: true, today: '2026-11-23' }, settings())
    // The week since the merge: the readers read the page at its new path, and like it.
    t = periodRead(t, read('2026-11-16', [up(NEW, 30), down(NEW, 1)], { [NEW]: 210 }))
    t = pullsRead(t, merged(), new Map([[PR, [{ from: OLD, to: NEW }]]]))
    expect(t.notes).toEqual([
      '1 gap of the docs health issue followed its page to a new path, which a merged pull request or the site’s redirects gave: "/guides/webhooks" → "/docs/webhooks".'
    ])
    expect(t.state.gaps).toHaveLength(1)
    expect(t.state.gaps[0]).toMatchObject({
      subject: NEW,
      movedFrom: OLD,
      state: 'resolved',
      verdict: 'fixed',
      after: { visitors: 210, down: 1 }
    })
    const { owned } = written(t, '')
    expect(owned).toContain(`<code>${NEW}</code>: fixed`)
    expect(owned).toContain(`moved from <code>${OLD}</code>`)
    expect(owned).not.toContain(`<code>${OLD}</code>:`)
  })

  it('follows the site’s redirect where the pull request moved nothing, and a redirect of a merged gap before the period is read', () => {
    let t = begin(
      prOpen(),
      undefined,
      { issueEvent: false, mayAct: true, today: '2026-11-23' },
      settings({ redirects: [{ from: OLD, to: NEW }] })
    )
    t = periodRead(t, read('2026-11-16', [down(NEW, 30)], { [NEW]: 200 }))
    t = pullsRead(t, merged(), new Map([[PR, [{ from: OLD }]]]))
    expect(t.state.gaps[0]).toMatchObject({ subject: NEW, state: 'back', verdict: 'not-fixed' })
    // Merged before the site redirected the page: it follows at the start of the run.
    const state: HealthState = { ...emptyState('p'), gaps: [gapAt(OLD), gapAt('/left', { state: 'new' })] }
    const start = begin(
      state,
      undefined,
      { issueEvent: false, mayAct: true, today: '2026-11-23' },
      settings({
        redirects: [
          { from: OLD, to: NEW },
          { from: '/left', to: '/right' }
        ]
      })
    )
    expect(start.state.gaps.map((g) => g.subject)).toEqual([NEW, '/left'])
    expect(start.notes).toHaveLength(1)
    expect(begin(state, undefined, { issueEvent: false, mayAct: true, today: '2026-11-23' }, settings()).state).toEqual(state)
  })

  it('does not take a gap off a page the site still lists for a file of that name moved in another folder', () => {
    // The fix of OLD renames a draft of the same name under another folder: OLD itself stays, still
    // listed, its readers as unhappy as before. Taken off its folder, the draft's move reads as OLD's
    // and would judge the gap on the readers of a page it never was.
    const sitePages = new Set([OLD, '/healthy'])
    let t = begin(prOpen(), undefined, { issueEvent: false, mayAct: true, today: '2026-11-23' }, settings({ sitePages }))
    t = periodRead(t, read('2026-11-16', [down(OLD, 30), up('/healthy', 30)], { [OLD]: 200, '/healthy': 210 }))
    t = pullsRead(t, merged(), new Map([[PR, [{ from: `/drafts${OLD}`, to: '/drafts/healthy' }]]]))
    expect(t.state.gaps.map((gap) => gap.subject)).toEqual([OLD])
    expect(t.state.gaps[0]).toMatchObject({ state: 'back', verdict: 'not-fixed' })
    // The same move where the site no longer lists the page: the file was the page's, and the gap follows it.
    const listed = new Set(['/healthy'])
    let moved = begin(prOpen(), undefined, { issueEvent: false, mayAct: true, today: '2026-11-23' }, settings({ sitePages: listed }))
    moved = periodRead(moved, read('2026-11-16', [up('/healthy', 30)], { '/healthy': 210 }))
    moved = pullsRead(moved, merged(), new Map([[PR, [{ from: `/drafts${OLD}`, to: '/drafts/healthy' }]]]))
    expect(moved.state.gaps[0]).toMatchObject({ subject: '/healthy', movedFrom: OLD })
  })

  it('does not follow the moves of another pull request, or of one that is not merged', () => {
    let t = begin(prOpen(), undefined, { issueEvent: false, mayAct: true, today: '2026-11-23' }, settings())
    t = periodRead(t, read('2026-11-16', [up(NEW, 30)], { [NEW]: 210, [OLD]: 0 }))
    const other = pullsRead(t, merged(), new Map([['https://github.com/acme/docs/pull/8', [{ from: OLD, to: NEW }]]]))
    expect(other.state.gaps[0]?.subject).toBe(OLD)
    expect(other.notes).toEqual([])
    const open = pullsRead(t, new Map([[PR, { state: 'open' }]]), new Map([[PR, [{ from: OLD, to: NEW }]]]))
    expect(open.state.gaps[0]).toMatchObject({ subject: OLD, state: 'pr-open' })
  })

  it('says a page whose visitors vanished since the merge, with no move known, is gone: moved or removed?', () => {
    let t = begin(prOpen(), undefined, { issueEvent: false, mayAct: true, today: '2026-11-23' }, settings())
    t = periodRead(t, read('2026-11-16', [up('/elsewhere', 30)], { '/elsewhere': 500 }))
    t = pullsRead(t, merged(), new Map([[PR, []]]))
    expect(t.state.gaps[0]).toMatchObject({ subject: OLD, state: 'back', verdict: 'gone', now: { visitors: 0 } })
    const { owned } = written(t, '')
    expect(owned).toContain('this page gets no visitors since the merge: moved or removed?')
    expect(owned).not.toContain('waiting:')
    // Where the visitors were not read whole, nothing says the page is gone: it waits.
    let unread = begin(prOpen(), undefined, { issueEvent: false, mayAct: true, today: '2026-11-23' }, settings())
    const noVisitors = read('2026-11-16', [up('/elsewhere', 30)], {})
    delete (noVisitors.sections?.measured as { visitors?: unknown }).visitors
    unread = pullsRead(periodRead(unread, noVisitors), merged())
    expect(unread.state.gaps[0]).toMatchObject({ subject: OLD, state: 'merged', verdict: 'too-few' })
    expect(unread.state.gaps[0]?.now).not.toHaveProperty('visitors')
  })
})

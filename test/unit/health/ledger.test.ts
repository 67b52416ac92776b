// Tests the ledger of gaps (src/health/ledger.ts): each ranked item matched to its gap by a stable
// fingerprint, periods counted once, the history bounded, and every state a gap goes through: new,
// asked (once, never twice by one workflow run), PR open, merged (its verdict: verdict.test.ts),
// a closed pull request or a job with no pull request opens it again.
import { describe, expect, it } from 'vitest'
import { fixFirst, type FixItem, grouped, type Signal } from '../../../src/render/fix-first.js'
import {
  askable,
  clearlyWorse,
  dismissedIds,
  fingerprint,
  fixesOf,
  hiddenFingerprint,
  itemId,
  type Measured,
  numbersOf,
  withDismissed,
  withAsked,
  withOutcome,
  withJobEnded,
  withPeriod,
  withPulls,
  withRestored,
  withStaleAsksOpen
} from '../../../src/health/ledger.js'
import {
  emptyState,
  GAP_SEARCHES,
  type GapRecord,
  type HealthState,
  type GapNumbers,
  LEDGER_GAPS,
  SEARCH_CHARS,
  SUBJECT_CHARS
} from '../../../src/health/state.js'
import { PAGE_PATH_MAX_CHARS, sitePath } from '../../../src/text/page-path.js'
import { hiddenSearch } from '../../../src/text/search-words.js'

const WEBHOOKS = '/api-reference/webhooks'
const item = (page: string, thumbsDown: number): FixItem => ({
  page,
  score: thumbsDown * 3,
  signals: [{ kind: 'thumbs-down', count: thumbsDown, page }]
})
const week = (n: number) => {
  const from = new Date(Date.UTC(2026, 10, 2 + 7 * n))
  const to = new Date(from.getTime() + 7 * 86_400_000)
  return { dateFrom: from.toISOString().slice(0, 10), dateTo: to.toISOString().slice(0, 10) }
}
const read = (state: HealthState, n: number, items: FixItem[], headlines = { visitorsHuman: 100 + n }) =>
  withPeriod(state, { ...week(n), headlines, items }, 12)
const down = (page: string, count: number): Signal => ({ kind: 'thumbs-down', count, page })
const up = (page: string, count: number): Signal => ({ kind: 'thumbs-up', count, page })
const unanswered = (page: string, count: number): Signal => ({ kind: 'unanswered', count, page })
/** Pages readers like, more of them than the bad ones: the median page, the site's norm, is one of them. */
const likedPages = (count: number): Signal[] =>
  Array.from({ length: count }, (_, i) => [down(`/guides/liked-${String(i)}`, 1), up(`/guides/liked-${String(i)}`, 30)]).flat()
/** A period read with every signal: the ranked items and every gap's own numbers. */
const readAll = (state: HealthState, n: number, signals: Signal[], today = '', measured?: Measured) =>
  withPeriod(
    state,
    { ...week(n), headlines: {}, items: fixFirst(signals), groups: grouped(signals), ...(measured ? { measured } : {}) },
    12,
    today
  )
const PAGE_ID = '10e88c062faf'
const SEARCH_ID = 'fd67ef2b96d2'
const gapOf = (state: HealthState, page = WEBHOOKS) => state.gaps.find((gap) => gap.id === fingerprint('page', page))
describe('withPeriod', () => {
  it('keeps a page path as long as a page path is kept whole: its gap finds its numbers and its fix again', () => {
    const long = `/guides/${'a'.repeat(PAGE_PATH_MAX_CHARS - 8)}`
    expect(sitePath(long)).toBe(long)
    let state = readAll(emptyState('p'), 0, [down(long, 9), ...likedPages(9)])
    state = readAll(state, 1, [down(long, 7), ...likedPages(9)])
    expect(gapOf(state, long)).toMatchObject({ subject: long, now: { down: 7 } })
    state = withOutcome(withAsked(state, new Set([fingerprint('page', long)]), 'run-1'), 'run-1', {
      jobId: 'j',
      prLink: 'https://github.com/acme/docs/pull/9',
      reopen: false
    })
    state = withPulls(
      state,
      new Map([['https://github.com/acme/docs/pull/9', { state: 'merged', mergedOn: week(2).dateFrom }]]),
      week(2).dateFrom
    )
    expect(fixesOf(state).get(long)).toBe(week(2).dateFrom)
  })

  it('makes a gap of a search whose words are hidden: named by this run’s key, counted, in its place, never its words', () => {
    const hidden = (text: string, count: number): Signal => ({ kind: 'no-click', count, hidden: hiddenSearch(text) })
    const signals = [hidden('sso saml setup', 40), ...likedPages(9)]
    const items = fixFirst(signals)
    expect(items[0]).toMatchObject({ search: undefined })
    const id = itemId(items[0] as FixItem)
    expect(id).toBe(hiddenFingerprint(hiddenSearch('sso saml setup').key))
    let state = readAll(emptyState('p'), 0, signals)
    const gap = state.gaps.find((g) => g.id === id)
    expect(gap).toMatchObject({ kind: 'search', subject: '', evidence: { noClick: 40 }, state: 'new', rank: 0 })
    // Its count of the period is known (the ranking counted it), whatever no later read can match.
    expect(gap?.now).toEqual({ ...week(0), noClick: 40 })
    expect(gap?.score).toBeGreaterThan(0)
    expect(JSON.stringify(state)).not.toMatch(/sso|saml|setup/)
    // Searched more often than the state keeps a count: its count is not known, never 0.
    const past = readAll(emptyState('p'), 0, [hidden('sso saml setup', 1e12), hidden('sso saml setup', 1e12), ...likedPages(9)])
    expect(past.gaps.find((g) => g.id === id)?.evidence).toEqual({})
    expect(past.gaps.find((g) => g.id === id)?.now).toEqual(week(0))
    // A period with the searches' section not read whole knows no count of it.
    const unread = readAll(emptyState('p'), 0, signals, '', { feedback: true, assistant: true, searches: false })
    expect(unread.gaps.find((g) => g.id === id)?.now).toEqual(week(0))
    // The next period does not rank it (its key was that run's): an open one nobody asked for is let go,
    // one asked for is kept for its verdict.
    const asked = withAsked(state, new Set([id ?? '']), 'run-1')
    state = readAll(state, 1, likedPages(9))
    expect(state.gaps.some((g) => g.id === id)).toBe(false)
    expect(readAll(asked, 1, likedPages(9)).gaps.find((g) => g.id === id)).toMatchObject({ state: 'asked', subject: '' })
    // A page gap nobody ranked stays, without a place.
    const page = readAll(readAll(emptyState('p'), 0, [down(WEBHOOKS, 30), ...likedPages(9)]), 1, likedPages(9))
    expect(gapOf(page)).toMatchObject({ state: 'new' })
    expect(gapOf(page)).not.toHaveProperty('rank')
  })

  it('ranks each gap in its place of the period’s Fix first', () => {
    const state = read(emptyState('p'), 0, [item('/a', 9), item('/b', 5), item('/c', 2)])
    expect(['/a', '/b', '/c'].map((page) => gapOf(state, page)?.rank)).toEqual([0, 1, 2])
    const next = read(state, 1, [item('/c', 9), item('/a', 5)])
    expect(['/a', '/b', '/c'].map((page) => gapOf(next, page)?.rank)).toEqual([1, undefined, 0])
  })

  it('makes no gap of a search longer than a subject is kept: its words could not find it again', () => {
    const search = 'w'.repeat(SUBJECT_CHARS + 1)
    const state = readAll(emptyState('p'), 0, [{ kind: 'no-click', count: 40, search }, ...likedPages(9)])
    expect(state.gaps.filter((gap) => gap.kind === 'search')).toEqual([])
  })

  it('adds a new gap for each ranked item, and counts a period once however often it is read', () => {
    let state = read(emptyState('p'), 0, [item(WEBHOOKS, 14)])
    expect(gapOf(state)).toEqual({
      id: fingerprint('page', WEBHOOKS),
      kind: 'page',
      subject: WEBHOOKS,
      firstSeen: '2026-11-02',
      lastSeen: '2026-11-02',
      periods: 1,
      score: 42,
      evidence: { down: 14 },
      state: 'new',
      rank: 0
    })
    state = read(state, 0, [item(WEBHOOKS, 15)])
    expect(gapOf(state)).toMatchObject({ periods: 1, score: 45, evidence: { down: 15 } })
    expect(state.periods).toHaveLength(1)
    state = read(state, 1, [item(WEBHOOKS, 2)])
    expect(gapOf(state)).toMatchObject({ periods: 2, lastSeen: '2026-11-09', firstSeen: '2026-11-02', score: 6 })
    expect(state.periods.map((period) => period.headlines.visitorsHuman)).toEqual([100, 101])
    // Not ranked this period: its score is 0, its history kept.
    state = read(state, 2, [])
    expect(gapOf(state)).toMatchObject({ periods: 2, score: 0 })
    // Its place in Fix first is the period's: one that does not rank it gives it none.
    expect(gapOf(state)).not.toHaveProperty('rank')
  })

  it('names a search by its text, folded, and leaves out a search whose text is hidden', () => {
    const search = (text?: string): FixItem => ({ search: text, score: 31, signals: [{ kind: 'no-click', count: 31, search: text }] })
    const state = read(emptyState('p'), 0, [search('Webhook  Retries'), search(undefined), search('  ')])
    expect(state.gaps).toHaveLength(1)
    expect(state.gaps[0]).toMatchObject({ kind: 'search', subject: 'Webhook  Retries', evidence: { noClick: 31 } })
    expect(fingerprint('search', 'webhook retries')).toBe(state.gaps[0]?.id)
  })

  it('keeps fingerprints from version to version, so that the gaps an issue holds are found again: a path as written, a search folded', () => {
    expect(fingerprint('page', WEBHOOKS)).toBe(PAGE_ID)
    expect(fingerprint('page', '/API-Reference/Webhooks')).not.toBe(PAGE_ID)
    expect(fingerprint('search', 'webhook retries')).toBe(SEARCH_ID)
    expect(fingerprint('search', '  Webhook \t RETRIES ')).toBe(SEARCH_ID)
    expect(fingerprint('page', 'webhook retries')).not.toBe(SEARCH_ID)
  })

  it('names the item a fingerprint is of: a page, a search folded, nothing for a search whose text is hidden', () => {
    expect(itemId(item(WEBHOOKS, 3))).toBe(PAGE_ID)
    expect(itemId({ search: 'Webhook Retries', score: 1, signals: [] })).toBe(SEARCH_ID)
    expect(itemId({ search: ' ', score: 1, signals: [] })).toBeUndefined()
    expect(itemId({ score: 1, signals: [] })).toBeUndefined()
  })

  it("quotes the searches in a page gap's evidence", () => {
    const state = read(emptyState('p'), 0, [
      { page: WEBHOOKS, score: 20, signals: [down(WEBHOOKS, 4), { kind: 'no-click', count: 12, search: 'webhook retries' }] }
    ])
    expect(gapOf(state)?.evidence).toEqual({ down: 4, searches: [{ words: 'webhook retries', hits: 12 }] })
  })

  it('records a period of another length from the same day as a period of its own', () => {
    let state = read(emptyState('p'), 0, [])
    state = withPeriod(state, { dateFrom: week(0).dateFrom, dateTo: week(1).dateTo, headlines: {}, items: [] }, 12)
    expect(state.periods).toEqual([
      { ...week(0), headlines: { visitorsHuman: 100 } },
      { dateFrom: '2026-11-02', dateTo: '2026-11-16', headlines: {} }
    ])
  })

  it('keeps the dismissed gaps first, then the others by weight, then the resolved ones, the last seen first where equal', () => {
    const gap = (subject: string, state: GapRecord['state'], lastSeen: string): GapRecord => ({
      id: fingerprint('page', subject),
      kind: 'page',
      subject,
      firstSeen: '2026-10-01',
      lastSeen,
      periods: 1,
      score: 0,
      evidence: {},
      state
    })
    const start: HealthState = {
      ...emptyState('p'),
      gaps: [
        gap('/resolved-old', 'resolved', '2026-10-01'),
        gap('/resolved-new', 'resolved', '2026-10-20'),
        gap('/light', 'new', '2026-10-01'),
        gap('/quiet-old', 'back', '2026-10-05'),
        gap('/dismissed', 'dismissed', '2026-10-01'),
        gap('/heavy', 'asked', '2026-10-01'),
        gap('/quiet-new', 'new', '2026-10-12')
      ]
    }
    const state = read(start, 4, [item('/light', 5), item('/heavy', 10)])
    expect(state.gaps.map((g) => `${g.subject} ${g.score}`)).toEqual([
      '/dismissed 0',
      '/heavy 30',
      '/light 15',
      '/quiet-new 0',
      '/quiet-old 0',
      '/resolved-new 0',
      '/resolved-old 0'
    ])
  })

  it('keeps twelve periods and at most LEDGER_GAPS gaps, the highest scores first', () => {
    let state = emptyState('p')
    for (let n = 0; n < 200; n++) state = read(state, n, [item(`/p${n}`, (n % 50) + 1)])
    expect(state.periods).toHaveLength(12)
    expect(state.periods[11]?.dateFrom).toBe(week(199).dateFrom)
    expect(state.gaps.length).toBeLessThanOrEqual(LEDGER_GAPS)
  })
})

describe('a gap from tick to proof', () => {
  const asked = () => {
    const state = read(emptyState('p'), 0, [item(WEBHOOKS, 14)])
    return withAsked(state, new Set([fingerprint('page', WEBHOOKS)]), 'run-1')
  }

  it('is asked once: a re-run of the same workflow run finds nothing to ask', () => {
    const id = fingerprint('page', WEBHOOKS)
    const start = read(emptyState('p'), 0, [item(WEBHOOKS, 14), item('/other', 1)])
    expect(askable(start, new Set([id]), 'run-1').map((gap) => gap.subject)).toEqual([WEBHOOKS])
    expect(askable(start, new Set(), 'run-1')).toEqual([])
    const state = asked()
    expect(gapOf(state)).toMatchObject({ state: 'asked', askedBy: 'run-1', scoreBefore: 42 })
    expect(askable(state, new Set([id]), 'run-1')).toEqual([])
    expect(askable(state, new Set([id]), 'run-2')).toEqual([])
    // Open again after a job with no pull request: a re-run of the run that asked leaves it; the next run asks.
    const reopened = withOutcome(state, 'run-1', { jobId: 'j', reopen: true })
    expect(askable(reopened, new Set([id]), 'run-1')).toEqual([])
    expect(askable(reopened, new Set([id]), 'run-2').map((gap) => gap.subject)).toEqual([WEBHOOKS])
  })

  it('opens again, unticked, an ask an earlier run got no job for; never one of this run', () => {
    const state = asked()
    expect(gapOf(withStaleAsksOpen(state, 'run-1'))?.state).toBe('asked')
    expect(gapOf(withStaleAsksOpen(state, 'run-2'))?.state).toBe('new')
    const withJob = withOutcome(state, 'run-1', { jobId: 'job-1', reopen: false })
    expect(gapOf(withStaleAsksOpen(withJob, 'run-2'))).toMatchObject({ state: 'asked', jobId: 'job-1' })
    // A gap in any other state, with no job either, stays as it is.
    const dismissed = withDismissed(read(emptyState('p'), 0, [item(WEBHOOKS, 14)]), new Set([fingerprint('page', WEBHOOKS)]), '2026-11-04')
    expect(withStaleAsksOpen(dismissed, 'run-2')).toEqual(dismissed)
  })

  it('opens again when the job ended without a pull request, and is PR open when it has one', () => {
    expect(gapOf(withOutcome(asked(), 'run-1', { jobId: 'j', reopen: true }))).toMatchObject({ state: 'new', jobId: 'j' })
    expect(gapOf(withOutcome(asked(), 'run-2', { jobId: 'j', reopen: true }))?.state).toBe('asked')
    const open = withOutcome(asked(), 'run-1', { jobId: 'j', prLink: 'https://github.com/acme/docs/pull/7', reopen: false })
    expect(gapOf(open)).toMatchObject({ state: 'pr-open', prLink: 'https://github.com/acme/docs/pull/7' })
    expect(gapOf(withPulls(open, new Map([['https://github.com/acme/docs/pull/7', { state: 'closed' }]])))?.state).toBe('new')
    expect(gapOf(withPulls(open, new Map([['https://github.com/acme/docs/pull/7', { state: 'open' }]])))?.state).toBe('pr-open')
    expect(gapOf(withPulls(open, new Map()))?.state).toBe('pr-open')
  })

  it('keeps the job id told first when the pull request comes later, and takes no outcome for a gap no longer asked', () => {
    const PR = 'https://github.com/acme/docs/pull/7'
    const running = withOutcome(asked(), 'run-1', { jobId: 'job-1', reopen: false })
    const open = withOutcome(running, 'run-1', { prLink: PR, reopen: false })
    expect(gapOf(open)).toMatchObject({ state: 'pr-open', jobId: 'job-1', prLink: PR })
    expect(withOutcome(open, 'run-1', { reopen: true })).toEqual(open)
  })

  it('takes a merge only for a gap whose pull request is open, and keeps no merge day when neither GitHub nor the run gave one', () => {
    const PR = 'https://github.com/acme/docs/pull/7'
    const open = withOutcome(asked(), 'run-1', { jobId: 'j', prLink: PR, reopen: false })
    // Never read with every signal: merged, nothing measured yet.
    const merged = withPulls(open, new Map([[PR, { state: 'merged' }]]))
    expect(gapOf(merged)).toMatchObject({ state: 'merged', verdict: 'too-few' })
    expect(gapOf(merged)).not.toHaveProperty('mergedOn')
    const later = readAll(merged, 1, [])
    expect(withPulls(later, new Map([[PR, { state: 'merged', mergedOn: '2026-10-01' }]]), '2026-11-20')).toEqual(later)
    expect(withPulls(later, new Map([[PR, { state: 'closed' }]]))).toEqual(later)
  })

  it('gets the pull request of a job that ended after the run that asked stopped waiting, or opens again without one', () => {
    const running = withOutcome(asked(), 'run-1', { jobId: 'job-1', reopen: false })
    expect(gapOf(withJobEnded(running, 'job-1', 'https://github.com/acme/docs/pull/9'))).toMatchObject({
      state: 'pr-open',
      prLink: 'https://github.com/acme/docs/pull/9'
    })
    expect(gapOf(withJobEnded(running, 'job-1', undefined))?.state).toBe('new')
    expect(gapOf(withJobEnded(running, 'job-2', undefined))?.state).toBe('asked')
    // Told again that the job ended, a gap it already gave a pull request keeps it.
    const ended = withJobEnded(running, 'job-1', 'https://github.com/acme/docs/pull/9')
    expect(withJobEnded(ended, 'job-1', undefined)).toEqual(ended)
  })

  it('stays PR open however its numbers move while the pull request is open', () => {
    let state = readAll(emptyState('p'), 0, [down(WEBHOOKS, 4)])
    state = withOutcome(withAsked(state, new Set([fingerprint('page', WEBHOOKS)]), 'run-1'), 'run-1', {
      jobId: 'j',
      prLink: 'https://github.com/acme/docs/pull/7',
      reopen: false
    })
    state = readAll(state, 1, [down(WEBHOOKS, 40)])
    expect(gapOf(state)).toMatchObject({ state: 'pr-open', now: { down: 40 } })
  })
})

describe('numbersOf', () => {
  const period = week(1)
  const all = { feedback: true, assistant: true, searches: true }

  it("counts a page gap's own signals, and follows its searches with no click by their words", () => {
    const signals: Signal[] = [down(WEBHOOKS, 14), up(WEBHOOKS, 3), { kind: 'no-click', count: 51, search: 'webhook retries' }]
    const numbers = numbersOf({ kind: 'page', subject: WEBHOOKS }, grouped(signals), all, period)
    expect(numbers).toEqual({
      ...period,
      down: 14,
      up: 3,
      notHelpful: 0,
      unanswered: 0,
      noClick: 51,
      searches: [{ text: 'webhook retries', hits: 51, clicked: 0 }]
    })
    // After the fix, the same search is followed by its click-through, whatever page it matches now.
    const later = numbersOf(
      { kind: 'page', subject: WEBHOOKS, before: numbers },
      grouped([{ kind: 'searched', count: 40, search: 'Webhook retries', ctr: 0.7 }]),
      all,
      period
    )
    expect(later.searches).toEqual([{ text: 'webhook retries', hits: 40, clicked: 0.7 }])
    expect(later.noClick).toBe(0)
  })

  it('keeps no search words where reader text is hidden (the searches carry none): counts only', () => {
    const hidden: Signal[] = [down(WEBHOOKS, 14), { kind: 'no-click', count: 51 }, unanswered(WEBHOOKS, 6)]
    const numbers = numbersOf({ kind: 'page', subject: WEBHOOKS }, grouped(hidden), all, period)
    expect(numbers).toEqual({ ...period, down: 14, up: 0, notHelpful: 0, unanswered: 6, noClick: 0 })
    expect(JSON.stringify(numbers)).not.toMatch(/webhook retries/)
  })

  it("leaves the thumbs of a page out when the service returned only other pages' counts", () => {
    const cut = { ...all, feedbackPages: new Set(['/other']) }
    expect(numbersOf({ kind: 'page', subject: WEBHOOKS }, grouped([]), cut, period).down).toBeUndefined()
    expect(numbersOf({ kind: 'page', subject: '/other' }, grouped([]), cut, period).down).toBe(0)
  })

  it('counts a search gap by its own searches with no click, even when nobody searched it this period', () => {
    const gap = { kind: 'search' as const, subject: 'Webhook  retries' }
    const signals: Signal[] = [{ kind: 'no-click', count: 31, search: 'webhook retries' }]
    expect(numbersOf(gap, grouped(signals), all, period)).toEqual({
      ...period,
      noClick: 31,
      searches: [{ text: 'Webhook  retries', hits: 31, clicked: 0 }]
    })
    expect(numbersOf(gap, grouped([]), all, period)).toEqual({
      ...period,
      noClick: 0,
      searches: [{ text: 'Webhook  retries', hits: 0, clicked: 0 }]
    })
    expect(numbersOf(gap, grouped(signals), { ...all, searches: false }, period)).toEqual(period)
  })

  it(`follows a page's ${GAP_SEARCHES} searches with no click searched most, none longer than the state keeps`, () => {
    const fits = 'webhook '.padEnd(SEARCH_CHARS, 'y')
    const tooLong = 'webhook '.padEnd(SEARCH_CHARS + 1, 'z')
    const noClick = (search: string, count: number): Signal => ({ kind: 'no-click', count, search })
    const signals = [
      down(WEBHOOKS, 2),
      noClick('webhook a', 5),
      noClick('webhook b', 50),
      noClick('webhook c', 20),
      noClick(tooLong, 100),
      noClick(fits, 80)
    ]
    const numbers = numbersOf({ kind: 'page', subject: WEBHOOKS }, grouped(signals), all, period)
    expect(numbers.noClick).toBe(255)
    expect(numbers.searches).toEqual([
      { text: fits, hits: 80, clicked: 0 },
      { text: 'webhook b', hits: 50, clicked: 0 },
      { text: 'webhook c', hits: 20, clicked: 0 }
    ])
  })

  it("follows only a page's searches with no click that carry words, the most first, however its signals were grouped", () => {
    const noClick = (count: number, search?: string): Signal => ({ kind: 'no-click', count, ...(search === undefined ? {} : { search }) })
    const groups = {
      pages: new Map([
        [
          WEBHOOKS,
          [
            noClick(5, 'webhook a'),
            noClick(70),
            { kind: 'searched' as const, count: 90, search: 'webhook guide', ctr: 0.5 },
            noClick(50, 'webhook b'),
            down(WEBHOOKS, 2),
            noClick(20, 'webhook c'),
            noClick(80, 'webhook d')
          ]
        ]
      ]),
      topics: new Map(),
      searches: new Map(),
      visitors: new Map()
    }
    expect(numbersOf({ kind: 'page', subject: WEBHOOKS }, groups, all, period).searches?.map((search) => search.text)).toEqual([
      'webhook d',
      'webhook b',
      'webhook c'
    ])
  })

  it('leaves a count out when its section was not read whole', () => {
    const numbers = numbersOf(
      { kind: 'page', subject: WEBHOOKS },
      grouped([down(WEBHOOKS, 3)]),
      { feedback: false, assistant: true, searches: false },
      period
    )
    expect(numbers).toEqual({ ...period, unanswered: 0 })
    expect(
      numbersOf(
        { kind: 'page', subject: WEBHOOKS },
        grouped([down(WEBHOOKS, 3)]),
        { feedback: true, assistant: false, searches: false },
        period
      )
    ).toEqual({ ...period, down: 3, up: 0, notHelpful: 0 })
  })
})

describe('a gap a person dismissed', () => {
  it('keeps who dismissed it, cut to one line of 40 characters, and lets them go when it is brought back', () => {
    let state = readAll(emptyState('p'), 0, [down(WEBHOOKS, 4)])
    const id = fingerprint('page', WEBHOOKS)
    // An open gap is not brought back: it stays as it is.
    expect(withRestored(state, new Set([id]))).toEqual(state)
    expect(Object.hasOwn(gapOf(withDismissed(state, new Set([id]), '2026-11-04')) ?? {}, 'dismissedBy')).toBe(false)
    state = withDismissed(state, new Set([id]), '2026-11-04', `alice\n${'x'.repeat(100)}`)
    const by = gapOf(state)?.dismissedBy ?? ''
    expect(by).toMatch(/^alice x+…?$/)
    expect(by.length).toBeLessThanOrEqual(40)
    expect(by.length).toBeGreaterThan(30)
    // Only a dismissed gap it names comes back; an open one stays as it is.
    const restored = withRestored(state, new Set([id]))
    expect(gapOf(restored)?.state).toBe('new')
    for (const key of ['dismissedOn', 'dismissedBy', 'before']) expect(Object.hasOwn(gapOf(restored) ?? {}, key), key).toBe(false)
    expect(withRestored(state, new Set()).gaps).toEqual(state.gaps)
    expect(dismissedIds(restored)).toEqual(new Set())
    expect(askable(restored, new Set([id]), 'run-1')).toHaveLength(1)
    // Back on its own when its numbers clearly worsen: who dismissed it is let go too.
    const back = readAll(state, 1, [down(WEBHOOKS, 40)])
    expect(gapOf(back)?.state).toBe('back')
    expect(Object.hasOwn(gapOf(back) ?? {}, 'dismissedBy')).toBe(false)
  })

  it('leaves the open gaps, is never askable, and comes back only when its readers in trouble clearly worsen', () => {
    let state = readAll(emptyState('p'), 0, [down(WEBHOOKS, 4)])
    const id = fingerprint('page', WEBHOOKS)
    state = withDismissed(state, new Set([id]), '2026-11-04')
    expect(gapOf(state)).toMatchObject({ state: 'dismissed', dismissedOn: '2026-11-04', before: { down: 4 } })
    expect(dismissedIds(state)).toEqual(new Set([id]))
    expect(askable(state, new Set([id]), 'run-1')).toEqual([])
    // 8 is double, but not 5 more: still dismissed; 9 is both.
    state = readAll(state, 1, [down(WEBHOOKS, 8)])
    expect(gapOf(state)?.state).toBe('dismissed')
    state = readAll(state, 2, [down(WEBHOOKS, 9)])
    expect(gapOf(state)?.state).toBe('back')
    expect(askable(state, new Set([id]), 'run-1')).toHaveLength(1)
  })

  it('is only an open gap a person named: the others stay as they are', () => {
    const PR = 'https://github.com/acme/docs/pull/7'
    let state = readAll(emptyState('p'), 0, [down(WEBHOOKS, 4), down('/other', 9), down('/asked', 7), ...likedPages(4)])
    state = withOutcome(withAsked(state, new Set([fingerprint('page', '/asked')]), 'run-1'), 'run-1', { prLink: PR, reopen: false })
    const dismissed = withDismissed(state, new Set([fingerprint('page', WEBHOOKS), fingerprint('page', '/asked')]), '2026-11-04')
    expect(dismissed.gaps.map((gap) => `${gap.subject} ${gap.state}`).sort()).toEqual([
      '/api-reference/webhooks dismissed',
      '/asked pr-open',
      '/other new'
    ])
    expect(dismissedIds(dismissed)).toEqual(new Set([fingerprint('page', WEBHOOKS)]))
  })

  it('is measured from its numbers when dismissed, never from older ones', () => {
    const numbers: GapNumbers = { dateFrom: '2026-10-01', dateTo: '2026-10-08', down: 30 }
    const gap: GapRecord = {
      id: fingerprint('page', WEBHOOKS),
      kind: 'page',
      subject: WEBHOOKS,
      firstSeen: '2026-10-01',
      lastSeen: '2026-10-01',
      periods: 1,
      score: 3,
      evidence: {},
      state: 'back',
      before: numbers
    }
    const state = withDismissed({ ...emptyState('p'), gaps: [gap] }, new Set([gap.id]), '2026-11-04')
    const rest: Partial<GapRecord> = { ...gap }
    delete rest.before
    expect(state.gaps).toStrictEqual([
      { ...rest, state: 'dismissed', dismissedOn: '2026-11-04', events: [{ what: 'dismissed', on: '2026-11-04' }] }
    ])
  })

  it('is kept in a full ledger, so that it never comes back as new', () => {
    let state = readAll(emptyState('p'), 0, [down(WEBHOOKS, 4)])
    state = withDismissed(state, new Set([fingerprint('page', WEBHOOKS)]), '2026-11-04')
    const many = Array.from({ length: LEDGER_GAPS + 5 }, (_, i) => down(`/page-${i}`, 10 + i))
    for (let n = 1; n <= 8; n++) state = read(state, n, fixFirst(many, 5 * n).slice(5 * (n - 1)))
    expect(gapOf(state)?.state).toBe('dismissed')
  })

  it('clearlyWorse follows the documented rule', () => {
    const n = (more: Partial<GapNumbers>): GapNumbers => ({
      dateFrom: 'a',
      dateTo: 'b',
      down: 0,
      up: 0,
      notHelpful: 0,
      unanswered: 0,
      noClick: 0,
      ...more
    })
    expect(clearlyWorse(n({ down: 10 }), n({ down: 5 }))).toBe(true)
    expect(clearlyWorse(n({ down: 9 }), n({ down: 5 }))).toBe(false)
    expect(clearlyWorse(n({ down: 5, notHelpful: 5 }), n({ down: 0 }))).toBe(true)
    // Five more, but not double; and a period that did not read the feedback the gap had is no proof.
    expect(clearlyWorse(n({ down: 15 }), n({ down: 10 }))).toBe(false)
    expect(clearlyWorse({ dateFrom: 'a', dateTo: 'b', unanswered: 20 }, n({ down: 2 }))).toBe(false)
  })
})

describe('the ledger, full', () => {
  it('keeps a gap with the agent whose fix took its weight away, ahead of heavier new gaps', () => {
    // The webhooks page asked for and merged; its trouble then gone, while more new gaps come than the ledger holds.
    let state = readAll(emptyState('p'), 0, [down(WEBHOOKS, 20)])
    state = withOutcome(withAsked(state, new Set([fingerprint('page', WEBHOOKS)]), 'run-1'), 'run-1', {
      jobId: 'j',
      prLink: 'https://github.com/acme/docs/pull/3',
      reopen: false
    })
    state = withPulls(state, new Map([['https://github.com/acme/docs/pull/3', { state: 'merged', mergedOn: week(1).dateFrom }]]))
    // Week after week, five new pages worse than the site's norm (which a page readers like sets),
    // heavier each week, until more gaps came than the ledger holds.
    for (let n = 1; n <= LEDGER_GAPS / 5 + 1; n++) {
      const crowd = Array.from({ length: 5 }, (_, i) => `/guides/page-${String(n * 5 + i)}`)
      state = read(state, n, fixFirst([...crowd.flatMap((page) => [down(page, 10 + n), up(page, 2)]), ...likedPages(6)]))
    }
    expect(state.gaps).toHaveLength(LEDGER_GAPS)
    expect(gapOf(state)).toMatchObject({ state: 'merged', prLink: 'https://github.com/acme/docs/pull/3' })
    // The lightest new gaps are the ones left out.
    expect(state.gaps.some((gap) => gap.subject === '/guides/page-5')).toBe(false)
    expect(state.gaps.some((gap) => gap.subject === `/guides/page-${String(LEDGER_GAPS + 9)}`)).toBe(true)
  })
})

// Tests the ledger of gaps (src/dashboard/ledger.ts): each ranked item matched to its gap by a stable
// fingerprint, periods counted once, the history bounded, and every state a gap goes through: new,
// asked (once, never twice by one workflow run), PR open, merged, resolved after two quiet periods,
// back when it returns; a closed pull request or a job with no pull request opens it again.
import { describe, expect, it } from 'vitest'
import type { FixItem } from '../../../src/report/fix-first.js'
import {
  askable,
  fingerprint,
  QUIET_PERIODS,
  RESOLVED_SCORE,
  withAsked,
  withOutcome,
  withJobEnded,
  withPeriod,
  withPulls,
  withStaleAsksOpen
} from '../../../src/dashboard/ledger.js'
import { emptyState, type DashboardState, LEDGER_GAPS } from '../../../src/dashboard/state.js'

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
const read = (state: DashboardState, n: number, items: FixItem[], headlines = { visitorsHuman: 100 + n }) =>
  withPeriod(state, { ...week(n), headlines, items }, 12)
const gapOf = (state: DashboardState, page = WEBHOOKS) => state.gaps.find((gap) => gap.id === fingerprint('page', page))

describe('withPeriod', () => {
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
      evidence: '14 thumbs down',
      state: 'new'
    })
    state = read(state, 0, [item(WEBHOOKS, 15)])
    expect(gapOf(state)).toMatchObject({ periods: 1, score: 45, evidence: '15 thumbs down' })
    expect(state.periods).toHaveLength(1)
    state = read(state, 1, [item(WEBHOOKS, 2)])
    expect(gapOf(state)).toMatchObject({ periods: 2, lastSeen: '2026-11-09', firstSeen: '2026-11-02', score: 6 })
    expect(state.periods.map((period) => period.headlines.visitorsHuman)).toEqual([100, 101])
    // Not ranked this period: its score is 0, its history kept.
    state = read(state, 2, [])
    expect(gapOf(state)).toMatchObject({ periods: 2, score: 0 })
  })

  it('names a search by its text, folded, and leaves out a search whose text is hidden', () => {
    const search = (text?: string): FixItem => ({ search: text, score: 31, signals: [{ kind: 'no-click', count: 31, search: text }] })
    const state = read(emptyState('p'), 0, [search('Webhook  Retries'), search(undefined), search('  ')])
    expect(state.gaps).toHaveLength(1)
    expect(state.gaps[0]).toMatchObject({ kind: 'search', subject: 'Webhook  Retries', evidence: 'searched 31× with no click' })
    expect(fingerprint('search', 'webhook retries')).toBe(state.gaps[0]?.id)
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
  })

  it('opens again, unticked, an ask an earlier run got no job for; never one of this run', () => {
    const state = asked()
    expect(gapOf(withStaleAsksOpen(state, 'run-1'))?.state).toBe('asked')
    expect(gapOf(withStaleAsksOpen(state, 'run-2'))?.state).toBe('new')
    const withJob = withOutcome(state, 'run-1', { jobId: 'job-1', reopen: false })
    expect(gapOf(withStaleAsksOpen(withJob, 'run-2'))).toMatchObject({ state: 'asked', jobId: 'job-1' })
  })

  it('opens again when the job ended without a pull request, and is PR open when it has one', () => {
    expect(gapOf(withOutcome(asked(), 'run-1', { jobId: 'j', reopen: true }))).toMatchObject({ state: 'new', jobId: 'j' })
    expect(gapOf(withOutcome(asked(), 'run-2', { jobId: 'j', reopen: true }))?.state).toBe('asked')
    const open = withOutcome(asked(), 'run-1', { jobId: 'j', prLink: 'https://github.com/acme/docs/pull/7', reopen: false })
    expect(gapOf(open)).toMatchObject({ state: 'pr-open', prLink: 'https://github.com/acme/docs/pull/7' })
    expect(gapOf(withPulls(open, new Map([['https://github.com/acme/docs/pull/7', 'closed']])))?.state).toBe('new')
    expect(gapOf(withPulls(open, new Map([['https://github.com/acme/docs/pull/7', 'open']])))?.state).toBe('pr-open')
    expect(gapOf(withPulls(open, new Map()))?.state).toBe('pr-open')
  })

  it('gets the pull request of a job that ended after the run that asked stopped waiting, or opens again without one', () => {
    const running = withOutcome(asked(), 'run-1', { jobId: 'job-1', reopen: false })
    expect(gapOf(withJobEnded(running, 'job-1', 'https://github.com/acme/docs/pull/9'))).toMatchObject({
      state: 'pr-open',
      prLink: 'https://github.com/acme/docs/pull/9'
    })
    expect(gapOf(withJobEnded(running, 'job-1', undefined))?.state).toBe('new')
    expect(gapOf(withJobEnded(running, 'job-2', undefined))?.state).toBe('asked')
  })

  it(`is resolved after ${QUIET_PERIODS} periods in a row at or below ${RESOLVED_SCORE} once merged, and back when it returns`, () => {
    const open = withOutcome(asked(), 'run-1', { jobId: 'j', prLink: 'https://github.com/acme/docs/pull/7', reopen: false })
    let state = withPulls(open, new Map([['https://github.com/acme/docs/pull/7', 'merged']]))
    expect(gapOf(state)).toMatchObject({ state: 'merged', quiet: 0 })
    state = read(state, 1, [item(WEBHOOKS, 1)])
    expect(gapOf(state)).toMatchObject({ state: 'merged', quiet: 1, score: 3 })
    // A loud period starts the count again.
    state = read(state, 2, [item(WEBHOOKS, 2)])
    expect(gapOf(state)).toMatchObject({ state: 'merged', quiet: 0 })
    state = read(state, 3, [])
    state = read(state, 3, [])
    expect(gapOf(state)).toMatchObject({ state: 'merged', quiet: 1 })
    state = read(state, 4, [])
    expect(gapOf(state)).toMatchObject({ state: 'resolved', scoreBefore: 42, score: 0 })
    expect(state.periods.at(-1)?.resolved).toBe(1)
    // Read again, the period keeps its count of resolved gaps.
    expect(read(state, 4, []).periods.at(-1)?.resolved).toBe(1)
    state = read(state, 5, [item(WEBHOOKS, 1)])
    expect(gapOf(state)?.state).toBe('resolved')
    state = read(state, 6, [item(WEBHOOKS, 5)])
    expect(gapOf(state)?.state).toBe('back')
    expect(askable(state, new Set([fingerprint('page', WEBHOOKS)]), 'run-9')).toHaveLength(1)
  })
})

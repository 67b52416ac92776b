// Tests how the visitor export is judged (src/analytics/visitors-report.ts): whether it is partial and
// why, and what the step's failure says, for every way the export's work can end.
import { describe, expect, it } from 'vitest'
import type { VisitorRow } from '../../src/api/schemas.js'
import { judgeVisitors } from '../../src/analytics/visitors-report.js'
import { RequestBudget } from '../../src/analytics/budget.js'
import type { Cut } from '../../src/analytics/pager.js'
import { newVisitorsProgress, type VisitorsProgress } from '../../src/analytics/visitors.js'
import { StopError } from '../../src/run/lifetime.js'
import type { PartEnding } from '../../src/run/part.js'

const req = { projectId: 'proj1', dateFrom: '2026-11-14', dateTo: '2026-11-21', topPages: 10 }
const totals = { human: 90, ai: 30, total: 100 }

interface State extends Partial<Pick<VisitorsProgress, 'totals' | 'previous' | 'previousRequests'>> {
  /** Pages read. */
  requests?: number
  complete?: boolean
  cut?: Cut
}

function progressOf(rows: VisitorRow[], state: State): VisitorsProgress {
  const { requests = 0, complete = false, cut, ...rest } = state
  return {
    ...newVisitorsProgress(),
    rows: new Map(rows.map((r) => [r.path, r])),
    read: { requests, complete, cut, truncated: false },
    ...rest
  }
}

/** The run's budget: the limit shows in the partial reason of an export it cut. */
const budget = new RequestBudget(3)
const judge = (progress: VisitorsProgress, ending: PartEnding, request = req) => judgeVisitors(progress, request, ending, budget)

const rows: VisitorRow[] = [
  { path: '/b', human: 1, ai: 0, total: 1 },
  { path: '/a', human: 5, ai: 2, total: 6 },
  { path: '/c', human: 1, ai: 0, total: 1 }
]
const complete = progressOf(rows, { totals, requests: 2, complete: true })
const partway = progressOf(rows, { totals, requests: 2 })

describe('judgeVisitors', () => {
  it('reports a finished, complete export as whole, with its rows sorted and its range in words', () => {
    expect(judge(complete, { kind: 'finished' })).toEqual({
      kind: 'visitors',
      projectId: 'proj1',
      dateFrom: '2026-11-14',
      dateTo: '2026-11-21',
      rangeText: '14 Nov 2026 to 20 Nov 2026 (7 days, UTC)',
      totals,
      rows: [rows[1], rows[0], rows[2]],
      requests: 2,
      topPages: 10,
      partial: false
    })
  })

  it('reports an export capped at maxRequests as partial, without failing the step', () => {
    const report = judge(progressOf(rows, { totals, requests: 3, cut: 'budget' }), { kind: 'finished' })
    expect(report).toMatchObject({
      partial: true,
      partialReason: 'reading stopped at maxRequests (3 requests for the whole run) while the service had more'
    })
    expect(report.failure).toBeUndefined()
  })

  it('reports an export that stopped at an empty page as partial, without failing the step', () => {
    const report = judge(progressOf(rows, { totals, requests: 2, cut: 'empty-page' }), { kind: 'finished' })
    expect(report).toMatchObject({ partial: true, partialReason: 'the service reported more after an empty page, so reading stopped' })
    expect(report.failure).toBeUndefined()
  })

  it('fails the step when a request failed after others, saying how many were made', () => {
    const report = judge(partway, { kind: 'failed', error: new Error('HTTP 500 from the service.') })
    expect(report).toMatchObject({
      partial: true,
      partialReason: 'a request failed while reading',
      failure: 'Visitor analytics are incomplete after 2 requests. HTTP 500 from the service.'
    })
  })

  it('fails the step with the error alone when the first request failed', () => {
    const report = judge(newVisitorsProgress(), { kind: 'failed', error: new Error('The API key was refused (HTTP 401).') })
    expect(report).toMatchObject({
      partial: true,
      partialReason: 'a request failed while reading',
      failure: 'The API key was refused (HTTP 401).',
      rows: [],
      requests: 0
    })
    expect(report.totals).toBeUndefined()
    expect(judge(newVisitorsProgress(), { kind: 'failed', error: 'a thrown string' }).failure).toBe('a thrown string')
  })

  it('fails the step when the deadline passed while reading, saying what was read', () => {
    const report = judge(partway, { kind: 'stopped', stop: new StopError('timeout') })
    expect(report).toMatchObject({
      partial: true,
      partialReason: 'the deadline (timeoutMinutes) passed while reading',
      failure: 'Visitor analytics are incomplete: the deadline (timeoutMinutes) passed while reading; 3 pages read in 2 requests.'
    })
  })

  it('fails the step when the run was cancelled while reading, naming the signal', () => {
    const stopped = (stop: StopError): PartEnding => ({ kind: 'stopped', stop })
    expect(judge(partway, stopped(new StopError('cancelled', 'SIGTERM')))).toMatchObject({
      partialReason: 'the run was cancelled (SIGTERM) while reading',
      failure: 'Visitor analytics are incomplete: the run was cancelled (SIGTERM) while reading; 3 pages read in 2 requests.'
    })
    expect(judge(partway, stopped(new StopError('cancelled')))).toMatchObject({
      partialReason: 'the run was cancelled (signal) while reading'
    })
  })

  it('says an export skipped for lack of time or by cancellation was not made, without a second failure', () => {
    const none = newVisitorsProgress()
    const skipped = judge(none, { kind: 'skipped', stop: new StopError('timeout') })
    expect(skipped).toMatchObject({ partial: true, partialReason: 'the run was out of time before the export', requests: 0 })
    expect(skipped.failure).toBeUndefined()
    const cancelled = judge(none, { kind: 'skipped', stop: new StopError('cancelled', 'SIGINT') })
    expect(cancelled).toMatchObject({ partial: true, partialReason: 'the run was cancelled before the export' })
    expect(cancelled.failure).toBeUndefined()
  })

  it('carries the comparison with the previous period, read or missing', () => {
    const previous = { dateFrom: '2026-11-07', dateTo: '2026-11-14', totals: { human: 1, ai: 0, total: 1 } }
    expect(
      judge(progressOf(rows, { totals, requests: 2, previousRequests: 1, complete: true, previous }), { kind: 'finished' }).previous
    ).toEqual(previous)
    const missing = { dateFrom: '2026-11-07', dateTo: '2026-11-14', missing: 'the request for the previous period failed' }
    const report = judge(progressOf(rows, { totals, requests: 2, previousRequests: 1, complete: true, previous: missing }), {
      kind: 'finished'
    })
    expect(report).toMatchObject({ partial: false, previous: missing })
    expect(report.failure).toBeUndefined()
    expect(judge(complete, { kind: 'finished' }).previous).toBeUndefined()
  })

  it('speaks of one page and one request in the singular', () => {
    const one = progressOf(rows.slice(0, 1), { totals, requests: 1 })
    expect(judge(one, { kind: 'stopped', stop: new StopError('timeout') }).failure).toBe(
      'Visitor analytics are incomplete: the deadline (timeoutMinutes) passed while reading; 1 page read in 1 request.'
    )
    expect(judge(one, { kind: 'failed', error: new Error('HTTP 500.') }).failure).toBe(
      'Visitor analytics are incomplete after 1 request. HTTP 500.'
    )
    expect(judge(progressOf(rows, { totals, requests: 1, cut: 'budget' }), { kind: 'finished' }, req).partialReason).toBe(
      'reading stopped at maxRequests (3 requests for the whole run) while the service had more'
    )
    expect(
      judgeVisitors(progressOf(rows, { totals, requests: 1, cut: 'budget' }), req, { kind: 'finished' }, new RequestBudget(1)).partialReason
    ).toBe('reading stopped at maxRequests (1 request for the whole run) while the service had more')
  })

  it('shows a range given as date-times as written', () => {
    const report = judge(complete, { kind: 'finished' }, { ...req, dateFrom: '2026-11-14T06:00:00Z', dateTo: '2026-11-21T06:00:00Z' })
    expect(report.rangeText).toBe('2026-11-14T06:00:00Z up to, not including, 2026-11-21T06:00:00Z')
  })
})

// Tests how the visitor section is judged (src/sections/traffic/read-visitors.ts, through judgeSection in
// section.ts): whether it is partial and why, and what the step's failure says, for every way its
// part's work can end. Each state is reached by running the part against a fake VisitorsApi.
import { fakeAnalytics } from '../../../support/section-parts.js'
import { afterEach, describe, expect, it } from 'vitest'
import type { VisitorRow, VisitorsPage } from '../../../../src/sections/traffic/schema.js'
import { RequestBudget } from '../../../../src/analytics/budget.js'
import type { SectionRequest } from '../../../../src/analytics/reader.js'
import { visitorsPart, type VisitorsReport } from '../../../../src/sections/traffic/read-visitors.js'
import { ApiError } from '../../../../src/api/errors.js'
import { Lifetime, StopError } from '../../../../src/core/lifetime.js'
import type { Part, PartEnding } from '../../../../src/core/part.js'
import { cutReason } from '../../../support/budget-messages.js'

const req: SectionRequest = {
  projectId: 'proj1',
  dateFrom: '2026-11-14',
  dateTo: '2026-11-21',
  topPages: 10,
  showReaderText: true,
  compare: false
}
const totals = { human: 90, ai: 30, total: 100 }

let lifetimes: Lifetime[] = []
afterEach(() => {
  for (const lifetime of lifetimes) lifetime.dispose()
  lifetimes = []
})

/**
 * A visitor part that has read `answers` in turn (an Error is thrown at its turn, ending the read),
 * with a budget of `limit` requests (40 unless told): what its report is judged from.
 */
async function readPart(
  answers: (VisitorsPage | Error)[],
  request: SectionRequest = req,
  limit: number | RequestBudget = 40
): Promise<Part<VisitorsReport>> {
  let asked = 0
  const api = fakeAnalytics({
    visitors: (): Promise<VisitorsPage> => {
      const answer = answers[asked++]
      if (answer === undefined) return Promise.reject(new Error('asked for a page past the last one'))
      return answer instanceof Error ? Promise.reject(answer) : Promise.resolve(answer)
    }
  })
  const part = visitorsPart(api, request, typeof limit === 'number' ? new RequestBudget(limit) : limit)
  const lifetime = new Lifetime(60_000)
  lifetimes.push(lifetime)
  await part.run({ lifetime, log: { info: () => undefined, warning: () => undefined } }).catch(() => undefined)
  return part
}

const judge = (part: Part<VisitorsReport>, ending: PartEnding) => part.report(ending, 0)

const rows: VisitorRow[] = [
  { path: '/b', human: 1, ai: 0, total: 1 },
  { path: '/a', human: 5, ai: 2, total: 6 },
  { path: '/c', human: 1, ai: 0, total: 1 }
]
const page = (visitors: VisitorRow[], hasMore: boolean): VisitorsPage => ({ totals, visitors, hasMore })
/** Two pages, the second the last: a complete read. */
const complete = () => readPart([page(rows.slice(0, 2), true), page(rows.slice(2), false)])
/** Two pages read, and the third not (the error is its ending's). */
const partway = () => readPart([page(rows.slice(0, 2), true), page(rows.slice(2), true), new Error('not read')])
/** Endless pages of one row each. */
const endless = (count: number) => Array.from({ length: count }, (_, i) => page([{ path: `/p${i}`, human: 1, ai: 0, total: 1 }], true))
/** A budget of `limit` with all but `left` of it already spent by other reads. */
const spentDownTo = (limit: number, left: number) => {
  const budget = new RequestBudget(limit)
  for (let i = 0; i < limit - left; i++) budget.take()
  return budget
}

describe('the visitor section’s report', () => {
  it('reports a finished, complete read as whole, with its rows sorted and its range in words', async () => {
    expect(judge(await complete(), { kind: 'finished' })).toEqual<VisitorsReport>({
      kind: 'visitors',
      projectId: 'proj1',
      dateFrom: '2026-11-14',
      dateTo: '2026-11-21',
      rangeText: '14 Nov 2026 to 20 Nov 2026 (7 days, UTC)',
      totals,
      rows: [rows[1] as VisitorRow, rows[0] as VisitorRow, rows[2] as VisitorRow],
      requests: 2,
      topPages: 10,
      showReaderText: true,
      partial: false
    })
  })

  it('reports a read capped at maxRequests as partial, without failing the step', async () => {
    const report = judge(await readPart(endless(5), req, 3), { kind: 'finished' })
    expect(report).toMatchObject({
      requests: 3,
      partial: true,
      partialReason: cutReason('visitor rows')
    })
    expect(report.failure).toBeUndefined()
  })

  it('reports a read that stopped at an empty page as partial, without failing the step', async () => {
    const report = judge(await readPart([page(rows, true), page([], true)]), { kind: 'finished' })
    expect(report).toMatchObject({
      requests: 2,
      partial: true,
      partialReason: 'visitor rows: the service reported more after an empty page, so reading stopped'
    })
    expect(report.failure).toBeUndefined()
  })

  it('fails the step when a request failed after others, saying how many were made', async () => {
    const report = judge(await partway(), { kind: 'failed', error: new Error('HTTP 500 from the service.') })
    expect(report).toMatchObject({
      requests: 2,
      partial: true,
      partialReason: 'a request failed while reading',
      failure: 'Visitor analytics are incomplete after 2 requests. HTTP 500 from the service.'
    })
  })

  it('fails the step with the error alone when the first request failed', async () => {
    const refused = new Error('The API key was refused (HTTP 401).')
    const part = await readPart([refused])
    const report = judge(part, { kind: 'failed', error: refused })
    expect(report).toMatchObject({
      partial: true,
      partialReason: 'a request failed while reading',
      failure: 'The API key was refused (HTTP 401).',
      rows: [],
      requests: 0
    })
    expect(report.totals).toBeUndefined()
    expect(judge(part, { kind: 'failed', error: 'a thrown string' }).failure).toBe('a thrown string')
  })

  it('fails the step when the deadline passed while reading, saying how many requests were made', async () => {
    const report = judge(await partway(), { kind: 'stopped', stop: new StopError('timeout') })
    expect(report).toMatchObject({
      requests: 2,
      partial: true,
      partialReason: 'the deadline (timeoutMinutes) passed while reading',
      failure: 'Visitor analytics are incomplete: the deadline (timeoutMinutes) passed while reading; 2 requests made.'
    })
  })

  it('fails the step when the run was cancelled while reading, naming the signal', async () => {
    const part = await partway()
    const stopped = (stop: StopError): PartEnding => ({ kind: 'stopped', stop })
    expect(judge(part, stopped(new StopError('cancelled', 'SIGTERM')))).toMatchObject({
      partialReason: 'the run was cancelled (SIGTERM) while reading',
      failure: 'Visitor analytics are incomplete: the run was cancelled (SIGTERM) while reading; 2 requests made.'
    })
    expect(judge(part, stopped(new StopError('cancelled')))).toMatchObject({
      partialReason: 'the run was cancelled (signal) while reading'
    })
  })

  it('says a section skipped for lack of time or by cancellation was not read, without a second failure', () => {
    const none = visitorsPart(fakeAnalytics({ visitors: () => Promise.reject(new Error('not asked')) }), req, new RequestBudget(40))
    const skipped = judge(none, { kind: 'skipped', stop: new StopError('timeout') })
    expect(skipped).toMatchObject({
      partial: true,
      // The wording is section.test.ts's; here, that the reason is time.
      partialReason: expect.stringContaining('out of time') as unknown,
      requests: 0,
      rows: []
    })
    expect(skipped.failure).toBeUndefined()
    const cancelled = judge(none, { kind: 'skipped', stop: new StopError('cancelled', 'SIGINT') })
    expect(cancelled).toMatchObject({ partial: true, partialReason: 'the run was cancelled before this section was read' })
    expect(cancelled.failure).toBeUndefined()
  })

  it('carries the comparison with the previous period, read or missing, and counts its request', async () => {
    const comparing = { ...req, compare: true }
    const previousTotals = { human: 1, ai: 0, total: 1 }
    const read = judge(
      await readPart(
        [page(rows.slice(0, 2), true), page(rows.slice(2), false), { totals: previousTotals, visitors: [], hasMore: true }],
        comparing
      ),
      { kind: 'finished' }
    )
    expect(read).toMatchObject({
      requests: 3,
      partial: false,
      previous: { dateFrom: '2026-11-07', dateTo: '2026-11-14', value: previousTotals }
    })
    const refused = new ApiError('HTTP 418', { transient: false, status: 418 })
    const report = judge(await readPart([page(rows.slice(0, 2), true), page(rows.slice(2), false), refused], comparing), {
      kind: 'finished'
    })
    expect(report).toMatchObject({
      requests: 2,
      partial: false,
      previous: { dateFrom: '2026-11-07', dateTo: '2026-11-14', missing: 'the request for the previous period failed' }
    })
    expect(report.previous?.value).toBeUndefined()
    expect(report.failure).toBeUndefined()
    expect(judge(await complete(), { kind: 'finished' }).previous).toBeUndefined()
  })

  it('speaks of one request in the singular', async () => {
    const one = await readPart([page(rows.slice(0, 1), true), new Error('not read')])
    expect(judge(one, { kind: 'stopped', stop: new StopError('timeout') }).failure).toBe(
      'Visitor analytics are incomplete: the deadline (timeoutMinutes) passed while reading; 1 request made.'
    )
    expect(judge(one, { kind: 'failed', error: new Error('HTTP 500.') }).failure).toBe(
      'Visitor analytics are incomplete after 1 request. HTTP 500.'
    )
    const cut = judge(await readPart(endless(3), req, spentDownTo(3, 1)), { kind: 'finished' })
    expect(cut).toMatchObject({ requests: 1, partial: true })
    expect(cut.partialReason).toEqual(cutReason('visitor rows'))
    expect(judge(await readPart(endless(3), req, 1), { kind: 'finished' }).partialReason).toEqual(cutReason('visitor rows'))
  })

  it('shows a range given as date-times as written', async () => {
    const part = await readPart([page(rows, false)], { ...req, dateFrom: '2026-11-14T06:00:00Z', dateTo: '2026-11-21T06:00:00Z' })
    expect(judge(part, { kind: 'finished' }).rangeText).toBe('2026-11-14T06:00:00Z up to, not including, 2026-11-21T06:00:00Z')
  })
})

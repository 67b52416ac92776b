// Tests the comparison with the previous period (src/analytics/comparison.ts): the period it reads,
// that it takes its one reserved request and no other, and how a spent budget, an answer that cannot
// be compared, a failed request or a stop leave it.
import { describe, expect, it } from 'vitest'
import { RequestBudget } from '../../../src/analytics/budget.js'
import { type ComparisonAnswer, comparisonRead, type Period, previousPeriod } from '../../../src/analytics/comparison.js'
import type { SectionRequest } from '../../../src/analytics/reader.js'
import { ApiError } from '../../../src/api/errors.js'
import { StopError } from '../../../src/core/lifetime.js'

const request: SectionRequest = {
  projectId: 'proj1',
  dateFrom: '2026-11-14',
  dateTo: '2026-11-21',
  topPages: 10,
  showReaderText: false,
  compare: true
}

/** A comparison whose one request answers `answer` (thrown when it is an Error), and what it was asked. */
function reading(answer: ComparisonAnswer<number> | Error, budget = new RequestBudget(5), compare = true) {
  const asked: Period[] = []
  const warnings: string[] = []
  const comparison = comparisonRead('x:previous', { ...request, compare }, budget, (period) => {
    asked.push(period)
    return answer instanceof Error ? Promise.reject(answer) : Promise.resolve(answer)
  })
  const log = { info: () => undefined, warning: (line: string) => warnings.push(line) }
  return { comparison, asked, warnings, read: () => comparison.read(log) }
}

describe('comparisonRead', () => {
  it('reads the period just before the range once, counting its request', async () => {
    const run = reading({ value: 42 })
    await run.read()
    await run.read()
    expect(run.asked).toEqual([{ dateFrom: '2026-11-07', dateTo: '2026-11-14' }])
    expect(run.comparison.result()).toEqual({ dateFrom: '2026-11-07', dateTo: '2026-11-14', value: 42 })
    expect(run.comparison.progress).toMatchObject({ requests: 1, complete: true })
    expect(run.comparison.optional).toBe(true)
  })

  it('asks nothing and reports nothing when the run asked for no comparison', async () => {
    const run = reading({ value: 42 }, new RequestBudget(5), false)
    await run.read()
    expect(run.asked).toEqual([])
    expect(run.comparison.result()).toBeUndefined()
  })

  it('spends only its own reservation, and says so when no request is left', async () => {
    const budget = new RequestBudget(1)
    budget.reserve(['other'])
    const run = reading({ value: 42 }, budget)
    await run.read()
    expect(run.asked).toEqual([])
    expect(run.comparison.result()).toEqual({
      dateFrom: '2026-11-07',
      dateTo: '2026-11-14',
      missing: 'no request was left under maxRequests'
    })
    const reserved = new RequestBudget(1)
    reserved.reserve(['x:previous'])
    const mine = reading({ value: 7 }, reserved)
    await mine.read()
    expect(mine.comparison.result()?.value).toBe(7)
    expect(reserved.used).toBe(1)
  })

  it('keeps why an answer cannot be compared', async () => {
    const run = reading({ missing: 'the service gave only part of it' })
    await run.read()
    expect(run.comparison.result()).toEqual({ dateFrom: '2026-11-07', dateTo: '2026-11-14', missing: 'the service gave only part of it' })
    expect(run.comparison.progress.requests).toBe(1)
  })

  it('is missing, with a warning, when the service refuses it; the request is not counted as answered', async () => {
    const run = reading(new ApiError('HTTP 418.', { transient: false, status: 418 }))
    await run.read()
    expect(run.comparison.result()?.missing).toBe('the request for the previous period failed')
    expect(run.warnings).toEqual(['The comparison with the previous period is left out: HTTP 418.'])
    expect(run.comparison.progress.requests).toBe(0)
  })

  it('is missing, and lets the run go on, when the run stops while it is read; a bug goes through', async () => {
    const stopped = reading(new StopError('timeout'))
    await stopped.read()
    expect(stopped.comparison.result()?.missing).toBe('the deadline (timeoutMinutes) passed while reading it')
    const cancelled = reading(new StopError('cancelled', 'SIGINT'))
    await cancelled.read()
    expect(cancelled.comparison.result()?.missing).toBe('the run was cancelled while reading it')
    const bug = new TypeError('a bug')
    const run = reading(bug)
    await expect(run.read()).rejects.toBe(bug)
    expect(run.comparison.result()?.missing).toBeUndefined()
  })
})
describe('previousPeriod', () => {
  it.each([
    ['2026-11-14', '2026-11-21', '2026-11-07', '2026-11-14'],
    ['2026-11-20', '2026-11-21', '2026-11-19', '2026-11-20'],
    ['2026-01-01', '2026-01-31', '2025-12-02', '2026-01-01'],
    ['2024-03-01', '2024-03-31', '2024-01-31', '2024-03-01'],
    ['2026-11-14', '2026-11-21T00:00:00Z', '2026-11-07', '2026-11-14'],
    ['2026-11-14', '2026-11-14T12:00:00Z', '2026-11-13T12:00:00.000Z', '2026-11-14'],
    ['2026-11-14T00:00:00Z', '2026-11-21T00:00:00Z', '2026-11-07T00:00:00.000Z', '2026-11-14T00:00:00Z'],
    ['2026-11-14T06:30:00+02:00', '2026-11-14T08:30:00+02:00', '2026-11-14T02:30:00.000Z', '2026-11-14T06:30:00+02:00']
  ])('before %s to %s is %s to %s', (dateFrom, dateTo, previousFrom, previousTo) => {
    expect(previousPeriod({ dateFrom, dateTo })).toEqual({ dateFrom: previousFrom, dateTo: previousTo })
  })
})

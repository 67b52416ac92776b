// Tests how every analytics section is judged (src/analytics/reader.ts): its range and requests,
// whether it is partial and why, and the step's failure, for every way its part can end.
import { describe, expect, it } from 'vitest'
import { RequestBudget } from '../../../src/analytics/budget.js'
import { MAX_SECTION_ROWS, newReadProgress, type ReadProgress } from '../../../src/analytics/pager.js'
import { judgeSection, type NamedRead, readSection, sectionRead, type SectionRequest } from '../../../src/analytics/reader.js'
import { ApiError } from '../../../src/api/errors.js'
import { StopError } from '../../../src/core/lifetime.js'
import type { PartEnding } from '../../../src/core/part.js'
import { base, finished, request } from '../../support/section-parts.js'
import { mutationTesting } from '../../support/stress.js'

const read = (name: string, progress: Partial<ReadProgress>): NamedRead => ({ name, progress: { ...newReadProgress(), ...progress } })

const judge = (reads: NamedRead[], ending: PartEnding = finished, req: SectionRequest = request) =>
  judgeSection('Feedback analytics', req, reads, ending, new RequestBudget(12))

describe('judgeSection when the part finished', () => {
  it('is whole when every read is complete, and adds up their requests', () => {
    const reads = [read('feedback by page', { requests: 1, complete: true }), read('feedback rows', { requests: 3, complete: true })]
    expect(judge(reads)).toStrictEqual({ ...base, requests: 4, partial: false })
  })

  it('keeps the request’s range, row count and reader text setting', () => {
    const req: SectionRequest = {
      projectId: 'p2',
      dateFrom: '2026-11-14T06:00:00Z',
      dateTo: '2026-11-15T06:00:00Z',
      topPages: 3,
      showReaderText: true,
      compare: true
    }
    expect(judge([read('page views', { requests: 1, complete: true })], finished, req)).toStrictEqual({
      projectId: 'p2',
      dateFrom: '2026-11-14T06:00:00Z',
      dateTo: '2026-11-15T06:00:00Z',
      rangeText: '2026-11-14T06:00:00Z up to, not including, 2026-11-15T06:00:00Z',
      topPages: 3,
      showReaderText: true,
      requests: 1,
      partial: false
    })
  })

  it('is partial when any read is incomplete, even one that was not cut', () => {
    expect(judge([read('feedback by page', { requests: 1, complete: true }), read('feedback rows', {})])).toStrictEqual({
      ...base,
      requests: 1,
      partial: true
    })
    expect(judge([read('feedback by page', {}), read('feedback rows', { requests: 2, complete: true })])).toStrictEqual({
      ...base,
      requests: 2,
      partial: true
    })
  })

  it('counts the requests of an optional read, and is not made partial by it', () => {
    const optional = (progress: Partial<ReadProgress>): NamedRead => ({ ...read('the previous period', progress), optional: true })
    expect(judge([read('visitor rows', { requests: 2, complete: true }), optional({})])).toStrictEqual({
      ...base,
      requests: 2,
      partial: false
    })
    expect(judge([read('visitor rows', { requests: 2, complete: true }), optional({ requests: 1, complete: true })])).toStrictEqual({
      ...base,
      requests: 3,
      partial: false
    })
    expect(judge([read('visitor rows', { requests: 1 }), optional({ requests: 1, complete: true })])).toStrictEqual({
      ...base,
      requests: 2,
      partial: true
    })
  })

  it('is not partial for a one-request read that was truncated but complete', () => {
    expect(judge([read('feedback by page', { requests: 1, complete: true, truncated: true })])).toStrictEqual({
      ...base,
      requests: 1,
      partial: false
    })
  })

  it('names the read that was cut, and why, in the partial reason', () => {
    const reads = [
      read('feedback by page', { requests: 1, complete: true }),
      read('feedback rows', { requests: 11, cut: 'budget' }),
      read('something else', { requests: 0, cut: 'empty-page' })
    ]
    expect(judge(reads)).toStrictEqual({
      ...base,
      requests: 12,
      partial: true,
      partialReason: 'feedback rows: reading stopped at maxRequests (12 requests for the whole run) while the service had more',
      budgetCut: { maxRequests: 12, moreRequests: 1 }
    })
  })

  it('counts a comparison the budget refused among the requests short, but not as a reason the section is partial', () => {
    const comparison: NamedRead = { ...read('the previous period', { cut: 'budget' }), optional: true }
    expect(judge([read('visitor rows', { requests: 2, complete: true }), comparison])).toStrictEqual({
      ...base,
      requests: 2,
      partial: false,
      budgetCut: { maxRequests: 12, moreRequests: 1 }
    })
    const reads = [read('visitor rows', { requests: 12, cut: 'budget' }), comparison]
    expect(judge(reads)).toMatchObject({
      partialReason: 'visitor rows: reading stopped at maxRequests (12 requests for the whole run) while the service had more',
      budgetCut: { maxRequests: 12, moreRequests: 2 }
    })
  })

  it('words each cut', () => {
    const reason = (cut: ReadProgress['cut']) => judge([read('search terms', { requests: 2, cut })]).partialReason
    expect(reason('repeated-cursor')).toBe('search terms: the service handed back a cursor it had already given, so reading stopped')
    expect(reason('empty-page')).toBe('search terms: the service reported more after an empty page, so reading stopped')
    expect(reason('no-cursor')).toBe('search terms: the service reported more but gave no cursor to read it with')
    expect(reason('row-limit')).toBe('search terms: the service had more than 200,000 rows, the most a run keeps of one section')
  })

  it('counts no requests for a section with no reads', () => {
    expect(judge([])).toStrictEqual({ ...base, requests: 0, partial: false })
  })
})

describe('judgeSection when the run stopped', () => {
  const cutRead = read('feedback rows', { requests: 2, cut: 'budget' })

  it('says a skipped section was not read for lack of time, without failing the step', () => {
    expect(judge([read('feedback rows', {})], { kind: 'skipped', stop: new StopError('timeout') })).toStrictEqual({
      ...base,
      requests: 0,
      partial: true,
      partialReason: 'the run was out of time before this section was read'
    })
  })

  it('says a skipped section was not read because the run was cancelled', () => {
    expect(judge([read('feedback rows', {})], { kind: 'skipped', stop: new StopError('cancelled', 'SIGINT') })).toStrictEqual({
      ...base,
      requests: 0,
      partial: true,
      partialReason: 'the run was cancelled before this section was read'
    })
  })

  it('fails the step when the deadline passed while reading, counting the requests made', () => {
    expect(judge([cutRead], { kind: 'stopped', stop: new StopError('timeout') })).toStrictEqual({
      ...base,
      requests: 2,
      partial: true,
      partialReason: 'the deadline (timeoutMinutes) passed while reading',
      failure: 'Feedback analytics are incomplete: the deadline (timeoutMinutes) passed while reading; 2 requests made.'
    })
    expect(judge([read('x', { requests: 1 })], { kind: 'stopped', stop: new StopError('timeout') }).failure).toBe(
      'Feedback analytics are incomplete: the deadline (timeoutMinutes) passed while reading; 1 request made.'
    )
  })

  it('fails the step when a signal cancelled the run while reading, naming the signal', () => {
    expect(judge([cutRead], { kind: 'stopped', stop: new StopError('cancelled', 'SIGTERM') })).toStrictEqual({
      ...base,
      requests: 2,
      partial: true,
      partialReason: 'the run was cancelled (SIGTERM) while reading',
      failure: 'Feedback analytics are incomplete: the run was cancelled (SIGTERM) while reading; 2 requests made.'
    })
  })

  it('says "signal" when the cancellation named none', () => {
    expect(judge([read('x', {})], { kind: 'stopped', stop: new StopError('cancelled') })).toStrictEqual({
      ...base,
      requests: 0,
      partial: true,
      partialReason: 'the run was cancelled (signal) while reading',
      failure: 'Feedback analytics are incomplete: the run was cancelled (signal) while reading; 0 requests made.'
    })
  })
})

describe('judgeSection when a request failed', () => {
  it('fails the step with the error alone when nothing was read', () => {
    expect(judge([read('feedback by page', {})], { kind: 'failed', error: new Error('HTTP 500 from the service.') })).toStrictEqual({
      ...base,
      requests: 0,
      partial: true,
      partialReason: 'a request failed while reading',
      failure: 'HTTP 500 from the service.'
    })
  })

  it('says the section is incomplete when something was read before the failure', () => {
    const one = judge([read('feedback by page', { requests: 1, complete: true }), read('feedback rows', {})], {
      kind: 'failed',
      error: new Error('HTTP 500.')
    })
    expect(one).toStrictEqual({
      ...base,
      requests: 1,
      partial: true,
      partialReason: 'a request failed while reading',
      failure: 'Feedback analytics are incomplete after 1 request. HTTP 500.'
    })
    const three = judge([read('feedback rows', { requests: 3, cut: 'budget' })], { kind: 'failed', error: new Error('HTTP 500.') })
    expect(three.failure).toBe('Feedback analytics are incomplete after 3 requests. HTTP 500.')
    expect(three.partialReason).toBe('a request failed while reading')
  })

  it('tells whatever was thrown', () => {
    expect(judge([read('x', {})], { kind: 'failed', error: 'plain text' }).failure).toBe('plain text')
  })

  it('marks a section whose first request the service denied (403) with the denial, and no other', () => {
    const denied = new ApiError('Reading feedback failed: 403.', { status: 403, transient: false, denial: { projectId: 'p' } })
    expect(judge([read('feedback by page', {})], { kind: 'failed', error: denied }).accessDenied).toEqual({ projectId: 'p' })
    expect(
      judge([read('feedback by page', { requests: 1, complete: true }), read('rows', {})], { kind: 'failed', error: denied }).accessDenied
    ).toBeUndefined()
    expect(
      judge([read('x', {})], { kind: 'failed', error: new ApiError('401', { status: 401, transient: false }) }).accessDenied
    ).toBeUndefined()
  })

  it('marks a section whose first request the service refused for the key (401), and no other', () => {
    const refused = new ApiError('Reading feedback failed: 401.', { status: 401, transient: false })
    expect(judge([read('feedback by page', {})], { kind: 'failed', error: refused }).keyRefused).toBe(true)
    // Read before the refusal: the section has something of its own to say.
    expect(
      judge([read('feedback by page', { requests: 1, complete: true }), read('rows', {})], { kind: 'failed', error: refused }).keyRefused
    ).toBeUndefined()
    expect(
      judge([read('x', {})], { kind: 'failed', error: new ApiError('403', { status: 403, transient: false }) }).keyRefused
    ).toBeUndefined()
    expect(
      judge([read('x', {})], { kind: 'failed', error: Object.assign(new Error('401'), { details: { status: 401 } }) }).keyRefused
    ).toBeUndefined()
  })
})

describe('readSection', () => {
  it.skipIf(mutationTesting)('keeps at most 200,000 rows over all the reads of a section, the read that meets the bound cut', async () => {
    const kept: number[] = []
    const rows = (n: number): string[] => Array.from({ length: n }, (_, i) => `r${i}`)
    const reads = [
      sectionRead<string>(
        'first',
        'first rows',
        { style: 'single', fetch: () => Promise.resolve({ rows: rows(MAX_SECTION_ROWS - 10) }) },
        (page) => void kept.push(page.length)
      ),
      sectionRead<string>(
        'second',
        'second rows',
        { style: 'cursor', fetch: () => Promise.resolve({ rows: rows(25), nextCursor: null }) },
        (page) => void kept.push(page.length)
      )
    ]
    const warnings: string[] = []
    const log = { info: () => undefined, warning: (message: string) => warnings.push(message) }
    await readSection('test', reads, new RequestBudget(10), log)
    expect(kept).toEqual([MAX_SECTION_ROWS - 10, 10])
    expect(reads.map((r) => r.progress)).toEqual([
      { requests: 1, complete: true, truncated: false },
      { requests: 1, complete: false, truncated: false, cut: 'row-limit' }
    ])
    expect(judge(reads).partialReason).toBe('second rows: the service had more than 200,000 rows, the most a run keeps of one section')
    expect(warnings).toHaveLength(1)
  })
})

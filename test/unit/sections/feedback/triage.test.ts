// Tests which feedback rows count by the status the docs team gave them (src/sections/feedback/triage.ts),
// and the feedback section's part with pages that have a fix (src/sections/feedback/read.ts): a resolved
// row before, after and without a date, on a page with and without a fix, in the period of the merge
// and after it; and rows a hostile service could send.
import { describe, expect, it } from 'vitest'
import { readKeys, SECTION_CATALOG } from '../../../../src/core/catalog.js'
import { RequestBudget } from '../../../../src/analytics/budget.js'
import type { CursorQuery, LimitQuery } from '../../../../src/api/analytics.js'
import { feedbackCounts, feedbackPart } from '../../../../src/sections/feedback/read.js'
import { feedbackRenderer } from '../../../../src/sections/feedback/render.js'
import { feedbackReadNotes } from '../../../../src/sections/feedback/summary.js'
import type { FeedbackByPage, FeedbackPage, FeedbackRow } from '../../../../src/sections/feedback/schema.js'
import { countedRow, dayOf, isTriaged, PAGE_STATUSES } from '../../../../src/sections/feedback/triage.js'
import { pageLabel } from '../../../../src/text/page-path.js'
import { cleanUpAfterEach, endpoint, fakeAnalytics, finished, run, showing } from '../../../support/section-parts.js'

cleanUpAfterEach()

// The period read: 14 Nov to 21 Nov (exclusive), as `showing` asks for it.
const period = { dateFrom: '2026-11-14', dateTo: '2026-11-21' }
const PAGE = '/guides/webhooks'
const resolved = (createdAt: string | null, path = PAGE) => ({ path, status: 'resolved', createdAt })

describe('which rows count', () => {
  it('a pending or in-progress row counts on any page; a dismissed one as a resolved one: only on a fixed page, after the merge', () => {
    const fixed = new Map([[PAGE, '2026-11-17']])
    expect(countedRow({ path: PAGE, status: 'pending', createdAt: null }, new Map(), period)).toBe(true)
    expect(countedRow({ path: PAGE, status: 'in_progress', createdAt: null }, new Map(), period)).toBe(true)
    expect(countedRow({ path: PAGE, status: 'dismissed', createdAt: '2026-11-18T00:00:00Z' }, fixed, period)).toBe(true)
    expect(countedRow({ path: PAGE, status: 'dismissed', createdAt: '2026-11-15T00:00:00Z' }, fixed, period)).toBe(false)
    expect(countedRow({ path: PAGE, status: 'dismissed', createdAt: '2026-11-18T00:00:00Z' }, new Map(), period)).toBe(false)
    expect(isTriaged('dismissed')).toBe(true)
    expect(isTriaged('resolved')).toBe(true)
    expect(isTriaged('pending')).toBe(false)
  })

  it('a resolved row on a page with no fix does not count, dated or not (so without the health issue, none counts)', () => {
    const elsewhere = new Map([['/other', '2026-11-01']])
    for (const createdAt of ['2026-11-15T10:00:00Z', null, 'soon'])
      expect(countedRow(resolved(createdAt), elsewhere, period), String(createdAt)).toBe(false)
  })

  it('in a period that begins on or after the merge, every resolved row of the page counts, whatever its date says', () => {
    for (const mergedOn of ['2026-11-14', '2026-11-02'])
      for (const createdAt of ['2026-11-15T10:00:00Z', '2026-10-01T00:00:00Z', null, 'not a date'])
        expect(countedRow(resolved(createdAt), new Map([[PAGE, mergedOn]]), period), `${mergedOn} ${createdAt}`).toBe(true)
  })

  it('in the period of the merge, a resolved row counts when left on or after the merge day, not before it', () => {
    const fixes = new Map([[PAGE, '2026-11-17']])
    expect(countedRow(resolved('2026-11-16T23:59:59Z'), fixes, period)).toBe(false)
    expect(countedRow(resolved('2026-11-14T00:00:00Z'), fixes, period)).toBe(false)
    expect(countedRow(resolved('2026-11-17T00:00:00Z'), fixes, period)).toBe(true)
    expect(countedRow(resolved('2026-11-20T10:00:00Z'), fixes, period)).toBe(true)
  })

  it('in the period of the merge, a resolved row with no date, a date that is none, or a date outside the period counts', () => {
    const fixes = new Map([[PAGE, '2026-11-17']])
    for (const createdAt of [
      null,
      '',
      'yesterday',
      '2026-02-30T00:00:00Z',
      '2026-13-01',
      '2026-11-13T23:00:00Z',
      '2026-11-21T00:00:00Z',
      '9999-01-01T00:00:00Z'
    ])
      expect(countedRow(resolved(createdAt), fixes, period), String(createdAt)).toBe(true)
  })

  it('a pull request still open (merge day not known) makes every resolved row of its page count', () => {
    expect(countedRow(resolved('2026-11-14T00:00:00Z'), new Map([[PAGE, '']]), period)).toBe(true)
  })

  it('a merge after the period keeps the page’s resolved rows out, but for one dated after the period (no clear word)', () => {
    expect(countedRow(resolved('2026-11-20T00:00:00Z'), new Map([[PAGE, '2026-11-25']]), period)).toBe(false)
    expect(countedRow(resolved('2026-11-22T00:00:00Z'), new Map([[PAGE, '2026-11-25']]), period)).toBe(true)
    expect(countedRow(resolved('2026-11-21T00:00:00Z'), new Map([[PAGE, '2026-11-25']]), period)).toBe(true)
  })

  it('reads a day only from a real date of the calendar', () => {
    expect(dayOf('2026-11-17T08:00:00Z')).toBe('2026-11-17')
    expect(dayOf('2024-02-29')).toBe('2024-02-29')
    expect(dayOf('2026-02-29')).toBeUndefined()
    expect(dayOf('2026-04-31')).toBeUndefined()
    expect(dayOf('2026-00-10')).toBeUndefined()
    expect(dayOf('x2026-11-17')).toBeUndefined()
    expect(dayOf(null)).toBeUndefined()
  })

  it('places a row by the UTC day of its instant: an offset cannot move a row left after the merge to before it', () => {
    const fixes = new Map([[PAGE, '2026-11-17']])
    // 22:00 on the 16th at -05:00 is 03:00 UTC on the 17th, the merge day: after the merge.
    expect(dayOf('2026-11-16T22:00:00-05:00')).toBe('2026-11-17')
    expect(countedRow(resolved('2026-11-16T22:00:00-05:00'), fixes, period)).toBe(true)
    expect(dayOf('2026-11-16T23:59:59.999-00:01')).toBe('2026-11-17')
    // +14:00 moves a day back: 01:00 on the 17th is 11:00 UTC on the 16th, before the merge day.
    expect(dayOf('2026-11-17T01:00:00+14:00')).toBe('2026-11-16')
    expect(dayOf('2026-11-16T00:00:00.000-00:00')).toBe('2026-11-16')
    expect(dayOf('2026-11-16T10:00:00+00:00')).toBe('2026-11-16')
    expect(dayOf('2026-12-31T23:30:00-01:00')).toBe('2027-01-01')
    expect(dayOf('2026-11-16T00:30:00+23:59')).toBe('2026-11-15')
    // No zone is taken as UTC, as the service dates everything else; a leap second is the day's last.
    expect(dayOf('2026-11-16T22:00:00')).toBe('2026-11-16')
    expect(dayOf('2026-11-16T22:00Z')).toBe('2026-11-16')
    expect(dayOf('2026-11-16T22:00-05:00')).toBe('2026-11-17')
    expect(dayOf('2026-11-17T00:59:60+01:00')).toBe('2026-11-16')
    expect(dayOf('2026-11-16T23:59:60Z')).toBe('2026-11-16')
  })

  it('reads no day from a text that is not a date or a date-time: such a row counts', () => {
    const fixes = new Map([[PAGE, '2026-11-17']])
    for (const createdAt of [
      '2026-11-16 22:00:00-05:00',
      '2026-11-16T22:00:00 EST',
      '2026-11-16T25:00:00Z',
      '2026-11-16T22:00:00-24:00',
      '2026-11-16garbage',
      '2026-11-16T23:60:00Z',
      '2026-11-16T23:00:61Z',
      '2026-11-16T22:00:00+05:60',
      '9999-12-31T23:00:00-05:00',
      '0000-01-01T00:30:00+01:00',
      `2026-11-16T10:00:00Z${' '.repeat(100_000)}x`
    ]) {
      expect(dayOf(createdAt), createdAt.slice(0, 40)).toBeUndefined()
      expect(countedRow(resolved(createdAt), fixes, period), createdAt.slice(0, 40)).toBe(true)
    }
  })
})

describe('the feedback section with pages that have a fix', () => {
  const row = (id: string, more: Partial<FeedbackRow> & { helpful?: boolean } = {}): FeedbackRow => ({
    id,
    path: PAGE,
    comment: `comment ${id}`,
    createdAt: '2026-11-16T10:00:00Z',
    source: 'contextual',
    status: 'resolved',
    helpful: false,
    ...more
  })
  const page = (path: string, thumbsDown: number, thumbsUp = 0) => ({ path, thumbsUp, thumbsDown, code: 0, total: thumbsDown + thumbsUp })

  function read(pages: FeedbackByPage, rowPages: FeedbackPage[], fixes?: Map<string, string>, limit = 10) {
    const byPage = endpoint<LimitQuery, FeedbackByPage>('feedback by page', [pages])
    const feedback = endpoint<CursorQuery, FeedbackPage>('feedback', rowPages)
    const budget = new RequestBudget(limit)
    budget.reserve(readKeys('feedback'))
    const part = feedbackPart(
      fakeAnalytics({ feedbackByPage: byPage.call, feedback: feedback.call }),
      { ...showing, ...(fixes ? { fixes } : {}) },
      budget
    )
    return { part, pagesAsked: byPage.asked, rowsAsked: feedback.asked }
  }

  it('asks the counts per page without resolved feedback, and the rows with it', async () => {
    const { part, pagesAsked, rowsAsked } = read({ feedback: [], hasMore: false }, [{ feedback: [], nextCursor: null, hasMore: false }])
    await run(part)
    expect(PAGE_STATUSES).toBe('pending,in_progress')
    expect(pagesAsked[0]?.query).toMatchObject({ status: 'pending,in_progress' })
    expect(rowsAsked[0]?.query).toMatchObject({ status: 'pending,in_progress,resolved' })
  })

  it('with a fix, asks the rows in every status: a dismissed complaint after the merge counts as a resolved one does', async () => {
    const fixes = new Map([[PAGE, '2026-11-14']])
    const { part, rowsAsked } = read(
      { feedback: [page(PAGE, 1, 2)], hasMore: false },
      [
        {
          feedback: [
            row('1', { status: 'dismissed' }),
            row('2', { status: 'dismissed', path: '/other' }),
            row('3', { status: 'dismissed', helpful: true })
          ],
          nextCursor: null,
          hasMore: false
        }
      ],
      fixes
    )
    await run(part)
    expect(rowsAsked[0]?.query).toMatchObject({ status: 'pending,in_progress,resolved,dismissed' })
    const report = part.report(finished, 0)
    expect(report.entries.map((entry) => entry.comment).sort()).toEqual(['comment 1', 'comment 3'])
    // The dismissed complaint on the fixed page adds its thumb down; the one marked helpful adds none.
    expect(report.pages).toEqual([page(PAGE, 2, 2)])
    expect(feedbackCounts(report).unhappy).toBe(2)
  })

  it('with no fix, resolved complaints are in no count and among no comments', async () => {
    const { part } = read({ feedback: [page(PAGE, 0, 2)], hasMore: false }, [
      { feedback: [row('1'), row('2'), row('3', { status: 'pending', comment: 'still wrong' })], nextCursor: null, hasMore: false }
    ])
    await run(part)
    const report = part.report(finished, 0)
    expect(report.entries.map((entry) => entry.comment)).toEqual(['still wrong'])
    expect(report.pages).toEqual([page(PAGE, 0, 2)])
    expect(feedbackCounts(report).unhappy).toBe(1)
  })

  it('after a fix, resolved complaints count as thumbs down on their page and among the comments', async () => {
    const fixes = new Map([[PAGE, '2026-11-14']])
    const { part } = read(
      { feedback: [page(PAGE, 1, 2), page('/other', 1)], hasMore: false },
      [
        {
          feedback: [row('1'), row('2'), row('3', { path: '/other' }), row('4', { status: 'pending' }), row('5', { helpful: true })],
          nextCursor: null,
          hasMore: false
        }
      ],
      fixes
    )
    await run(part)
    const report = part.report(finished, 0)
    expect(report.entries.map((entry) => entry.comment).sort()).toEqual(['comment 1', 'comment 2', 'comment 4', 'comment 5'])
    // A resolved row marked helpful adds no thumb up: thumbs up would only make a fix look better.
    expect(report.pages).toEqual([{ ...page(PAGE, 3, 2) }, page('/other', 1)])
    // The 3 resolved rows not helpful added their thumbs down back: each such reader counts once.
    expect(feedbackCounts(report).unhappy).toBe(3 + 1)
    expect(report.resolvedPartly).toBeUndefined()
    expect(report).not.toHaveProperty('fixesUnknown')
  })

  it('in the period of the merge, only the resolved rows left on or after the merge day count', async () => {
    const fixes = new Map([[PAGE, '2026-11-17']])
    const { part } = read(
      { feedback: [], hasMore: false },
      [
        {
          feedback: [
            row('before', { createdAt: '2026-11-15T10:00:00Z' }),
            row('after', { createdAt: '2026-11-18T10:00:00Z' }),
            row('undated', { createdAt: null })
          ],
          nextCursor: null,
          hasMore: false
        }
      ],
      fixes
    )
    await run(part)
    const report = part.report(finished, 0)
    expect(report.entries.map((entry) => entry.comment).sort()).toEqual(['comment after', 'comment undated'])
    // A page the counts did not name (none was cut off) gets the resolved complaints that count.
    expect(report.pages).toEqual([page(PAGE, 2)])
  })

  it('a page cut off the counts per page is not made up from its resolved rows', async () => {
    const fixes = new Map([[PAGE, '2026-11-01']])
    const { part } = read(
      { feedback: [page('/other', 4)], hasMore: true },
      [{ feedback: [row('1')], nextCursor: null, hasMore: false }],
      fixes
    )
    await run(part)
    const report = part.report(finished, 0)
    expect(report.pages).toEqual([page('/other', 4)])
    expect(report.entries).toHaveLength(1)
  })

  it('a row id sent twice is kept as the copy that counts, whichever comes first', async () => {
    for (const order of [
      [row('1', { status: 'pending', comment: 'counts' }), row('1', { comment: 'resolved copy' })],
      [row('1', { comment: 'resolved copy' }), row('1', { status: 'pending', comment: 'counts' })]
    ]) {
      const { part } = read({ feedback: [], hasMore: false }, [
        { feedback: [order[0] as FeedbackRow], nextCursor: 'c2', hasMore: true },
        { feedback: [order[1] as FeedbackRow], nextCursor: null, hasMore: false }
      ])
      await run(part)
      expect(part.report(finished, 0).entries.map((entry) => entry.comment)).toEqual(['counts'])
    }
  })

  it('rows read only in part, with a page fixed, say so in "How this was read"', async () => {
    const fixes = new Map([[PAGE, '2026-11-01']])
    // Two requests: the counts per page and one page of rows; the rest is left unread.
    const { part } = read(
      { feedback: [page(PAGE, 1)], hasMore: false },
      [
        { feedback: [row('1')], nextCursor: 'c2', hasMore: true },
        { feedback: [row('2')], nextCursor: null, hasMore: false }
      ],
      fixes,
      2
    )
    await run(part)
    const report = part.report(finished, 0)
    expect(report.partial).toBe(true)
    expect(report.resolvedPartly).toBe(true)
    expect(feedbackReadNotes(report).join(' ')).toContain('not all of them were read')
    const whole = read(
      { feedback: [page(PAGE, 1)], hasMore: false },
      [{ feedback: [row('1')], nextCursor: null, hasMore: false }],
      undefined,
      2
    )
    await run(whole.part)
    expect(feedbackReadNotes(whole.part.report(finished, 0)).join(' ')).not.toContain('resolved')
  })
})

describe('the comparison with the period before, on a site with a fix', () => {
  const complaint = (id: string, createdAt = '2026-11-16T10:00:00Z', path = PAGE, helpful = false): FeedbackRow => ({
    id,
    path,
    comment: null,
    createdAt,
    source: 'contextual',
    status: 'resolved',
    helpful
  })
  const counts = (thumbsDown: number): FeedbackByPage => ({
    feedback: [{ path: PAGE, thumbsUp: 0, thumbsDown, code: 0, total: thumbsDown }],
    hasMore: false
  })
  // The period before: 7 to 14 Nov. Its triaged rows: two complaints on the fixed page, one on 9 Nov
  // and one on 13 Nov, one sent twice, a row marked helpful, a complaint on a page with no fix, and a
  // thumb with no verdict.
  const before: FeedbackPage = {
    feedback: [
      complaint('b1', '2026-11-09T10:00:00Z'),
      complaint('b2', '2026-11-13T10:00:00Z'),
      complaint('b2', '2026-11-13T10:00:00Z'),
      complaint('b3', '2026-11-12T10:00:00Z', PAGE, true),
      complaint('b4', '2026-11-12T10:00:00Z', '/elsewhere'),
      // A thumb with no verdict: it cannot be told up from down.
      { id: 'b5', path: PAGE, comment: null, createdAt: '2026-11-12T10:00:00Z', source: 'thumbs_only', status: 'resolved' }
    ],
    nextCursor: null,
    hasMore: false
  }

  async function compared(mergedOn: string, more: [string, string][] = [], earlier: FeedbackPage[] = [before], limit = 10, shown = true) {
    const byPage = endpoint<LimitQuery, FeedbackByPage>('feedback by page', [counts(1), counts(1)])
    const feedback = endpoint<CursorQuery, FeedbackPage>('feedback', [
      { feedback: [complaint('1'), complaint('2'), complaint('3')], nextCursor: null, hasMore: false },
      ...earlier
    ])
    const budget = new RequestBudget(limit)
    budget.reserve([...readKeys('feedback'), SECTION_CATALOG.feedback.comparison])
    const part = feedbackPart(
      fakeAnalytics({ feedbackByPage: byPage.call, feedback: feedback.call }),
      { ...showing, showReaderText: shown, compare: true, fixes: new Map([...more, [PAGE, mergedOn]]) },
      budget
    )
    await run(part)
    return { report: part.report(finished, 0), asked: byPage.asked, rows: feedback.asked }
  }

  it('counts the period before like the period read: its triaged complaints that count by the rule are read and added to its thumbs down', async () => {
    // The fix merged before the period before began, or its pull request is open: every complaint of
    // the fixed page counts there, as here; on 13 Nov, only the one left on or after the merge day.
    for (const [mergedOn, value] of [
      ['2026-11-01', 1 + 2],
      ['', 1 + 2],
      ['2026-11-13', 1 + 1]
    ] as const) {
      const { report, asked, rows } = await compared(mergedOn)
      expect(report.pages?.[0]?.thumbsDown, mergedOn).toBe(4)
      expect(report.previous, mergedOn).toMatchObject({ dateFrom: '2026-11-07', dateTo: '2026-11-14', value })
      expect(report.previous?.missing, mergedOn).toBeUndefined()
      expect(report.previous?.unlike, mergedOn).toBeUndefined()
      expect(feedbackRenderer.headlines(report)[0], mergedOn).toMatchObject({ key: 'thumbsDown', value: 4, previous: { value } })
      expect(feedbackRenderer.headlines(report)[0]?.unlike, mergedOn).toBeUndefined()
      expect(asked, mergedOn).toHaveLength(2)
      // The rows of the period before, triaged ones alone: the others are in its counts per page.
      expect(rows[1]?.query, mergedOn).toMatchObject({ dateFrom: '2026-11-07', dateTo: '2026-11-14', status: 'resolved,dismissed' })
      expect(rows, mergedOn).toHaveLength(2)
      // Every request is counted: the counts and rows of the period, the counts and rows of the one before.
      expect(report.requests, mergedOn).toBe(4)
    }
  })

  it('while reader text is hidden, keys the period before’s rows by the page’s label, as the fix is', async () => {
    // The fix is the label's, merged before the period before; the path's own entry merged after it.
    const fixes: [string, string][] = [[pageLabel(PAGE), '2026-11-01']]
    expect((await compared('2026-11-20', fixes, [before], 10, false)).report.previous?.value).toBe(1 + 2)
    expect((await compared('2026-11-20', fixes, [before], 10, true)).report.previous?.value).toBe(1)
  })

  it('reads every page of the period before’s triaged rows', async () => {
    const pages: FeedbackPage[] = [
      { feedback: [complaint('b1', '2026-11-09T10:00:00Z')], nextCursor: 'c2', hasMore: true },
      { feedback: [complaint('b2', '2026-11-10T10:00:00Z'), complaint('b1', '2026-11-09T10:00:00Z')], nextCursor: null, hasMore: false }
    ]
    const { report, rows } = await compared('2026-11-01', [], pages)
    expect(report.previous?.value).toBe(1 + 2)
    expect(rows[2]?.query).toMatchObject({ cursor: 'c2', status: 'resolved,dismissed' })
  })

  it('is not made, nor taken from the issue’s history, when the triaged rows of the period before cannot be read whole', async () => {
    // No request left for them; a cursor handed back twice; more after an empty page.
    const cases: [string, FeedbackPage[], number][] = [
      ['budget', [before], 3],
      [
        'repeated cursor',
        [
          { feedback: [complaint('b1')], nextCursor: 'c', hasMore: true },
          { feedback: [complaint('b2')], nextCursor: 'c', hasMore: true }
        ],
        10
      ],
      ['empty page', [{ feedback: [], nextCursor: 'c', hasMore: true }], 10],
      ['no cursor', [{ feedback: [complaint('b1')], nextCursor: null, hasMore: true }], 10]
    ]
    for (const [name, pages, limit] of cases) {
      const { report } = await compared('2026-11-01', [], pages, limit)
      expect(report.previous?.value, name).toBeUndefined()
      expect(report.previous?.missing, name).toContain('resolved or dismissed')
      expect(report.previous?.unlike, name).toBe(true)
      expect(feedbackRenderer.headlines(report)[0]?.unlike, name).toBe(true)
    }
  })

  it('reads no rows of the period before when no triaged row counts there: the fix merged on or after the day it ends', async () => {
    const { report, rows } = await compared('2026-11-14', [['/later', '2026-11-20']])
    expect(report.previous).toMatchObject({ dateFrom: '2026-11-07', dateTo: '2026-11-14', value: 1 })
    expect(report.previous?.missing).toBeUndefined()
    expect(report.previous?.unlike).toBeUndefined()
    expect(rows).toHaveLength(1)
    expect(report.requests).toBe(3)
  })
})

describe('attacks on the rule that hold', () => {
  const complaint = (id: string, comment: string | null = null): FeedbackRow => ({
    id,
    path: PAGE,
    comment,
    createdAt: '2026-11-16T10:00:00Z',
    source: 'contextual',
    status: 'resolved',
    helpful: false
  })

  async function readWith(rowPages: FeedbackPage[], fixes: Map<string, string>, showReaderText: boolean) {
    const byPage = endpoint<LimitQuery, FeedbackByPage>('feedback by page', [{ feedback: [], hasMore: false }])
    const feedback = endpoint<CursorQuery, FeedbackPage>('feedback', rowPages)
    const budget = new RequestBudget(10)
    budget.reserve(readKeys('feedback'))
    const part = feedbackPart(
      fakeAnalytics({ feedbackByPage: byPage.call, feedback: feedback.call }),
      { ...showing, showReaderText, fixes },
      budget
    )
    await run(part)
    return part.report(finished, 0)
  }

  it('one resolved complaint sent under one id on every page of rows adds one thumb down, not one per copy', async () => {
    const report = await readWith(
      [
        { feedback: [complaint('x'), complaint('x')], nextCursor: 'c2', hasMore: true },
        { feedback: [complaint('x')], nextCursor: null, hasMore: false }
      ],
      new Map([[PAGE, '2026-11-01']]),
      true
    )
    expect(report.pages).toEqual([{ path: PAGE, thumbsUp: 0, thumbsDown: 1, code: 0, total: 1 }])
    // Its thumb down and its row are one unhappy reader.
    expect(feedbackCounts(report).unhappy).toBe(1)
  })

  it('while reader text is hidden, a fix is keyed by the page’s label, as the gap names it, and no path or comment is kept', async () => {
    const label = pageLabel(PAGE)
    const report = await readWith(
      [{ feedback: [complaint('1', 'call 555-0100'), complaint('2')], nextCursor: null, hasMore: false }],
      new Map([[label, '2026-11-01']]),
      false
    )
    expect(report.pages).toEqual([{ path: label, thumbsUp: 0, thumbsDown: 2, code: 0, total: 2 }])
    expect(JSON.stringify(report)).not.toContain(PAGE)
    expect(JSON.stringify(report)).not.toContain('555')
    // A fix keyed by the path (a gap named while reader text was shown) is not the label's.
    expect(
      (await readWith([{ feedback: [complaint('1')], nextCursor: null, hasMore: false }], new Map([[PAGE, '2026-11-01']]), false)).pages
    ).toEqual([])
  })
})

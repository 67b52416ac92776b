// Attacks on each page's counts in the state (src/health/page-history.ts, state.ts) and on the
// searches with no click that join a gap's page (render/fix-first.ts, grouped): hostile page paths,
// a newer version's counts of another shape, re-runs, merges and searches made to name many pages.
import { describe, expect, it } from 'vitest'
import type { Measured } from '../../../src/health/ledger.js'
import { earlierCounts, withPeriodCounts } from '../../../src/health/page-history.js'
import {
  boundedState,
  COUNTED_PAGES,
  decodeState,
  encodeState,
  forgetReaderText,
  type GapRecord,
  type HealthState,
  STATE_BUDGET_CHARS,
  SUBJECT_CHARS
} from '../../../src/health/state.js'
import { grouped, type Signal } from '../../../src/render/fix-first.js'
import { OTHER_PAGE, sitePage } from '../../../src/text/page-path.js'

const WHOLE: Measured = { feedback: true, assistant: true, searches: true }
const WEEK = { dateFrom: '2026-11-02', dateTo: '2026-11-09' }
const NEXT = { dateFrom: '2026-11-09', dateTo: '2026-11-16' }
const down = (page: string, count: number): Signal => ({ kind: 'thumbs-down', count, page })
const noClick = (search: string, count: number): Signal => ({ kind: 'no-click', count, search })
const blockOf = (value: unknown): string => `<!-- docs-agent-action:state ${Buffer.from(JSON.stringify(value)).toString('base64')} -->`
const gap = (subject: string, more: Partial<GapRecord> = {}): GapRecord => ({
  id: 'aaaaaaaaaaaa',
  kind: 'page',
  subject,
  firstSeen: '2026-10-26',
  lastSeen: '2026-10-26',
  periods: 1,
  score: 3,
  evidence: { down: 3 },
  state: 'new',
  ...more
})
const base: HealthState = { version: 2, projectId: 'proj', periods: [], gaps: [gap('/guides/auth')] }

describe('hostile page paths in the kept counts', () => {
  const hostile = [
    '/a-->b',
    '/<!-- docs-agent-action:state x -->',
    '/[link](https://evil.example)',
    '/x\u0000\u001b[31m\u202e',
    'https://user@mail.example/p?to=a@b.example',
    '/' + 'p'.repeat(SUBJECT_CHARS - 1)
  ]

  it('10,000 distinct pages, hostile ones among them, keep the state decodable, within its budget and its page bound', () => {
    const signals = [...hostile.map((page) => down(page, 1e12)), ...Array.from({ length: 10_000 }, (_, i) => down(`/p/${i}`, 1 + (i % 7)))]
    const kept = withPeriodCounts(undefined, WEEK, grouped(signals), WHOLE)
    expect(kept?.pages).toHaveLength(COUNTED_PAGES)
    expect(kept?.pages.map((entry) => entry.page)).toEqual(expect.arrayContaining(hostile))
    const block = encodeState(boundedState({ ...base, pageCounts: kept }))
    expect(block.length).toBeLessThanOrEqual(STATE_BUDGET_CHARS)
    // base64 holds no comment end: no path closes the block.
    expect(block.indexOf('-->')).toBe(block.length - 3)
    expect(decodeState(block, 'proj')?.pageCounts).toEqual(kept)
  })

  it('keeps no page a gap could not name: none longer than a subject, and never "(other page)"', () => {
    const kept = withPeriodCounts(undefined, WEEK, grouped([down('/' + 'p'.repeat(SUBJECT_CHARS), 9), down(OTHER_PAGE, 9)]), WHOLE)
    expect(kept?.pages).toEqual([])
  })
})

describe('a newer version’s counts of another shape', () => {
  const future = {
    ...base,
    version: 9,
    periods: [{ dateFrom: '2026-11-02', dateTo: '2026-11-09', headlines: { visitorsHuman: 900 } }],
    pageCounts: {
      periods: [WEEK, NEXT, WEEK, NEXT],
      pages: [{ page: '/guides/auth', counts: [[1, 2, 3, 4, 5, 6], null, null, null] }]
    }
  }

  it('loses neither the history nor the ledger: only the counts this version cannot read are left', () => {
    const state = decodeState(blockOf(future), 'proj')
    expect(state?.periods).toHaveLength(1)
    expect(state?.gaps.map((kept) => kept.subject)).toEqual(['/guides/auth'])
    expect(state?.pageCounts).toBeUndefined()
  })

  it('nor does a pageCounts that is no object at all', () => {
    expect(decodeState(blockOf({ ...future, pageCounts: 'pages' }), 'proj')?.gaps).toHaveLength(1)
  })

  it('an older state without counts is read whole, and the next period starts them', () => {
    const state = decodeState(blockOf({ ...base, periods: future.periods }), 'proj') as HealthState
    expect(state.pageCounts).toBeUndefined()
    expect(earlierCounts(state.pageCounts, NEXT, state.gaps).size).toBe(0)
    expect(withPeriodCounts(state.pageCounts, NEXT, grouped([down('/guides/auth', 2)]), WHOLE)?.pages).toHaveLength(1)
  })
})

describe('pooling', () => {
  const kept = withPeriodCounts(undefined, WEEK, grouped([down('/guides/auth', 5)]), WHOLE)

  it('a re-run of the same period neither keeps it twice nor pools it with itself', () => {
    expect(withPeriodCounts(kept, WEEK, grouped([down('/guides/auth', 5)]), WHOLE)).toBe(kept)
    expect(earlierCounts(kept, WEEK, []).size).toBe(0)
  })

  it('a period older than one kept is not kept, and pools nothing later than itself', () => {
    const later = withPeriodCounts(undefined, NEXT, grouped([down('/guides/auth', 5)]), WHOLE)
    expect(withPeriodCounts(later, WEEK, grouped([down('/guides/auth', 1)]), WHOLE)).toBe(later)
    expect(earlierCounts(later, WEEK, []).size).toBe(0)
  })

  it('a period with one section failed, or only some pages’ feedback, is never kept', () => {
    expect(withPeriodCounts(kept, NEXT, grouped([down('/x', 1)]), { ...WHOLE, searches: false })).toBe(kept)
    expect(withPeriodCounts(kept, NEXT, grouped([down('/x', 1)]), { ...WHOLE, feedbackPages: new Set(['/x']) })).toBe(kept)
  })

  // A workflow run daily over the default 7 days, or one started by hand mid-week, reads ranges that
  // overlap: a reader counted in two of them would be two readers in the pooled share.
  const MID = { dateFrom: '2026-11-05', dateTo: '2026-11-12' }

  it('a period that overlaps the one read is not pooled: no reader counts twice', () => {
    expect(earlierCounts(kept, MID, []).size).toBe(0)
    expect(earlierCounts(kept, NEXT, []).get('/guides/auth')?.down).toBe(5)
  })

  it('a period that overlaps one kept is not kept', () => {
    expect(withPeriodCounts(kept, MID, grouped([down('/guides/auth', 5)]), WHOLE)).toBe(kept)
    expect(withPeriodCounts(kept, NEXT, grouped([down('/guides/auth', 5)]), WHOLE)?.periods).toEqual([WEEK, NEXT])
  })

  it('a page renamed pools nothing under its new name', () => {
    expect(earlierCounts(kept, NEXT, []).get('/guides/authentication')).toBeUndefined()
  })
})

describe('a hostile search joining gap pages', () => {
  const gapPages = Array.from({ length: 50 }, (_, i) => `/guides/w${i}`)
  const everyWord = ['guides', ...gapPages.map((_, i) => `w${i}`)].join(' ')

  it('a search naming every word of many gap pages joins one page, and its count goes to that one alone', () => {
    const groups = grouped([noClick(everyWord, 1e12)], gapPages)
    expect(groups.pages.size).toBe(1)
    expect([...groups.pages.values()].flat().reduce((sum, s) => sum + s.count, 0)).toBe(1e12)
  })

  it('a count beyond any real traffic joins nothing', () => {
    expect(grouped([noClick('guides w1', 1e13)], gapPages).pages.size).toBe(0)
  })
})

describe('reader text hidden', () => {
  const label = sitePage('/guides/auth', false) as string
  // Written while reader text was shown, by a run that kept no words and whose top a person edited
  // since: nothing in the state says it was shown.
  const shownUnsaid: HealthState = {
    ...base,
    overview: { digest: '0'.repeat(64), words: false },
    pageCounts: {
      periods: [WEEK],
      pages: [
        { page: 'https://x.example/reset?email=a@b.example', counts: [[9, 0, 0, 0, 0]] },
        { page: '/guides/auth', counts: [[5, 0, 0, 0, 0]] },
        { page: label, counts: [[3, 0, 0, 0, 0]] }
      ]
    }
  }

  it('keeps no page named otherwise than a gap is named while it is hidden', () => {
    const forgotten = forgetReaderText(shownUnsaid)
    expect(forgotten.gaps.map((kept) => kept.subject)).toEqual([label])
    expect(forgotten.pageCounts?.pages.map((entry) => entry.page)).toEqual([label])
  })
})

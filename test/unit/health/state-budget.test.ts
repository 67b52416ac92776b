// Tests how the docs health issue's state keeps to its budget (src/health/state.ts, fittedState): every
// cap measured in characters of the encoded block, what a run can do without (each page's counts, the
// top pages, the readers' words) cut before any gap, a gap a person dismissed or whose verdict is owed
// kept to the last, and, when even those do not fit, the issue and the log saying so (body.ts,
// transition.ts). A property test holds it for whatever reader text a week brings.
import { fc, test } from '@fast-check/vitest'
import { describe, expect, it } from 'vitest'
import { lostHtml, ownedBody, tickedGaps } from '../../../src/health/body.js'
import { fingerprint } from '../../../src/health/ledger.js'
import {
  boundedState,
  decodeState,
  emptyState,
  encodedChars,
  encodeState,
  EVIDENCE_WORDS_CHARS,
  fittedState,
  type GapRecord,
  type HealthState,
  isDecided,
  STATE_BUDGET_CHARS
} from '../../../src/health/state.js'
import { begin, lostWarning, periodRead, written } from '../../../src/health/transition.js'
import { fixFirst, type Signal } from '../../../src/render/fix-first.js'
import type { ItemWords } from '../../../src/render/gap-words.js'
import { renderSummary } from '../../support/render.js'

const PROJECT = 'proj'
/** Evidence as wide as a gap keeps: three searches quoted, each of the most characters kept, every one of them wide. */
const WIDE: GapRecord['evidence'] = { searches: [1, 2, 3].map((hits) => ({ words: '漢'.repeat(EVIDENCE_WORDS_CHARS), hits })) }

const gap = (n: number, more: Partial<GapRecord> = {}): GapRecord => ({
  id: n.toString(16).padStart(12, '0'),
  kind: 'page',
  subject: `/page/${n}`,
  firstSeen: '2026-11-02',
  lastSeen: '2026-11-02',
  periods: 1,
  score: 100 - n,
  evidence: { down: n },
  state: 'new',
  ...more
})

/** A state whose gaps are `gaps`, with page counts, top pages and readers' words of `wide` characters each. */
function withCaches(gaps: GapRecord[], pages = 40): HealthState {
  return {
    ...emptyState(PROJECT),
    gaps,
    pageCounts: {
      periods: [{ dateFrom: '2026-11-02', dateTo: '2026-11-09' }],
      pages: Array.from({ length: pages }, (_, i) => ({ page: `/counted/${i}/${'x'.repeat(180)}`, counts: [[1, 2, 3, 4, 5]] }))
    },
    topPages: {
      dateFrom: '2026-11-02',
      dateTo: '2026-11-09',
      pages: Array.from({ length: 20 }, (_, i) => ({ path: `/top/${i}/${'y'.repeat(190)}`, visitors: 10, views: 20 }))
    },
    readerWords: {
      dateFrom: '2026-11-02',
      dateTo: '2026-11-09',
      gaps: Array.from({ length: 5 }, (_, i) => ({
        id: gap(i).id,
        questions: [],
        comments: ['漢'.repeat(300)],
        searches: []
      }))
    }
  }
}

describe('fittedState', () => {
  it('cuts each page’s counts first, then the top pages, then the readers’ words, before any gap', () => {
    const gaps = Array.from({ length: 10 }, (_, i) => gap(i, { evidence: WIDE }))
    const full = withCaches(gaps)
    expect(encodeState(full).length).toBeGreaterThan(STATE_BUDGET_CHARS)
    const { state, lost } = fittedState(full)
    expect(encodeState(state).length).toBeLessThanOrEqual(STATE_BUDGET_CHARS)
    expect(state.gaps).toEqual(gaps)
    expect(lost).toEqual([])
    // The page counts went whole; the top pages, from the last, as far as needed; the words not at all.
    expect(state.pageCounts).toBeUndefined()
    const top = state.topPages?.pages ?? []
    expect(top.length).toBeGreaterThan(0)
    expect(top.length).toBeLessThan(20)
    expect(top).toEqual(full.topPages?.pages.slice(0, top.length))
    // One page more would not have fitted.
    const oneMore = {
      ...state,
      topPages: { ...(full.topPages as NonNullable<HealthState['topPages']>), pages: full.topPages?.pages.slice(0, top.length + 1) ?? [] }
    }
    expect(encodeState(oneMore).length).toBeGreaterThan(STATE_BUDGET_CHARS)
    expect(state.readerWords).toEqual(full.readerWords)
  })

  it('cuts the readers’ words, the last gap’s first, once the page counts and top pages are gone', () => {
    const gaps = Array.from({ length: 14 }, (_, i) => gap(i, { evidence: WIDE }))
    const full = withCaches(gaps)
    const { state } = fittedState(full)
    expect(state.gaps).toEqual(gaps)
    expect(state.pageCounts).toBeUndefined()
    expect(state.topPages).toBeUndefined()
    const kept = state.readerWords?.gaps ?? []
    expect(kept.length).toBeGreaterThan(0)
    expect(kept.length).toBeLessThan(5)
    expect(kept).toEqual(full.readerWords?.gaps.slice(0, kept.length))
    // With more gaps still, the words go whole: no empty group is written.
    const more = fittedState(withCaches(Array.from({ length: 18 }, (_, i) => gap(i, { evidence: WIDE })))).state
    expect(more.readerWords).toBeUndefined()
    expect(more.gaps).toHaveLength(18)
  })

  it('keeps a page’s counts when they fit, and cuts them page by page, the last first', () => {
    const gaps = Array.from({ length: 12 }, (_, i) => gap(i, { evidence: WIDE }))
    const full: HealthState = { ...withCaches(gaps, 40) }
    delete full.topPages
    delete full.readerWords
    const { state } = fittedState(full)
    const pages = state.pageCounts?.pages ?? []
    expect(pages.length).toBeGreaterThan(0)
    expect(pages.length).toBeLessThan(40)
    expect(pages).toEqual(full.pageCounts?.pages.slice(0, pages.length))
    expect(fittedState(state).state).toBe(state)
  })

  it('keeps the gaps a person dismissed and those whose verdict is owed, whatever their place, over every other', () => {
    const decided: GapRecord['state'][] = ['dismissed', 'asked', 'pr-open', 'merged']
    const gaps = Array.from({ length: 30 }, (_, i) =>
      gap(i, { evidence: WIDE, state: i >= 26 ? (decided[i - 26] as GapRecord['state']) : i === 3 ? 'back' : 'new' })
    )
    const { state, lost } = fittedState(withCaches(gaps))
    expect(lost).toEqual([])
    expect(encodeState(state).length).toBeLessThanOrEqual(STATE_BUDGET_CHARS)
    expect(state.gaps.filter(isDecided).map((g) => g.state)).toEqual(decided)
    // The open gaps never judged went from the last; the one open again with a verdict stays longer.
    const open = state.gaps.filter((g) => !isDecided(g))
    expect(open.length).toBeLessThan(26)
    expect(open.map((g) => g.subject)).toContain('/page/3')
  })

  it('takes an undecided gap that was judged before any decided one', () => {
    const gaps = [
      ...Array.from({ length: 12 }, (_, i) => gap(i, { evidence: WIDE, state: 'dismissed' as const })),
      gap(40, { evidence: WIDE, state: 'back', verdict: 'not-fixed' })
    ]
    const many = [...gaps, ...Array.from({ length: 8 }, (_, i) => gap(50 + i, { evidence: WIDE, state: 'dismissed' as const }))]
    const { state, lost } = fittedState({ ...emptyState(PROJECT), gaps: many })
    expect(state.gaps.map((g) => g.subject)).not.toContain('/page/40')
    expect(state.gaps.filter((g) => g.state === 'dismissed').length + lost.length).toBe(20)
  })

  it('names the decided gaps it could not keep, the last first, when nothing else is left to cut', () => {
    const gaps = Array.from({ length: 30 }, (_, i) => gap(i, { evidence: WIDE, subject: `/${'漢'.repeat(190)}${i}`, state: 'dismissed' }))
    const { state, lost } = fittedState({ ...emptyState(PROJECT), gaps })
    expect(encodeState(state).length).toBeLessThanOrEqual(STATE_BUDGET_CHARS)
    expect(lost.length).toBeGreaterThan(0)
    expect(state.gaps).toEqual(gaps.slice(0, 30 - lost.length))
    expect(lost).toEqual(gaps.slice(30 - lost.length).reverse())
    expect(boundedState({ ...emptyState(PROJECT), gaps })).toEqual(state)
  })

  it('makes room for another version’s gaps as for its budget: undecided gaps first, each decided one it cannot keep named', () => {
    // Five open gaps first, then 25 a person dismissed; another version's ten gaps leave room for 20.
    const gaps = [
      ...Array.from({ length: 5 }, (_, i) => gap(i)),
      ...Array.from({ length: 25 }, (_, i) => gap(10 + i, { state: 'dismissed' as const, dismissedBy: 'docs-lead' }))
    ]
    const foreign = Array.from({ length: 10 }, (_, i) => ({ id: (0xf00 + i).toString(16).padStart(12, '0') }) as GapRecord)
    const { state, lost } = fittedState({ ...emptyState(PROJECT), gaps, foreign })
    expect(state.gaps).toEqual(gaps.slice(5, 25))
    expect(lost).toEqual(gaps.slice(25).reverse())
    expect(fittedState({ ...emptyState(PROJECT), gaps: gaps.slice(10), foreign })).toEqual({
      state: { ...emptyState(PROJECT), gaps: gaps.slice(10), foreign },
      lost: []
    })
  })

  it('says so in the issue, shows no box of a gap the state does not keep, and warns in the log', () => {
    const open = Array.from({ length: 30 }, (_, i) =>
      gap(i, { evidence: WIDE, subject: `/${'漢'.repeat(190)}${i}`, state: i < 20 ? 'dismissed' : 'new' })
    )
    const html = ownedBody({ state: { ...emptyState(PROJECT), gaps: open }, resolved: 0, footerHtml: '' })
    const kept = decodeState(html, PROJECT)?.gaps.map((g) => g.id) ?? []
    // Every box shown is of a gap the block keeps: the open gaps went, every one of them.
    const boxes = [...html.matchAll(/<!-- (?:gap|dismiss|restore):([0-9a-f]{12}) -->/g)].map((m) => m[1])
    expect(boxes.length).toBeGreaterThan(0)
    for (const id of boxes) expect(kept).toContain(id)
    expect([...tickedGaps(html.replaceAll('- [ ]', '- [x]'))].every((id) => kept.includes(id))).toBe(true)
    const { lost } = fittedState({ ...emptyState(PROJECT), gaps: open })
    expect(lost.length).toBeGreaterThan(0)
    expect(renderSummary(html).text).toContain(`${lost.length} gaps dropped from this issue’s state:`)
    expect(lostHtml([])).toBe('')
    expect(renderSummary(lostHtml([gap(1)])).text).toBe(
      '⚠️ 1 gap dropped from this issue’s state: /page/1. A person said it is not a gap, or its fix awaits a verdict, but the state had no room left for it: it is no longer listed, and a fix of it is not judged.'
    )
    const seven = Array.from({ length: 7 }, (_, i) => gap(i))
    expect(renderSummary(lostHtml(seven)).text).toContain(
      '7 gaps dropped from this issue’s state: /page/0, /page/1, /page/2, /page/3, /page/4 and 2 more.'
    )
    expect(renderSummary(lostHtml(seven.slice(0, 5))).text).toContain('/page/3, /page/4. A person')
    expect(lostWarning(1)).toBe(
      "The docs health issue's state could not keep 1 gap a person dismissed or whose fix awaits a verdict within its 24,000 characters: dropped, a dismissal is forgotten and a fix is not judged. The issue names them."
    )
    expect(lostWarning(3)).toContain('could not keep 3 gaps a person')
  })

  it('measures its budget in the encoded block’s characters', () => {
    // "a" is three bytes, four characters; "ab" four bytes, eight; one CJK character in quotes five bytes, eight.
    expect(encodedChars('a')).toBe(4)
    expect(encodedChars('ab')).toBe(8)
    expect(encodedChars('漢')).toBe(8)
    expect(encodedChars('漢'.repeat(3))).toBe(16)
    expect(encodedChars({ a: '漢漢' })).toBe(Buffer.from(JSON.stringify({ a: '漢漢' })).toString('base64').length)
  })
})

// ---- A week of any reader text, through the transition: the block stays within its budget, and
// every gap a person dismissed or whose verdict is owed is kept.

const week = (n: number) => {
  const from = new Date(Date.UTC(2026, 10, 2 + 7 * n))
  return { dateFrom: from.toISOString().slice(0, 10), dateTo: new Date(from.getTime() + 7 * 86_400_000).toISOString().slice(0, 10) }
}

/** The issue's state before the week: eleven weeks of history, a gap dismissed, one merged, one asked, one with its pull request open. */
function priorState(): HealthState {
  const before = { ...week(9), down: 30, up: 5, unanswered: 4, noClick: 0, searches: [{ text: 'retry schedule', hits: 9, clicked: 0 }] }
  const periods = Array.from({ length: 11 }, (_, n) => ({ ...week(n), headlines: { visitorsHuman: 1000 + n } }))
  const decided = (n: number, state: GapRecord['state'], more: Partial<GapRecord> = {}): GapRecord =>
    gap(n, { subject: `/guides/${state}`, id: fingerprint('page', `/guides/${state}`), state, before, now: before, ...more })
  return {
    ...emptyState(PROJECT),
    periods,
    gaps: [
      decided(1, 'dismissed', { dismissedOn: '2026-12-20', dismissedBy: 'docs-lead' }),
      decided(2, 'merged', { prLink: 'https://github.com/acme/docs/pull/7', mergedOn: week(10).dateFrom, verdict: 'too-few' }),
      decided(3, 'asked', { jobId: 'job-1', askedBy: '1' }),
      decided(4, 'pr-open', { jobId: 'job-2', prLink: 'https://github.com/acme/docs/pull/8' })
    ]
  }
}

const text = fc.string({ unit: fc.constantFrom('漢', '𝔘', '\ud800', '"', '\\', 'a', '/', ' ', '\u0001'), maxLength: 400 })

test.prop(
  {
    paths: fc.array(text, { minLength: 1, maxLength: 20 }),
    searches: fc.array(text, { maxLength: 10 }),
    words: fc.array(fc.record({ question: text, answer: text, comment: text, search: text }), { maxLength: 8 })
  },
  { numRuns: 40 }
)(
  'whatever reader text a week holds, the state’s block stays within its budget and keeps every decided gap',
  ({ paths, searches, words }) => {
    const prior = priorState()
    const pages = paths.map((path) => `/${path}`)
    const signals: Signal[] = [
      ...pages.flatMap((page, i): Signal[] => [
        { kind: 'thumbs-down', count: 40 + i, page },
        { kind: 'unanswered', count: 3, page }
      ]),
      ...searches.map((search, i): Signal => ({ kind: 'no-click', count: 20 + i, search })),
      { kind: 'thumbs-down', count: 50, page: '/guides/dismissed' }
    ]
    const items = fixFirst(signals)
    const itemWords: ItemWords[] = items.map((item, i) => {
      const said = words[i % Math.max(1, words.length)]
      return {
        ...(item.page !== undefined ? { page: item.page } : { search: item.search ?? '' }),
        questions: said ? Array.from({ length: 3 }, () => ({ question: said.question, answer: said.answer, count: 1 })) : [],
        comments: said ? [said.comment, said.comment, said.comment] : [],
        commentCounts: said ? [1, 1, 1] : [],
        searches: said ? [{ search: said.search, count: 2 }] : []
      }
    })
    const trigger = { issueEvent: false, mayAct: true, today: '2026-12-28' }
    const settings = { projectId: PROJECT, runId: '9', showWords: true, footer: { action: 'docs-agent-action', version: '1.2.3' } }
    let t = begin(prior, undefined, trigger, settings)
    t = periodRead(t, {
      overview: {
        ...week(11),
        rangeText: 'week 11',
        requests: 5,
        headlines: [{ key: 'visitorsHuman', name: 'Human visitors', value: 1200 }],
        items,
        incomplete: [],
        uncompared: [],
        words: itemWords
      },
      sections: {
        signals,
        measured: { feedback: true, assistant: true, searches: true, visitors: new Map(pages.map((page) => [page, 900])) }
      },
      traffic: pages.map((path) => ({ path, visitors: 900, views: 1000 }))
    })
    const { transition, owned } = written(t, '')
    const block = /<!-- docs-agent-action:state \S* -->/.exec(owned)?.[0] ?? ''
    expect(block.length).toBeGreaterThan(0)
    expect(block.length).toBeLessThanOrEqual(STATE_BUDGET_CHARS)
    const kept = new Set(decodeState(owned, PROJECT)?.gaps.map((g) => g.id))
    const decided = transition.state.gaps.filter(isDecided)
    expect(decided.length).toBeGreaterThanOrEqual(3)
    for (const g of decided) expect(kept.has(g.id)).toBe(true)
    expect(transition.warnings).toEqual([])
  }
)

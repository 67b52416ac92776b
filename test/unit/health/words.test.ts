// Tests what the docs health issue's state keeps of what readers wrote (src/health/words.ts and the
// readerWords group of state.ts): the words of the ranked gaps, cut, within their budget, read back
// whole, and forgotten the moment reader text is hidden.
import { describe, expect, it } from 'vitest'
import { fingerprint } from '../../../src/health/ledger.js'
import {
  decodeState,
  emptyState,
  encodedChars,
  encodeState,
  forgetGapWords,
  type GapWords,
  READER_WORDS_CHARS,
  SEARCH_WORDS_CHARS,
  WORDS_CHARS,
  WORDS_GAPS,
  WORDS_PER_KIND
} from '../../../src/health/state.js'
import { boundedWords, withReaderWords } from '../../../src/health/words.js'
import type { ItemWords } from '../../../src/render/gap-words.js'

const PERIOD = { dateFrom: '2026-11-09', dateTo: '2026-11-16' }
const WEBHOOKS: ItemWords = {
  page: '/api-reference/webhooks',
  questions: [{ question: 'How long is a webhook retried for?', answer: 'I could not find that.', count: 2 }],
  comments: ['What happens after the third retry?'],
  commentCounts: [3],
  searches: [{ search: 'webhook retries', count: 312 }]
}

describe('withReaderWords', () => {
  it('keeps the words of each ranked gap under its id, with the period, and reads them back from the body', () => {
    const state = withReaderWords(emptyState('proj'), PERIOD, [
      WEBHOOKS,
      { search: 'delete account', questions: [], comments: [], commentCounts: [], searches: [{ search: 'delete account', count: 61 }] },
      { page: '/quiet', questions: [], comments: [], commentCounts: [], searches: [] }
    ])
    expect(state.readerWords).toEqual({
      ...PERIOD,
      gaps: [
        {
          id: fingerprint('page', '/api-reference/webhooks'),
          // Each question and comment with how often it was written.
          questions: WEBHOOKS.questions,
          comments: WEBHOOKS.comments,
          commentCounts: [3],
          searches: WEBHOOKS.searches
        },
        {
          id: fingerprint('search', 'delete account'),
          questions: [],
          comments: [],
          commentCounts: [],
          searches: [{ search: 'delete account', count: 61 }]
        }
      ]
    })
    expect(decodeState(encodeState(state), 'proj')).toEqual(state)
  })

  it('forgets every word when reader text is hidden', () => {
    const kept = withReaderWords(emptyState('proj'), PERIOD, [WEBHOOKS])
    expect(withReaderWords(kept, PERIOD, undefined).readerWords).toBeUndefined()
    expect(forgetGapWords(kept)).toEqual(emptyState('proj'))
    expect(encodeState(forgetGapWords(kept))).toBe(encodeState(emptyState('proj')))
  })

  it('cuts each text, drops invisible characters, and keeps the group within its budget however much readers wrote', () => {
    const long = (c: string, n: number): string => `${c.repeat(n)}\u200b\u202e`
    const words: ItemWords[] = Array.from({ length: 20 }, (_, i) => ({
      page: `/p${i}`,
      questions: Array.from({ length: 9 }, () => ({ question: long('q', 5000), answer: long('a', 5000), count: 1e9 })),
      comments: Array.from({ length: 9 }, () => long('c', 5000)),
      commentCounts: Array.from({ length: 9 }, () => 1e9),
      searches: Array.from({ length: 9 }, () => ({ search: long('s', 5000), count: 1 }))
    }))
    const kept = withReaderWords(emptyState('proj'), PERIOD, words).readerWords
    expect(kept?.gaps.length).toBeGreaterThan(0)
    expect(kept?.gaps.length).toBeLessThanOrEqual(WORDS_GAPS)
    expect(encodedChars(kept)).toBeLessThanOrEqual(READER_WORDS_CHARS)
    for (const gap of kept?.gaps ?? []) {
      for (const q of gap.questions) expect(q.question.length + q.answer.length).toBeLessThanOrEqual(2 * WORDS_CHARS)
      for (const c of gap.comments) expect(c.length).toBeLessThanOrEqual(WORDS_CHARS)
      // A comment cut out takes its count with it.
      expect(gap.commentCounts).toHaveLength(gap.comments.length)
      for (const s of gap.searches) expect(s.search.length).toBeLessThanOrEqual(SEARCH_WORDS_CHARS)
    }
    expect(JSON.stringify(kept)).not.toMatch(/\u200b|\u202e/)
    // Still a state the next run reads back.
    const state = { ...emptyState('proj'), readerWords: kept }
    expect(decodeState(encodeState(state), 'proj')).toEqual(state)
  })
})

describe('withReaderWords, in wide characters', () => {
  it('keeps the group within its budget of the encoded block, where a CJK character takes four characters', () => {
    const cjk = '漢'.repeat(190)
    const words: ItemWords[] = Array.from({ length: WORDS_GAPS }, (_, i) => ({
      page: `/p${i}`,
      questions: Array.from({ length: WORDS_PER_KIND }, () => ({ question: cjk, answer: cjk, count: 1 })),
      comments: Array.from({ length: WORDS_PER_KIND }, () => cjk),
      commentCounts: Array.from({ length: WORDS_PER_KIND }, () => 1),
      searches: []
    }))
    const kept = withReaderWords(emptyState('proj'), PERIOD, words).readerWords
    expect(encodedChars(kept)).toBeLessThanOrEqual(READER_WORDS_CHARS)
    // Its JSON alone is a quarter of that: measured so, it would take four times its budget.
    expect(JSON.stringify(kept).length).toBeLessThan(READER_WORDS_CHARS / 3)
    expect(kept?.gaps.length).toBeGreaterThan(0)
  })
})

describe('withReaderWords, item by item', () => {
  it(`keeps the first ${WORDS_PER_KIND} words of each kind, and a gap with words of one kind alone`, () => {
    const five = Array.from({ length: 5 }, (_, i) => i + 1)
    const state = withReaderWords(emptyState('proj'), PERIOD, [
      {
        page: '/a',
        questions: five.map((i) => ({ question: `question ${i}`, answer: `answer ${i}`, count: 6 - i })),
        comments: five.map((i) => `comment ${i}`),
        commentCounts: five.map((i) => 6 - i),
        searches: five.map((i) => ({ search: `search ${i}`, count: 10 - i }))
      },
      { page: '/b', questions: [], comments: ['the only comment'], commentCounts: [1], searches: [] }
    ])
    expect(state.readerWords?.gaps).toEqual([
      {
        id: fingerprint('page', '/a'),
        questions: [1, 2, 3].map((i) => ({ question: `question ${i}`, answer: `answer ${i}`, count: 6 - i })),
        comments: ['comment 1', 'comment 2', 'comment 3'],
        commentCounts: [5, 4, 3],
        searches: [1, 2, 3].map((i) => ({ search: `search ${i}`, count: 10 - i }))
      },
      { id: fingerprint('page', '/b'), questions: [], comments: ['the only comment'], commentCounts: [1], searches: [] }
    ])
  })

  it(`keeps nothing of an item about neither a page nor a search, and gives no place among the ${WORDS_GAPS} to an item without words`, () => {
    const said = { questions: [], comments: ['Where is this?'], commentCounts: [1], searches: [] }
    const pages = Array.from({ length: WORDS_GAPS + 1 }, (_, i) => ({ ...said, page: `/p${i}` }))
    const state = withReaderWords(emptyState('proj'), PERIOD, [
      said,
      { ...said, search: ' \t ' },
      { page: '/quiet', questions: [], comments: [], commentCounts: [], searches: [] },
      ...pages
    ])
    expect(state.readerWords?.gaps.map((gap) => gap.id)).toEqual(pages.slice(0, WORDS_GAPS).map((page) => fingerprint('page', page.page)))
  })
})

describe('boundedWords', () => {
  const gap = (id: string, words: Partial<GapWords>): GapWords => ({ id, questions: [], comments: [], searches: [], ...words })

  it('keeps a group of exactly its budget whole, and cuts one a character longer', () => {
    const empty = { ...PERIOD, gaps: [gap('g1', { comments: [''] })] }
    // Three characters of JSON take four of the encoded block.
    const fill = (READER_WORDS_CHARS / 4) * 3 - JSON.stringify(empty).length
    const exact = { ...PERIOD, gaps: [gap('g1', { comments: ['c'.repeat(fill)] })] }
    expect(encodedChars(exact)).toBe(READER_WORDS_CHARS)
    expect(boundedWords(exact)).toEqual(exact)
    // The one word goes, and the gap left with none goes with it.
    expect(boundedWords({ ...PERIOD, gaps: [gap('g1', { comments: ['c'.repeat(fill + 1)] })] })).toEqual({ ...PERIOD, gaps: [] })
  })

  it('takes words one at a time: the last of the longest kind of the gap with the most words, the first of equals', () => {
    const words = (c: string): Partial<GapWords> => ({
      questions: [{ question: c.repeat(450), answer: c.repeat(450) }],
      comments: [c.repeat(450)],
      searches: [{ search: c.repeat(450), count: 3 }]
    })
    const a = gap('a', words('a'))
    const b = gap('b', words('b'))
    // Over the budget by less than a question: only the first gap's question goes.
    const size = encodedChars({ ...PERIOD, gaps: [a, b] })
    expect(size).toBeGreaterThan(READER_WORDS_CHARS)
    expect(encodedChars({ ...PERIOD, gaps: [{ ...a, questions: [] }, b] })).toBeLessThan(READER_WORDS_CHARS)
    expect(boundedWords({ ...PERIOD, gaps: [a, b] })).toEqual({ ...PERIOD, gaps: [{ ...a, questions: [] }, b] })

    // The gap with more words loses first, from the kind it has most of.
    const c = gap('c', { questions: [{ question: 'q', answer: '' }], comments: ['c'.repeat(2500), 'd'.repeat(2500)] })
    const d = gap('d', { questions: [{ question: 'q', answer: '' }] })
    expect(boundedWords({ ...PERIOD, gaps: [d, c] })).toEqual({ ...PERIOD, gaps: [d, { ...c, comments: ['c'.repeat(2500)] }] })
  })

  it('leaves out the gaps with no words, however many', () => {
    const gaps = Array.from({ length: 200 }, (_, i) => gap(`g${i}`, {}))
    expect(JSON.stringify({ ...PERIOD, gaps }).length).toBeGreaterThan(READER_WORDS_CHARS)
    expect(boundedWords({ ...PERIOD, gaps })).toEqual({ ...PERIOD, gaps: [] })
    expect(boundedWords({ ...PERIOD, gaps: [gap('g1', {}), gap('g2', { comments: ['kept'] })] })).toEqual({
      ...PERIOD,
      gaps: [gap('g2', { comments: ['kept'] })]
    })
  })
})

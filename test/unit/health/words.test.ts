// Tests what the docs health issue's state keeps of what readers wrote (src/health/words.ts and the
// readerWords group of state.ts): the words of the ranked gaps, cut, within their budget, read back
// whole, and forgotten the moment reader text is hidden.
import { describe, expect, it } from 'vitest'
import { fingerprint } from '../../../src/health/ledger.js'
import {
  decodeState,
  emptyState,
  encodeState,
  forgetGapWords,
  READER_WORDS_CHARS,
  SEARCH_WORDS_CHARS,
  WORDS_CHARS,
  WORDS_GAPS
} from '../../../src/health/state.js'
import { withReaderWords } from '../../../src/health/words.js'
import type { ItemWords } from '../../../src/render/gap-words.js'

const PERIOD = { dateFrom: '2026-11-09', dateTo: '2026-11-16' }
const WEBHOOKS: ItemWords = {
  page: '/api-reference/webhooks',
  questions: [{ question: 'How long is a webhook retried for?', answer: 'I could not find that.' }],
  comments: ['What happens after the third retry?'],
  searches: [{ search: 'webhook retries', count: 312 }]
}

describe('withReaderWords', () => {
  it('keeps the words of each ranked gap under its id, with the period, and reads them back from the body', () => {
    const state = withReaderWords(emptyState('proj'), PERIOD, [
      WEBHOOKS,
      { search: 'delete account', questions: [], comments: [], searches: [{ search: 'delete account', count: 61 }] },
      { page: '/quiet', questions: [], comments: [], searches: [] }
    ])
    expect(state.readerWords).toEqual({
      ...PERIOD,
      gaps: [
        {
          id: fingerprint('page', '/api-reference/webhooks'),
          questions: WEBHOOKS.questions,
          comments: WEBHOOKS.comments,
          searches: WEBHOOKS.searches
        },
        { id: fingerprint('search', 'delete account'), questions: [], comments: [], searches: [{ search: 'delete account', count: 61 }] }
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
      questions: Array.from({ length: 9 }, () => ({ question: long('q', 5000), answer: long('a', 5000) })),
      comments: Array.from({ length: 9 }, () => long('c', 5000)),
      searches: Array.from({ length: 9 }, () => ({ search: long('s', 5000), count: 1 }))
    }))
    const kept = withReaderWords(emptyState('proj'), PERIOD, words).readerWords
    expect(kept?.gaps.length).toBeGreaterThan(0)
    expect(kept?.gaps.length).toBeLessThanOrEqual(WORDS_GAPS)
    expect(JSON.stringify(kept).length).toBeLessThanOrEqual(READER_WORDS_CHARS)
    for (const gap of kept?.gaps ?? []) {
      for (const q of gap.questions) expect(q.question.length + q.answer.length).toBeLessThanOrEqual(2 * WORDS_CHARS)
      for (const c of gap.comments) expect(c.length).toBeLessThanOrEqual(WORDS_CHARS)
      for (const s of gap.searches) expect(s.search.length).toBeLessThanOrEqual(SEARCH_WORDS_CHARS)
    }
    expect(JSON.stringify(kept)).not.toMatch(/\u200b|\u202e/)
    // Still a state the next run reads back.
    const state = { ...emptyState('proj'), readerWords: kept }
    expect(decodeState(encodeState(state), 'proj')).toEqual(state)
  })
})

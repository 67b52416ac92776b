// Tests what readers wrote about each item of "Fix first" (src/render/gap-words.ts): the questions
// left unanswered on its page with the assistant's reply, the comments of feedback marked not
// helpful on it, its searches with no click; gathered only from sections that show reader text.
import { describe, expect, it } from 'vitest'
import type { FixItem } from '../../../src/render/fix-first.js'
import { itemWordsOf } from '../../../src/render/gap-words.js'
import type { QuestionEntry } from '../../../src/sections/assistant/read.js'
import type { FeedbackEntry } from '../../../src/sections/feedback/read.js'
import { assistantReport, FEEDBACK_ENTRIES, feedbackReport, QUESTIONS } from '../../support/section-reports.js'

const KEYS: FixItem = {
  page: '/docs/keys',
  score: 9,
  signals: [
    { kind: 'unanswered', count: 2, page: '/docs/keys' },
    { kind: 'no-click', count: 4, search: 'rotate' },
    { kind: 'no-click', count: 9, search: 'key rotation' }
  ]
}
const API: FixItem = { page: '/docs/api', score: 3, signals: [{ kind: 'not-helpful', count: 1, page: '/docs/api' }] }
const SEARCH: FixItem = { search: 'billing', score: 5, signals: [{ kind: 'no-click', count: 5, search: 'billing' }] }

const questions: QuestionEntry[] = QUESTIONS.map((q) =>
  q.resolutionStatus === 'unanswered' ? { ...q, answer: 'I could not find that.' } : q
)
const assistant = assistantReport({
  questions: questions.map((q, i) => (i === 0 ? { ...q, pageUrl: 'https://docs.example.com/docs/keys' } : q))
})

describe('itemWordsOf', () => {
  it('gives each item its own questions with the reply, its not-helpful comments and its searches, most first', () => {
    expect(itemWordsOf([KEYS, API, SEARCH], { feedback: feedbackReport(), assistant })).toEqual([
      {
        page: '/docs/keys',
        // Asked twice, in two wordings: one question, in the first wording read (a URL counts as its path).
        questions: [{ question: 'How do I rotate keys?', answer: 'I could not find that.' }],
        comments: [],
        searches: [
          { search: 'key rotation', count: 9 },
          { search: 'rotate', count: 4 }
        ]
      },
      // The helpful comment on another page, and the feedback with no comment, are not this page's.
      { page: '/docs/api', questions: [], comments: ['The example fails'], searches: [] },
      { search: 'billing', questions: [], comments: [], searches: [{ search: 'billing', count: 5 }] }
    ])
  })

  it('gives none where reader text is hidden, and only the words of a section that shows it', () => {
    const hidden = { feedback: feedbackReport({ showReaderText: false }), assistant: assistantReport({ showReaderText: false }) }
    expect(itemWordsOf([KEYS], hidden)).toBeUndefined()
    expect(itemWordsOf([KEYS], {})).toBeUndefined()
    const [keys] = itemWordsOf([KEYS], { feedback: feedbackReport(), assistant: { ...assistant, showReaderText: false } }) ?? []
    expect(keys?.questions).toEqual([])
  })

  it('keeps at most three of each kind', () => {
    const many: FixItem = {
      page: '/docs/api',
      score: 1,
      signals: Array.from({ length: 6 }, (_, i) => ({ kind: 'no-click' as const, count: i + 1, search: `s${i}` }))
    }
    const entries: FeedbackEntry[] = Array.from({ length: 6 }, (_, i) => ({ ...FEEDBACK_ENTRIES[0], comment: `c${i}` }))
    const [words] = itemWordsOf([many], { feedback: feedbackReport({ entries }) }) ?? []
    expect(words?.searches.map((s) => s.search)).toEqual(['s5', 's4', 's3'])
    expect(words?.comments).toEqual(['c0', 'c1', 'c2'])
  })
})

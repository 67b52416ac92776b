// Tests what readers wrote about each item of "Fix first" (src/render/gap-words.ts): the questions
// left unanswered on its page with the assistant's reply, the comments of feedback marked not
// helpful on it, its searches with no click; gathered only from sections that show reader text.
import { describe, expect, it } from 'vitest'
import type { FixItem } from '../../../src/render/fix-first.js'
import { itemWordsOf, wordsInOrder } from '../../../src/render/gap-words.js'
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
        questions: [{ question: 'How do I rotate keys?', answer: 'I could not find that.', count: 2 }],
        comments: [],
        commentCounts: [],
        searches: [
          { search: 'key rotation', count: 9 },
          { search: 'rotate', count: 4 }
        ]
      },
      // The helpful comment on another page, and the feedback with no comment, are not this page's.
      { page: '/docs/api', questions: [], comments: ['The example fails'], commentCounts: [1], searches: [] },
      { search: 'billing', questions: [], comments: [], commentCounts: [], searches: [{ search: 'billing', count: 5 }] }
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

  it('orders the questions and comments of a page by how often they were written, the first read first among equals', () => {
    const asked = (query: string, more: Partial<QuestionEntry> = {}): QuestionEntry => ({ ...QUESTIONS[0], query, ...more })
    const questions = [
      asked('Where is the key?', { answer: 'On the keys page.' }),
      asked('Why is the sidebar apart?'),
      asked('Why is the sidebar a part?'),
      asked('WHY is the sidebar a part?'),
      asked('Can keys expire?'),
      asked('why is the sidebar  a  part?'),
      asked('Where is the key?')
    ]
    const said = (comment: string): FeedbackEntry => ({ ...FEEDBACK_ENTRIES[0], path: '/docs/keys', comment })
    const entries = ['Too short', 'Wrong port', 'Wrong port', 'No example', 'Wrong  PORT', 'Too short'].map(said)
    const [keys] =
      itemWordsOf([KEYS], {
        feedback: feedbackReport({ entries }),
        assistant: assistantReport({ questions: questions.map((q) => ({ ...q, pageUrl: '/docs/keys' })) })
      }) ?? []
    // Asked three times in three wordings told apart only by case and spacing, then twice, then once
    // each: a question told apart by a space within a word is another question.
    expect(keys?.questions).toEqual([
      { question: 'Why is the sidebar a part?', answer: '', count: 3 },
      { question: 'Where is the key?', answer: 'On the keys page.', count: 2 },
      { question: 'Why is the sidebar apart?', answer: '', count: 1 }
    ])
    expect(keys?.comments).toEqual(['Wrong port', 'Too short', 'No example'])
    // Each comment with how often it was left: a comment left three times reads as such.
    expect(keys?.commentCounts).toEqual([3, 2, 1])
  })

  it('takes only unanswered questions asked on the page and with words, and comments of not helpful feedback on it', () => {
    const onKeys = (more: Partial<QuestionEntry>): QuestionEntry => ({ ...QUESTIONS[0], pageUrl: '/docs/keys', ...more })
    const questions: QuestionEntry[] = [
      onKeys({ query: 'Answered already?', resolutionStatus: 'answered' }),
      onKeys({ query: undefined }),
      onKeys({ query: '   ' }),
      onKeys({ query: 'Asked elsewhere?', pageUrl: '/docs/api' }),
      onKeys({ query: 'Asked on no page?', pageUrl: null }),
      onKeys({ query: 'Asked on the site?', pageUrl: 'https://docs.example.com/docs/keys?tab=2' })
    ]
    const onPage = (more: Partial<FeedbackEntry>): FeedbackEntry => ({ ...FEEDBACK_ENTRIES[0], path: '/docs/keys', ...more })
    const entries: FeedbackEntry[] = [
      onPage({ comment: 'Helpful', helpful: true }),
      onPage({ comment: 'No mark', helpful: undefined }),
      onPage({ comment: undefined }),
      onPage({ comment: '' }),
      onPage({ comment: 'Elsewhere', path: '/docs/api' }),
      onPage({ comment: 'Missing steps' })
    ]
    const sources = { feedback: feedbackReport({ entries }), assistant: assistantReport({ questions }) }
    const [keys, search] = itemWordsOf([KEYS, SEARCH], sources) ?? []
    expect(keys?.questions).toEqual([{ question: 'Asked on the site?', answer: '', count: 1 }])
    expect(keys?.comments).toEqual(['Missing steps'])
    // An item of a search has no page: none of the words of pages are its own.
    expect(search).toEqual({
      search: 'billing',
      questions: [],
      comments: [],
      commentCounts: [],
      searches: [{ search: 'billing', count: 5 }]
    })
  })

  it('reads the words of the one section that shows reader text when the other is not read', () => {
    const onlyAssistant = itemWordsOf([KEYS], { assistant })
    expect(onlyAssistant?.[0]?.questions).toEqual([{ question: 'How do I rotate keys?', answer: 'I could not find that.', count: 2 }])
    expect(onlyAssistant?.[0]?.comments).toEqual([])
    const onlyFeedback = itemWordsOf([API], { feedback: feedbackReport() })
    expect(onlyFeedback).toEqual([{ page: '/docs/api', questions: [], comments: ['The example fails'], commentCounts: [1], searches: [] }])
  })

  it('takes only searches with no click that hold words', () => {
    const item: FixItem = {
      search: 'sso',
      score: 4,
      signals: [
        { kind: 'searched', count: 8, search: 'sso setup' },
        { kind: 'no-click', count: 7 },
        { kind: 'no-click', count: 6, search: '  ' },
        { kind: 'no-click', count: 5, search: '' },
        { kind: 'no-click', count: 2, search: 'sso' }
      ]
    }
    expect(itemWordsOf([item], { feedback: feedbackReport() })?.[0]?.searches).toEqual([{ search: 'sso', count: 2 }])
  })
})

describe('wordsInOrder', () => {
  const words = itemWordsOf([KEYS, API, SEARCH], { feedback: feedbackReport(), assistant })

  it('puts the words of one ranking in the order of another: each page its own, each item its own searches', () => {
    const [keys, api, billing] = words ?? []
    // Another ranking of the same read: the search first, the keys page with one search fewer, a page with no words.
    const fewer: FixItem = { ...KEYS, signals: KEYS.signals.filter((signal) => signal.search !== 'rotate') }
    const other: FixItem = { page: '/docs/other', score: 1, signals: [{ kind: 'no-click', count: 2, search: 'other' }] }
    expect(wordsInOrder([SEARCH, fewer, other, API], words)).toEqual([
      billing,
      { ...keys, searches: [{ search: 'key rotation', count: 9 }] },
      { page: '/docs/other', questions: [], comments: [], commentCounts: [], searches: [{ search: 'other', count: 2 }] },
      api
    ])
  })

  it('gives none where reader text is hidden, and a search item only the words of the same search', () => {
    expect(wordsInOrder([KEYS], undefined)).toBeUndefined()
    const other: FixItem = { search: 'invoices', score: 1, signals: [{ kind: 'no-click', count: 1, search: 'invoices' }] }
    const hidden: FixItem = { score: 1, signals: [{ kind: 'no-click', count: 1 }] }
    expect(wordsInOrder([other, hidden], words)).toEqual([
      { search: 'invoices', questions: [], comments: [], commentCounts: [], searches: [{ search: 'invoices', count: 1 }] },
      { search: undefined, questions: [], comments: [], commentCounts: [], searches: [] }
    ])
  })
})

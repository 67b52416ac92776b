// Reports of the assistant as the run makes them, small and exact, for the tests of what is
// published from them (test/unit/sections/catalog.test.ts finds the builder by its name:
// `<section>Report`), and the questions as a run that keeps no reader text has them.
import type { AssistantReport, QuestionEntry } from '../../../../src/sections/assistant/read.js'
import { sitePage } from '../../../../src/text/page-path.js'
import { BASE, without } from '../../../support/section-base.js'

/** Newest first: three unanswered (two of them the same question), one answered. */
export const QUESTIONS: [QuestionEntry, QuestionEntry, QuestionEntry, QuestionEntry] = [
  {
    query: 'How do I rotate keys?',
    resolutionStatus: 'unanswered',
    responseType: 'answer',
    queryCategory: 'security',
    pageUrl: '/docs/keys',
    timestamp: '2026-11-20T10:00:00Z'
  },
  {
    query: 'What is SSO?',
    resolutionStatus: 'answered',
    responseType: 'answer',
    queryCategory: 'auth',
    pageUrl: '/docs/sso',
    timestamp: '2026-11-19T10:00:00Z'
  },
  {
    query: '  how do i   rotate KEYS? ',
    resolutionStatus: 'unanswered',
    responseType: 'answer',
    queryCategory: 'security',
    pageUrl: '/docs/keys',
    timestamp: '2026-11-18T10:00:00Z'
  },
  {
    query: 'Billing?',
    resolutionStatus: 'unanswered',
    responseType: 'clarifying_question',
    pageUrl: null,
    timestamp: '2026-11-17T10:00:00Z'
  }
]

export function assistantReport(more: Partial<AssistantReport> = {}): AssistantReport {
  return { kind: 'assistant', ...BASE, requests: 2, callers: { web: 3, api: 1, other: 0, total: 4 }, questions: QUESTIONS, ...more }
}

/** The questions without their text and category, each page by its label. */
export const hiddenQuestions = (questions: readonly QuestionEntry[]): QuestionEntry[] =>
  questions.map((q) => ({ ...without(without(q, 'query'), 'queryCategory'), pageUrl: sitePage(q.pageUrl, false) }))

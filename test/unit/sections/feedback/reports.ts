// Reports of the feedback as the run makes them, small and exact, for the tests of what is
// published from them (test/unit/sections/catalog.test.ts finds the builder by its name:
// `<section>Report`), and the feedback as a run that keeps no reader text has it.
import type { FeedbackEntry, FeedbackReport } from '../../../../src/sections/feedback/read.js'
import type { FeedbackByPageRow } from '../../../../src/sections/feedback/schema.js'
import { readerPath } from '../../../../src/text/page-path.js'
import { BASE, without } from '../../../support/section-base.js'

/** Most thumbs down first. */
export const FEEDBACK_PAGES: [FeedbackByPageRow, FeedbackByPageRow, FeedbackByPageRow] = [
  { path: '/docs/api', thumbsUp: 2, thumbsDown: 5, code: 1, total: 8 },
  { path: '/docs/install', thumbsUp: 4, thumbsDown: 1, code: 0, total: 5 },
  { path: '/docs/faq', thumbsUp: 3, thumbsDown: 0, code: 0, total: 3 }
]

/** Newest first: one not helpful on /docs/api, one on /docs/new, one helpful, one code snippet without a comment or date. */
export const FEEDBACK_ENTRIES: [FeedbackEntry, FeedbackEntry, FeedbackEntry, FeedbackEntry] = [
  {
    path: '/docs/api',
    source: 'contextual',
    status: 'pending',
    helpful: false,
    comment: 'The example fails',
    commented: true,
    createdAt: '2026-11-20T10:00:00Z'
  },
  { path: '/docs/new', source: 'contextual', status: 'in_progress', helpful: false, commented: false, createdAt: '2026-11-19T10:00:00Z' },
  {
    path: '/docs/faq',
    source: 'contextual',
    status: 'resolved',
    helpful: true,
    comment: 'Clear',
    commented: true,
    createdAt: '2026-11-18T10:00:00Z'
  },
  { path: '/docs/install', source: 'code_snippet', status: 'dismissed', commented: false, createdAt: null }
]

export function feedbackReport(more: Partial<FeedbackReport> = {}): FeedbackReport {
  return {
    kind: 'feedback',
    ...BASE,
    requests: 2,
    pages: FEEDBACK_PAGES,
    pagesTruncated: false,
    entries: FEEDBACK_ENTRIES,
    entriesRead: true,
    ...more
  }
}

/** The feedback without its comments, each page by its label. */
export const hiddenFeedback = (entries: readonly FeedbackEntry[]): FeedbackEntry[] =>
  entries.map((entry) => ({ ...without(entry, 'comment'), path: readerPath(entry.path, false) }))
/** The counts per page, each page by its label, as a run that hides reader text keeps them. */
export const hiddenPages = (pages: readonly FeedbackByPageRow[]): FeedbackByPageRow[] =>
  pages.map((page) => ({ ...page, path: readerPath(page.path, false) }))

// Reports of the analytics sections (visitors, page views, searches, feedback, the assistant) as
// the run makes them, for the tests of what is published from them: small, exact data sets, one
// builder a section, and each section's reports with the reader text left out, as a run that keeps
// none makes them.
import type { AssistantReport, QuestionEntry } from '../../src/sections/assistant/read.js'
import type { FeedbackEntry, FeedbackReport } from '../../src/sections/feedback/read.js'
import type { SearchEntry, SearchesReport } from '../../src/sections/searches/read.js'
import type { SectionBase } from '../../src/analytics/section.js'
import type { ViewsReport } from '../../src/sections/traffic/read-views.js'
import type { VisitorsReport } from '../../src/sections/traffic/read-visitors.js'
import type { FeedbackByPageRow } from '../../src/sections/feedback/schema.js'
import type { ViewRow, VisitorRow } from '../../src/sections/traffic/schema.js'
import { readerPath, sitePage } from '../../src/text/page-path.js'

export const RANGE = '14 Nov 2026 to 20 Nov 2026 (7 days, UTC)'

/** What the visitor export shares with every other section. */
const VISITOR_BASE = {
  projectId: 'proj1',
  dateFrom: '2026-11-14',
  dateTo: '2026-11-21',
  rangeText: RANGE,
  requests: 1,
  topPages: 20,
  partial: false,
  showReaderText: false
}
const BASE: SectionBase = { ...VISITOR_BASE, showReaderText: true }

export const VISITOR_ROWS: VisitorRow[] = [
  { path: '/docs/quickstart', human: 1000, ai: 250, total: 1200 },
  { path: '/docs/api', human: 300, ai: 100, total: 350 }
]

export function visitorsReport(more: Partial<VisitorsReport> = {}): VisitorsReport {
  return { kind: 'visitors', ...VISITOR_BASE, totals: { human: 1200, ai: 400, total: 1450 }, rows: VISITOR_ROWS, ...more }
}

export const VIEW_ROWS: ViewRow[] = [
  { path: '/docs/install', human: 5000, ai: 1000, total: 5800 },
  { path: '/docs/api', human: 900, ai: 300, total: 1100 }
]

export function viewsReport(more: Partial<ViewsReport> = {}): ViewsReport {
  return { kind: 'views', ...BASE, totals: { human: 6000, ai: 1300, total: 6900 }, rows: VIEW_ROWS, ...more }
}

/** Most searched first; pricing and sso got no click. */
export const SEARCH_ROWS: [SearchEntry, SearchEntry, SearchEntry, SearchEntry] = [
  { query: 'install', hits: 120, ctr: 0.456, topClickedPage: '/docs/install', lastSearchedAt: '2026-11-20T10:00:00Z' },
  { query: 'pricing', hits: 40, ctr: 0, topClickedPage: null, lastSearchedAt: '2026-11-19T08:30:00Z' },
  { query: 'webhooks', hits: 12, ctr: 0.25, topClickedPage: '/docs/webhooks', lastSearchedAt: '2026-11-18T00:00:00Z' },
  { query: 'sso', hits: 5, ctr: 0, topClickedPage: null, lastSearchedAt: '2026-11-17T00:00:00Z' }
]

export function searchesReport(more: Partial<SearchesReport> = {}): SearchesReport {
  return { kind: 'searches', ...BASE, totalSearches: 177, rows: SEARCH_ROWS, ...more }
}

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

/** The item without `key`, as a run that keeps no reader text makes it. */
function without<T extends object>(item: T, key: keyof T): T {
  const copy = { ...item }
  // eslint-disable-next-line @typescript-eslint/no-dynamic-delete -- the key is one of the item's optional fields
  delete copy[key]
  return copy
}

/** The search terms without their text, as a run that keeps no reader text has them. */
export const hiddenSearches = (rows: readonly SearchEntry[]): SearchEntry[] =>
  rows.map((row) => ({ ...without(row, 'query'), topClickedPage: sitePage(row.topClickedPage, false) }))
/** The feedback without its comments, each page by its label. */
export const hiddenFeedback = (entries: readonly FeedbackEntry[]): FeedbackEntry[] =>
  entries.map((entry) => ({ ...without(entry, 'comment'), path: readerPath(entry.path, false) }))
/** The counts per page, each page by its label, as a run that hides reader text keeps them. */
export const hiddenPages = (pages: readonly FeedbackByPageRow[]): FeedbackByPageRow[] =>
  pages.map((page) => ({ ...page, path: readerPath(page.path, false) }))
/** The questions without their text and category, each page by its label. */
export const hiddenQuestions = (questions: readonly QuestionEntry[]): QuestionEntry[] =>
  questions.map((q) => ({ ...without(without(q, 'query'), 'queryCategory'), pageUrl: sitePage(q.pageUrl, false) }))

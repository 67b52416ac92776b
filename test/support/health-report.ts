// What the docs health report (its five sections, REPORT_SECTIONS) must give for the emulator's default analytics data
// (test/emulator/analytics-data.js): outputs and request counts computed from the data functions and
// the API's documented page sizes, for the end-to-end tests and the fault suite.
import { defaultAssistant, defaultFeedback, defaultFeedbackByPage, defaultSearches, defaultViews } from '../emulator/analytics-data.js'
import type { Emulator } from '../emulator/emulator.js'

/**
 * The sections this file computes outputs and requests for, as the `analytics` input names them: the
 * runs that check those numbers ask for these sections rather than `all`, so that a section added to
 * the catalog changes none of them.
 */
export const REPORT_SECTIONS = 'visitors, views, searches, feedback, assistant'

/** The most rows a request returns, by endpoint, as docs/analytics-budget.md gives them. */
export const PAGE_LIMITS = { visitors: 250, views: 250, searches: 100, feedback: 100, assistant: 1000 } as const

/** Requests to read `rows` rows at `limit` a request: one when there are none. */
export const pagesOf = (rows: number, limit: number): number => Math.max(1, Math.ceil(rows / limit))

/** The analytics endpoints other than visitors, as the emulator's request log names them (the path after the project). */
export type Endpoint = 'views' | 'searches' | 'feedback/by-page' | 'feedback' | 'assistant' | 'assistant/caller-stats'

/** Each endpoint's path, exactly (feedback is not feedback/by-page; assistant is not its caller stats). */
export const ENDPOINT_PATHS: Readonly<Record<Endpoint, RegExp>> = {
  views: /\/views$/,
  searches: /\/searches$/,
  'feedback/by-page': /\/feedback\/by-page$/,
  feedback: /\/feedback$/,
  assistant: /\/assistant$/,
  'assistant/caller-stats': /\/assistant\/caller-stats$/
}

/** Thumbs down over every page the by-page endpoint returns (all of the default ones: fewer than its limit). */
export function thumbsDown(): number {
  return defaultFeedbackByPage().reduce((sum, page) => sum + page.thumbsDown, 0)
}

/** The outputs of the sections other than visitors, by name. */
export interface SectionOutputs {
  viewsHuman: string
  viewsAi: string
  viewsTotal: string
  searchesTotal: string
  feedbackNegative: string
  assistantUnanswered: string
}

/** The outputs of the sections other than visitors, for the default data. */
export function defaultSectionOutputs(): SectionOutputs {
  const views = defaultViews()
  const searches = defaultSearches()
  return {
    viewsHuman: String(views.totals.human),
    viewsAi: String(views.totals.ai),
    viewsTotal: String(views.totals.total),
    // The emulator's totalSearches: the sum of the hits, rounded, at least 0 (the API's integer).
    searchesTotal: String(Math.max(0, Math.round(searches.rows.reduce((sum, row) => sum + row.hits, 0)))),
    // Thumbs down on the pages read by page, plus the feedback rows marked not helpful that count: with
    // no docs health issue no page has a fix, so resolved rows do not.
    feedbackNegative: String(thumbsDown() + countedFeedback().filter((row) => 'helpful' in row && !row.helpful).length),
    assistantUnanswered: String(defaultAssistant().filter((q) => q.resolutionStatus === 'unanswered').length)
  }
}

/** The default feedback rows the run asks for: those the docs team dismissed in Mintlify are not. */
export const askedFeedback = () => defaultFeedback().filter((row) => row.status !== 'dismissed')

/** The default feedback rows that count in a run with no page fixed: neither dismissed nor resolved ones. */
export const countedFeedback = () => askedFeedback().filter((row) => row.status !== 'resolved')

/**
 * The fewest requests the API allows for the default data, by endpoint other than visitors: every
 * page, and with `compare` (the default input) one request each for the previous period.
 */
export function defaultMinimumRequests(compare = true): Record<Endpoint, number> {
  const previous = compare ? 1 : 0
  return {
    views: pagesOf(defaultViews().rows.length, PAGE_LIMITS.views) + previous,
    searches: pagesOf(defaultSearches().rows.length, PAGE_LIMITS.searches) + previous,
    'feedback/by-page': 1 + previous,
    feedback: pagesOf(askedFeedback().length, PAGE_LIMITS.feedback),
    assistant: pagesOf(defaultAssistant().length, PAGE_LIMITS.assistant),
    'assistant/caller-stats': 1 + previous
  }
}

/** The analytics requests the emulator received from `since` on, by endpoint ("visitors", "feedback/by-page"…). */
export function requestsByEndpoint(emu: Emulator, since = 0): Record<string, number> {
  const counts: Record<string, number> = {}
  for (const request of emu.requests.slice(since)) {
    const [version, area, , ...rest] = request.path.split('/').slice(1)
    if (version !== 'v1' || area !== 'analytics') continue
    const endpoint = rest.join('/')
    counts[endpoint] = (counts[endpoint] ?? 0) + 1
  }
  return counts
}

/** The cursor the emulator gives for the row at `offset` of searches or feedback (base64url of "kind:offset"). */
export function emulatorCursor(kind: 'searches' | 'feedback', offset: number): string {
  return Buffer.from(`${kind}:${offset}`, 'utf8').toString('base64url')
}

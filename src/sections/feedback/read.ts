// Reader feedback: thumbs up and down per page (one request: the API returns at most 100 pages, in
// no documented order, and offers no next page), and the feedback rows themselves (cursor paging).
// The contact address a reader may leave is never read into the run: the schema drops it. A page
// path is whatever the client sent: kept only when it looks like a path of the site (`sitePath`),
// the rest counted together as "(other page)", in the rows and in the counts per page alike; and,
// being reader text, shown by its label while reader text is hidden (`readerPath`).
// Feedback the docs team marked resolved or dismissed in Mintlify counts only on a page with a fix,
// left after the fix merged (triage.ts): the counts per page leave it out (`PAGE_STATUSES`), and the
// rows that count add it back. Where no page has a fix, dismissed rows are not asked for
// (`COUNTED_STATUSES`).
import { addCounts, sumCounts } from '../../core/counts.js'
import type { AnalyticsReader } from '../../api/analytics.js'
import {
  ALL_STATUSES,
  COUNTED_STATUSES,
  FEEDBACK_BY_PAGE_ENDPOINT,
  FEEDBACK_ENDPOINT,
  type FeedbackByPageRow,
  type FeedbackRow
} from './schema.js'
import type { Part } from '../../core/part.js'
import { SECTION_CATALOG } from '../../core/catalog.js'
import { readerPath, type SitePages } from '../../text/page-path.js'
import { readerText } from '../../text/reader-text.js'
import type { RequestBudget } from '../../analytics/budget.js'
import type { Comparison, ComparisonAnswer, FurtherRequest, Period } from '../../analytics/comparison.js'
import type { PageAnswer } from '../../analytics/pager.js'
import { sectionRead, type SectionBase, type SectionRequest } from '../../analytics/reader.js'
import { sectionPart } from '../../analytics/section-part.js'
import { byText } from '../../text/order.js'
import { unhappyReaders } from '../../text/measures.js'
import { countedRow, type Fixes, isTriaged, PAGE_STATUSES, TRIAGED_STATUSES } from './triage.js'

/** The most the by-page endpoint returns, and the most rows a feedback request returns. */
export const FEEDBACK_PAGE_LIMIT = 100

/** One piece of feedback as the run keeps it: its comment only when reader text is shown (e-mail addresses masked). */
export interface FeedbackEntry {
  /** The page, as `readerPath` keeps it (its label while reader text is hidden). */
  path: string
  source: FeedbackRow['source']
  status: FeedbackRow['status']
  /** Whether the reader found the page helpful, for page feedback (source contextual). */
  helpful?: boolean
  comment?: string
  /** Whether the reader left a comment, shown or not. */
  commented: boolean
  createdAt: string | null
}

export interface FeedbackReport extends SectionBase {
  kind: 'feedback'
  /** Counts per page (as `readerPath` keeps it), most thumbs down first; undefined when they were not read. */
  pages?: FeedbackByPageRow[]
  /** The by-page answer said it had more pages than it returns. */
  pagesTruncated: boolean
  /** Newest first, as far as the service dates them. */
  entries: FeedbackEntry[]
  /** Whether any request for the entries was made: none when the budget ran out first. */
  entriesRead: boolean
  /**
   * Some page has a fix and the rows were read only in part: resolved feedback left after a fix, which
   * counts, may be in the rows not read.
   */
  resolvedPartly?: true
  /** The docs health issue could not be read: no page is known to have a fix, so resolved feedback counts on none. */
  fixesUnknown?: true
  /** Thumbs down in the previous period, when a comparison was asked for and reached. */
  previous?: Comparison<number>
}

/** The catalog's entry of the section (core/catalog.ts). */
const FEEDBACK = SECTION_CATALOG.feedback

/** The feedback's counts of readers over the pages read (docs/report.md, "Measures"). */
export interface FeedbackCounts {
  /** Thumbs down, over the counts per page (a triaged complaint that counts among them: countedRow). */
  thumbsDown: number
  /** Feedback rows marked not helpful. */
  notHelpful: number
  /**
   * Unhappy readers: on each page, its thumbs down or its rows marked not helpful, whichever are more
   * (`unhappyReaders`); rows on a page without counts count alone, and a page without rows counts its
   * thumbs down.
   */
  unhappy: number
}

/** The counts of readers of a report: what the log, the outputs, the headlines and the section show. */
export function feedbackCounts(report: Pick<FeedbackReport, 'pages' | 'entries'>): FeedbackCounts {
  const notHelpful = new Map<string, number>()
  for (const entry of report.entries) if (entry.helpful === false) notHelpful.set(entry.path, (notHelpful.get(entry.path) ?? 0) + 1)
  const counts: FeedbackCounts = { thumbsDown: 0, notHelpful: 0, unhappy: 0 }
  for (const page of report.pages ?? []) {
    const rows = notHelpful.get(page.path)
    counts.thumbsDown = addCounts(counts.thumbsDown, page.thumbsDown)
    counts.notHelpful = addCounts(counts.notHelpful, rows ?? 0)
    // A page without rows counts its thumbs down as the service gave them.
    counts.unhappy = addCounts(counts.unhappy, rows === undefined ? page.thumbsDown : unhappyReaders(page.thumbsDown, rows))
    notHelpful.delete(page.path)
  }
  for (const rows of notHelpful.values()) {
    counts.notHelpful = addCounts(counts.notHelpful, rows)
    counts.unhappy = addCounts(counts.unhappy, rows)
  }
  return counts
}

/** The counts per page, each page as `readerPath` keeps it: pages shown alike are counted as one. */
function pagesByShownPath(rows: readonly FeedbackByPageRow[], showText: boolean, site: SitePages | undefined): FeedbackByPageRow[] {
  const pages = new Map<string, FeedbackByPageRow>()
  for (const row of rows) {
    const path = readerPath(row.path, showText, site)
    const seen = pages.get(path)
    pages.set(
      path,
      seen
        ? {
            path,
            thumbsUp: addCounts(seen.thumbsUp, row.thumbsUp),
            thumbsDown: addCounts(seen.thumbsDown, row.thumbsDown),
            code: addCounts(seen.code, row.code),
            total: addCounts(seen.total, row.total)
          }
        : { ...row, path }
    )
  }
  return [...pages.values()]
}

function entryOf(row: FeedbackRow, showText: boolean, site: SitePages | undefined): FeedbackEntry {
  const entry: FeedbackEntry = {
    path: readerPath(row.path, showText, site),
    source: row.source,
    status: row.status,
    comment: readerText(row.comment, showText),
    commented: row.comment !== null && row.comment.trim() !== '',
    createdAt: row.createdAt
  }
  if ('helpful' in row) entry.helpful = row.helpful
  return entry
}

/**
 * The counts per page with the triaged complaints that count (`counted`, rows marked not helpful,
 * resolved or dismissed) added to their page's thumbs down. A page the counts left out while they were cut short is left out
 * still: its thumbs are not known.
 */
function withCountedResolved(pages: FeedbackByPageRow[], counted: readonly FeedbackEntry[], truncated: boolean): FeedbackByPageRow[] {
  const byPath = new Map(pages.map((page) => [page.path, { ...page }]))
  for (const entry of counted) {
    if (!isTriaged(entry.status) || entry.helpful !== false) continue
    let page = byPath.get(entry.path)
    if (!page) {
      if (truncated) continue
      byPath.set(entry.path, (page = { path: entry.path, thumbsUp: 0, thumbsDown: 0, code: 0, total: 0 }))
    }
    page.thumbsDown++
    page.total++
  }
  return [...byPath.values()]
}

export function feedbackPart(api: AnalyticsReader, request: SectionRequest, budget: RequestBudget): Part<FeedbackReport> {
  let pages: FeedbackByPageRow[] | undefined
  const entries = new Map<string, FeedbackEntry>()
  const fixes: Fixes = request.fixes ?? new Map()
  const counts = (entry: FeedbackEntry): boolean => countedRow(entry, fixes, request)
  const range = { dateFrom: request.dateFrom, dateTo: request.dateTo }
  const readPages = async (): Promise<PageAnswer<FeedbackByPageRow>> => {
    const answer = await api.analytics(FEEDBACK_BY_PAGE_ENDPOINT, request.projectId, {
      ...range,
      status: PAGE_STATUSES,
      limit: FEEDBACK_PAGE_LIMIT
    })
    return { rows: answer.feedback, hasMore: answer.hasMore }
  }
  const pagesRead = sectionRead(FEEDBACK.reads[0].key, FEEDBACK.reads[0].name, { style: 'single', fetch: readPages }, (page) => {
    pages = [...page]
  })
  const fetchRows = async (cursor: string | undefined): Promise<PageAnswer<FeedbackRow>> => {
    const answer = await api.analytics(FEEDBACK_ENDPOINT, request.projectId, {
      ...range,
      status: fixes.size > 0 ? ALL_STATUSES : COUNTED_STATUSES,
      limit: FEEDBACK_PAGE_LIMIT,
      cursor
    })
    return { rows: answer.feedback, nextCursor: answer.nextCursor, hasMore: answer.hasMore }
  }
  // A row seen twice (the data moved while reading, or a service that repeats an id) is kept once: as
  // the copy that counts, when one does, so that no copy hides a reader's trouble.
  const rowsRead = sectionRead(FEEDBACK.reads[1].key, FEEDBACK.reads[1].name, { style: 'cursor', fetch: fetchRows }, (page) => {
    for (const row of page) {
      const seen = entries.get(row.id)
      if (seen && counts(seen)) continue
      const kept = entryOf(row, request.showReaderText, request.sitePages)
      if (!seen || counts(kept)) entries.set(row.id, kept)
    }
  })
  const reads = [pagesRead, rowsRead]
  // Thumbs down over every page, from the same one request as this period's: a count from part of
  // the pages would compare a part with a whole. Counted like this period's: when triaged feedback
  // counts in it by the rule (a fix merged before it ended, or a pull request open), its resolved and
  // dismissed rows are read too and each complaint that counts is added to its page's thumbs down, as
  // withCountedResolved does here; a count short of them would show a rise that is not there.
  const compare = async (period: Period, further: FurtherRequest): Promise<ComparisonAnswer<number>> => {
    const answer = await api.analytics(FEEDBACK_BY_PAGE_ENDPOINT, request.projectId, {
      ...period,
      status: PAGE_STATUSES,
      limit: FEEDBACK_PAGE_LIMIT
    })
    if (answer.hasMore) return { missing: 'the service gave only part of the previous period’s pages' }
    const thumbsDown = sumCounts(answer.feedback.map((row) => row.thumbsDown))
    if (![...fixes.values()].some((mergedOn) => mergedOn < period.dateTo)) return { value: thumbsDown }
    const triaged = await triagedComplaints(period, further)
    if (triaged === undefined)
      return {
        missing: 'the previous period’s feedback marked resolved or dismissed, which counts after a fix, could not be read whole',
        unlike: true
      }
    return { value: addCounts(thumbsDown, triaged) }
  }
  /**
   * The complaints (rows marked not helpful) of `period` the team triaged that count by the rule,
   * each once; undefined when they could not all be read (the budget, or a service that pages oddly).
   */
  const triagedComplaints = async (period: Period, further: FurtherRequest): Promise<number | undefined> => {
    const counted = new Set<string>()
    const cursors = new Set<string>()
    let cursor: string | undefined
    for (;;) {
      const page = await further(() =>
        api.analytics(FEEDBACK_ENDPOINT, request.projectId, { ...period, status: TRIAGED_STATUSES, limit: FEEDBACK_PAGE_LIMIT, cursor })
      )
      if (page === undefined) return undefined
      for (const row of page.feedback) {
        const path = readerPath(row.path, request.showReaderText, request.sitePages)
        if ('helpful' in row && !row.helpful && countedRow({ ...row, path }, fixes, period)) counted.add(row.id)
      }
      const next = page.nextCursor ?? undefined
      if (!page.hasMore) return counted.size
      // More after an empty page, no cursor, or a cursor given before: the rest cannot be read.
      if (next === undefined || cursors.has(next) || page.feedback.length === 0) return undefined
      cursors.add(next)
      cursor = next
    }
  }
  return sectionPart('feedback', request, reads, budget, compare, () => {
    // A row that does not count is left out here, not from the page read, so that a page of such rows
    // is not taken for an empty one: a resolved or dismissed row on a page with no fix, or left before
    // its fix.
    const counted = [...entries.values()].filter(counts).sort((a, b) => byText(b.createdAt ?? '', a.createdAt ?? ''))
    const truncated = pagesRead.progress.truncated
    return {
      pages:
        pages &&
        withCountedResolved(pagesByShownPath(pages, request.showReaderText, request.sitePages), counted, truncated).sort(
          (a, b) => b.thumbsDown - a.thumbsDown || b.total - a.total || byText(a.path, b.path)
        ),
      pagesTruncated: truncated,
      entries: counted,
      entriesRead: rowsRead.progress.requests > 0,
      ...(fixes.size > 0 && !rowsRead.progress.complete ? { resolvedPartly: true as const } : {}),
      ...(request.fixesUnknown ? { fixesUnknown: true as const } : {})
    }
  })
}

// The feedback section of the job summary: the pages with the most thumbs down, what the feedback
// rows say in counts, and the latest comments. The by-page counts come from one request that returns
// at most 100 pages in no documented order, which the section says. Comments are text readers typed:
// shown only when the run keeps reader text, escaped and on one line.
import { FEEDBACK_PAGE_LIMIT, feedbackCounts, type FeedbackEntry, type FeedbackReport } from './read.js'
import type { FeedbackByPageRow } from './schema.js'
import { htmlText } from '../../text/escape.js'
import { counted, num } from '../../text/format.js'
import { notHelpfulText, unhappyReadersText } from '../../text/measures.js'
import { headCell, pageCellHtml, rightCell } from '../../render/html.js'
import { READER_TEXT_CELL_CHARS, hiddenTextHtml, leftOutHtml, openingHtml, sectionHtml, withinBudget } from '../../render/section-html.js'

const PATH_CHARS = 120

const PAGE_HEAD = `<tr>${headCell('Page', 'left')}${headCell('👎')}${headCell('👍')}</tr>`
const COMMENT_HEAD = `<tr>${headCell('Comment', 'left')}${headCell('Left')}</tr>`

const pathHtml = (path: string): string => pageCellHtml(path, PATH_CHARS)

const pageRow = (row: FeedbackByPageRow): string =>
  `<tr><td>${pathHtml(row.path)}</td>${rightCell(num(row.thumbsDown))}${rightCell(num(row.thumbsUp))}</tr>`

/** A comment left once or more on one page, in the words of its latest. */
interface CommentGroup {
  latest: FeedbackEntry
  count: number
}

/** Two lines in one cell: the comment, and under it the page, so that the comment keeps the width of a phone. */
const commentRow = ({ latest, count }: CommentGroup): string =>
  `<tr><td>${htmlText(latest.comment ?? '', READER_TEXT_CELL_CHARS)}<br><sub>on ${pathHtml(latest.path)}</sub></td>${rightCell(`${num(count)}×`)}</tr>`

/** Complaints (not helpful) first, then comments with no verdict, then praise. */
const complaintRank = (entry: FeedbackEntry): number => (entry.helpful === false ? 0 : entry.helpful === undefined ? 1 : 2)

/**
 * The comments grouped by page and words (told apart by neither case nor spacing), complaints
 * first, then the most left, then the newest. `entries` are newest first.
 */
function commentGroups(entries: readonly FeedbackEntry[]): CommentGroup[] {
  const groups = new Map<string, CommentGroup>()
  for (const entry of entries) {
    const key = `${entry.path}\n${(entry.comment ?? '').toLowerCase().replace(/\s+/g, ' ').trim()}`
    const group = groups.get(key)
    if (group) group.count++
    else groups.set(key, { latest: entry, count: 1 })
  }
  // A stable sort: groups of one rank and count stay newest first.
  return [...groups.values()].sort((a, b) => complaintRank(a.latest) - complaintRank(b.latest) || b.count - a.count)
}

/** A table of the first `topPages` rows, as many as fit the budget, under its heading and note. */
function tableHtml<Row>(
  heading: (shown: number) => string,
  note: string,
  headHtml: string,
  listed: readonly Row[],
  row: (r: Row) => string,
  noun: string
): string[] {
  const kept = withinBudget(listed, row)
  return [
    `<h3>${heading(kept.length)}</h3>`,
    note,
    `<table>${headHtml}${kept.join('')}</table>`,
    leftOutHtml(listed.length - kept.length, noun)
  ]
}

/** The limit of the counts per page, for "How this was read". */
export function feedbackReadNotes(report: FeedbackReport): string[] {
  if (!report.pages) return []
  const limit = num(FEEDBACK_PAGE_LIMIT)
  return [
    `Thumbs up and down per page come from one request that returns at most ${limit} pages, in no documented order: the pages are ranked among those it returned.` +
      (report.pagesTruncated ? ' This time there were more, so a page with more thumbs down may be missing.' : '') +
      ' The analytics files also count feedback on code blocks.',
    ...(report.resolvedPartly
      ? [
          'Feedback marked resolved in Mintlify counts on a page with a fix when it was left after the merge, and is known from the feedback entries: ' +
            'not all of them were read, so such feedback on an entry not read is in no count, and the numbers of a fixed page are not taken for its verdict.'
        ]
      : []),
    ...(report.fixesUnknown
      ? [
          'The docs health issue could not be read, so no page is known to have a fix: feedback marked resolved in Mintlify counts on none, ' +
            'including any left on a fixed page after its merge.'
        ]
      : [])
  ]
}

function pagesNote(truncated: boolean): string {
  return truncated
    ? '<p><strong>Not every page is here:</strong> more pages got feedback than one read can hold, so a page with more thumbs down may be missing.</p>'
    : ''
}

function pagesHtml(report: FeedbackReport, pages: readonly FeedbackByPageRow[]): string[] {
  if (pages.length === 0) return ['<p>No page got a thumbs up or down in this range.</p>']
  return tableHtml(
    (n) => `Top ${counted(n, 'page')} by thumbs down`,
    pagesNote(report.pagesTruncated),
    PAGE_HEAD,
    pages.slice(0, report.topPages),
    pageRow,
    'page'
  )
}

function entriesHtml(report: FeedbackReport): string[] {
  const entries = report.entries
  if (!report.entriesRead) return ['<p><strong>Feedback entries not read:</strong> the request budget ran out before them.</p>']
  if (entries.length === 0) return ['<p>No feedback entries were left in this range.</p>']
  const helpful = entries.filter((entry) => entry.helpful === true).length
  const notHelpful = entries.filter((entry) => entry.helpful === false).length
  const commented = entries.filter((entry) => entry.commented)
  const parts = [
    `<p><strong>${counted(entries.length, 'feedback entry', 'feedback entries')}</strong> read: ${num(helpful)} marked helpful, ` +
      `${notHelpfulText(notHelpful)}, ${num(commented.length)} with a comment.</p>`
  ]
  if (commented.length === 0) return parts
  if (!report.showReaderText) return [...parts, hiddenTextHtml('Comments')]
  const listed = commentGroups(commented.filter((entry) => entry.comment !== undefined)).slice(0, report.topPages)
  const heading = (n: number): string => `${n === 1 ? 'One comment' : `Top ${counted(n, 'comment')}`}, complaints first`
  return [...parts, ...tableHtml(heading, '', COMMENT_HEAD, listed, commentRow, 'comment')]
}

export function feedbackSummaryHtml(report: FeedbackReport): string {
  const read = report.pages !== undefined || report.entries.length > 0
  const parts = openingHtml(report, '💬', 'Feedback', read)
  if (!read) return sectionHtml(parts)
  if (report.pages?.length === 0 && report.entriesRead && report.entries.length === 0)
    parts.push('<p>No reader left feedback in this range.</p>')
  else {
    // The count the log, the outputs and the headlines give, with its parts, in their words.
    const { unhappy, thumbsDown, notHelpful } = feedbackCounts(report)
    parts.push(`<p><strong>${unhappyReadersText(unhappy, thumbsDown, notHelpful)}</strong> in this range.</p>`)
    if (report.pages) parts.push(...pagesHtml(report, report.pages))
    parts.push(...entriesHtml(report))
  }
  return sectionHtml(parts)
}

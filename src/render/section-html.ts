// The pieces every analytics section of the job summary shares: the bytes each may take and the rows
// that fit in them, and the lines that open and close each. A section stays far below GitHub's 1 MiB
// summary limit whatever the service returns, since over it GitHub drops the whole summary.
import type { SectionBase } from '../analytics/reader.js'
import { htmlText } from '../text/escape.js'
import { counted } from '../text/format.js'
import { messageHtml } from './html.js'

/**
 * The most bytes one text section (searches, feedback, assistant) takes, whatever the data. The
 * traffic block, visitors and page views together, has budgets of its own (traffic-summary.ts).
 */
export const SECTION_BUDGET_BYTES = 128 * 1024

/**
 * Bytes one list of rows may take. A section shows at most two lists; the rest of it (heading, range,
 * why it failed, notes) is cut to a few hundred characters a line and stays under 32 KiB.
 */
export const LIST_BUDGET_BYTES = 48 * 1024

/**
 * Characters of text readers typed (a search, a comment, a question) a table cell shows: about one
 * line on a desktop, so that the numbers beside it stay in view. The analytics files hold it whole.
 */
export const READER_TEXT_CELL_CHARS = 80

/** The rows' HTML, in order, as many as fit in `budget` bytes. */
export function withinBudget<Row>(rows: readonly Row[], html: (row: Row) => string, budget = LIST_BUDGET_BYTES): string[] {
  const kept: string[] = []
  let bytes = 0
  for (const row of rows) {
    const text = html(row)
    bytes += Buffer.byteLength(text)
    if (bytes > budget) break
    kept.push(text)
  }
  return kept
}

/** The note under a list that left `left` rows out for the budget ("… and 2 more pages, …"); '' when none. */
export function leftOutHtml(left: number, noun: string, plural = `${noun}s`): string {
  return left > 0 ? `<p>… and ${counted(left, `more ${noun}`, `more ${plural}`)}, left out to keep the summary small.</p>` : ''
}

/**
 * The lines that open a section: its heading (❌ when it makes the step fail, ⚠️ when it is partial
 * or nothing was read), and why it failed, was not read or is partial. With nothing `read`, the
 * section ends there. The range and the requests are said once, at the top of the report.
 */
export function openingHtml(report: SectionBase, icon: string, title: string, read: boolean): string[] {
  const parts = [`<h2>${report.failure ? '❌' : report.partial || !read ? '⚠️' : icon} ${title}</h2>`]
  if (report.failure) parts.push(`<p><strong>Why the step failed:</strong> ${messageHtml(report.failure, 1000)}</p>`)
  else if (!read) parts.push(`<p><strong>Not read:</strong> ${htmlText(report.partialReason ?? 'nothing was read', 300)}.</p>`)
  else if (report.partial)
    parts.push(`<p><strong>Partial:</strong> ${htmlText(report.partialReason ?? 'not everything was read', 300)}.</p>`)
  return parts
}

/** Why text readers typed is missing, and how to show it; `what` names it ("Search terms"). */
export function hiddenTextHtml(what: string): string {
  return (
    `<p>${what} are hidden: readers type them, and they may hold personal data. To show them, set <code>readerText: show</code>; ` +
    'in a private repository they show by default (<code>readerText: auto</code>).</p>'
  )
}

/** The section's parts as HTML, a part a line, ending with a line break. */
export function sectionHtml(parts: readonly string[]): string {
  return `${parts.filter((part) => part !== '').join('\n')}\n`
}

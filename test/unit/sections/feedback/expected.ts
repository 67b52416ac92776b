// What the feedback gives for the emulator's default data (test/support/health-report.ts finds it
// here by its name: `<section>Expected`).
import { FEEDBACK_PAGE_LIMIT } from '../../../../src/sections/feedback/read.js'
import { FEEDBACK_BY_PAGE_ENDPOINT, FEEDBACK_ENDPOINT } from '../../../../src/sections/feedback/schema.js'
import { sitePath } from '../../../../src/text/page-path.js'
import { defaultFeedback, defaultFeedbackByPage } from '../../../emulator/analytics-data.js'
import { pagesOf, type SectionExpectations } from '../../../support/section-expectations.js'

const BY_PAGE = FEEDBACK_BY_PAGE_ENDPOINT.path
const ROWS = FEEDBACK_ENDPOINT.path

/** Thumbs down over every page the by-page endpoint returns (all of the default ones: fewer than its limit). */
export function thumbsDown(): number {
  return defaultFeedbackByPage().reduce((sum, page) => sum + page.thumbsDown, 0)
}

/** The default feedback rows the run asks for: those the docs team dismissed in Mintlify are not. */
export const askedFeedback = () => defaultFeedback().filter((row) => row.status !== 'dismissed')

/** The default feedback rows that count in a run with no page fixed: neither dismissed nor resolved ones. */
export const countedFeedback = () => askedFeedback().filter((row) => row.status !== 'resolved')

/**
 * Unhappy readers with no page fixed: on each page (as the run keys it, sitePath) its thumbs down or
 * its counted rows marked not helpful, whichever are more; rows on a page without counts alone.
 */
export function unhappyReaders(): number {
  const rows = new Map<string, number>()
  for (const row of countedFeedback())
    if ('helpful' in row && !row.helpful) rows.set(sitePath(row.path), (rows.get(sitePath(row.path)) ?? 0) + 1)
  const pages = new Map<string, number>()
  for (const page of defaultFeedbackByPage()) pages.set(sitePath(page.path), (pages.get(sitePath(page.path)) ?? 0) + page.thumbsDown)
  let unhappy = 0
  for (const [path, down] of pages) unhappy += rows.has(path) ? Math.max(down, rows.get(path) ?? 0) : down
  for (const [path, count] of rows) if (!pages.has(path)) unhappy += count
  return unhappy
}

export const feedbackExpected: SectionExpectations = {
  endpoints: [BY_PAGE, ROWS],
  comparedAt: BY_PAGE,
  outputs: () => ({
    // With no docs health issue no page has a fix, so resolved rows do not count.
    feedbackNegative: String(unhappyReaders())
  }),
  minimumRequests: (_site, compare) => ({
    [BY_PAGE]: 1 + (compare ? 1 : 0),
    [ROWS]: pagesOf(askedFeedback().length, FEEDBACK_PAGE_LIMIT)
  }),
  heading: { text: 'Feedback', icon: '💬', whole: true },
  reads: [
    {
      endpoint: BY_PAGE,
      label: 'The feedback by page request',
      reading: 'Reading feedback by page',
      outputsIfFailed: { feedbackNegative: '' }
    },
    {
      endpoint: ROWS,
      label: 'A feedback rows request',
      reading: 'Reading feedback',
      cursor: true,
      // The counts per page; the comparison comes after the rows, which fail.
      before: 1,
      incomplete: 'Feedback analytics are incomplete after 1 request. ',
      // The thumbs down by page were read first.
      outputsIfFailed: { feedbackNegative: String(thumbsDown()) },
      pages: 'feedback rows'
    }
  ]
}

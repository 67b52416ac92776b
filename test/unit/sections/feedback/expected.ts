// What the feedback gives for the emulator's default data (test/support/health-report.ts finds it
// here by its name: `<section>Expected`).
import { FEEDBACK_PAGE_LIMIT } from '../../../../src/sections/feedback/read.js'
import { FEEDBACK_BY_PAGE_ENDPOINT, FEEDBACK_ENDPOINT } from '../../../../src/sections/feedback/schema.js'
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

export const feedbackExpected: SectionExpectations = {
  endpoints: [BY_PAGE, ROWS],
  comparedAt: BY_PAGE,
  outputs: () => ({
    // Thumbs down on the pages read by page, plus the feedback rows marked not helpful that count: with
    // no docs health issue no page has a fix, so resolved rows do not.
    feedbackNegative: String(thumbsDown() + countedFeedback().filter((row) => 'helpful' in row && !row.helpful).length)
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

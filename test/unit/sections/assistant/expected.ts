// What the assistant gives for the emulator's default data (test/support/health-report.ts finds it
// here by its name: `<section>Expected`).
import { ASSISTANT_PAGE_SIZE } from '../../../../src/sections/assistant/read.js'
import { ASSISTANT_ENDPOINT, CALLER_STATS_ENDPOINT } from '../../../../src/sections/assistant/schema.js'
import { defaultAssistant } from '../../../emulator/analytics-data.js'
import { pagesOf, type SectionExpectations } from '../../../support/section-expectations.js'

const QUESTIONS = ASSISTANT_ENDPOINT.path
const CALLERS = CALLER_STATS_ENDPOINT.path

export const assistantExpected: SectionExpectations = {
  endpoints: [QUESTIONS, CALLERS],
  comparedAt: CALLERS,
  outputs: () => ({ assistantUnanswered: String(defaultAssistant().filter((q) => q.resolutionStatus === 'unanswered').length) }),
  minimumRequests: (_site, compare) => ({
    [QUESTIONS]: pagesOf(defaultAssistant().length, ASSISTANT_PAGE_SIZE),
    [CALLERS]: 1 + (compare ? 1 : 0)
  }),
  heading: { text: 'Assistant', icon: '🤖', whole: true },
  reads: [
    {
      endpoint: QUESTIONS,
      label: 'An assistant questions request',
      reading: 'Reading assistant questions',
      cursor: true,
      outputsIfFailed: { assistantUnanswered: '' },
      pages: 'assistant questions'
    },
    {
      endpoint: CALLERS,
      label: 'The assistant caller stats request',
      reading: 'Reading assistant caller stats',
      // The questions were read first; the comparison, last, is never reached.
      before: 1,
      incomplete: 'Assistant analytics are incomplete after 1 request. ',
      outputsIfFailed: {}
    }
  ]
}

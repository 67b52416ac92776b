// What the searches give for the emulator's default data (test/support/health-report.ts finds it
// here by its name: `<section>Expected`).
import { SEARCHES_PAGE_SIZE } from '../../../../src/sections/searches/read.js'
import { SEARCHES_ENDPOINT } from '../../../../src/sections/searches/schema.js'
import { defaultSearches } from '../../../emulator/analytics-data.js'
import { pagesOf, type SectionExpectations } from '../../../support/section-expectations.js'

const SEARCHES = SEARCHES_ENDPOINT.path

export const searchesExpected: SectionExpectations = {
  endpoints: [SEARCHES],
  comparedAt: SEARCHES,
  outputs: () => ({
    // The emulator's totalSearches: the sum of the hits, rounded, at least 0 (the API's integer).
    searchesTotal: String(Math.max(0, Math.round(defaultSearches().rows.reduce((sum, row) => sum + row.hits, 0))))
  }),
  minimumRequests: (_site, compare) => ({ [SEARCHES]: pagesOf(defaultSearches().rows.length, SEARCHES_PAGE_SIZE) + (compare ? 1 : 0) }),
  heading: { text: 'Searches', icon: '🔎', whole: true },
  reads: [
    {
      endpoint: SEARCHES,
      label: 'A searches request',
      reading: 'Reading searches',
      cursor: true,
      outputsIfFailed: { searchesTotal: '' },
      pages: 'search terms'
    }
  ]
}

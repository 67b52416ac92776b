// What the visitors and page views give for the emulator's data (test/support/health-report.ts finds
// each section's here by its name: `<section>Expected`). The visitors endpoint has no data of its
// own: the tests give it a site of `pages` pages (test/support/visitors.js).
import { VIEWS_PAGE_SIZE } from '../../../../src/sections/traffic/read-views.js'
import { VISITORS_PAGE_SIZE } from '../../../../src/sections/traffic/read-visitors.js'
import { VIEWS_ENDPOINT, VISITORS_ENDPOINT } from '../../../../src/sections/traffic/schema.js'
import { defaultViews } from '../../../emulator/analytics-data.js'
import { pagesOf, type SectionExpectations } from '../../../support/section-expectations.js'
import { siteTotals } from '../../../support/visitors.js'

const VISITORS = VISITORS_ENDPOINT.path
const VIEWS = VIEWS_ENDPOINT.path

export const visitorsExpected: SectionExpectations = {
  endpoints: [VISITORS],
  comparedAt: VISITORS,
  outputs: ({ pages }) => {
    const totals = siteTotals(pages)
    return {
      visitorsHuman: String(totals.human),
      visitorsAi: String(totals.ai),
      visitorsTotal: String(totals.total),
      pageCount: String(pages)
    }
  },
  minimumRequests: ({ pages }, compare) => ({ [VISITORS]: pagesOf(pages, VISITORS_PAGE_SIZE) + (compare ? 1 : 0) }),
  // Read with the page views, which it shows in its table.
  heading: { text: 'Visitors and page views', icon: '📊', whole: true },
  // Its faults are scenarios of their own.
  reads: []
}

export const viewsExpected: SectionExpectations = {
  endpoints: [VIEWS],
  comparedAt: VIEWS,
  outputs: () => {
    const { totals } = defaultViews()
    return { viewsHuman: String(totals.human), viewsAi: String(totals.ai), viewsTotal: String(totals.total) }
  },
  minimumRequests: (_site, compare) => ({ [VIEWS]: pagesOf(defaultViews().rows.length, VIEWS_PAGE_SIZE) + (compare ? 1 : 0) }),
  // Whole, the page views are in the visitors' page table, with no h2 of their own.
  heading: { text: 'Page views', icon: '📊', whole: false },
  reads: [
    {
      endpoint: VIEWS,
      label: 'A page views request',
      reading: 'Reading page views (offset 0)',
      outputsIfFailed: { viewsHuman: '', viewsAi: '', viewsTotal: '' },
      pages: 'page views'
    }
  ]
}

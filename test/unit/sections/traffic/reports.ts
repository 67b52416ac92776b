// Reports of the visitors and page views as the run makes them, small and exact, for the tests of
// what is published from them (test/unit/sections/catalog.test.ts finds each section's builder here
// by its name: `<section>Report`).
import type { ViewsReport } from '../../../../src/sections/traffic/read-views.js'
import type { VisitorsReport } from '../../../../src/sections/traffic/read-visitors.js'
import type { ViewRow, VisitorRow } from '../../../../src/sections/traffic/schema.js'
import { BASE } from '../../../support/section-base.js'

export const VISITOR_ROWS: VisitorRow[] = [
  { path: '/docs/quickstart', human: 1000, ai: 250, total: 1200 },
  { path: '/docs/api', human: 300, ai: 100, total: 350 }
]

export function visitorsReport(more: Partial<VisitorsReport> = {}): VisitorsReport {
  return { kind: 'visitors', ...BASE, totals: { human: 1200, ai: 400, total: 1450 }, rows: VISITOR_ROWS, ...more }
}

export const VIEW_ROWS: ViewRow[] = [
  { path: '/docs/install', human: 5000, ai: 1000, total: 5800 },
  { path: '/docs/api', human: 900, ai: 300, total: 1100 }
]

export function viewsReport(more: Partial<ViewsReport> = {}): ViewsReport {
  return { kind: 'views', ...BASE, totals: { human: 6000, ai: 1300, total: 6900 }, rows: VIEW_ROWS, ...more }
}

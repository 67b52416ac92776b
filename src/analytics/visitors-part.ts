// The visitor export as a part of the run: read every page of unique visitors, then judge it.
import type { Part } from '../run/part.js'
import type { RequestBudget } from './budget.js'
import { type VisitorsRequest, exportVisitors, newVisitorsProgress, type VisitorsApi } from './visitors.js'
import { judgeVisitors } from './visitors-report.js'

/** `budget` is the run's analytics request budget, shared with every other analytics read. */
export function visitorsPart(api: VisitorsApi, request: VisitorsRequest & { topPages: number }, budget: RequestBudget): Part {
  const progress = newVisitorsProgress()
  return {
    run: ({ log }) => exportVisitors(api, request, progress, budget, log),
    report: (ending) => judgeVisitors(progress, request, ending, budget)
  }
}

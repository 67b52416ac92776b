// The visitor export as a part of the run: read every page of unique visitors, then judge it.
import type { Part } from '../run/part.js'
import { type VisitorsRequest, exportVisitors, newVisitorsProgress, type VisitorsApi } from './visitors.js'
import { judgeVisitors } from './visitors-report.js'

export function visitorsPart(api: VisitorsApi, request: VisitorsRequest & { topPages: number }): Part {
  const progress = newVisitorsProgress()
  return {
    run: ({ log }) => exportVisitors(api, request, progress, log),
    report: (ending) => judgeVisitors(progress, request, ending)
  }
}

// A run whose every part failed before the service answered one of its requests: the summary says so
// first, instead of a report heading over nothing read.
import { isSectionReport, type PartReport } from './wiring.js'

/** Whether the service told this part anything: a section read a page, or the job's status was seen. */
function succeeded(report: PartReport): boolean {
  if (isSectionReport(report)) return report.requests > 0
  return report.serviceStatus !== undefined || report.createdAt !== undefined
}

/** Whether the run has parts and not one request of any of them succeeded. */
export function noRequestSucceeded(reports: readonly PartReport[]): boolean {
  return reports.length > 0 && !reports.some(succeeded)
}

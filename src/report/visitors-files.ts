// The visitor export's part of the analytics files: its fields in the JSON file (at the top level,
// where they were before the other sections came), and its rows as CSV.
import type { VisitorsReport } from '../analytics/visitors-report.js'
import { csvOf } from './csv.js'

export function visitorsJson(report: VisitorsReport): Record<string, unknown> {
  return {
    projectId: report.projectId,
    dateFrom: report.dateFrom,
    dateTo: report.dateTo,
    dateToExclusive: true,
    partial: report.partial,
    partialReason: report.partialReason ?? null,
    requests: report.requests,
    totals: report.totals ?? null,
    previous: report.previous
      ? {
          dateFrom: report.previous.dateFrom,
          dateTo: report.previous.dateTo,
          totals: report.previous.totals ?? null,
          missingReason: report.previous.missing ?? null
        }
      : null,
    pageCount: report.rows.length,
    pages: report.rows
  }
}

export function visitorsCsv(report: VisitorsReport): string {
  return csvOf(
    ['path', 'human', 'ai', 'total'],
    report.rows.map((row) => [row.path, row.human, row.ai, row.total])
  )
}

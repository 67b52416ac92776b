// The export's files, for actions/upload-artifact: JSON with everything, and the rows as CSV.
import type { VisitorsReport } from '../analytics/visitors-report.js'

export function visitorsJson(report: VisitorsReport): string {
  return `${JSON.stringify(
    {
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
    },
    null,
    2
  )}\n`
}

/**
 * One CSV field (RFC 4180). A field that a spreadsheet would run as a formula (it starts with
 * =, +, -, @, tab or carriage return) gets a leading apostrophe, so that opening the file is safe.
 */
function csvField(value: string): string {
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}

export function visitorsCsv(report: VisitorsReport): string {
  const lines = ['path,human,ai,total']
  for (const row of report.rows) lines.push([csvField(row.path), row.human, row.ai, row.total].join(','))
  return `${lines.join('\r\n')}\r\n`
}

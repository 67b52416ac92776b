// The visitor section of the job summary: range, totals, the top pages, and the rest collapsed,
// cut so that the section stays far below GitHub's 1 MiB summary limit (over it, GitHub drops the
// whole summary). Page paths come from the service and are escaped.
import type { VisitorsReport } from '../analytics/visitors-report.js'
import type { VisitorRow } from '../api/schemas.js'
import { htmlText } from '../text/escape.js'
import { num } from '../text/format.js'

/** Bytes the collapsed rows may take; the rest of the section is small. */
export const DETAILS_BUDGET_BYTES = 400 * 1024
const PATH_CHARS = 160

/** AI visitors as a share of all (deduplicated) visitors. */
export function aiShare(ai: number, total: number): string {
  if (total <= 0) return '–'
  return `${Math.min(100, (ai / total) * 100).toFixed(1)}%`
}

/** "1 page", "2 pages", "1,000 requests". */
function count(n: number, noun: string): string {
  return `${num(n)} ${n === 1 ? noun : `${noun}s`}`
}

const HEAD =
  '<tr><th align="left">Page</th><th align="right">Human</th><th align="right">AI</th><th align="right">Total</th><th align="right">AI share</th></tr>'

function pageRow(row: VisitorRow): string {
  return (
    `<tr><td><code>${htmlText(row.path, PATH_CHARS)}</code></td><td align="right">${num(row.human)}</td>` +
    `<td align="right">${num(row.ai)}</td><td align="right">${num(row.total)}</td><td align="right">${aiShare(row.ai, row.total)}</td></tr>`
  )
}

export function visitorsSummaryHtml(report: VisitorsReport): string {
  const parts: string[] = [`<h2>${report.failure ? '❌' : report.partial ? '⚠️' : '📊'} Documentation visitors</h2>`]
  const facts = [htmlText(report.rangeText, 200)]
  if (report.totals) facts.push(count(report.rows.length, 'page'), count(report.requests, 'request'))
  parts.push(`<p>${facts.join(' · ')}</p>`)
  if (report.partial)
    parts.push(`<p><strong>Partial export</strong>: ${htmlText(report.partialReason ?? 'not everything was read', 300)}.</p>`)
  if (report.failure) parts.push(`<p>${htmlText(report.failure, 1000)}</p>`)
  if (!report.totals) return `${parts.join('\n')}\n`

  const t = report.totals
  parts.push(
    '<table><tr><th align="right">Human</th><th align="right">AI</th><th align="right">Total</th><th align="right">AI share</th></tr>' +
      `<tr><td align="right">${num(t.human)}</td><td align="right">${num(t.ai)}</td><td align="right">${num(t.total)}</td><td align="right">${aiShare(t.ai, t.total)}</td></tr></table>`
  )
  if (report.rows.length === 0) {
    parts.push('<p>No page had visitors in this range.</p>')
    return `${parts.join('\n')}\n`
  }
  const top = report.rows.slice(0, report.topPages)
  parts.push(`<h3>Top ${count(top.length, 'page')} by visitors</h3>`)
  parts.push(`<table>${HEAD}${top.map(pageRow).join('')}</table>`)

  const rest = report.rows.slice(top.length)
  if (rest.length > 0) {
    const rows: string[] = []
    let bytes = 0
    for (const row of rest) {
      const html = pageRow(row)
      bytes += Buffer.byteLength(html)
      if (bytes > DETAILS_BUDGET_BYTES) break
      rows.push(html)
    }
    const left = rest.length - rows.length
    const note =
      left > 0
        ? `\n<p>… and ${count(left, 'more page')}, left out to keep the summary small; every page is in the analytics files.</p>`
        : ''
    parts.push(`<details><summary>${count(rest.length, 'more page')}</summary>\n<table>${HEAD}${rows.join('')}</table>${note}\n</details>`)
  }
  parts.push(
    '<p>Totals are site-wide and deduplicated by the service: a visitor counts once however many pages they read, so page totals do not add up to them. AI share is AI visitors ÷ total.</p>'
  )
  return `${parts.join('\n')}\n`
}

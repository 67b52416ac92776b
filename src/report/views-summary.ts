// The page-views section of the job summary: site-wide views, human and AI, and the most viewed
// pages with a bar of their shares, the rest collapsed. Compact, since it sits beside the visitor
// section. Page paths come from the service and are escaped.
import type { ViewsReport } from '../analytics/views.js'
import type { ViewRow, VisitorTotals } from '../api/schemas.js'
import { counted, num } from '../text/format.js'
import { headCell, pageHtml, rightCell } from './html.js'
import { leftOutHtml, openingHtml, sectionHtml, withinBudget } from './section-html.js'
import { aiShare, shareBar } from './traffic-cells.js'

const PATH_CHARS = 120

const COUNTS_HEAD = `${headCell('Human')}${headCell('AI')}${headCell('Total')}${headCell('AI&nbsp;share')}`
const PAGE_HEAD = `<tr>${headCell('Page', 'left')}${COUNTS_HEAD}${headCell('Human&nbsp;█ AI&nbsp;░', 'left')}</tr>`
const CAPTION =
  '<p><strong>Page views, site-wide:</strong> every time a page was viewed counts, so one visitor can add many; ' +
  'these are not unique visitors. AI share is AI ÷ (Human + AI).</p>'

function countCells(counts: VisitorTotals): string {
  return `${rightCell(num(counts.human))}${rightCell(num(counts.ai))}${rightCell(num(counts.total))}${rightCell(aiShare(counts.human, counts.ai))}`
}

function pageRow(row: ViewRow): string {
  const path = row.path === '' ? '<em>(empty path)</em>' : pageHtml(row.path, PATH_CHARS)
  return `<tr><td>${path}</td>${countCells(row)}<td><code>${shareBar(row.human, row.ai)}</code></td></tr>`
}

function restHtml(rest: readonly ViewRow[]): string {
  const rows = withinBudget(rest, pageRow)
  const note = leftOutHtml(rest.length - rows.length, 'page')
  return `<details><summary>${counted(rest.length, 'more page')}</summary>\n<table>${PAGE_HEAD}${rows.join('')}</table>${note && `\n${note}`}\n</details>`
}

export function viewsSummaryHtml(report: ViewsReport): string {
  const read = report.totals !== undefined || report.rows.length > 0
  const parts = openingHtml(report, '📊', 'Page views', read)
  if (!read) return sectionHtml(parts)
  if (report.totals) parts.push(CAPTION, `<table><tr>${COUNTS_HEAD}</tr><tr>${countCells(report.totals)}</tr></table>`)
  if (report.rows.length === 0) {
    parts.push('<p>No page was viewed in this range.</p>')
  } else {
    // Rows past the budget of the top table join the collapsed rest, which has a budget of its own.
    const top = withinBudget(report.rows.slice(0, report.topPages), pageRow)
    const ranked = report.partial ? `, ranking only the ${counted(report.rows.length, 'page')} read` : ''
    parts.push(`<h3>Top ${counted(top.length, 'page')} by views${ranked}</h3>`, `<table>${PAGE_HEAD}${top.join('')}</table>`)
    const rest = report.rows.slice(top.length)
    if (rest.length > 0) parts.push(restHtml(rest))
  }
  return sectionHtml(parts)
}

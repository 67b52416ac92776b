// The visitor section of the job summary: the range, the site-wide totals against the previous
// period, the top pages with a bar of their human and AI shares, and the rest collapsed, cut so that
// the section stays far below GitHub's 1 MiB summary limit (over it, GitHub drops the whole
// summary). Page paths come from the service and are escaped.
import type { VisitorsReport } from '../analytics/visitors.js'
import type { VisitorRow, VisitorTotals } from '../api/schemas.js'
import { describeRange } from '../text/dates.js'
import { htmlText } from '../text/escape.js'
import { counted, num } from '../text/format.js'
import { headCell, pageHtml, rightCell } from './html.js'
import { openingHtml, sectionHtml, withinBudget } from './section-html.js'
import { aiShare, aiShareOf, changeText, pointsText, shareBar } from './traffic-cells.js'

/** Bytes the rows of the top table may take (topPages goes up to 1,000); rows past it join the collapsed rest. */
export const TOP_BUDGET_BYTES = 160 * 1024
/** Bytes the collapsed rows may take; the rest of the section is small. */
export const DETAILS_BUDGET_BYTES = 160 * 1024
const PATH_CHARS = 120
/** Pages the chart shows. */
const CHART_PAGES = 10

function pathHtml(path: string): string {
  return path === '' ? '<em>(empty path)</em>' : pageHtml(path, PATH_CHARS)
}

const PAGE_HEAD =
  `<tr>${headCell('Page', 'left')}${headCell('Human')}${headCell('AI')}${headCell('Total')}${headCell('AI&nbsp;share')}` +
  `${headCell('Human&nbsp;█ AI&nbsp;░', 'left')}</tr>`

function pageRow(row: VisitorRow): string {
  return (
    `<tr><td>${pathHtml(row.path)}</td>${rightCell(num(row.human))}${rightCell(num(row.ai))}${rightCell(num(row.total))}` +
    `${rightCell(aiShare(row.human, row.ai))}<td><code>${shareBar(row.human, row.ai)}</code></td></tr>`
  )
}

function totalsRow(label: string, t: VisitorTotals): string {
  return `<tr><th align="left" nowrap>${label}</th>${rightCell(num(t.human))}${rightCell(num(t.ai))}${rightCell(num(t.total))}${rightCell(aiShare(t.human, t.ai))}</tr>`
}

function totalsHtml(report: VisitorsReport, totals: VisitorTotals): string {
  const rows = [totalsRow('This period', totals)]
  const previous = report.previous
  if (previous?.value) {
    const p = previous.value
    rows.push(totalsRow('Previous period', p))
    rows.push(
      `<tr><th align="left" nowrap>Change</th>${rightCell(changeText(totals.human, p.human))}${rightCell(changeText(totals.ai, p.ai))}` +
        `${rightCell(changeText(totals.total, p.total))}${rightCell(pointsText(aiShareOf(totals.human, totals.ai), aiShareOf(p.human, p.ai)))}</tr>`
    )
  }
  const parts = [
    '<p><strong>Unique visitors, site-wide.</strong> A visitor seen both as a person and as an AI agent counts in both Human and AI, ' +
      'but once in Total, so Human + AI can be more than Total. AI share is AI ÷ (Human + AI).</p>',
    `<table><tr>${headCell('', 'left')}${headCell('Human')}${headCell('AI')}${headCell('Total')}${headCell('AI&nbsp;share')}</tr>${rows.join('')}</table>`
  ]
  if (previous?.value) parts.push(`<p>Previous period: ${htmlText(describeRange(previous.dateFrom, previous.dateTo), 200)}.</p>`)
  else if (previous) parts.push(`<p>No comparison with the previous period: ${htmlText(previous.missing ?? 'it was not read', 300)}.</p>`)
  return parts.join('\n')
}

/** A chart of the top pages for those who like one, collapsed; the table above always says the same. */
function chartHtml(top: readonly VisitorRow[]): string {
  const shown = top.slice(0, CHART_PAGES)
  const values = (pick: (row: VisitorRow) => number): string => shown.map((row) => String(Math.max(0, Math.round(pick(row))))).join(', ')
  return [
    `<details><summary>Chart: human and AI visitors of the top ${counted(shown.length, 'page')}</summary>`,
    '',
    '```mermaid',
    'xychart-beta',
    `  x-axis [${shown.map((_, i) => `"#${i + 1}"`).join(', ')}]`,
    '  y-axis "Visitors"',
    `  bar [${values((row) => row.human)}]`,
    `  line [${values((row) => row.ai)}]`,
    '```',
    '',
    // Escaped: a bare #1 outside the chart would link issue 1 of the repository.
    `Bars: human visitors; line: AI visitors; ${htmlText('#1')} is the first page of the table above.`,
    '</details>'
  ].join('\n')
}

function rankingHeading(report: VisitorsReport, shown: number): string {
  if (!report.partial) return `<h3>Top ${counted(shown, 'page')} by visitors</h3>`
  return `<h3>Top ${counted(shown, 'page')} by visitors, ranking only the ${counted(report.rows.length, 'page')} read</h3>`
}

export function visitorsSummaryHtml(report: VisitorsReport): string {
  const parts = openingHtml(report, '📊', 'Documentation visitors', report.totals !== undefined)
  if (!report.totals) return sectionHtml(parts)

  parts.push(totalsHtml(report, report.totals))
  if (report.rows.length === 0) {
    parts.push('<p>No page had visitors in this range.</p>')
  } else {
    const top = withinBudget(report.rows.slice(0, report.topPages), pageRow, TOP_BUDGET_BYTES)
    parts.push(rankingHeading(report, top.length))
    parts.push(`<table>${PAGE_HEAD}${top.join('')}</table>`)
    parts.push(chartHtml(report.rows.slice(0, top.length)))
    const rest = report.rows.slice(top.length)
    if (rest.length > 0) parts.push(restHtml(rest))
  }
  return sectionHtml(parts)
}

function restHtml(rest: readonly VisitorRow[]): string {
  const rows = withinBudget(rest, pageRow, DETAILS_BUDGET_BYTES)
  const left = rest.length - rows.length
  const note = left > 0 ? `\n<p>… and ${counted(left, 'more page')}, left out to keep the summary small.</p>` : ''
  return `<details><summary>${counted(rest.length, 'more page')}</summary>\n<table>${PAGE_HEAD}${rows.join('')}</table>${note}\n</details>`
}

// The visitor section of the job summary: the range, the site-wide totals against the previous
// period, the top pages with a bar of their human and AI shares, and the rest collapsed, cut so that
// the section stays far below GitHub's 1 MiB summary limit (over it, GitHub drops the whole
// summary). Page paths come from the service and are escaped.
import type { VisitorsReport } from '../analytics/visitors-report.js'
import type { VisitorRow, VisitorTotals } from '../api/schemas.js'
import { describeRange } from '../text/dates.js'
import { htmlText } from '../text/escape.js'
import { counted, num } from '../text/format.js'
import { messageHtml } from './html.js'
import { withinBudget } from './section-html.js'

/** Bytes the rows of the top table may take (topPages goes up to 1,000); rows past it join the collapsed rest. */
export const TOP_BUDGET_BYTES = 160 * 1024
/** Bytes the collapsed rows may take; the rest of the section is small. */
export const DETAILS_BUDGET_BYTES = 160 * 1024
const PATH_CHARS = 120
/** Cells of the share bar. */
const BAR_CELLS = 10
/** Pages the chart shows. */
const CHART_PAGES = 10

/** AI visitors as a share of human and AI visitors together, in per cent; undefined when there are none. */
export function aiShareOf(human: number, ai: number): number | undefined {
  const both = Math.max(0, human) + Math.max(0, ai)
  return both > 0 ? (Math.max(0, ai) / both) * 100 : undefined
}

/** "27.6%", or "–" when there is no one to share. */
export function aiShare(human: number, ai: number): string {
  const share = aiShareOf(human, ai)
  return share === undefined ? '–' : `${share.toFixed(1)}%`
}

/**
 * The human and AI shares of a page as a bar of block characters ("███████░░░"), which GitHub shows
 * as it is: no image, no script. Full blocks are human, light shade AI.
 */
export function shareBar(human: number, ai: number): string {
  const share = aiShareOf(human, ai)
  if (share === undefined) return ''
  const aiCells = Math.round((share / 100) * BAR_CELLS)
  return '█'.repeat(BAR_CELLS - aiCells) + '░'.repeat(aiCells)
}

/** The change from `before` to `now`: "▲ 12.5%", "▼ 3.0%", "no change", or "new" when there was none before. */
export function changeText(now: number, before: number): string {
  if (now === before) return 'no change'
  if (before <= 0) return now > 0 ? 'new' : '–'
  const change = ((now - before) / before) * 100
  // A change that rounds to 0.0 % reads as none, not as "▲ 0.0%".
  if (Math.abs(change) < 0.05) return 'no change'
  return `${change > 0 ? '▲' : '▼'} ${Math.abs(change).toFixed(1)}%`
}

/** The change of the AI share, in percentage points: "▲ 1.2 pts". */
export function pointsText(now: number | undefined, before: number | undefined): string {
  if (now === undefined || before === undefined) return '–'
  const points = Math.round((now - before) * 10) / 10
  if (points === 0) return 'no change'
  return `${points > 0 ? '▲' : '▼'} ${Math.abs(points).toFixed(1)} ${Math.abs(points) === 1 ? 'pt' : 'pts'}`
}

const right = (html: string): string => `<td align="right">${html}</td>`
const head = (label: string, align = 'right'): string => `<th align="${align}" nowrap>${label}</th>`

function pathHtml(path: string): string {
  return path === '' ? '<em>(empty path)</em>' : `<code>${htmlText(path, PATH_CHARS)}</code>`
}

const PAGE_HEAD =
  `<tr>${head('Page', 'left')}${head('Human')}${head('AI')}${head('Total')}${head('AI&nbsp;share')}` +
  `${head('Human&nbsp;█ AI&nbsp;░', 'left')}</tr>`

function pageRow(row: VisitorRow): string {
  return (
    `<tr><td>${pathHtml(row.path)}</td>${right(num(row.human))}${right(num(row.ai))}${right(num(row.total))}` +
    `${right(aiShare(row.human, row.ai))}<td><code>${shareBar(row.human, row.ai)}</code></td></tr>`
  )
}

function totalsRow(label: string, t: VisitorTotals): string {
  return `<tr><th align="left" nowrap>${label}</th>${right(num(t.human))}${right(num(t.ai))}${right(num(t.total))}${right(aiShare(t.human, t.ai))}</tr>`
}

function totalsHtml(report: VisitorsReport, totals: VisitorTotals): string {
  const rows = [totalsRow('This period', totals)]
  const previous = report.previous
  if (previous?.totals) {
    const p = previous.totals
    rows.push(totalsRow('Previous period', p))
    rows.push(
      `<tr><th align="left" nowrap>Change</th>${right(changeText(totals.human, p.human))}${right(changeText(totals.ai, p.ai))}` +
        `${right(changeText(totals.total, p.total))}${right(pointsText(aiShareOf(totals.human, totals.ai), aiShareOf(p.human, p.ai)))}</tr>`
    )
  }
  const parts = [
    '<p><strong>Unique visitors, site-wide.</strong> A visitor seen both as a person and as an AI agent counts in both Human and AI, ' +
      'but once in Total, so Human + AI can be more than Total. AI share is AI ÷ (Human + AI).</p>',
    `<table><tr>${head('', 'left')}${head('Human')}${head('AI')}${head('Total')}${head('AI&nbsp;share')}</tr>${rows.join('')}</table>`
  ]
  if (previous?.totals) parts.push(`<p>Previous period: ${htmlText(describeRange(previous.dateFrom, previous.dateTo), 200)}.</p>`)
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
  const parts: string[] = [`<h2>${report.failure ? '❌' : report.partial ? '⚠️' : '📊'} Documentation visitors</h2>`]
  const facts = [htmlText(report.rangeText, 200)]
  if (report.totals) facts.push(counted(report.rows.length, 'page'))
  parts.push(`<p>${facts.join(' · ')}</p>`)
  if (report.failure) parts.push(`<p><strong>Why the step failed:</strong> ${messageHtml(report.failure, 1000)}</p>`)
  else if (report.partial)
    parts.push(
      `<p><strong>${report.totals ? 'Partial export' : 'Not exported'}:</strong> ${htmlText(report.partialReason ?? 'not everything was read', 300)}.</p>`
    )
  if (!report.totals) return `${parts.join('\n')}\n`

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
  parts.push(`<p><sub>Read in ${counted(report.requests, 'request')}; the analytics files hold every page read.</sub></p>`)
  return `${parts.join('\n')}\n`
}

function restHtml(rest: readonly VisitorRow[]): string {
  const rows = withinBudget(rest, pageRow, DETAILS_BUDGET_BYTES)
  const left = rest.length - rows.length
  const note = left > 0 ? `\n<p>… and ${counted(left, 'more page')}, left out to keep the summary small.</p>` : ''
  return `<details><summary>${counted(rest.length, 'more page')}</summary>\n<table>${PAGE_HEAD}${rows.join('')}</table>${note}\n</details>`
}

// The traffic of the job summary: visitors and page views in one block, as a docs lead reads them.
// The site-wide totals, human and AI, side by side; then one page table, visitors and views in the
// same row, each count with its AI share beneath it, and under each page a bar that carries its size
// against the top page. Three columns at most, so that it reads at phone width. The top `topPages` rows show;
// the rest are collapsed, each list cut to a byte budget so that the summary stays far below GitHub's
// 1 MiB limit (over it, GitHub drops the whole summary). Page paths come from the service and are
// escaped.
import type { TrafficRow } from './read.js'
import { byText } from '../../text/order.js'
import type { ViewsReport } from './read-views.js'
import type { VisitorsReport } from './read-visitors.js'
import type { VisitorTotals } from './schema.js'
import { counted, num } from '../../text/format.js'
import { OTHER_PAGE } from '../../text/page-path.js'
import { headCell, pageCellHtml, rightCell } from '../../render/html.js'
import { leftOutHtml, openingHtml, sectionHtml, withinBudget } from '../../render/section-html.js'
import { aiShare, sizeBar } from './summary-cells.js'

/** Bytes the rows of the top table may take (topPages goes up to 1,000); rows past it join the collapsed rest. */
export const TOP_BUDGET_BYTES = 160 * 1024
/** Bytes the collapsed rows may take; the rest of the block is small. */
export const DETAILS_BUDGET_BYTES = 160 * 1024
const PATH_CHARS = 120

/** What the block shows: the visitors and the page views, either of which may be missing. */
export interface Traffic {
  visitors?: VisitorsReport
  views?: ViewsReport
}

/** A page's counts: its visitors and its views, when each was read. */
interface PageCounts {
  path: string
  visitors?: TrafficRow
  views?: TrafficRow
}

/** The counts shown: visitors when they were read, otherwise views. */
type Measure = 'visitors' | 'views'

const COLUMN: Record<Measure, string> = { visitors: 'Visitors', views: 'Views' }

/** A count with its AI share beneath it, in small type, kept apart from the number by a line break. */
function countCell(counts: TrafficRow | VisitorTotals | undefined): string {
  if (!counts) return rightCell('–')
  const share = aiShare(counts.human, counts.ai)
  return rightCell(share === '–' ? num(counts.total) : `${num(counts.total)}<br><sub>${share}&nbsp;AI</sub>`)
}

function pathHtml(path: string): string {
  return path === '' ? '<em>(empty path)</em>' : pageCellHtml(path, PATH_CHARS)
}

/** The measures read, in the order the table shows them. */
function measuresOf(traffic: Traffic): Measure[] {
  const measures: Measure[] = []
  if (traffic.visitors?.totals) measures.push('visitors')
  if (traffic.views && (traffic.views.totals || traffic.views.rows.length > 0)) measures.push('views')
  return measures
}

/**
 * Every page read, its counts joined by path, ranked by the first measure (most first), then by the
 * second, then by path: a page only the second measure saw comes after every page the first one
 * saw. Rows whose paths are shown alike ("(other page)" stands for many) are never joined.
 */
function pagesOf(traffic: Traffic, measures: readonly Measure[]): PageCounts[] {
  const pages: PageCounts[] = []
  const joinable = new Map<string, PageCounts | undefined>()
  for (const measure of measures) {
    for (const row of traffic[measure]?.rows ?? []) {
      const page = joinable.get(row.path)
      if (page && page[measure] === undefined) {
        page[measure] = row
        continue
      }
      const added: PageCounts = { path: row.path, [measure]: row }
      pages.push(added)
      // A path seen twice, or one that stands for many, joins nothing.
      joinable.set(row.path, joinable.has(row.path) || row.path === OTHER_PAGE ? undefined : added)
    }
  }
  const [first, second] = measures
  const total = (page: PageCounts, measure: Measure | undefined): number => (measure ? (page[measure]?.total ?? -1) : -1)
  return pages.sort((a, b) => total(b, first) - total(a, first) || total(b, second) - total(a, second) || byText(a.path, b.path))
}

function headRow(measures: readonly Measure[]): string {
  return `<tr>${headCell('Page', 'left')}${measures.map((m) => headCell(COLUMN[m])).join('')}</tr>`
}

/** A page's row: its path with its bar beneath it (so that the table keeps to three columns on a phone), then its counts. */
function pageRow(page: PageCounts, measures: readonly Measure[], top: number): string {
  const size = page[measures[0] as Measure]?.total ?? 0
  const bar = sizeBar(size, top)
  return `<tr><td>${pathHtml(page.path)}${bar === '' ? '' : `<br><code>${bar}</code>`}</td>${measures.map((m) => countCell(page[m])).join('')}</tr>`
}

function totalsHtml(traffic: Traffic, measures: readonly Measure[]): string {
  const row = (label: string, pick: (totals: VisitorTotals) => string): string =>
    `<tr><th align="left">${label}</th>${measures
      .map((m) => {
        const totals = traffic[m]?.totals
        return rightCell(totals ? pick(totals) : '–')
      })
      .join('')}</tr>`
  const rows = [
    row('Human', (t) => num(t.human)),
    row('AI', (t) => num(t.ai)),
    row('Total', (t) => num(t.total)),
    row('AI&nbsp;share', (t) => aiShare(t.human, t.ai))
  ]
  return `<table>\n<tr>${headCell('Site-wide', 'left')}${measures.map((m) => headCell(COLUMN[m])).join('')}</tr>\n${rows.join('\n')}\n</table>`
}

/** What each measure counts, said once above the tables. */
const MEASURE_NOTE: Record<Measure, string> = {
  visitors: 'A visitor seen both as a person and as an AI agent counts in both Human and AI but once in Total.',
  views: 'Views count every time a page was viewed.'
}

function rankingHeading(traffic: Traffic, measure: Measure, shown: number, read: number): string {
  const by = measure === 'visitors' ? 'visitors' : 'views'
  const partial = traffic[measure]?.partial === true
  return `<h3>Top ${counted(shown, 'page')} by ${by}${partial ? `, ranking only the ${counted(read, 'page')} read` : ''}</h3>`
}

function restHtml(rest: readonly PageCounts[], measures: readonly Measure[], top: number): string {
  const rows = withinBudget(rest, (page) => pageRow(page, measures, top), DETAILS_BUDGET_BYTES)
  const note = leftOutHtml(rest.length - rows.length, 'page')
  return `<details><summary>${counted(rest.length, 'more page')}</summary>\n<table>${headRow(measures)}${rows.join('')}</table>${note && `\n${note}`}\n</details>`
}

/** The icon of the block's heading, where nothing is wrong with its lead report. */
export const TRAFFIC_ICON = '📊'

/** The title of the block: what it shows. */
function titleOf(traffic: Traffic): string {
  if (traffic.visitors && traffic.views) return 'Visitors and page views'
  return traffic.visitors ? 'Documentation visitors' : 'Page views'
}

/**
 * The traffic block, under the heading of its first report (visitors, when they were asked for):
 * opened as that report's state says (failed, partial, unread), then what was read of either.
 */
export function trafficSummaryHtml(traffic: Traffic): string {
  const lead = traffic.visitors ?? traffic.views
  if (!lead) return ''
  const measures = measuresOf(traffic)
  const parts = openingHtml(lead, TRAFFIC_ICON, titleOf(traffic), measures.length > 0)
  if (measures.length === 0) return sectionHtml(parts)
  const bar = `The bar under each page is its ${COLUMN[measures[0] as Measure].toLowerCase()} against the top page’s.`
  parts.push(
    `<p>${measures.map((m) => MEASURE_NOTE[m]).join(' ')} AI share is AI ÷ (Human + AI). ${bar}</p>`,
    totalsHtml(traffic, measures)
  )
  const pages = pagesOf(traffic, measures)
  const [first] = measures as [Measure]
  if (pages.length === 0) {
    parts.push('<p>No page had visitors or views in this range.</p>')
    return sectionHtml(parts)
  }
  const topTotal = pages[0]?.[first]?.total ?? 0
  const topPages = lead.topPages
  const top = withinBudget(pages.slice(0, topPages), (page) => pageRow(page, measures, topTotal), TOP_BUDGET_BYTES)
  parts.push(
    rankingHeading(traffic, first, top.length, traffic[first]?.rows.length ?? 0),
    `<table>${headRow(measures)}${top.join('')}</table>`
  )
  const rest = pages.slice(top.length)
  if (rest.length > 0) parts.push(restHtml(rest, measures, topTotal))
  return sectionHtml(parts)
}

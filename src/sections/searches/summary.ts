// The searches section of the job summary: how often readers searched the docs, the terms searched
// most, and the terms that got no click on a result (the docs may lack what they looked for). Search
// terms are text readers typed: shown only when the run keeps reader text, escaped and on one line.
import { sumCounts } from '../../core/counts.js'
import { noClick, type SearchEntry, type SearchesReport } from './read.js'
import { dateTimeText } from '../../text/dates.js'
import { htmlText } from '../../text/escape.js'
import { counted, num } from '../../text/format.js'
import { noClickHitsText, noClickTermsText } from '../../text/measures.js'
import { headCell, pageCellHtml, rightCell } from '../../render/html.js'
import { READER_TEXT_CELL_CHARS, hiddenTextHtml, leftOutHtml, openingHtml, sectionHtml, withinBudget } from '../../render/section-html.js'

const PATH_CHARS = 120

const TOP_HEAD = `<tr>${headCell('Search term', 'left')}${headCell('Hits')}${headCell('Clicked')}</tr>`
const NO_CLICK_HEAD = `<tr>${headCell('Search term', 'left')}${headCell('Hits')}</tr>`

/** The click-through rate, a fraction from the service, in per cent. */
export function ctrText(ctr: number): string {
  return Number.isFinite(ctr) ? `${(ctr * 100).toFixed(1)}%` : '–'
}

function termHtml(row: SearchEntry): string {
  const term = row.query ?? ''
  return term.trim() === '' ? '<em>(empty search)</em>' : htmlText(term, READER_TEXT_CELL_CHARS)
}

/** The result clicked most, on a second line under the search, so that the table keeps to a phone's width. */
const clickedHtml = (page: string | null): string => (page === null ? '' : `<br><sub>→ ${pageCellHtml(page, PATH_CHARS)}</sub>`)

const topRow = (row: SearchEntry): string =>
  `<tr><td>${termHtml(row)}${clickedHtml(row.topClickedPage)}</td>${rightCell(num(row.hits))}${rightCell(ctrText(row.ctr))}</tr>`

const noClickRow = (row: SearchEntry): string =>
  `<tr><td>${termHtml(row)}<br><sub>last ${htmlText(dateTimeText(row.lastSearchedAt) ?? row.lastSearchedAt, 40)}</sub></td>${rightCell(num(row.hits))}</tr>`

/** A table of the first `topPages` rows, as many as fit the budget, under its heading. */
function tableHtml(
  heading: (shown: number) => string,
  headHtml: string,
  rows: readonly SearchEntry[],
  topPages: number,
  row: (row: SearchEntry) => string
): string[] {
  const listed = rows.slice(0, topPages)
  const kept = withinBudget(listed, row)
  return [
    `<h3>${heading(kept.length)}</h3>`,
    `<table>${headHtml}${kept.join('')}</table>`,
    leftOutHtml(listed.length - kept.length, 'search term')
  ]
}

function countsHtml(report: SearchesReport, noClicks: readonly SearchEntry[]): string {
  const total = report.totalSearches ?? sumCounts(report.rows.map((row) => row.hits))
  const noClickHits = sumCounts(noClicks.map((row) => row.hits))
  const clicks =
    noClicks.length === 0
      ? 'Every search term got a click on a result.'
      : `<strong>${noClickHitsText(noClickHits)}</strong> (${noClickTermsText(noClicks.length)}).`
  return `<p><strong>${counted(total, 'search', 'searches')}</strong> in this range, over ${counted(report.rows.length, 'search term')} read. ${clicks}</p>`
}

export function searchesSummaryHtml(report: SearchesReport): string {
  const rows = report.rows
  const read = report.totalSearches !== undefined || rows.length > 0
  const parts = openingHtml(report, '🔎', 'Searches', read)
  if (!read) return sectionHtml(parts)
  if (rows.length === 0 && (report.totalSearches ?? 0) <= 0) {
    parts.push('<p>No one searched the docs in this range.</p>')
    return sectionHtml(parts)
  }
  // Rows come most searched first, and so do these.
  const noClicks = rows.filter(noClick)
  parts.push(countsHtml(report, noClicks))
  if (!report.showReaderText) {
    parts.push(hiddenTextHtml('Search terms'))
  } else {
    const ranked = report.partial ? `, ranking only the ${counted(rows.length, 'term')} read` : ''
    if (rows.length > 0)
      parts.push(...tableHtml((n) => `Top ${counted(n, 'search term')}${ranked}`, TOP_HEAD, rows, report.topPages, topRow))
    if (noClicks.length > 0)
      parts.push(
        ...tableHtml((n) => `Top ${counted(n, 'search term')} with no click`, NO_CLICK_HEAD, noClicks, report.topPages, noClickRow)
      )
  }
  return sectionHtml(parts)
}

// The searches section in every place the run shows it: the summary (searches-summary.ts), its
// object in analytics.json and its CSV, its outputs, its lines in the log, and its gaps: searches
// nobody clicked a result of.
import { sumCounts } from '../../core/counts.js'
import { SECTION_CATALOG } from '../../core/catalog.js'
import { noClick, type SearchesReport } from './read.js'
import { markdownCode } from '../../text/escape.js'
import { counted } from '../../text/format.js'
import { noClickHitsText, noClickTermsText } from '../../text/measures.js'
import { csvOf } from '../../render/csv.js'
import { GAP_ITEM_CHARS } from '../../render/docs-gaps.js'
import { type GapList, type Headline, headline, previousOf, type SectionRenderer } from '../../render/renderer.js'
import { baseJson, partialMark, previousJson, readPhrase } from '../../render/section-data.js'
import { searchesSummaryHtml } from './summary.js'

function searchGaps(report: SearchesReport): GapList | undefined {
  const rows = report.rows.filter(noClick)
  if (rows.length === 0) return undefined
  const heading = 'Searches where nobody clicked a result'
  if (!report.showReaderText) {
    const hits = sumCounts(rows.map((row) => row.hits))
    return {
      heading,
      items: [],
      note: `${noClickHitsText(hits)} (${noClickTermsText(rows.length)}); their text is hidden.`
    }
  }
  return {
    heading,
    items: rows.map((row) => `${markdownCode(row.query ?? '', GAP_ITEM_CHARS)} (${counted(row.hits, 'search', 'searches')})`),
    about: rows.map((row) => ({ kind: 'search', subject: row.query ?? '' }))
  }
}

function searchesHeadlines(report: SearchesReport): Headline[] {
  if (report.totalSearches === undefined) return []
  const unclicked = report.rows.filter(noClick)
  // The search with no click searched most, when its text may be shown: where an alert on the total fired.
  const most = report.showReaderText ? unclicked.find((row) => (row.query ?? '').trim() !== '') : undefined
  return [
    headline('searches', report.totalSearches, { previous: previousOf(report.previous, (total) => total) }),
    headline('searchesNoClick', sumCounts(unclicked.map((row) => row.hits)), {
      partial: report.partial,
      ...(most ? { where: { search: most.query, count: most.hits } } : {})
    })
  ]
}

export const searchesRenderer: SectionRenderer<SearchesReport> = {
  banner: SECTION_CATALOG.searches.banner,
  summaryHtml: searchesSummaryHtml,
  headlines: searchesHeadlines,
  // Searches with clicks too: the ledger follows a gap's searches after its fix by their click-through.
  signals: (report) =>
    report.rows.map((row) => ({
      kind: noClick(row) ? 'no-click' : 'searched',
      count: row.hits,
      search: row.query,
      ctr: row.ctr,
      ...(row.hidden ? { hidden: row.hidden } : {})
    })),
  outputs: (report) => ({ searchesTotal: report.totalSearches === undefined ? '' : String(report.totalSearches) }),
  json: (report) => ({
    ...baseJson(report),
    totalSearches: report.totalSearches ?? null,
    previous: previousJson(report.previous, 'totalSearches'),
    termCount: report.rows.length,
    terms: report.rows.map((row) => ({
      searchQuery: row.query ?? null,
      hits: row.hits,
      ctr: row.ctr,
      topClickedPage: row.topClickedPage,
      lastSearchedAt: row.lastSearchedAt
    }))
  }),
  csv: (report) =>
    report.requests > 0
      ? [
          {
            name: 'searches.csv',
            content: csvOf(
              ['searchQuery', 'hits', 'ctr', 'topClickedPage', 'lastSearchedAt'],
              report.rows.map((row) => [row.query, row.hits, row.ctr, row.topClickedPage, row.lastSearchedAt])
            )
          }
        ]
      : [],
  logLine: (report) => {
    if (report.totalSearches === undefined) return undefined
    const unclicked = report.rows.filter(noClick)
    const hits = sumCounts(unclicked.map((row) => row.hits))
    return (
      `Searches, ${report.rangeText}: ${counted(report.totalSearches, 'search', 'searches')} over ${counted(report.rows.length, 'search term')}, ` +
      `${noClickHitsText(hits)} (${noClickTermsText(unclicked.length)}), in ${counted(report.requests, 'request')}${partialMark(report)}.`
    )
  },
  endPhrase: (report) => readPhrase(SECTION_CATALOG.searches.noun, report),
  gaps: searchGaps
}

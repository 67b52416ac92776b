// Tests the searches section's renderer (src/sections/searches/render.ts) outside its summary: its object in
// analytics.json and its CSV files as a reader or a spreadsheet reads them, its step outputs (empty,
// never 0, when nothing was read) and its line in the log.
import { parse } from 'csv-parse/sync'
import { describe, expect, it } from 'vitest'
import { maskEmails } from '../../../../src/text/reader-text.js'
import { HOSTILE_TEXT } from '../../../emulator/analytics-data.js'
import { hiddenSearches, SEARCH_ROWS, searchesReport } from './reports.js'
import { RANGE } from '../../../support/section-base.js'
import { searchesRenderer } from '../../../../src/sections/searches/render.js'
import { fileText } from '../../../support/renderers.js'

/** The CSV as a CSV reader gets it: rows of fields. */
const readCsv = (csv: string): string[][] => parse(csv)

/** Values a spreadsheet would run as formulas, and the same values as the files hold them. */
const FORMULAS = ['=cmd|"/c calc"!A1', '+1', '-1', '@x', '\tx', '\rx', '=HYPERLINK("https://evil.example")']
const GUARDED = FORMULAS.map((text) => `'${text}`)
/** Reader text as a run that shows it keeps it: e-mail addresses masked. */
// A function, called in the tests: masking at load would run outside every test.
const hostile = (): string[] => HOSTILE_TEXT.map(maskEmails)
/** Text as the CSV reader gets it back: an apostrophe before a formula wherever a cell could start. */
const guarded = (text: string): string => text.replace(/(?<=(?:^|[,;\t\r\n])[ "]*)(?=[=+\-@\t\r])/g, "'")

describe('files', () => {
  it('puts the total and every term in the JSON file, under the name the service gives the text', () => {
    expect(searchesRenderer.json(searchesReport())).toEqual({
      partial: false,
      partialReason: null,
      requests: 1,
      totalSearches: 177,
      previous: null,
      termCount: 4,
      terms: SEARCH_ROWS.map(({ query, ...row }) => ({ searchQuery: query, ...row }))
    })
  })

  it('gives each term exactly these fields, in this order', () => {
    const json = searchesRenderer.json(searchesReport({ rows: SEARCH_ROWS.slice(1, 2) }))
    expect(JSON.stringify(json.terms)).toBe(
      '[{"searchQuery":"pricing","hits":40,"ctr":0,"topClickedPage":null,"lastSearchedAt":"2026-11-19T08:30:00Z"}]'
    )
  })

  it('holds null for hidden text and for a total not read', () => {
    const report = searchesReport({
      rows: hiddenSearches(SEARCH_ROWS),
      showReaderText: false,
      totalSearches: undefined,
      partial: true,
      partialReason: 'search terms: cut'
    })
    expect(searchesRenderer.json(report)).toEqual({
      partial: true,
      partialReason: 'search terms: cut',
      requests: 1,
      totalSearches: null,
      previous: null,
      termCount: 4,
      terms: hiddenSearches(SEARCH_ROWS).map((row) => ({ searchQuery: null, ...row }))
    })
  })

  it('writes one CSV line per term, an empty field for no clicked page', () => {
    expect(fileText(searchesRenderer, 'searches.csv')(searchesReport())).toBe(
      'searchQuery,hits,ctr,topClickedPage,lastSearchedAt\r\n' +
        '"install",120,0.456,"/docs/install","2026-11-20T10:00:00Z"\r\n' +
        '"pricing",40,0,,"2026-11-19T08:30:00Z"\r\n' +
        '"webhooks",12,0.25,"/docs/webhooks","2026-11-18T00:00:00Z"\r\n' +
        '"sso",5,0,,"2026-11-17T00:00:00Z"\r\n'
    )
    expect(fileText(searchesRenderer, 'searches.csv')(searchesReport({ rows: [] }))).toBe(
      'searchQuery,hits,ctr,topClickedPage,lastSearchedAt\r\n'
    )
  })

  it('writes an empty field for hidden text', () => {
    expect(
      readCsv(fileText(searchesRenderer, 'searches.csv')(searchesReport({ rows: hiddenSearches(SEARCH_ROWS), showReaderText: false }))).map(
        (r) => r[0]
      )
    ).toEqual(['searchQuery', '', '', '', ''])
  })

  it('gives back hostile terms and clicked pages whole, formulas guarded', () => {
    const rows = [...FORMULAS, ...hostile()].map((text) => ({
      query: text,
      hits: -2.5,
      ctr: 1.5,
      topClickedPage: text,
      lastSearchedAt: text
    }))
    expect(readCsv(fileText(searchesRenderer, 'searches.csv')(searchesReport({ rows })))).toEqual([
      ['searchQuery', 'hits', 'ctr', 'topClickedPage', 'lastSearchedAt'],
      ...rows.map((row) => [guarded(row.query), '-2.5', '1.5', guarded(row.query), guarded(row.query)])
    ])
    expect(
      readCsv(fileText(searchesRenderer, 'searches.csv')(searchesReport({ rows: rows.slice(0, FORMULAS.length) })))
        .slice(1)
        .map((r) => r[0])
    ).toEqual(GUARDED)
  })
})

describe('outputs and log line', () => {
  it('gives the number of searches, and logs it with the terms and those nobody clicked', () => {
    expect(searchesRenderer.outputs(searchesReport())).toEqual({ searchesTotal: '177' })
    expect(searchesRenderer.logLine(searchesReport({ requests: 2 }))).toBe(
      `Searches, ${RANGE}: 177 searches over 4 search terms, 45 searches with no click (2 search terms with no click), in 2 requests.`
    )
  })

  it('counts a term as not clicked when its click-through rate is 0 or less, whether or not a page is named', () => {
    const rows = [
      { ...SEARCH_ROWS[0], ctr: 0.5, topClickedPage: '/a' },
      { ...SEARCH_ROWS[0], ctr: 0.5, topClickedPage: null },
      { ...SEARCH_ROWS[0], ctr: 0, topClickedPage: '/a' },
      { ...SEARCH_ROWS[0], ctr: -0.1, topClickedPage: '/a' },
      { ...SEARCH_ROWS[0], ctr: 0.001, topClickedPage: '' }
    ]
    expect(searchesRenderer.logLine(searchesReport({ rows, totalSearches: 1234 }))).toBe(
      `Searches, ${RANGE}: 1,234 searches over 5 search terms, 240 searches with no click (2 search terms with no click), in 1 request.`
    )
  })

  it('speaks of one term in the singular, and says when the section is partial', () => {
    expect(searchesRenderer.logLine(searchesReport({ rows: SEARCH_ROWS.slice(1, 2), totalSearches: 40, partial: true }))).toBe(
      `Searches, ${RANGE}: 40 searches over 1 search term, 40 searches with no click (1 search term with no click), in 1 request; partial.`
    )
  })

  it('gives 0 for a range without searches, and logs it', () => {
    const none = searchesReport({ rows: [], totalSearches: 0 })
    expect(searchesRenderer.outputs(none)).toEqual({ searchesTotal: '0' })
    expect(searchesRenderer.logLine(none)).toBe(
      `Searches, ${RANGE}: 0 searches over 0 search terms, 0 searches with no click (0 search terms with no click), in 1 request.`
    )
  })

  it('sets the output empty and logs nothing when the total was not read', () => {
    const unread = searchesReport({ rows: [], totalSearches: undefined, requests: 0 })
    expect(searchesRenderer.outputs(unread)).toEqual({ searchesTotal: '' })
    expect(searchesRenderer.logLine(unread)).toBeUndefined()
  })
})

// Tests the page views section's renderer (src/sections/traffic/render-views.ts) outside its summary: its object in
// analytics.json and its CSV files as a reader or a spreadsheet reads them, its step outputs (empty,
// never 0, when nothing was read) and its line in the log.
import { parse } from 'csv-parse/sync'
import { describe, expect, it } from 'vitest'
import { maskEmails } from '../../../../src/text/reader-text.js'
import { HOSTILE_TEXT } from '../../../emulator/analytics-data.js'
import { VIEW_ROWS, viewsReport } from './reports.js'
import { RANGE } from '../../../support/section-base.js'
import { viewsRenderer } from '../../../../src/sections/traffic/render-views.js'
import { fileText } from '../../../support/renderers.js'

/** The CSV as a CSV reader gets it: rows of fields. */
const readCsv = (csv: string): string[][] => parse(csv)

/** Values a spreadsheet would run as formulas, and the same values as the files hold them. */
const FORMULAS = ['=cmd|"/c calc"!A1', '+1', '-1', '@x', '\tx', '\rx', '=HYPERLINK("https://evil.example")']
/** Reader text as a run that shows it keeps it: e-mail addresses masked. */
// A function, called in the tests: masking at load would run outside every test.
const hostile = (): string[] => HOSTILE_TEXT.map(maskEmails)
/** Text as the CSV reader gets it back: an apostrophe before a formula wherever a cell could start. */
const guarded = (text: string): string => text.replace(/(?<=(?:^|[,;\t\r\n])[ "]*)(?=[=+\-@\t\r])/g, "'")

describe('files', () => {
  it('puts the totals and every page in the JSON file', () => {
    expect(viewsRenderer.json(viewsReport())).toEqual({
      partial: false,
      partialReason: null,
      requests: 1,
      totals: { human: 6000, ai: 1300, total: 6900 },
      previous: null,
      pageCount: 2,
      pages: VIEW_ROWS
    })
  })

  it('says why a partial section is partial, with null totals when they were not read', () => {
    const report = viewsReport({ totals: undefined, rows: [], requests: 3, partial: true, partialReason: 'a request failed while reading' })
    expect(viewsRenderer.json(report)).toEqual({
      partial: true,
      partialReason: 'a request failed while reading',
      requests: 3,
      totals: null,
      previous: null,
      pageCount: 0,
      pages: []
    })
  })

  it('writes one CSV line per page, and only the header without pages', () => {
    expect(fileText(viewsRenderer, 'views.csv')(viewsReport())).toBe(
      'path,human,ai,total\r\n"/docs/install",5000,1000,5800\r\n"/docs/api",900,300,1100\r\n'
    )
    expect(fileText(viewsRenderer, 'views.csv')(viewsReport({ rows: [] }))).toBe('path,human,ai,total\r\n')
  })

  it('keeps negative and fractional counts as numbers, and guards paths a spreadsheet would run', () => {
    const rows = [...FORMULAS, ...hostile()].map((path, i) => ({ path, human: -i, ai: i + 0.5, total: 0.25 }))
    expect(readCsv(fileText(viewsRenderer, 'views.csv')(viewsReport({ rows })))).toEqual([
      ['path', 'human', 'ai', 'total'],
      ...rows.map((row, i) => [guarded(row.path), String(-i), String(i + 0.5), '0.25'])
    ])
    expect(fileText(viewsRenderer, 'views.csv')(viewsReport({ rows: rows.slice(0, 4) }))).toBe(
      'path,human,ai,total\r\n"\'=cmd|""/c calc""!A1",0,0.5,0.25\r\n"\'+1",-1,1.5,0.25\r\n"\'-1",-2,2.5,0.25\r\n"\'@x",-3,3.5,0.25\r\n'
    )
  })
})

describe('outputs and log line', () => {
  it('gives the totals as outputs, and logs them with the pages and requests', () => {
    expect(viewsRenderer.outputs(viewsReport())).toEqual({ viewsHuman: '6000', viewsAi: '1300', viewsTotal: '6900' })
    expect(viewsRenderer.logLine(viewsReport({ requests: 3 }))).toBe(
      `Page views, ${RANGE}: 6,900 in all (human 6,000, AI 1,300) over 2 pages, in 3 requests.`
    )
  })

  it('says when the section is partial', () => {
    expect(viewsRenderer.logLine(viewsReport({ partial: true }))).toBe(
      `Page views, ${RANGE}: 6,900 in all (human 6,000, AI 1,300) over 2 pages, in 1 request; partial.`
    )
  })

  it('speaks of one page in the singular, and of no page in the plural', () => {
    expect(viewsRenderer.logLine(viewsReport({ rows: VIEW_ROWS.slice(0, 1), requests: 2 }))).toBe(
      `Page views, ${RANGE}: 6,900 in all (human 6,000, AI 1,300) over 1 page, in 2 requests.`
    )
    expect(viewsRenderer.logLine(viewsReport({ rows: [], totals: { human: 0, ai: 0, total: 0 } }))).toBe(
      `Page views, ${RANGE}: 0 in all (human 0, AI 0) over 0 pages, in 1 request.`
    )
    expect(viewsRenderer.outputs(viewsReport({ rows: [], totals: { human: 0, ai: 0, total: 0 } }))).toEqual({
      viewsHuman: '0',
      viewsAi: '0',
      viewsTotal: '0'
    })
  })

  it('gives negative and fractional counts as the service gave them', () => {
    const totals = { human: -3, ai: 98_765.5, total: 1_234_567.891 }
    expect(viewsRenderer.outputs(viewsReport({ totals }))).toEqual({ viewsHuman: '-3', viewsAi: '98765.5', viewsTotal: '1234567.891' })
    expect(viewsRenderer.logLine(viewsReport({ totals }))).toBe(
      `Page views, ${RANGE}: 1,234,567.89 in all (human -3, AI 98,765.5) over 2 pages, in 1 request.`
    )
  })

  it('sets every output empty and logs nothing when the totals were not read', () => {
    const unread = viewsReport({ totals: undefined, rows: [], requests: 0, partial: true })
    expect(viewsRenderer.outputs(unread)).toEqual({ viewsHuman: '', viewsAi: '', viewsTotal: '' })
    expect(viewsRenderer.logLine(unread)).toBeUndefined()
  })
})

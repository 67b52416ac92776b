// Tests what the visitor export hands to later steps (src/report/visitors-files.ts,
// visitors-outputs.ts): the JSON and CSV files as a program or a spreadsheet reads them, the step
// outputs, and the export's line in the log.
import { parse } from 'csv-parse/sync'
import { describe, expect, it } from 'vitest'
import type { VisitorsReport } from '../../src/analytics/visitors-report.js'
import type { VisitorRow } from '../../src/api/schemas.js'
import { visitorsCsv, visitorsJson } from '../../src/report/visitors-files.js'
import { visitorsLogLine, visitorsOutputs } from '../../src/report/visitors-outputs.js'
import { HOSTILE_PATHS } from '../support/visitors.js'

const RANGE = '14 Nov 2026 to 20 Nov 2026 (7 days, UTC)'

function report(rows: VisitorRow[], more: Partial<VisitorsReport> = {}): VisitorsReport {
  return {
    kind: 'visitors',
    projectId: 'proj1',
    dateFrom: '2026-11-14',
    dateTo: '2026-11-21',
    rangeText: RANGE,
    totals: { human: 1200, ai: 400, total: 1450 },
    rows,
    requests: 2,
    topPages: 20,
    partial: false,
    ...more
  }
}

const rows: VisitorRow[] = [
  { path: '/docs/quickstart', human: 1000, ai: 250, total: 1200 },
  { path: '/docs/api', human: 300, ai: 100, total: 350 }
]

/** The CSV as a spreadsheet or a CSV reader gets it: rows of fields. */
function readCsv(csv: string): string[][] {
  return parse(csv)
}

describe('visitorsJson', () => {
  it('holds the range, the totals, whether it is whole, and every page', () => {
    const json = visitorsJson(report(rows))
    expect(json).toEqual({
      projectId: 'proj1',
      dateFrom: '2026-11-14',
      dateTo: '2026-11-21',
      dateToExclusive: true,
      partial: false,
      partialReason: null,
      requests: 2,
      totals: { human: 1200, ai: 400, total: 1450 },
      previous: null,
      pageCount: 2,
      pages: rows
    })
  })

  it('says why a partial export is partial, and null totals when none were read', () => {
    const parsed = visitorsJson(report([], { totals: undefined, partial: true, partialReason: 'a request failed while reading' }))
    expect(parsed).toMatchObject({ partial: true, partialReason: 'a request failed while reading', totals: null, pageCount: 0, pages: [] })
  })

  it('holds the previous period and its totals when a comparison was read', () => {
    const previous = { dateFrom: '2026-11-07', dateTo: '2026-11-14', totals: { human: 1000, ai: 500, total: 1400 } }
    const parsed = visitorsJson(report(rows, { previous }))
    expect(parsed.previous).toEqual({ ...previous, missingReason: null })
    expect(Object.keys(parsed)).toEqual([
      'projectId',
      'dateFrom',
      'dateTo',
      'dateToExclusive',
      'partial',
      'partialReason',
      'requests',
      'totals',
      'previous',
      'pageCount',
      'pages'
    ])
  })

  it('says why the comparison is missing, with null totals', () => {
    const previous = { dateFrom: '2026-11-07', dateTo: '2026-11-14', missing: 'the request for the previous period failed' }
    expect(visitorsJson(report(rows, { previous })).previous).toEqual({
      dateFrom: '2026-11-07',
      dateTo: '2026-11-14',
      totals: null,
      missingReason: 'the request for the previous period failed'
    })
    const unread = { dateFrom: '2026-11-07', dateTo: '2026-11-14' }
    expect(visitorsJson(report(rows, { previous: unread })).previous).toEqual({
      ...unread,
      totals: null,
      missingReason: null
    })
  })

  it('keeps hostile paths exactly as the service gave them', () => {
    const hostile = HOSTILE_PATHS.map((path) => ({ path, human: 1, ai: 0, total: 1 }))
    const parsed = visitorsJson(report(hostile)) as { pages: VisitorRow[] }
    expect(parsed.pages.map((p) => p.path)).toEqual(HOSTILE_PATHS)
  })
})

describe('visitorsCsv', () => {
  it('has a header and one line per page, with CRLF line ends', () => {
    expect(visitorsCsv(report(rows))).toBe('path,human,ai,total\r\n"/docs/quickstart",1000,250,1200\r\n"/docs/api",300,100,350\r\n')
  })

  it('has only the header when no page had visitors', () => {
    expect(visitorsCsv(report([]))).toBe('path,human,ai,total\r\n')
  })

  it('quotes fields with quotes, commas or line breaks, so a CSV reader gets them back whole', () => {
    const paths = ['/a,"b"\nc', '/quote"and,comma', '/line\rbreak', '/plain']
    const csv = visitorsCsv(report(paths.map((path) => ({ path, human: 1, ai: 2, total: 3 }))))
    expect(csv).toContain('\r\n"/a,""b""\nc",1,2,3\r\n')
    expect(readCsv(csv)).toEqual([['path', 'human', 'ai', 'total'], ...paths.map((path) => [path, '1', '2', '3'])])
  })

  it('puts an apostrophe before a path a spreadsheet would run as a formula', () => {
    const paths = ['=cmd()', '+1', '-1', '@SUM(A1)', '\tx', '\rx', '=HYPERLINK("https://evil.example")']
    const csv = visitorsCsv(report(paths.map((path) => ({ path, human: 0, ai: 0, total: 0 }))))
    expect(
      readCsv(csv)
        .slice(1)
        .map((fields) => fields[0])
    ).toEqual(paths.map((path) => `'${path}`))
    expect(csv).toBe(
      'path,human,ai,total\r\n' +
        '"\'=cmd()",0,0,0\r\n"\'+1",0,0,0\r\n"\'-1",0,0,0\r\n"\'@SUM(A1)",0,0,0\r\n"\'\tx",0,0,0\r\n"\'\rx",0,0,0\r\n' +
        '"\'=HYPERLINK(""https://evil.example"")",0,0,0\r\n'
    )
  })

  it('leaves paths that only contain formula characters later on as they are', () => {
    const paths = ['/a=b', '/a+b-c@d', '/']
    const csv = visitorsCsv(report(paths.map((path) => ({ path, human: 0, ai: 0, total: 0 }))))
    expect(
      readCsv(csv)
        .slice(1)
        .map((fields) => fields[0])
    ).toEqual(paths)
  })

  it('keeps every hostile path readable as one field', () => {
    const hostile = HOSTILE_PATHS.map((path) => ({ path, human: 1, ai: 0, total: 1 }))
    const fields = readCsv(visitorsCsv(report(hostile))).slice(1)
    expect(fields).toHaveLength(HOSTILE_PATHS.length)
    expect(fields.map((f) => f[0])).toEqual(HOSTILE_PATHS.map((path) => (/^[=+\-@]/.test(path) ? `'${path}` : path)))
  })
})

describe('visitorsOutputs', () => {
  it('gives the totals and the page count', () => {
    expect(visitorsOutputs(report(rows))).toEqual({
      visitorsHuman: '1200',
      visitorsAi: '400',
      visitorsTotal: '1450',
      pageCount: '2'
    })
  })

  it('sets every output, empty when nothing was read', () => {
    expect(visitorsOutputs(report([], { totals: undefined }))).toEqual({
      visitorsHuman: '',
      visitorsAi: '',
      visitorsTotal: '',
      pageCount: ''
    })
  })

  it('gives a page count of 0 when the totals were read but no page had visitors', () => {
    expect(visitorsOutputs(report([], { totals: { human: 0, ai: 0, total: 0 } })).pageCount).toBe('0')
  })
})

describe('visitorsLogLine', () => {
  it('sums up the export in one line, with numbers written as the summary writes them', () => {
    expect(visitorsLogLine(report(rows))).toBe(`Visitors, ${RANGE}: 1,450 in all (human 1,200, AI 400) over 2 pages, in 2 requests.`)
  })

  it('says when the export is partial', () => {
    expect(visitorsLogLine(report(rows, { partial: true }))).toBe(
      `Visitors, ${RANGE}: 1,450 in all (human 1,200, AI 400) over 2 pages, in 2 requests; partial.`
    )
  })

  it('speaks of one page and one request in the singular', () => {
    const one = report(rows.slice(0, 1), { requests: 1, totals: { human: 1_000_000, ai: 0, total: 1_000_000 } })
    expect(visitorsLogLine(one)).toBe(`Visitors, ${RANGE}: 1,000,000 in all (human 1,000,000, AI 0) over 1 page, in 1 request.`)
  })

  it('is left out when nothing was read, since the failure or warning says why', () => {
    expect(visitorsLogLine(report([], { totals: undefined }))).toBeUndefined()
  })
})

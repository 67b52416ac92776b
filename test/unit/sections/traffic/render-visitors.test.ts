// Tests what the visitor section hands to later steps (src/sections/traffic/render-visitors.ts): the JSON and CSV
// files as a program or a spreadsheet reads them, the step outputs, and the section's line in the log.
import { parse } from 'csv-parse/sync'
import { describe, expect, it } from 'vitest'
import type { VisitorsReport } from '../../../../src/sections/traffic/read-visitors.js'
import type { VisitorRow } from '../../../../src/sections/traffic/schema.js'
import { HOSTILE_PATHS } from '../../../support/visitors.js'
import { visitorsRenderer } from '../../../../src/sections/traffic/render-visitors.js'
import { fileText } from '../../../support/renderers.js'

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
    showReaderText: false,
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

describe('visitorsSignals', () => {
  it('gives each page’s human visitors, which bound the thumbs up Fix first credits it with', () => {
    expect(visitorsRenderer.signals?.(report(rows))).toEqual([
      { kind: 'visited', count: 1000, page: '/docs/quickstart' },
      { kind: 'visited', count: 300, page: '/docs/api' }
    ])
    expect(visitorsRenderer.signals?.(report([]))).toEqual([])
  })
})

describe('visitorsJson', () => {
  it('holds the range, the totals, whether it is whole, and every page', () => {
    const json = visitorsRenderer.json(report(rows))
    expect(json).toEqual({
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
    const parsed = visitorsRenderer.json(report([], { totals: undefined, partial: true, partialReason: 'a request failed while reading' }))
    expect(parsed).toMatchObject({ partial: true, partialReason: 'a request failed while reading', totals: null, pageCount: 0, pages: [] })
  })

  it('holds the previous period and its totals when a comparison was read', () => {
    const totals = { human: 1000, ai: 500, total: 1400 }
    const parsed = visitorsRenderer.json(report(rows, { previous: { dateFrom: '2026-11-07', dateTo: '2026-11-14', value: totals } }))
    expect(parsed.previous).toEqual({ dateFrom: '2026-11-07', dateTo: '2026-11-14', totals, missingReason: null })
    expect(Object.keys(parsed)).toEqual(['partial', 'partialReason', 'requests', 'totals', 'previous', 'pageCount', 'pages'])
  })

  it('says why the comparison is missing, with null totals', () => {
    const previous = { dateFrom: '2026-11-07', dateTo: '2026-11-14', missing: 'the request for the previous period failed' }
    expect(visitorsRenderer.json(report(rows, { previous })).previous).toEqual({
      dateFrom: '2026-11-07',
      dateTo: '2026-11-14',
      totals: null,
      missingReason: 'the request for the previous period failed'
    })
    const unread = { dateFrom: '2026-11-07', dateTo: '2026-11-14' }
    expect(visitorsRenderer.json(report(rows, { previous: unread })).previous).toEqual({
      ...unread,
      totals: null,
      missingReason: null
    })
  })

  it('keeps hostile paths exactly as the service gave them', () => {
    const hostile = HOSTILE_PATHS.map((path) => ({ path, human: 1, ai: 0, total: 1 }))
    const parsed = visitorsRenderer.json(report(hostile)) as { pages: VisitorRow[] }
    expect(parsed.pages.map((p) => p.path)).toEqual(HOSTILE_PATHS)
  })
})

describe('visitorsCsv', () => {
  it('has a header and one line per page, with CRLF line ends', () => {
    expect(fileText(visitorsRenderer, 'visitors.csv')(report(rows))).toBe(
      'path,human,ai,total\r\n"/docs/quickstart",1000,250,1200\r\n"/docs/api",300,100,350\r\n'
    )
  })

  it('has only the header when no page had visitors', () => {
    expect(fileText(visitorsRenderer, 'visitors.csv')(report([]))).toBe('path,human,ai,total\r\n')
  })

  it('quotes fields with quotes, commas or line breaks, so a CSV reader gets them back whole', () => {
    const paths = ['/a,"b"\nc', '/quote"and,comma', '/line\rbreak', '/plain']
    const csv = fileText(visitorsRenderer, 'visitors.csv')(report(paths.map((path) => ({ path, human: 1, ai: 2, total: 3 }))))
    expect(csv).toContain('\r\n"/a,""b""\nc",1,2,3\r\n')
    expect(readCsv(csv)).toEqual([['path', 'human', 'ai', 'total'], ...paths.map((path) => [path, '1', '2', '3'])])
  })

  it('puts an apostrophe before a path a spreadsheet would run as a formula', () => {
    const paths = ['=cmd()', '+1', '-1', '@SUM(A1)', '\tx', '\rx', '=HYPERLINK("https://evil.example")']
    const csv = fileText(visitorsRenderer, 'visitors.csv')(report(paths.map((path) => ({ path, human: 0, ai: 0, total: 0 }))))
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
    const csv = fileText(visitorsRenderer, 'visitors.csv')(report(paths.map((path) => ({ path, human: 0, ai: 0, total: 0 }))))
    expect(
      readCsv(csv)
        .slice(1)
        .map((fields) => fields[0])
    ).toEqual(paths)
  })

  it('keeps every hostile path readable as one field', () => {
    const hostile = HOSTILE_PATHS.map((path) => ({ path, human: 1, ai: 0, total: 1 }))
    const fields = readCsv(fileText(visitorsRenderer, 'visitors.csv')(report(hostile))).slice(1)
    expect(fields).toHaveLength(HOSTILE_PATHS.length)
    expect(fields.map((f) => f[0])).toEqual(HOSTILE_PATHS.map((path) => (/^[=+\-@]/.test(path) ? `'${path}` : path)))
  })
})

describe('visitorsOutputs', () => {
  it('gives the totals and the page count', () => {
    expect(visitorsRenderer.outputs(report(rows))).toEqual({
      visitorsHuman: '1200',
      visitorsAi: '400',
      visitorsTotal: '1450',
      pageCount: '2'
    })
  })

  it('sets every output, empty when nothing was read', () => {
    expect(visitorsRenderer.outputs(report([], { totals: undefined }))).toEqual({
      visitorsHuman: '',
      visitorsAi: '',
      visitorsTotal: '',
      pageCount: ''
    })
  })

  it('gives a page count of 0 when the totals were read but no page had visitors', () => {
    expect(visitorsRenderer.outputs(report([], { totals: { human: 0, ai: 0, total: 0 } })).pageCount).toBe('0')
  })
})

describe('visitorsLogLine', () => {
  it('sums up the export in one line, with numbers written as the summary writes them', () => {
    expect(visitorsRenderer.logLine(report(rows))).toBe(
      `Visitors, ${RANGE}: 1,450 in all (human 1,200, AI 400) over 2 pages, in 2 requests.`
    )
  })

  it('says when the export is partial', () => {
    expect(visitorsRenderer.logLine(report(rows, { partial: true }))).toBe(
      `Visitors, ${RANGE}: 1,450 in all (human 1,200, AI 400) over 2 pages, in 2 requests; partial.`
    )
  })

  it('speaks of one page and one request in the singular', () => {
    const one = report(rows.slice(0, 1), { requests: 1, totals: { human: 1_000_000, ai: 0, total: 1_000_000 } })
    expect(visitorsRenderer.logLine(one)).toBe(`Visitors, ${RANGE}: 1,000,000 in all (human 1,000,000, AI 0) over 1 page, in 1 request.`)
  })

  it('is left out when nothing was read, since the failure or warning says why', () => {
    expect(visitorsRenderer.logLine(report([], { totals: undefined }))).toBeUndefined()
  })
})

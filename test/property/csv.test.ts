// Property tests of the CSV files (src/report/csv.ts, section-data.ts): a standard CSV reader gets
// back every row as it was, and no text can run as a spreadsheet formula.
import { fc, test } from '@fast-check/vitest'
import { parse } from 'csv-parse/sync'
import { expect } from 'vitest'
import type { VisitorsReport } from '../../src/analytics/visitors.js'
import type { VisitorRow } from '../../src/api/schemas.js'
import { csvOf } from '../../src/report/csv.js'
import { fileText } from '../support/renderers.js'
import { visitorsRenderer } from '../../src/report/visitors.js'

// Paths rich in what CSV and spreadsheets treat specially, mixed with any UTF-16 code units.
const path = fc.string({
  unit: fc.oneof(
    { arbitrary: fc.constantFrom('=', '+', '-', '@', '\t', '\r', '\n', '"', ',', "'", ';', ' ', '/'), weight: 3 },
    { arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }), weight: 2 }
  ),
  maxLength: 40
})
// The API's counts: any finite number that is not negative.
const count = fc.oneof(fc.nat(), fc.double({ min: 0, noNaN: true, noDefaultInfinity: true }))
const row: fc.Arbitrary<VisitorRow> = fc.record({ path, human: count, ai: count, total: count })

function report(rows: VisitorRow[]): VisitorsReport {
  return {
    kind: 'visitors',
    projectId: 'proj',
    dateFrom: '2026-11-07',
    dateTo: '2026-11-14',
    rangeText: '7 Nov 2026 to 13 Nov 2026 (7 days, UTC)',
    rows,
    requests: 1,
    topPages: 20,
    partial: false,
    showReaderText: false
  }
}

test.prop([fc.array(row, { maxLength: 12 })])(
  'reads back as the header and every row in order, each path as written except for the apostrophe before a formula character',
  (rows) => {
    const records = parse(fileText(visitorsRenderer, 'visitors.csv')(report(rows)))
    expect(records[0]).toEqual(['path', 'human', 'ai', 'total'])
    expect(records.slice(1).map(([p, ...numbers]) => [p, ...numbers.map(Number)])).toEqual(
      rows.map((r) => [/^[=+\-@\t\r]/.test(r.path) ? `'${r.path}` : r.path, r.human, r.ai, r.total])
    )
  }
)

test.prop([fc.array(row, { minLength: 1, maxLength: 12 })])(
  'never starts a cell with a character a spreadsheet would run as a formula',
  (rows) => {
    const records = parse(fileText(visitorsRenderer, 'visitors.csv')(report(rows)))
    for (const cell of records.flat()) expect(cell).not.toMatch(/^[=+\-@\t\r]/)
  }
)

// Any field csvOf takes: text rich in special characters, numbers, booleans, null and undefined.
const field = fc.oneof(path, fc.double(), fc.integer(), fc.boolean(), fc.constant(null), fc.constant(undefined))

test.prop([fc.array(fc.array(field, { minLength: 3, maxLength: 3 }), { maxLength: 12 })])(
  'reads back any fields in order: text guarded before a formula character, numbers and booleans as written, nothing for null',
  (rows) => {
    const records = parse(csvOf(['a', 'b', 'c'], rows))
    expect(records).toEqual([
      ['a', 'b', 'c'],
      ...rows.map((row) =>
        row.map((value) =>
          value === null || value === undefined
            ? ''
            : typeof value === 'string'
              ? /^[=+\-@\t\r]/.test(value)
                ? `'${value}`
                : value
              : String(value)
        )
      )
    ])
  }
)

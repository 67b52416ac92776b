// Property tests of the CSV files (src/render/csv.ts, section-data.ts): a standard CSV reader gets
// back every row as it was, apart from the apostrophes that guard formulas, and no text can run as a
// spreadsheet formula, whichever of `,`, `;` or tab a spreadsheet splits cells on.
import { fc, test } from '@fast-check/vitest'
import { parse } from 'csv-parse/sync'
import { describe, expect } from 'vitest'
import type { VisitorsReport } from '../../src/sections/traffic/read-visitors.js'
import type { VisitorRow } from '../../src/sections/traffic/schema.js'
import { csvOf } from '../../src/render/csv.js'
import { withoutInvisible } from '../../src/text/escape.js'
import { fileText } from '../support/renderers.js'
import { visitorsRenderer } from '../../src/sections/traffic/render-visitors.js'

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

/**
 * Text as the file holds it: an apostrophe before every formula character that a spreadsheet could
 * read first in a cell, at the start or after a separator or a line break, spaces and quotes skipped.
 */
const guarded = (text: string): string => withoutInvisible(text).replace(/(?<=(?:^|[,;\t\r\n])[ "]*)(?=[=+\-@\t\r＝＋－＠﹦﹢﹣﹫])/g, "'")

/**
 * A formula start. A negative number is a number, not a formula, also when a spreadsheet that splits
 * on another separator reads it with the next field of its line (`-1,"x"`): the number was written
 * by the action (a count), not typed by a reader.
 */
const FORMULA = /^[=+\-@\t\r＝＋－＠﹦﹢﹣﹫]/
const NUMBER = /^-?(?:\d+(?:\.\d+)?(?:e[+-]\d+)?|Infinity)(?:,|$)/
const isFormula = (cell: string): boolean => FORMULA.test(cell) && !NUMBER.test(cell)

/**
 * Every cell any spreadsheet could make of the file: it starts at the start of the file or after a
 * separator or a line break, whether the spreadsheet honours quotes or not, and may drop the spaces
 * and quotes it starts with.
 */
function anyCells(csv: string): string[] {
  return csv.split(/[,;\t\r\n]/).map((cell) => cell.replace(/^[ "]+/, ''))
}

/** The file split on every `delimiter` and line break, quotes or not, as the cells of a careless reader. */
function splitOn(csv: string, delimiter: string): string[][] {
  return parse(csv, { delimiter, quote: false, relax_column_count: true })
}

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
      rows.map((r) => [guarded(r.path), r.human, r.ai, r.total])
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
        row.map((value) => (value === null || value === undefined ? '' : typeof value === 'string' ? guarded(value) : String(value)))
      )
    ])
  }
)

const row3 = fc.array(fc.array(field, { minLength: 3, maxLength: 3 }), { maxLength: 12 })

test.prop([row3])('leaves no formula at the start of any cell a spreadsheet could make of the file', (rows) => {
  for (const cell of anyCells(csvOf(['a', 'b', 'c'], rows))) expect(isFormula(cell)).toBe(false)
})

describe.each([';', '\t'])('split on %j by a CSV reader', (delimiter) => {
  test.prop([row3])('holds no cell that starts with a formula, quotes honoured or not', (rows) => {
    const csv = csvOf(['a', 'b', 'c'], rows)
    const unquoted = splitOn(csv, delimiter)
    for (const cell of unquoted.flat()) expect(isFormula(cell.replace(/^[ "]+/, ''))).toBe(false)
    // Each text alone on its line is one quoted field, read back whole as the reader sees it.
    const single: string[][] = parse(
      csvOf(
        ['a'],
        rows
          .flat()
          .filter((v) => typeof v === 'string')
          .map((v) => [v])
      ),
      { delimiter }
    )
    for (const cell of single.flat()) expect(isFormula(cell)).toBe(false)
  })
})

test.prop([fc.array(fc.oneof(path, fc.string()), { maxLength: 12 })])(
  'reads back each text as written but for invisible characters, and apostrophes each right before a formula character',
  (texts) => {
    const records: string[][] = parse(
      csvOf(
        ['t'],
        texts.map((t) => [t])
      )
    )
    const read = records.slice(1).map(([t]) => t)
    const withoutGuards = (text: string | undefined) => text?.replace(/'(?=[=+\-@\t\r])/g, '')
    expect(read.map(withoutGuards)).toEqual(texts.map((text) => withoutGuards(withoutInvisible(text))))
  }
)

// CSV files (RFC 4180) for spreadsheets and later steps, safe to open.
import { withoutInvisible } from '../text/escape.js'

/**
 * Characters that start a formula when a spreadsheet reads them first in a cell, with their
 * full-width and small forms, which a spreadsheet set for East Asian input may fold into them.
 */
const FORMULA_START = new Set(['=', '+', '-', '@', '\t', '\r', '＝', '＋', '－', '＠', '﹦', '﹢', '﹣', '﹫'])
/**
 * Characters after which a spreadsheet may start a cell: the separators it may split on (`,`, or
 * `;` and tab in locales and settings that use them), and line breaks, should it split lines first.
 */
const CELL_BREAK = new Set([',', ';', '\t', '\r', '\n'])
/** Characters a spreadsheet may drop before a cell's text (quotes it unwraps, spaces it trims). */
const CELL_PADDING = new Set([' ', '"'])

/**
 * Text with an apostrophe before every formula character that could come first in a cell: at the
 * start, and after a separator or a line break, spaces and quotes between them skipped. Whatever
 * separator a spreadsheet splits the text on, no cell of it is read as a formula.
 */
export function guardFormulas(text: string): string {
  let guarded = ''
  let cellStart = true
  for (const c of text) {
    if (cellStart && FORMULA_START.has(c)) guarded += "'"
    guarded += c
    if (CELL_BREAK.has(c)) cellStart = true
    else if (!CELL_PADDING.has(c)) cellStart = false
  }
  return guarded
}

/**
 * One CSV field. Text is always quoted, its formulas guarded (`guardFormulas`), so that opening the
 * file is safe whatever separator a spreadsheet uses, and its invisible characters (bidirectional
 * controls, zero-width characters) dropped; numbers and booleans are written as they are.
 */
export function csvField(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return ''
  if (typeof value !== 'string') return String(value)
  return `"${guardFormulas(withoutInvisible(value)).replace(/"/g, '""')}"`
}

/** A whole CSV file: the header, then one line per row, CRLF line ends. */
export function csvOf(header: readonly string[], rows: Iterable<readonly (string | number | boolean | null | undefined)[]>): string {
  const lines = [header.join(',')]
  for (const row of rows) lines.push(row.map(csvField).join(','))
  return `${lines.join('\r\n')}\r\n`
}

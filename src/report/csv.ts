// CSV files (RFC 4180) for spreadsheets and later steps, safe to open.

/**
 * One CSV field. A field that a spreadsheet would run as a formula (it starts with =, +, -, @, tab
 * or carriage return) gets a leading apostrophe, so that opening the file is safe.
 */
export function csvField(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return ''
  if (typeof value !== 'string') return String(value)
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}

/** A whole CSV file: the header, then one line per row, CRLF line ends. */
export function csvOf(header: readonly string[], rows: Iterable<readonly (string | number | boolean | null | undefined)[]>): string {
  const lines = [header.join(',')]
  for (const row of rows) lines.push(row.map(csvField).join(','))
  return `${lines.join('\r\n')}\r\n`
}

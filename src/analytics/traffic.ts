// Rows of traffic per page (visitors and views share their shape: path, human, ai, total).

export interface TrafficRow {
  path: string
  human: number
  ai: number
  total: number
}

/**
 * Adds a row to the rows read so far. A path seen on two pages (the data moved while reading) is kept
 * once, with the larger of each count.
 */
export function mergeTrafficRow<Row extends TrafficRow>(into: Map<string, Row>, row: Row): void {
  const seen = into.get(row.path)
  if (!seen) {
    into.set(row.path, row)
    return
  }
  into.set(row.path, {
    ...row,
    human: Math.max(seen.human, row.human),
    ai: Math.max(seen.ai, row.ai),
    total: Math.max(seen.total, row.total)
  })
}

/** Two strings in code-unit order, as a sort comparator. */
export function byText(a: string, b: string): number {
  if (a < b) return -1
  // Stryker disable next-line ConditionalExpression,EqualityOperator: Array.prototype.sort (a TimSort in V8) only asks whether a result is below 0, so 0 and 1 sort alike here
  return a > b ? 1 : 0
}

/** Rows in a stable order: highest total first, then by path. */
export function sortedRows<Row extends TrafficRow>(rows: Iterable<Row>): Row[] {
  return [...rows].sort((a, b) => b.total - a.total || byText(a.path, b.path))
}

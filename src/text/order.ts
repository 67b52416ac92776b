// Orders of text that sorts share.

/** Two strings in code-unit order, as a sort comparator. */
export function byText(a: string, b: string): number {
  if (a < b) return -1
  // Stryker disable next-line ConditionalExpression,EqualityOperator: Array.prototype.sort (a TimSort in V8) only asks whether a result is below 0, so 0 and 1 sort alike here
  return a > b ? 1 : 0
}

// Sums of the service's counts. A count the service gives is any finite number (api/analytics.ts), so
// two of them can add up past what a number holds: every sum of counts stops at MOST_SUMMED (and
// at -MOST_SUMMED), so that no output, table or record shows "Infinity". A sum that reaches it is far
// past the readers any docs site has, and means the service's counts are wrong.

/** The largest sum of counts: 10^15, where whole numbers are still exact. */
export const MOST_SUMMED = 1e15

/** `n` kept within ±MOST_SUMMED: a sum of counts, or a change between two (a per cent of a count near 0 may overflow too). */
export function bounded(n: number): number {
  return Math.max(-MOST_SUMMED, Math.min(MOST_SUMMED, n))
}

/** `a + b`, kept within ±MOST_SUMMED. */
export function addCounts(a: number, b: number): number {
  return bounded(a + b)
}

/** The sum of `values`, kept within ±MOST_SUMMED at every step: 0 for none. */
export function sumCounts(values: Iterable<number>): number {
  let sum = 0
  for (const value of values) sum = addCounts(sum, value)
  return sum
}

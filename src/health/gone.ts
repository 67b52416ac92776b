// A page gone since its fix merged: its visitors vanished, and no move the run knows of (moves.ts)
// took its gap to a new path. The page was moved or removed; nothing is left to judge, and the gap
// stops waiting for readers who no longer come. Pure.
import type { GapNumbers } from './state.js'
import { periodsOf } from './verdict.js'

/** Visitors a page must have been expected to have since the merge, at its rate before, for none at all to say it is gone. */
export const GONE_VISITORS = 10

/**
 * Whether a merged gap's page has had no visitor since the merge while its visitors before say it
 * would have had at least GONE_VISITORS: every period since the merge (`since`, the gap's numbers of
 * the periods begun on or after the merge) read the page's visitors whole and found none. A page with
 * 10 visitors expected has none by chance once in 20,000.
 */
export function gone(before: GapNumbers | undefined, since: readonly GapNumbers[]): boolean {
  const rate = (before?.visitors ?? 0) / (before ? periodsOf(before) : 1)
  if (!(rate > 0) || since.length === 0 || !since.every((numbers) => numbers.visitors === 0)) return false
  return rate * since.reduce((sum, numbers) => sum + periodsOf(numbers), 0) >= GONE_VISITORS
}

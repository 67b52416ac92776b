// Each page's counts in the latest periods, kept in the state so that Fix first judges a page's share
// of readers in trouble on more than one week (docs/report.md, "How Fix first ranks"): one week of a
// busy page readers like can hold 4 readers heard from, all of them in trouble, and one week of a
// quiet bad page too few to tell. A period is kept only when every count was read whole: one that was
// not is skipped, never read as quiet. A page's periods before its fix merged are not pooled with
// those after: what the fix changed is not averaged away.
import type { Grouped, Trouble } from '../render/fix-first.js'
import { credible, plus, troubleOf, withVisitors } from '../render/fix-first.js'
import type { Measured } from './ledger.js'
import { COUNTED_PAGES, type GapRecord, PAGE_COUNT_PERIODS, type PageCounts, SUBJECT_CHARS } from './state.js'

/** The counts of one period as kept: thumbs down, thumbs up, not helpful, unanswered, no click. */
type Counts = [number, number, number, number, number]

/** The most a kept count holds (the state's bound). */
const MOST = 1e12
const countsOf = (t: Trouble): Counts => [t.down, t.up, t.notHelpful, t.unanswered, t.noClick].map((n) => Math.min(n, MOST)) as Counts
const troubleFrom = (c: readonly number[]): Trouble => ({
  down: c[0] ?? 0,
  up: c[1] ?? 0,
  notHelpful: c[2] ?? 0,
  unanswered: c[3] ?? 0,
  noClick: c[4] ?? 0
})
const heardIn = (c: readonly number[] | null): number => (c ? Math.max(c[0] ?? 0, c[2] ?? 0) + (c[1] ?? 0) + (c[3] ?? 0) + (c[4] ?? 0) : 0)

/** Whether a period read every count a page's share is made of. */
const readWhole = (measured: Measured): boolean =>
  measured.feedback && measured.assistant && measured.searches && measured.feedbackPages === undefined

/**
 * The kept counts with the period `range` added (its pages' counts from `groups`), the oldest period
 * beyond PAGE_COUNT_PERIODS dropped, and the pages with the most readers heard from kept. A period
 * not read whole, or one that begins before a kept one ends (read before, or overlapping it), leaves
 * them as they are.
 */
export function withPeriodCounts(
  kept: PageCounts | undefined,
  range: { dateFrom: string; dateTo: string },
  groups: Grouped,
  measured: Measured
): PageCounts | undefined {
  if (!readWhole(measured)) return kept
  const periods = kept?.periods ?? []
  // A period kept ends where this one begins at the latest: a reader is never in two kept periods.
  if (periods.some((period) => period.dateTo > range.dateFrom)) return kept
  // The oldest periods beyond PAGE_COUNT_PERIODS − 1 go, so that with this one PAGE_COUNT_PERIODS are kept.
  const drop = Math.max(0, periods.length + 1 - PAGE_COUNT_PERIODS)
  const rows = new Map<string, (Counts | null)[]>()
  for (const entry of kept?.pages ?? [])
    rows.set(entry.page, periods.map((_, at) => (entry.counts[at] as Counts | null | undefined) ?? null).slice(drop))
  const none = (): (Counts | null)[] => Array<Counts | null>(periods.length - drop).fill(null)
  const added = new Map<string, Counts>()
  // A page longer than the state keeps is not kept: its counts could not be found again by it.
  // Each page's thumbs up as Fix first credits them (credible): a script's beyond its visitors are not kept to pool.
  for (const [page, signals] of groups.pages)
    if (page.length <= SUBJECT_CHARS) added.set(page, countsOf(credible(withVisitors(troubleOf(signals), groups.visitors.get(page)))))
  for (const page of added.keys()) if (!rows.has(page)) rows.set(page, none())
  const pages = [...rows]
    .map(([page, row]) => {
      const counts = [...row, added.get(page) ?? null]
      return { page, counts, heard: counts.reduce((sum, c) => sum + heardIn(c), 0) }
    })
    .filter((entry) => entry.heard > 0)
    .sort((a, b) => b.heard - a.heard || (a.page < b.page ? -1 : a.page > b.page ? 1 : 0))
    .slice(0, COUNTED_PAGES)
    .map(({ page, counts }) => ({ page, counts }))
  return { periods: [...periods.slice(drop), { dateFrom: range.dateFrom, dateTo: range.dateTo }], pages }
}

/** The states of a gap whose pull request may have merged without the ledger knowing yet: it reads them after the period. */
const IN_FLIGHT: ReadonlySet<GapRecord['state']> = new Set(['asked', 'pr-open'])

/**
 * Each page's counts pooled over the kept periods before `range` (those that ended by its start), from
 * its fix's merge on where the ledger holds one (`gaps`): what Fix first pools the period's counts with.
 * A page whose fix the agent was asked for, and whose merge the ledger does not know yet, pools none:
 * its fix may already act on the period read.
 */
export function earlierCounts(
  kept: PageCounts | undefined,
  range: { dateFrom: string },
  gaps: readonly Pick<GapRecord, 'kind' | 'subject' | 'state' | 'mergedOn'>[]
): Map<string, Trouble> {
  const earlier = new Map<string, Trouble>()
  if (!kept) return earlier
  const from = new Map<string, string>()
  for (const gap of gaps) {
    if (gap.kind !== 'page') continue
    // No day sorts after this one: a page in flight pools nothing.
    const day = IN_FLIGHT.has(gap.state) ? '\uffff' : gap.mergedOn
    const seen = from.get(gap.subject)
    if (day !== undefined && (seen === undefined || day > seen)) from.set(gap.subject, day)
  }
  for (const entry of kept.pages) {
    const since = from.get(entry.page) ?? ''
    let pooled: Trouble | undefined
    entry.counts.forEach((c, at) => {
      const period = kept.periods[at]
      // Only a period that ended by the start of the one read: no reader of it is counted twice.
      if (!c || !period || period.dateTo > range.dateFrom || period.dateFrom < since) return
      pooled = plus(troubleFrom(c), pooled)
    })
    if (pooled) earlier.set(entry.page, pooled)
  }
  return earlier
}

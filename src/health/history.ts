// What the docs health issue's history adds to one period's report, at no extra request: the change of
// a headline the service cannot compare in one request (searches with no click, unanswered
// questions), from the value the issue holds for the period just before; and the pages whose traffic
// moved most since that period, from the counts of the top pages the issue keeps.
import { bounded } from '../core/counts.js'
import type { HeadlineKey } from '../core/catalog.js'
import type { Headline } from '../render/renderer.js'
import { type HealthState, VISITED_PAGES, type VisitedPages } from './state.js'

/** A period's dates, YYYY-MM-DD, the end exclusive. */
interface Range {
  dateFrom: string
  dateTo: string
}

const dayOf = (date: string): number => Date.parse(`${date.slice(0, 10)}T00:00:00Z`)

/**
 * Whether `before` is the period of the same length, at least a day, that ends where `now` begins (a
 * date that does not parse is NaN, equal to none). A period within one day has none: it would be just
 * before itself.
 */
export function justBefore(before: Range, now: Range): boolean {
  const [from, to, nowFrom, nowTo] = [dayOf(before.dateFrom), dayOf(before.dateTo), dayOf(now.dateFrom), dayOf(now.dateTo)] as const
  return from < to && to === nowFrom && to - from === nowTo - nowFrom
}

/**
 * The headlines with a change taken from the history where the run read none: only a headline read
 * whole whose earlier value counts alike, only from the period just before (same length, ending where this one begins). `filled` names
 * the headlines it filled.
 */
export function withHistoryChanges(
  headlines: readonly Headline[],
  state: HealthState,
  now: Range
): { headlines: Headline[]; filled: HeadlineKey[] } {
  // The latest reading of the period just before, whatever other periods were read since.
  const last = state.periods.filter((period) => justBefore(period, now)).at(-1)
  const filled: HeadlineKey[] = []
  const out = headlines.map((headline) => {
    if (headline.previous || headline.partial || headline.unlike || !last) return headline
    const value = last.headlines[headline.key]
    if (value === undefined) return headline
    filled.push(headline.key)
    return { ...headline, previous: { value, dateFrom: last.dateFrom, dateTo: last.dateTo } }
  })
  return { headlines: out, filled }
}

/** A page's traffic in one period: human visitors and page views, where they were read. */
export interface PageTraffic {
  path: string
  visitors?: number
  views?: number
}

/** A page whose traffic moved: by how much, in which measure. */
export interface Mover {
  path: string
  measure: 'visitors' | 'views'
  before: number
  after: number
  /** Signed, in whole percent. */
  changePercent: number
}

/**
 * The movers rule: a page is named when its count was at least MOVER_MIN_BEFORE in the period just
 * before, and changed by at least MOVER_MIN_PERCENT of it; at most MOVERS pages, the largest change
 * in readers first. Human visitors are compared where both periods read them, page views otherwise.
 */
export const MOVER_MIN_BEFORE = 50
export const MOVER_MIN_PERCENT = 20
export const MOVERS = 5

/** The pages that moved most since the top pages the state keeps, when those are of the period just before. */
export function movers(kept: VisitedPages | undefined, now: Range, pages: readonly PageTraffic[]): Mover[] {
  if (!kept || !justBefore(kept, now)) return []
  const read = new Map(pages.map((page) => [page.path, page]))
  const found: Mover[] = []
  for (const before of kept.pages) {
    const after = read.get(before.path)
    if (!after) continue
    const measure = before.visitors !== undefined && after.visitors !== undefined ? 'visitors' : 'views'
    const from = before[measure]
    const to = after[measure]
    if (from === undefined || to === undefined || from < MOVER_MIN_BEFORE) continue
    const changePercent = Math.round(bounded(((to - from) / from) * 100))
    if (Math.abs(changePercent) < MOVER_MIN_PERCENT) continue
    found.push({ path: before.path, measure, before: from, after: to, changePercent })
  }
  return found
    .sort((a, b) => Math.abs(b.after - b.before) - Math.abs(a.after - a.before) || (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))
    .slice(0, MOVERS)
}

/** The top pages of a period, as the state keeps them for the next one: the most visited first (by human visitors, else views). */
export function visitedPages(now: Range, pages: readonly PageTraffic[]): VisitedPages | undefined {
  const rank = (page: PageTraffic): number => page.visitors ?? page.views ?? 0
  const top = [...pages]
    .filter((page) => rank(page) > 0)
    .sort((a, b) => rank(b) - rank(a))
    .slice(0, VISITED_PAGES)
  return top.length === 0 ? undefined : { dateFrom: now.dateFrom, dateTo: now.dateTo, pages: top }
}

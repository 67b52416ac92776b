// The verdict on a merged fix, from a gap's own numbers (docs/health-issue.md, "Did the fix work?"):
// "before" pools up to BEFORE_PERIODS periods up to the ask, "after" the whole periods since the merge;
// each side's readers in trouble are taken over the readers who could have had trouble, and the two
// are compared by evidence.ts. A period that did not read a count the other side has is no evidence and
// is left out of a pool, never read as quiet.
import { readersInTrouble } from '../render/fix-first.js'
import { judgement, type Judgement, type Pool } from './evidence.js'
import { GAP_SEARCHES, type GapNumbers, MOST_COUNTED } from './state.js'

/** Periods "before" pools at most: the latest when the agent was asked, and those just before it. */
export const BEFORE_PERIODS = 4
/** Periods since the merge after which too few readers means "could not tell", for a person to decide. */
export const VERDICT_PERIODS = 6

const COUNT_KEYS = ['down', 'up', 'notHelpful', 'unanswered', 'noClick'] as const

/** Whether `numbers` read every count `reference` read: only then are the two comparable. */
export function readsAll(numbers: GapNumbers, reference: GapNumbers): boolean {
  return COUNT_KEYS.every((key) => reference[key] === undefined || numbers[key] !== undefined)
}

/** The periods numbers pool. */
export const periodsOf = (numbers: GapNumbers): number => numbers.periods ?? 1

/**
 * Numbers of several periods as one: each count summed where every period read it (else not read),
 * the searches followed summed by their text (their click-through weighted by how often each was
 * made), from the first day of the earliest to the end of the latest; every sum at most MOST_COUNTED,
 * which the state keeps. Undefined for none.
 */
export function pooled(list: readonly GapNumbers[]): GapNumbers | undefined {
  if (list.length === 0) return undefined
  const pool: GapNumbers = {
    dateFrom: list.map((n) => n.dateFrom).reduce((a, b) => (b < a ? b : a)),
    dateTo: list.map((n) => n.dateTo).reduce((a, b) => (b > a ? b : a)),
    periods: list.reduce((sum, n) => sum + periodsOf(n), 0)
  }
  for (const key of [...COUNT_KEYS, 'visitors'] as const) {
    if (list.every((n) => n[key] !== undefined))
      pool[key] = Math.min(
        MOST_COUNTED,
        list.reduce((sum, n) => sum + (n[key] ?? 0), 0)
      )
  }
  const searches = new Map<string, { text: string; hits: number; clicks: number }>()
  for (const search of list.flatMap((n) => n.searches ?? [])) {
    const seen = searches.get(search.text) ?? { text: search.text, hits: 0, clicks: 0 }
    searches.set(search.text, { text: search.text, hits: seen.hits + search.hits, clicks: seen.clicks + search.hits * search.clicked })
  }
  if (searches.size > 0)
    pool.searches = [...searches.values()]
      .slice(0, GAP_SEARCHES)
      .map((s) => ({ text: s.text, hits: Math.min(MOST_COUNTED, s.hits), clicked: s.hits > 0 ? s.clicks / s.hits : 0 }))
  return pool
}

/**
 * Readers in trouble in `numbers` (fix-first.ts): counts not read are none. Its searches with no click
 * are at least the searches it follows that nobody clicked (each one's hits less those clicked): a
 * search with a single click is no longer one with no click, and one click, anyone's, would otherwise
 * take all of its searches out of the trouble.
 */
export function troubleIn(numbers: GapNumbers): number {
  const unclicked = (numbers.searches ?? []).reduce((sum, s) => sum + s.hits * (1 - s.clicked), 0)
  return readersInTrouble({
    down: numbers.down ?? 0,
    up: numbers.up ?? 0,
    notHelpful: numbers.notHelpful ?? 0,
    unanswered: numbers.unanswered ?? 0,
    noClick: Math.max(numbers.noClick ?? 0, unclicked)
  })
}

/** Readers who searched one of the gap's searches and clicked a result. */
const clickedIn = (numbers: GapNumbers): number => (numbers.searches ?? []).reduce((sum, s) => sum + s.hits * s.clicked, 0)

/** Whether both sides read their page's visitors, some on each: then they are the exposure. */
const withVisitors = (before: GapNumbers, after: GapNumbers): boolean => (before.visitors ?? 0) > 0 && (after.visitors ?? 0) > 0

/**
 * Who could have had trouble: the page's visitors where both sides read them, whatever those readers
 * said (a fix does not change who comes, and nobody can send visitors the way anyone can send thumbs
 * up). Else chosen by what `before` holds: the readers heard from (in trouble, thumbs up, searches
 * clicked) when some of them were not in trouble; else, with every reader heard from in trouble (a
 * share that stays 1 whatever a fix does), the periods themselves.
 */
export function exposureOf(before: GapNumbers, after?: GapNumbers): 'visitors' | 'readers' | 'periods' {
  if (after && withVisitors(before, after)) return 'visitors'
  return (before.up ?? 0) > 0 || clickedIn(before) > 0 ? 'readers' : 'periods'
}

/** A side's trouble and exposure. */
export function poolOf(numbers: GapNumbers, exposure: 'visitors' | 'readers' | 'periods'): Pool {
  const trouble = troubleIn(numbers)
  if (exposure === 'visitors') return { trouble, exposure: numbers.visitors ?? 0 }
  return { trouble, exposure: exposure === 'readers' ? trouble + (numbers.up ?? 0) + clickedIn(numbers) : periodsOf(numbers) }
}

/**
 * What the evidence says of `after` against `before` (evidence.ts), over the visitors where both sides
 * read them. Over the readers heard from, a fix is fixed only when the trouble per period fell too:
 * thumbs up are votes anyone can send, and more of them would read as less trouble per reader; such a
 * fix, fixed by one and not by the other, is too few readers to tell yet.
 */
export function judgedBy(before: GapNumbers, after: GapNumbers): Judgement {
  const exposure = exposureOf(before, after)
  const found = judgement(poolOf(before, exposure), poolOf(after, exposure), exposure === 'visitors')
  if (exposure !== 'readers' || found !== 'fixed') return found
  return judgement(poolOf(before, 'periods'), poolOf(after, 'periods')) === 'fixed' ? 'fixed' : 'too-few'
}

/**
 * "Before" of a gap asked now: its latest numbers pooled with up to BEFORE_PERIODS − 1 periods just
 * before (`recent`, begun on or after `from` when given) that read every count the latest read.
 */
export function beforeOf(now: GapNumbers | undefined, recent: readonly GapNumbers[] = [], from = ''): GapNumbers | undefined {
  if (!now) return undefined
  const earlier = recent.filter((n) => n.dateFrom >= from && n.dateFrom < now.dateFrom && readsAll(n, now)).slice(-(BEFORE_PERIODS - 1))
  return earlier.length === 0 ? now : pooled([...earlier, now])
}

// "Fix first": the pages and topics readers had most trouble with, each joining every signal about it,
// ranked by what readers went through (docs/report.md, "Fix first"). The summary shows the first few
// under its headlines, and docsGaps lists the same ranking first, so that what an agent is asked to
// fix is what a person sees first.
//
// Readers in trouble on a page: its thumbs down or its feedback rows marked not helpful, whichever is
// more (a reader's thumbs down and the comment left with it are one reader), plus the assistant
// questions asked on it and left unanswered, plus the searches with no click whose words match its
// path. Readers heard from: those, plus its thumbs up, as many as its human visitors can give (credible):
// thumbs up are votes anyone can send, and a script's cannot cancel a page's trouble. A gap is a page clearly worse than the site's
// own norm: the norm is the median page's share of readers in trouble among those heard from, over the
// other pages readers voted on (each share with the care small samples need, siteNorm), and the
// weight of a page is its readers heard from times how far the Wilson lower bound (95 %) of their share
// in trouble is above the norm: the readers in trouble beyond the norm, with care. With the docs health
// issue, a page's share pools its earlier periods (pageWeights). A page no worse than the norm weighs nothing,
// however busy; a few thumbs down alone are not proof; a small page that is truly bad still is one. A
// page whose visitors are not known weighs at least its unhappy readers beyond UNHAPPY_FLOOR (floorWeight). An
// item weighs at least GAP_WEIGHT to be a gap. A search with no click that matches no page with other
// signals is a topic of its own. Pages that are not paths of the site ("(other page)") are left out:
// nobody can fix them.
import { addCounts, sumCounts } from '../core/counts.js'
import { OTHER_PAGE } from '../text/page-path.js'
import { byText } from '../text/order.js'
import { foldedSearch, type HiddenSearch, searchWords, wordKey, WORDS_PER_SEARCH } from '../text/search-words.js'

export { foldedSearch }

/**
 * What a section learnt about readers: `thumbs-up` and `searched` (a search some reader clicked a
 * result of) are not trouble, but weigh it (thumbs up) or let a gap's searches be followed after a
 * fix (searched); `visited`, a page's human visitors, bounds the thumbs up a page is credited with.
 */
export type SignalKind = 'thumbs-down' | 'thumbs-up' | 'not-helpful' | 'unanswered' | 'no-click' | 'searched' | 'visited'

/** One thing a section learnt about a page or a search. */
export interface Signal {
  kind: SignalKind
  count: number
  /** The page it is about, as the section keeps it (`sitePath`, `sitePage`). */
  page?: string
  /** The text searched for (searches, only where reader text is shown). */
  search?: string
  /** A search whose text is hidden, as keys: matched and counted like any, its words never kept. */
  hidden?: HiddenSearch
  /** Click-through rate of a search, 0 to 1. */
  ctr?: number
}

/** What readers went through on one page or search, as counts. */
export interface Trouble {
  down: number
  up: number
  notHelpful: number
  unanswered: number
  noClick: number
  /** The page's human visitors in the period, where they were read: what its thumbs up are bounded by (credible). */
  visitors?: number
}

/** One item of the ranking: a page with every signal about it, or a search that matches no such page. */
export interface FixItem {
  page?: string
  search?: string
  /** Its weight (see above): what the ranking orders by; never shown to a person as a number. */
  score: number
  /** Its signals, the weightiest first (thumbs up included, searched left out). */
  signals: Signal[]
}

/** The z of a 95 % Wilson interval. */
export const WILSON_Z = 1.96
/** The least weight an item has to be a gap: about one reader's worth of trouble. */
export const GAP_WEIGHT = 1
/** The largest count a signal is taken with: far above any real traffic, and its weight stays exact. */
const MAX_COUNT = 1e12
/** Items the summary lists. */
export const FIX_FIRST_ITEMS = 5
/** Searches, and pages, compared with each other at most (the most searched, the most readers in trouble): the work stays small however much was read. */
const MOST_COMPARED = 500
/**
 * The Wilson lower bound of a share: of `trials`, `hits` were hits. 0 with no trials. Small samples
 * are pulled towards 0: 3 of 3 gives 0.44, 14 of 17 gives 0.59, 3 of 33 gives 0.03.
 */
export function wilsonLower(hits: number, trials: number, z = WILSON_Z): number {
  if (!(trials > 0) || !(hits > 0)) return 0
  const n = trials
  const p = Math.min(1, hits / n)
  const z2 = z * z
  const centre = p + z2 / (2 * n)
  const spread = z * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))
  return Math.max(0, (centre - spread) / (1 + z2 / n))
}

/**
 * The thumbs up a page's human visitors can give, as the ranking believes them: one in VISITORS_PER_UP
 * of them, and UP_SLACK more. Readers vote on a few pages in a hundred visits; more thumbs up than that
 * are votes anyone can send, and would cancel the trouble of a page readers truly have.
 */
export const VISITORS_PER_UP = 10
export const UP_SLACK = 5
/**
 * Unhappy readers of one period (thumbs down, or rows not helpful) that make a page whose visitors are
 * not known a gap however many thumbs up it has (floorWeight): without its visitors, nothing bounds
 * the thumbs up a script may send.
 */
export const UNHAPPY_FLOOR = 20

/** The thumbs up a page is credited with: at most what its human visitors can give (VISITORS_PER_UP); all of them where its visitors are not known. */
export function credibleUp(t: Trouble): number {
  return t.visitors === undefined ? t.up : Math.min(t.up, Math.floor(t.visitors / VISITORS_PER_UP) + UP_SLACK)
}

/** A page's counts with the thumbs up it is credited with (credibleUp). */
export function credible(t: Trouble): Trouble {
  const up = credibleUp(t)
  return up === t.up ? t : { ...t, up }
}

/**
 * The weight a page's unhappy readers give it whatever its thumbs up, where its visitors are not known:
 * those beyond UNHAPPY_FLOOR − GAP_WEIGHT, so that UNHAPPY_FLOOR of them are a gap; 0 with its
 * visitors known (its thumbs up are bounded by them) or fewer unhappy readers.
 */
export function floorWeight(t: Trouble): number {
  if (t.visitors !== undefined) return 0
  return Math.max(0, votersOf(t).unhappy - (UNHAPPY_FLOOR - GAP_WEIGHT))
}

/** Readers in trouble: a reader's thumbs down and the not-helpful row left with it count once. */
export function readersInTrouble(t: Trouble): number {
  return sumCounts([Math.max(t.down, t.notHelpful), t.unanswered, t.noClick])
}

/**
 * The weight of what readers went through, against the site's `norm` (0 to 1, siteNorm): readers heard
 * from × (the Wilson lower bound of their share in trouble − the norm), the readers in trouble beyond
 * the norm; 0 when the bound is not above the norm. The share is taken from `evidence` when given: the
 * same page's counts pooled over more periods; the readers heard from are always `t`'s.
 */
export function troubleWeight(t: Trouble, norm = 0, evidence: Trouble = t): number {
  const heard = readersInTrouble(t) + t.up
  const pooled = readersInTrouble(evidence)
  const above = wilsonLower(pooled, pooled + evidence.up) - norm
  return above > 0 ? heard * above : 0
}

/** Two counts as one. */
export function plus(a: Trouble, b: Trouble | undefined): Trouble {
  if (!b) return a
  return {
    down: a.down + b.down,
    up: a.up + b.up,
    notHelpful: a.notHelpful + b.notHelpful,
    unanswered: a.unanswered + b.unanswered,
    noClick: a.noClick + b.noClick
  }
}

/** A page's voters: those unhappy with it (thumbs down or not helpful, one reader once) and its thumbs up. */
export const votersOf = (t: Trouble): { unhappy: number; up: number } => ({ unhappy: Math.max(t.down, t.notHelpful), up: t.up })

/** The pages readers voted on, as the norm takes them: each page's share (voteShare), in order. */
export interface Votes {
  shares: number[]
}

/** Whether readers voted on a page: a thumbs up or down, or a row marked not helpful. */
const votedOn = (t: Trouble): boolean => votersOf(t).unhappy + t.up > 0

/**
 * A page's share of readers in trouble among those heard from, with the care small samples need: the
 * mean of its share's posterior under Jeffreys' prior, (in trouble + ½) ÷ (heard from + 1). A page of
 * one voter is ¼ or ¾, not 0 or 1; a page of many is its share.
 */
export function voteShare(t: Trouble): number {
  const trouble = readersInTrouble(t)
  return (trouble + 0.5) / (trouble + t.up + 1)
}

/** The votes of every page readers voted on. */
export function siteVotes(pages: Iterable<Trouble>): Votes {
  return {
    shares: [...pages]
      .filter(votedOn)
      .map(voteShare)
      .sort((a, b) => a - b)
  }
}

/**
 * The site's norm for a page: the median page's share (voteShare) of the other pages readers voted on
 * (`site`, less the page itself, `own`), so that a page is never measured against itself; 0 with none.
 * The median page, not the readers pooled: the busy bad pages cannot pull it up by their traffic, and
 * a page most readers like is no gap because it is busy.
 */
export function siteNorm(site: Votes, own?: Trouble): number {
  const shares = site.shares
  const mine = own !== undefined && votedOn(own) ? voteShare(own) : undefined
  // The page's own share leaves the list: every share from its place on moves down one.
  const place = mine === undefined ? shares.length : firstAtLeast(shares, mine)
  const at = shares[place] === mine ? place : shares.length
  const count = shares.length - (at < shares.length ? 1 : 0)
  if (count === 0) return 0
  const nth = (i: number): number => shares[i < at ? i : i + 1] as number
  const half = count >> 1
  return count % 2 ? nth(half) : (nth(half - 1) + nth(half)) / 2
}

/** The first index of a sorted list whose value is at least `value`, or its length. */
function firstAtLeast(sorted: readonly number[], value: number): number {
  let low = 0
  let high = sorted.length
  while (low < high) {
    const mid = (low + high) >> 1
    if ((sorted[mid] as number) < value) low = mid + 1
    else high = mid
  }
  return low
}

/**
 * The weight of each page (fix-first's rule: troubleWeight against the norm of the other pages,
 * siteNorm), in the order given: what Fix first and the list of pages with negative feedback rank by.
 * Each page's thumbs up are those it is credited with (credible), in the norm too; a page whose
 * visitors are not known weighs at least its floorWeight. With `earlier` (each page's counts in the
 * periods before, in the same order, as page-history.ts keeps them: credited), a page's share, and
 * every share the norm is taken from, pools the period with them: the weight is still the period's
 * readers in trouble.
 */
export function pageWeights(pages: readonly Trouble[], earlier: readonly (Trouble | undefined)[] = []): number[] {
  const own = pages.map(credible)
  const pooled = own.map((page, at) => plus(page, earlier[at]))
  const site = siteVotes(pooled)
  return own.map((page, at) => Math.max(troubleWeight(page, siteNorm(site, pooled[at]), pooled[at]), floorWeight(page)))
}

/** The counts of `signals`, by kind. */
export function troubleOf(signals: readonly Signal[]): Trouble {
  const t: Trouble = { down: 0, up: 0, notHelpful: 0, unanswered: 0, noClick: 0 }
  for (const signal of signals) {
    if (signal.kind === 'thumbs-down') t.down = addCounts(t.down, signal.count)
    else if (signal.kind === 'thumbs-up') t.up = addCounts(t.up, signal.count)
    else if (signal.kind === 'not-helpful') t.notHelpful = addCounts(t.notHelpful, signal.count)
    else if (signal.kind === 'unanswered') t.unanswered = addCounts(t.unanswered, signal.count)
    else if (signal.kind === 'no-click') t.noClick = addCounts(t.noClick, signal.count)
  }
  return t
}

const troubleCount = (signals: readonly Signal[]): number => readersInTrouble(troubleOf(signals))

/** Counts with a page's human visitors, where they are known. */
export const withVisitors = (t: Trouble, visitors: number | undefined): Trouble => (visitors === undefined ? t : { ...t, visitors })

/** Every signal of a period grouped by what it is about: each page, and each search that matches no page. */
export interface Grouped {
  pages: Map<string, Signal[]>
  topics: Map<string, Signal[]>
  /** Every search read, by its folded text: how often it was searched, how often with no click, and its click-through. */
  searches: Map<string, { hits: number; noClickHits: number; ctr: number }>
  /** The human visitors of each page whose visitors were read (a page not in it: not known), pages with other signals or not. */
  visitors: Map<string, number>
}

/**
 * The signals grouped: each search with no click joined to the page that shares the most of its words,
 * or a topic of its own. The pages a search may join are those with signals and the `known` pages (the
 * docs health issue's page gaps): a gap's page whose readers only searched in vain in a period keeps
 * those searches, so that its numbers after a fix are not quiet only because nothing else was said.
 */
export function grouped(signals: readonly Signal[], known: readonly string[] = []): Grouped {
  const pages = new Map<string, Signal[]>()
  const noClick: Signal[] = []
  const searches: Grouped['searches'] = new Map()
  for (const signal of signals) {
    // Only counts a person can read: none, negative or beyond any real traffic say nothing.
    // Visitors alone make no page an item: they only bound its thumbs up (visitorsOf).
    if (!readable(signal) || signal.kind === 'visited') continue
    if (signal.kind === 'no-click' || signal.kind === 'searched') {
      if (signal.search === undefined || signal.search.trim() === '') {
        // Hidden words, counted numbers: a search with no click whose text is hidden still counts.
        if (signal.kind === 'no-click' && signal.hidden) noClick.push(signal)
        continue
      }
      const key = foldedSearch(signal.search)
      const seen = searches.get(key) ?? { hits: 0, noClickHits: 0, ctr: 0 }
      const ctr = signal.kind === 'no-click' ? 0 : Math.min(1, Math.max(0, signal.ctr ?? 0))
      const count = addCounts(0, signal.count)
      const hits = addCounts(seen.hits, count)
      searches.set(key, {
        hits,
        noClickHits: addCounts(seen.noClickHits, signal.kind === 'no-click' ? count : 0),
        ctr: (seen.ctr * seen.hits + ctr * count) / hits
      })
      if (signal.kind === 'no-click') noClick.push(signal)
    } else if (signal.page !== undefined && signal.page !== OTHER_PAGE) {
      const list = pages.get(signal.page) ?? []
      list.push(signal)
      pages.set(signal.page, list)
    }
  }
  for (const page of known.slice(0, MOST_COMPARED)) if (page !== OTHER_PAGE && !pages.has(page)) pages.set(page, [])
  // Each word of a path names the pages it is in, for the pages with the most readers in trouble. With
  // a search whose text is hidden, every word is compared by its key.
  const keyed = noClick.some((signal) => signal.hidden !== undefined && signal.search === undefined)
  const wordsOf = (text: string, limit: number): string[] => (keyed ? searchWords(text, limit).map(wordKey) : searchWords(text, limit))
  const searchWordsOf = (signal: Signal): string[] =>
    signal.search === undefined ? (signal.hidden?.wordKeys.slice(0, WORDS_PER_SEARCH) ?? []) : wordsOf(signal.search, WORDS_PER_SEARCH)
  const byWord = new Map<string, string[]>()
  const compared = [...pages.entries()].sort((a, b) => troubleCount(b[1]) - troubleCount(a[1])).slice(0, MOST_COMPARED)
  for (const [page] of compared) {
    for (const word of new Set(wordsOf(page, 50))) {
      const list = byWord.get(word)
      if (list) list.push(page)
      else byWord.set(word, [page])
    }
  }
  const topics = new Map<string, Signal[]>()
  for (const search of noClick.sort((a, b) => b.count - a.count).slice(0, MOST_COMPARED)) {
    const matches = new Map<string, number>()
    for (const word of new Set(searchWordsOf(search))) {
      for (const page of byWord.get(word) ?? []) matches.set(page, (matches.get(page) ?? 0) + 1)
    }
    const best = [...matches.entries()].sort(
      (a, b) => b[1] - a[1] || troubleCount(pages.get(b[0]) ?? []) - troubleCount(pages.get(a[0]) ?? []) || byText(a[0], b[0])
    )[0]
    if (best) (pages.get(best[0]) as Signal[]).push(search)
    else {
      const key = search.search === undefined ? (search.hidden?.key ?? '') : foldedSearch(search.search)
      const list = topics.get(key)
      if (list) list.push(search)
      else topics.set(key, [search])
    }
  }
  // A known page no search joined says nothing.
  for (const [page, list] of pages) if (list.length === 0) pages.delete(page)
  return { pages, topics, searches, visitors: visitorsOf(signals) }
}

/** Only counts a person can read: none, negative or beyond any real traffic say nothing. */
const readable = (signal: Signal): boolean => signal.count > 0 && signal.count <= MAX_COUNT

/** The human visitors of each page the signals hold them for (`visited`); a page not in it: not known. */
export function visitorsOf(signals: readonly Signal[]): Map<string, number> {
  const visitors = new Map<string, number>()
  for (const signal of signals)
    if (signal.kind === 'visited' && readable(signal) && signal.page !== undefined)
      visitors.set(signal.page, addCounts(visitors.get(signal.page) ?? 0, signal.count))
  return visitors
}

/**
 * How a signal is ordered in an item's evidence: what readers said of the page itself before what
 * they searched for (a thumbs down or not-helpful row as three searches, an unanswered question as
 * two), the most first; thumbs up last. Only the order of a line: the ranking is by weight.
 */
const EVIDENCE_ORDER: Readonly<Record<SignalKind, number>> = {
  'thumbs-down': 3,
  'not-helpful': 3,
  unanswered: 2,
  'no-click': 1,
  searched: 0,
  'thumbs-up': 0,
  visited: 0
}
const evidenceOrder = (signal: Signal): number => (signal.kind === 'thumbs-up' ? -1 : EVIDENCE_ORDER[signal.kind] * signal.count)

/**
 * Every item of a grouping that is a gap (weighs at least GAP_WEIGHT against the site's norm), the
 * weightiest first (then by page or search text); `earlier`, each page's counts in the periods before
 * (pageWeights).
 */
export function rankedItems(groups: Grouped, earlier?: ReadonlyMap<string, Trouble>): FixItem[] {
  const pages = [...groups.pages.entries()]
  const weights = pageWeights(
    pages.map(([page, list]) => withVisitors(troubleOf(list), groups.visitors.get(page))),
    pages.map(([page]) => earlier?.get(page))
  )
  // A search that matches no page has no voters: the norm of the voters says nothing of it.
  const items: FixItem[] = [
    ...pages.map(([page, list], at) => ({ page, score: weights[at] ?? 0, signals: list })),
    ...[...groups.topics.values()].map((list) => ({ search: list[0]?.search, score: troubleWeight(troubleOf(list)), signals: list }))
  ]
  return (
    items
      .filter((item) => item.score >= GAP_WEIGHT)
      // Pages before searches where they weigh the same, so that hiding a search's words moves nothing.
      .sort(
        (a, b) =>
          b.score - a.score ||
          Number(a.page === undefined) - Number(b.page === undefined) ||
          byText(a.page ?? a.search ?? '', b.page ?? b.search ?? '')
      )
      .map((item) => ({ ...item, signals: [...item.signals].sort((a, b) => evidenceOrder(b) - evidenceOrder(a)) }))
  )
}

/** What the docs health issue adds to a ranking: its gaps' pages, each page's earlier counts, the gaps people dismissed. */
export interface RankingContext {
  /** Items left out (a gap a person dismissed). */
  leftOut?: (item: FixItem) => boolean
  /** Pages searches with no click may join whatever else was read (grouped). */
  known?: readonly string[]
  /** Each page's counts in the periods before (pageWeights). */
  earlier?: ReadonlyMap<string, Trouble>
}

/** The items, weightiest first, at most `limit`, with what the docs health issue adds (RankingContext). */
export function fixFirst(signals: readonly Signal[], limit = FIX_FIRST_ITEMS, context: RankingContext = {}): FixItem[] {
  const items = rankedItems(grouped(signals, context.known), context.earlier)
  const { leftOut } = context
  return (leftOut ? items.filter((item) => !leftOut(item)) : items).slice(0, limit)
}

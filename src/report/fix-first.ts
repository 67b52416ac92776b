// "Fix first": the pages and topics readers had most trouble with, each joining every signal about it,
// ranked by one documented score. The summary shows the first few under its headlines, and docsGaps
// lists the same ranking first, so that what an agent is asked to fix is what a person sees first.
//
// The score of a page is the sum, over its signals, of the signal's weight times its count:
//   thumbs down on the page ×3, feedback on it marked not helpful ×3, assistant questions asked on it
//   and left unanswered ×2, searches with no click whose words match the page's path ×1 each.
// A search with no click that matches no page with other signals is a topic of its own. Pages that are
// not paths of the site ("(other page)") are left out: nobody can fix them.
import { OTHER_PAGE } from '../text/page-path.js'

export type SignalKind = 'thumbs-down' | 'not-helpful' | 'unanswered' | 'no-click'

/** One thing a section learnt that says readers could not find something, on a page or in a search. */
export interface Signal {
  kind: SignalKind
  count: number
  /** The page it is about, as the section keeps it (`sitePath`, `sitePage`). */
  page?: string
  /** The text searched for (no-click searches, only where reader text is shown). */
  search?: string
}

export const SIGNAL_WEIGHTS: Readonly<Record<SignalKind, number>> = { 'thumbs-down': 3, 'not-helpful': 3, unanswered: 2, 'no-click': 1 }

/** One item of the ranking: a page with every signal about it, or a search that matches no such page. */
export interface FixItem {
  page?: string
  search?: string
  score: number
  signals: Signal[]
}

/** The largest count a signal is taken with: far above any real traffic, and its score stays exact. */
const MAX_COUNT = 1e12
/** Items the summary lists. */
export const FIX_FIRST_ITEMS = 5
/** Searches, and pages, compared with each other at most (the most searched, the highest scores): the work stays small however much was read. */
const MOST_COMPARED = 500
/** Words of a search compared with the paths: enough for any real query, and linear however long the text. */
const WORDS_PER_SEARCH = 20
const STOP_WORDS = new Set(['the', 'and', 'for', 'how', 'what', 'with', 'can', 'does', 'not', 'are', 'you', 'use', 'why', 'when', 'from'])

/** The words of a path or a search, lower case, of three letters or more, a plural's s dropped. */
function words(text: string, limit: number): string[] {
  const found: string[] = []
  for (const match of text.toLowerCase().matchAll(/[\p{L}\p{N}]{3,}/gu)) {
    const word = match[0].length > 3 && match[0].endsWith('s') ? match[0].slice(0, -1) : match[0]
    if (!STOP_WORDS.has(word)) found.push(word)
    if (found.length >= limit) break
  }
  return found
}

const scoreOf = (signals: readonly Signal[]): number => signals.reduce((sum, s) => sum + SIGNAL_WEIGHTS[s.kind] * s.count, 0)

/** The items, highest score first (then by page or search text), at most `limit`. */
export function fixFirst(signals: readonly Signal[], limit = FIX_FIRST_ITEMS): FixItem[] {
  const pages = new Map<string, Signal[]>()
  const searches: Signal[] = []
  for (const signal of signals) {
    // Only counts a person can read: none, negative or beyond any real traffic say nothing.
    if (!(signal.count > 0 && signal.count <= MAX_COUNT)) continue
    if (signal.kind === 'no-click') {
      if (signal.search !== undefined && signal.search.trim() !== '') searches.push(signal)
    } else if (signal.page !== undefined && signal.page !== OTHER_PAGE) {
      const list = pages.get(signal.page) ?? []
      list.push(signal)
      pages.set(signal.page, list)
    }
  }
  // Each word of a path names the pages it is in, for the pages of highest score.
  const byWord = new Map<string, string[]>()
  const compared = [...pages.entries()].sort((a, b) => scoreOf(b[1]) - scoreOf(a[1])).slice(0, MOST_COMPARED)
  for (const [page] of compared) {
    for (const word of new Set(words(page, 50))) {
      const list = byWord.get(word)
      if (list) list.push(page)
      else byWord.set(word, [page])
    }
  }
  const topics = new Map<string, Signal[]>()
  for (const search of searches.sort((a, b) => b.count - a.count).slice(0, MOST_COMPARED)) {
    const matches = new Map<string, number>()
    for (const word of new Set(words(search.search ?? '', WORDS_PER_SEARCH))) {
      for (const page of byWord.get(word) ?? []) matches.set(page, (matches.get(page) ?? 0) + 1)
    }
    const best = [...matches.entries()].sort(
      (a, b) => b[1] - a[1] || scoreOf(pages.get(b[0]) ?? []) - scoreOf(pages.get(a[0]) ?? []) || compare(a[0], b[0])
    )[0]
    if (best) (pages.get(best[0]) as Signal[]).push(search)
    else {
      const key = (search.search ?? '').trim().toLowerCase()
      const list = topics.get(key)
      if (list) list.push(search)
      else topics.set(key, [search])
    }
  }
  const items: FixItem[] = [
    ...[...pages.entries()].map(([page, list]) => ({ page, score: scoreOf(list), signals: list })),
    ...[...topics.values()].map((list) => ({ search: list[0]?.search, score: scoreOf(list), signals: list }))
  ]
  return items
    .sort((a, b) => b.score - a.score || compare(a.page ?? a.search ?? '', b.page ?? b.search ?? ''))
    .slice(0, limit)
    .map((item) => ({
      ...item,
      signals: [...item.signals].sort((a, b) => SIGNAL_WEIGHTS[b.kind] * b.count - SIGNAL_WEIGHTS[a.kind] * a.count)
    }))
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0
}

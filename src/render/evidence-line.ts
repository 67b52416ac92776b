// An item's evidence as data, and the one line made from it: "14 thumbs down · “webhook retries”
// searched 31× with no click". The summary's Fix first and the docs health issue's ledger show the
// same line; the ledger keeps the data (health/state.ts) and makes the line each time it writes, so
// that no count is ever read back out of words, and hiding reader text drops the searches' words alone.
import { addCounts, sumCounts } from '../core/counts.js'
import { counted, num } from '../text/format.js'
import { pageUnhappyText, thumbsUpText } from '../text/measures.js'
import type { FixItem, Signal } from './fix-first.js'

/** A search an item's line quotes: its words (reader text, absent where it may not be kept) and how often it got no click. */
export interface QuotedSearch {
  words?: string
  hits: number
}

/**
 * What an item's line says, as counts. A page's: its thumbs down, rows marked not helpful, unanswered
 * questions and thumbs up (each absent when none), the searches with no click it quotes, the most
 * first, and those it counts without quoting. A search's: how often it was searched with no click.
 */
export interface ItemEvidence {
  down?: number
  notHelpful?: number
  unanswered?: number
  up?: number
  searches?: QuotedSearch[]
  others?: { searches: number; hits: number }
  /** A search that matches no page: how often it was searched with no click. */
  noClick?: number
}

/** Searches a line quotes at most; the rest are counted, so that it stays one short line. */
export const SEARCHES_QUOTED = 3

/** The sum of the counts of `signals` of `kind`. */
const sumOf = (signals: readonly Signal[], kind: Signal['kind']): number =>
  sumCounts(signals.filter((signal) => signal.kind === kind).map((signal) => signal.count))

/** What an item's line says (ItemEvidence): a search with words is quoted, up to SEARCHES_QUOTED, the most first. */
export function evidenceOf(item: FixItem): ItemEvidence {
  if (item.page === undefined) return { noClick: sumCounts(item.signals.map((signal) => signal.count)) }
  const evidence: { -readonly [K in keyof ItemEvidence]: ItemEvidence[K] } = {}
  for (const [key, kind] of [
    ['down', 'thumbs-down'],
    ['notHelpful', 'not-helpful'],
    ['unanswered', 'unanswered'],
    ['up', 'thumbs-up']
  ] as const) {
    const count = sumOf(item.signals, kind)
    if (count > 0) evidence[key] = count
  }
  const searches = item.signals.filter((signal) => signal.kind === 'no-click').sort((a, b) => b.count - a.count)
  const quoted = searches.filter((signal) => signal.search !== undefined).slice(0, SEARCHES_QUOTED)
  if (quoted.length > 0) evidence.searches = quoted.map((signal) => ({ words: signal.search, hits: signal.count }))
  const rest = searches.filter((signal) => !quoted.includes(signal))
  if (rest.length > 0) evidence.others = { searches: rest.length, hits: sumCounts(rest.map((signal) => signal.count)) }
  return evidence
}

/** The evidence without any reader's words: each search it quoted is counted instead. */
export function withoutWords(evidence: ItemEvidence): ItemEvidence {
  if (evidence.searches === undefined) return evidence
  return { ...evidence, searches: evidence.searches.map(({ hits }) => ({ hits })) }
}

/**
 * The line an item's evidence makes, a search's words given by `quote`. What readers said of the page
 * itself comes before what they searched for (a thumbs down or not-helpful row weighs as three
 * searches, an unanswered question as two), the most first; then the thumbs up, then the searches
 * counted without their words ("2 other searches with no click (40×)").
 */
export function evidenceText(evidence: ItemEvidence, quote: (words: string) => string): string {
  if (evidence.noClick !== undefined) return `searched ${num(evidence.noClick)}× with no click`
  const down = evidence.down ?? 0
  const notHelpful = evidence.notHelpful ?? 0
  const weighed: { weight: number; text: string }[] = []
  if (down > 0 || notHelpful > 0) weighed.push({ weight: 3 * Math.max(down, notHelpful), text: pageUnhappyText(down, notHelpful) })
  if (evidence.unanswered !== undefined)
    weighed.push({ weight: 2 * evidence.unanswered, text: counted(evidence.unanswered, 'unanswered question') })
  const quoted = (evidence.searches ?? []).filter((search): search is Required<QuotedSearch> => search.words !== undefined)
  for (const search of quoted)
    weighed.push({ weight: search.hits, text: `${quote(search.words)} searched ${num(search.hits)}× with no click` })
  // Ties keep the order above: a sort is stable.
  const parts = weighed.sort((a, b) => b.weight - a.weight).map((part) => part.text)
  if (evidence.up !== undefined) parts.push(thumbsUpText(evidence.up))
  const unquoted = (evidence.searches ?? []).filter((search) => search.words === undefined)
  const searches = unquoted.length + (evidence.others?.searches ?? 0)
  if (searches > 0) {
    const hits = addCounts(sumCounts(unquoted.map((search) => search.hits)), evidence.others?.hits ?? 0)
    const what = quoted.length > 0 ? counted(searches, 'other search', 'other searches') : counted(searches, 'search', 'searches')
    parts.push(`${what} with no click (${num(hits)}×)`)
  }
  return parts.join(' · ')
}

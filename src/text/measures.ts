// The counts of readers the report shows, each defined once and named one way wherever it is shown: the
// log, the outputs, the headlines, the sentence that names the problem, Fix first, the sections and
// docsGaps (docs/report.md, "Measures"). Two counts that differ in meaning have different names.

import { counted, num } from './format.js'

/** Thumbs down on a page: "14 thumbs down". */
export const thumbsDownText = (n: number): string => `${num(n)} thumbs down`

/** Thumbs up on a page: "21 thumbs up". */
export const thumbsUpText = (n: number): string => `${num(n)} thumbs up`

/** Feedback rows a reader marked not helpful (page feedback, with or without a comment): "17 marked not helpful". */
export const notHelpfulText = (n: number): string => `${num(n)} marked not helpful`

/**
 * Readers unhappy with one page: its thumbs down or its rows marked not helpful, whichever are more. A
 * reader who gives a thumbs down and leaves the not-helpful row with it is one reader, so the two are
 * never added. Over the site, the sum of each page's (feedback's `unhappyReadersOf`).
 */
export function unhappyReaders(thumbsDown: number, notHelpful: number): number {
  return Math.max(thumbsDown, notHelpful)
}

/** "35 unhappy readers (30 thumbs down, 29 marked not helpful; a reader counts once)": the count with both its parts. */
export function unhappyReadersText(unhappy: number, thumbsDown: number, notHelpful: number): string {
  return `${counted(unhappy, 'unhappy reader')} (${thumbsDownText(thumbsDown)}, ${notHelpfulText(notHelpful)}; a reader counts once)`
}

/** One page's unhappy readers with their parts; a page with only one of the two counts says that one alone ("14 thumbs down"). */
export function pageUnhappyText(thumbsDown: number, notHelpful: number): string {
  if (notHelpful === 0) return thumbsDownText(thumbsDown)
  if (thumbsDown === 0) return notHelpfulText(notHelpful)
  return unhappyReadersText(unhappyReaders(thumbsDown, notHelpful), thumbsDown, notHelpful)
}

/** Searches, each time a reader searched (a search term's hits), that got no click on a result: "547 searches with no click". */
export const noClickHitsText = (n: number): string => `${counted(n, 'search', 'searches')} with no click`

/** Distinct search terms that got no click on a result, however often each was searched: "4 search terms with no click". */
export const noClickTermsText = (n: number): string => `${counted(n, 'search term')} with no click`

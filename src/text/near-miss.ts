// "Did you mean": the fixed word a mistyped value was most likely meant to be. Words are compared
// without case, `-`, `_` and spaces (so `no_pr` is `no-pr` and `MaxRequests` is `maxrequests`), then
// by edit distance with transpositions (`ture` is one edit from `true`). Both the typed word and the
// candidates are capped in length, so the work is bounded however long a hostile value is.

/** Longer words are never compared: no fixed word is this long, and a value this long is no typo of one. */
export const MAX_NEAR_MISS_LENGTH = 40

/** The most edits a suggestion may be away, and never more than half the typed word. */
const MAX_EDITS = 2

/** The word as it is compared: lower case, without `-`, `_` and white space. */
function normalised(word: string): string {
  return word.toLowerCase().replace(/[-_\s]+/g, '')
}

/**
 * The edit distance between `a` and `b` with adjacent transpositions (optimal string alignment), or
 * `limit + 1` as soon as it is known to be more than `limit`. Time is at most the product of the
 * lengths, which callers keep within MAX_NEAR_MISS_LENGTH.
 */
export function editDistance(a: string, b: string, limit = Number.POSITIVE_INFINITY): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1
  // Three rows: the one before the previous (for transpositions), the previous and the current.
  let before: number[] = []
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j)
  for (let i = 1; i <= a.length; i++) {
    const current = [i]
    let smallest = i
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1
      let d = Math.min((previous[j] as number) + 1, (current[j - 1] as number) + 1, (previous[j - 1] as number) + cost)
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, (before[j - 2] as number) + 1)
      current.push(d)
      smallest = Math.min(smallest, d)
    }
    // Every later row is at least the smallest of this one: past the limit, it stays past it.
    if (smallest > limit) return limit + 1
    before = previous
    previous = current
  }
  return Math.min(previous[b.length] as number, limit + 1)
}

/**
 * The candidate `word` was most likely meant to be, or undefined when none is close: the same word
 * but for case, `-`, `_` and spaces, or else the one fewest edits away, at most 2 and at most half the
 * typed word. Two candidates equally close, or two that both start with the word, give no
 * suggestion, since either could be meant.
 */
export function nearMiss(word: string, candidates: readonly string[]): string | undefined {
  const typed = normalised(word)
  if (typed === '' || word.length > MAX_NEAR_MISS_LENGTH) return undefined
  const limit = Math.min(MAX_EDITS, Math.floor(typed.length / 2))
  // The start of two candidates (`visitors` of visitorsHuman and visitorsAi) could be either.
  if (candidates.filter((candidate) => normalised(candidate).startsWith(typed)).length > 1) return undefined
  let best: string | undefined
  let bestDistance = limit + 1
  let tied = false
  for (const candidate of candidates) {
    if (candidate.length > MAX_NEAR_MISS_LENGTH) continue
    const d = editDistance(typed, normalised(candidate), limit)
    if (d < bestDistance) {
      best = candidate
      bestDistance = d
      tied = false
    } else if (d === bestDistance && d <= limit) {
      tied = true
    }
  }
  return bestDistance <= limit && !tied ? best : undefined
}

/** The end of a message that suggests the near miss of `word`: `; did you mean searches?`, or nothing. */
export function didYouMean(word: string, candidates: readonly string[]): string {
  const near = nearMiss(word, candidates)
  return near === undefined ? '' : `; did you mean ${near}?`
}

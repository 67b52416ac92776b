// What readers wrote about the gaps, as the state keeps it between runs (its `readerWords` group):
// the words of the gaps ranked in the latest period read, each cut, without invisible characters,
// the whole group within READER_WORDS_CHARS of the encoded block. A run that reads them with reader text hidden keeps
// none (forgetGapWords), so that a public repository's issue never holds them.
import type { ItemWords } from '../render/gap-words.js'
import { oneLine } from '../text/escape.js'
import { fingerprint } from './ledger.js'
import {
  encodedChars,
  type HealthState,
  forgetGapWords,
  type GapWords,
  READER_WORDS_CHARS,
  type ReaderWords,
  SEARCH_WORDS_CHARS,
  WORDS_CHARS,
  WORDS_GAPS,
  WORDS_PER_KIND
} from './state.js'

/** One gap's words, each cut to what the state keeps, with how often each was written. */
function keptWords(id: string, words: ItemWords): GapWords {
  const comments = words.comments.slice(0, WORDS_PER_KIND)
  return {
    id,
    questions: words.questions
      .slice(0, WORDS_PER_KIND)
      .map((q) => ({ question: oneLine(q.question, WORDS_CHARS), answer: oneLine(q.answer, WORDS_CHARS), count: q.count })),
    comments: comments.map((comment) => oneLine(comment, WORDS_CHARS)),
    commentCounts: words.commentCounts.slice(0, WORDS_PER_KIND),
    searches: words.searches.slice(0, WORDS_PER_KIND).map((s) => ({ search: oneLine(s.search, SEARCH_WORDS_CHARS), count: s.count }))
  }
}

const wordCount = (gap: GapWords): number => gap.questions.length + gap.comments.length + gap.searches.length

/** The gap with the most words, the first of those with as many; undefined when no gap has any. */
const mostWords = (gaps: readonly GapWords[]): GapWords | undefined =>
  gaps.reduce<GapWords | undefined>((top, gap) => (wordCount(gap) > (top === undefined ? 0 : wordCount(top)) ? gap : top), undefined)

/** The group cut to READER_WORDS_CHARS of the encoded block (encodedChars): the last words of the gap with the most go first. */
export function boundedWords(words: ReaderWords): ReaderWords {
  const gaps = words.gaps.map((gap) => ({
    ...gap,
    questions: [...gap.questions],
    comments: [...gap.comments],
    ...(gap.commentCounts ? { commentCounts: [...gap.commentCounts] } : {}),
    searches: [...gap.searches]
  }))
  const size = (): number => encodedChars({ ...words, gaps })
  for (let most = mostWords(gaps); most !== undefined && size() > READER_WORDS_CHARS; most = mostWords(gaps)) {
    const longest = [most.questions, most.comments, most.searches].reduce((a, b) => (b.length > a.length ? b : a))
    longest.pop()
    // A comment's count goes with it.
    if (most.commentCounts && most.commentCounts.length > most.comments.length) most.commentCounts.length = most.comments.length
  }
  // A gap left with no words is left out, whatever it weighed.
  return { ...words, gaps: gaps.filter((gap) => wordCount(gap) > 0) }
}

/**
 * The state with the words of the period just read (`words` in the order of the ranked items), or
 * with none when they are undefined: reader text is hidden, and what was kept is forgotten.
 */
export function withReaderWords(
  state: HealthState,
  period: { dateFrom: string; dateTo: string },
  words: readonly ItemWords[] | undefined
): HealthState {
  if (words === undefined) return forgetGapWords(state)
  const gaps: GapWords[] = []
  for (const item of words) {
    const about =
      item.page !== undefined
        ? { kind: 'page' as const, subject: item.page }
        : item.search !== undefined && item.search.trim() !== ''
          ? { kind: 'search' as const, subject: item.search }
          : undefined
    if (!about) continue
    const kept = keptWords(fingerprint(about.kind, about.subject), item)
    if (wordCount(kept) > 0) gaps.push(kept)
    if (gaps.length >= WORDS_GAPS) break
  }
  return { ...state, readerWords: boundedWords({ dateFrom: period.dateFrom, dateTo: period.dateTo, gaps }) }
}

// What readers wrote about each item of "Fix first", in their own words: the questions the assistant
// left unanswered on its page (with what it replied), the comments left with feedback marked not
// helpful on it, and the searches with no click that match it. Reader text: gathered only from
// sections that show it, so that a public repository's run has none to keep or send.
import { pagePathOf } from '../text/page-path.js'
import type { FixItem, Signal } from './fix-first.js'

/** Words of each kind gathered for an item: the most asked or searched first, then the newest. */
export const ITEM_WORDS_PER_KIND = 3

/** What readers wrote about one item. */
export interface ItemWords {
  page?: string
  search?: string
  /** Each with how often it was asked (alike texts as one). */
  questions: { question: string; answer: string; count: number }[]
  comments: string[]
  /** How often each comment was left, in the order of `comments`. */
  commentCounts: number[]
  searches: { search: string; count: number }[]
}

/** Texts told apart by neither case nor spacing are one. */
const fold = (text: string): string => text.toLowerCase().replace(/\s+/g, ' ').trim()

/** The first `limit` of `texts` by how often each was written (then in order), alike texts as one, each with its count. */
function mostWritten<Entry>(entries: readonly Entry[], textOf: (entry: Entry) => string, limit: number): { entry: Entry; count: number }[] {
  const groups = new Map<string, { entry: Entry; count: number; at: number }>()
  entries.forEach((entry, at) => {
    const key = fold(textOf(entry))
    if (key === '') return
    const group = groups.get(key)
    if (group) group.count++
    else groups.set(key, { entry, count: 1, at })
  })
  return [...groups.values()]
    .sort((a, b) => b.count - a.count || a.at - b.at)
    .slice(0, limit)
    .map(({ entry, count }) => ({ entry, count }))
}

/** The sections the words come from, each only when it shows reader text: what of them it reads. */
export interface WordSources {
  feedback?: { showReaderText: boolean; entries: readonly Feedback[] }
  assistant?: { showReaderText: boolean; questions: readonly Question[] }
}

/** What the words read of a feedback entry, and of a question to the assistant. */
interface Feedback {
  helpful?: boolean
  path: string
  comment?: string
}
interface Question {
  resolutionStatus: string
  query?: string
  pageUrl: string | null
  answer?: string
}

/** The words of each item, in the items' order; undefined when no section read shows reader text. */
export function itemWordsOf(items: readonly FixItem[], sources: WordSources): ItemWords[] | undefined {
  const feedback = sources.feedback?.showReaderText === true ? sources.feedback : undefined
  const assistant = sources.assistant?.showReaderText === true ? sources.assistant : undefined
  if (!feedback && !assistant) return undefined
  return items.map((item) => {
    // An item of a search has no page: no question's page (a path, or null) and no feedback's path is undefined.
    const page = item.page
    const questions = mostWritten(
      // Stryker disable next-line ArrayDeclaration: the filter drops any entry without a status, so an empty list and such entries give the same
      (assistant?.questions ?? []).filter(
        (q): q is Question & { query: string } =>
          q.resolutionStatus === 'unanswered' && q.query !== undefined && q.pageUrl !== null && pagePathOf(q.pageUrl) === page
      ),
      (q) => q.query,
      ITEM_WORDS_PER_KIND
    ).map(({ entry: q, count }) => ({ question: q.query, answer: q.answer ?? '', count }))
    const comments = mostWritten(
      // Stryker disable next-line ArrayDeclaration: the filter drops any entry not marked not helpful, so an empty list and such entries give the same
      (feedback?.entries ?? []).filter(
        (entry): entry is Feedback & { comment: string } => entry.helpful === false && entry.path === page && entry.comment !== undefined
      ),
      (entry) => entry.comment,
      ITEM_WORDS_PER_KIND
    )
    const searches = searchesOf(item)
    return {
      ...(page === undefined ? { search: item.search } : { page }),
      questions,
      comments: comments.map(({ entry }) => entry.comment),
      commentCounts: comments.map(({ count }) => count),
      searches
    }
  })
}

/** An item's searches with no click as its words: the most made first, those with no words left out. */
function searchesOf(item: FixItem): ItemWords['searches'] {
  return item.signals
    .filter(
      (signal): signal is Signal & { search: string } =>
        signal.kind === 'no-click' && signal.search !== undefined && signal.search.trim() !== ''
    )
    .sort((a, b) => b.count - a.count)
    .slice(0, ITEM_WORDS_PER_KIND)
    .map((signal) => ({ search: signal.search, count: signal.count }))
}

/**
 * The words gathered for one ranking (`words`, itemWordsOf) in the order of another of the same read
 * (`items`): a page's questions and comments are its own whatever its rank, its searches are those
 * the item holds; an item the first ranking had no words for has none. Undefined where reader text is
 * hidden. So that the top quotes the readers of the page it names, never those of another.
 */
export function wordsInOrder(items: readonly FixItem[], words: readonly ItemWords[] | undefined): ItemWords[] | undefined {
  if (words === undefined) return undefined
  return items.map((item) => {
    const found = words.find((said) =>
      item.page === undefined ? said.page === undefined && said.search === item.search : said.page === item.page
    )
    return {
      ...(item.page === undefined ? { search: item.search } : { page: item.page }),
      questions: found?.questions ?? [],
      comments: found?.comments ?? [],
      commentCounts: found?.commentCounts ?? [],
      searches: searchesOf(item)
    }
  })
}

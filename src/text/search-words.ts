// The words of a search or a page path, as Fix first matches a search with no click to the page it is
// about, and their keys: each word as a keyed hash, so that a search whose text is hidden (reader
// text, in a public repository) is still matched to its page and counted, while no word it holds is
// kept. The key is random and lives only in this process: a key cannot be turned back into its word
// outside the run, and two runs' keys never compare.
import { createHmac, randomBytes } from 'node:crypto'

const STOP_WORDS = new Set(['the', 'and', 'for', 'how', 'what', 'with', 'can', 'does', 'not', 'are', 'you', 'use', 'why', 'when', 'from'])
/** Words of a search compared with the paths: enough for any real query, and linear however long the text. */
export const WORDS_PER_SEARCH = 20

/** The words of a path or a search, lower case, of three letters or more, a plural's s dropped, at most `limit`. */
export function searchWords(text: string, limit: number): string[] {
  const found: string[] = []
  for (const match of text.toLowerCase().matchAll(/[\p{L}\p{N}]{3,}/gu)) {
    const word = match[0].length > 3 && match[0].endsWith('s') ? match[0].slice(0, -1) : match[0]
    if (!STOP_WORDS.has(word)) found.push(word)
    if (found.length >= limit) break
  }
  return found
}

const KEY = randomBytes(32)

/** A word as its key: a keyed hash, the same for the same word within this run. */
export const wordKey = (word: string): string => createHmac('sha256', KEY).update(word).digest('base64url').slice(0, 22)

/** A search folded as the ranking and the ledger compare searches: lower case, single spaces. */
export const foldedSearch = (text: string): string => text.toLowerCase().replace(/\s+/g, ' ').trim()

/** What a search whose text is hidden keeps: the keys of its words, and the key of its whole text, folded. */
export interface HiddenSearch {
  wordKeys: string[]
  key: string
}

/** A search's text as keys only. */
export function hiddenSearch(text: string): HiddenSearch {
  return { wordKeys: searchWords(text, WORDS_PER_SEARCH).map(wordKey), key: wordKey(`\u0000${foldedSearch(text)}`) }
}

// Text that readers of the docs typed (search queries, feedback comments, assistant questions). It
// may hold personal data, and a public repository's summary and artifacts are public: it is kept
// only when the run shows reader text, and even then it is cut to a bounded length and the e-mail
// addresses in it are masked.
//
// The mask reads the text once, left to right, so that its work grows with the length of the text
// and no text can make it slow. It takes an address in the forms people write to get past filters:
// `alice@example.com`, `alice％40example.com` or `alice%40example.com` (as in a URL), `alice＠example.com`
// and `alice﹫example.com` (folded by NFKC), `alice @ example.com`, `"alice smith"@example.com`,
// `alice (at) example (dot) com`, `alice [at] example.com`, `alice@example。com`, and
// `alice at example dot com` (a bare `at` only with a spelled-out `dot`, so that "log in at
// app.example.com" stays as written).

import { withoutInvisible } from './escape.js'

export const EMAIL_MASK = '[email]'

/** The most characters of one reader text a run keeps; longer text is cut, with an ellipsis. */
export const READER_TEXT_MAX_CHARS = 2000

/**
 * Characters that may stand in the part of an address before the at sign, read one UTF-16 code unit
 * at a time: either half of a surrogate pair counts, as the character they make may be a letter.
 */
const LOCAL_CHAR = /[\uD800-\uDFFF]|[^\s\p{Z}\p{C}@<>()[\]{}"',;:/?=&\\]/u
/** One label of a domain, as far as it goes. */
const LABEL = /[\p{L}\p{N}\p{M}_-]+/uy
/** A letter: the last label of a domain (its top-level domain) has one. */
const LETTER = /\p{L}/u
/** At signs as written inside words: `@` (NFKC folds `＠` and `﹫` into it), or URL-encoded once or twice. */
const AT_SIGN = /@|%40|%2540/iy
/** An `at` in brackets, as in `alice (at) example.com`. */
const BRACKETED_AT = /[([{<][ \t]?at[ \t]?[)\]}>]/iy
/** A bare `at` between spaces, as in `alice at example dot com`. */
const BARE_AT = /at(?=[ \t]|$)/iy
/** A dot as written inside a domain: `.`, the ideographic full stop, or URL-encoded. */
const DOT = /\.|\u3002|%2e/iy
/** A dot spelled out: in brackets (spaces around it allowed), or bare between spaces. */
const SPELLED_DOT = /[ \t]{0,3}[([{<][ \t]?dot[ \t]?[)\]}>][ \t]{0,3}|[ \t]{1,3}dot(?:[ \t]{1,3}|$)/iy
/** Spaces that may stand between an address's parts. */
const SPACES = /[ \t]{0,3}/y
/** The farthest a quoted part before the at sign reaches back, its quotes included. */
const QUOTED_MAX = 66

/** The match of a sticky pattern at `index`, or undefined. */
function matchAt(pattern: RegExp, text: string, index: number): string | undefined {
  pattern.lastIndex = index
  return pattern.exec(text)?.[0]
}

/** The at sign that starts at `index`, in any of its forms; `bare` for an `at` between spaces. */
function atSignAt(text: string, index: number): { bare: boolean; length: number } | undefined {
  const sign = matchAt(AT_SIGN, text, index) ?? matchAt(BRACKETED_AT, text, index)
  if (sign !== undefined) return { bare: false, length: sign.length }
  // Before the first character, charAt gives '': no space.
  if (/[ \t]/.test(text.charAt(index - 1)) && matchAt(BARE_AT, text, index) !== undefined) return { bare: true, length: 2 }
  return undefined
}

/**
 * Where the domain that starts at `index` ends: labels joined by dots, as many as make an address
 * (two or more, the last with a letter; a bare `at` needs a spelled-out dot before it). With
 * `openEnd` (the text was cut), a domain that runs to the end of the text counts whatever it holds,
 * since its rest was cut away. `reached` is how far the reading went, whether a domain was found or not.
 */
function domainEnd(text: string, index: number, bare: boolean, openEnd: boolean): { end?: number; reached: number } {
  // Stryker disable next-line OptionalChaining: SPACES matches everywhere, the empty string at least
  let at = index + (matchAt(SPACES, text, index)?.length ?? 0)
  let end: number | undefined
  let labels = 0
  let spelled = false
  for (;;) {
    const label = matchAt(LABEL, text, at)
    if (label === undefined) break
    at += label.length
    labels++
    if (labels >= 2 && LETTER.test(label) && (!bare || spelled)) end = at
    const plainDot = matchAt(DOT, text, at)
    const spelledDot = plainDot === undefined ? matchAt(SPELLED_DOT, text, at) : undefined
    const dot = plainDot ?? spelledDot
    if (dot === undefined) break
    if (spelledDot !== undefined) spelled = true
    // A dot no label follows ends the reading at the next turn; at the end of cut text, it counts.
    at += dot.length
  }
  return { end: openEnd && at === text.length ? at : end, reached: at }
}

/** The [start, end) ranges of the addresses in the text, in order, none overlapping. */
function addressRanges(text: string, openEnd: boolean): [number, number][] {
  const ranges: [number, number][] = []
  // The run of characters that could be the part before an at sign: where it started (the current
  // run, or -1), and the last run that ended (or the last address).
  let runStart = -1
  let lastRun: { start: number; end: number } | undefined
  // A domain read to no address ends where every at sign inside it would also find none.
  let noAddressBefore = 0
  let index = 0
  // Stryker disable next-line EqualityOperator: one more turn at the end reads nothing
  while (index < text.length) {
    // Stryker disable next-line ConditionalExpression: the same ranges either way; skipping keeps the work linear
    const sign = index >= noAddressBefore ? atSignAt(text, index) : undefined
    if (sign !== undefined) {
      const start = localStart(index)
      if (start !== undefined) {
        const domain = domainEnd(text, index + sign.length, sign.bare, openEnd)
        if (domain.end !== undefined) {
          // An at sign right after an address makes its last label the part before that at sign
          // (`a@b.co@c.de`): the two are masked as one.
          if (ranges.at(-1)?.[0] === start) ranges.pop()
          ranges.push([start, domain.end])
          index = domain.end
          runStart = -1
          lastRun = { start, end: domain.end }
          continue
        }
        noAddressBefore = domain.reached
      }
    }
    const c = text.charAt(index)
    if (LOCAL_CHAR.test(c)) {
      if (runStart < 0) runStart = index
    } else if (runStart >= 0) {
      lastRun = { start: runStart, end: index }
      runStart = -1
    }
    index++
  }
  return ranges

  /**
   * Where the part before the at sign at `at` starts: a run of address characters, or a quoted text
   * (`"alice smith"@`), up to three spaces before the at sign.
   */
  function localStart(at: number): number | undefined {
    if (runStart >= 0) return runStart
    let end = at
    // Before the first character, charAt gives '': no space.
    while (at - end < 3 && /[ \t]/.test(text.charAt(end - 1))) end--
    if (lastRun?.end === end) return lastRun.start
    if (text.charAt(end - 1) !== '"') return undefined
    // The text is folded: its line breaks are spaces, and a quoted part may hold them.
    for (let quote = end - 2; quote >= 0 && end - quote <= QUOTED_MAX; quote--) if (text.charAt(quote) === '"') return quote
    // An unpaired quote: the run of address characters before it.
    return lastRun?.end === end - 1 ? lastRun.start : undefined
  }
}

/** `text` cut to at most `max` UTF-16 code units, never between the two halves of a surrogate pair. */
function cut(text: string, max: number): string {
  const end = /[\uD800-\uDBFF]/.test(text.charAt(max - 1)) ? max - 1 : max
  return text.slice(0, end)
}

/**
 * The text as the mask reads it: folded by Unicode NFKC, without the invisible characters that could
 * split an address (`alice\u200b@example.com`), its line breaks as spaces.
 */
function folded(text: string): string {
  return withoutInvisible(text.normalize('NFKC').replace(/\u00ad/g, '')).replace(/[\r\n\u2028\u2029]+/g, ' ')
}

/** The text folded, with the addresses `addressRanges` finds in it replaced by [email]. */
function masked(text: string, openEnd: boolean): string {
  return maskedFolded(folded(text), openEnd)
}

/** Folded text with the addresses `addressRanges` finds in it replaced by [email]. */
function maskedFolded(folded: string, openEnd: boolean): string {
  let result = ''
  let from = 0
  for (const [start, end] of addressRanges(folded, openEnd)) {
    result += `${folded.slice(from, start)}${EMAIL_MASK}`
    from = end
  }
  return result + folded.slice(from)
}

/** The text, folded by Unicode NFKC, with every e-mail address in it replaced by [email]. */
export function maskEmails(text: string): string {
  return masked(text, false)
}

/**
 * `maskEmails` for text that was cut: an address whose domain runs to the end of the text is masked
 * however short it is, since its rest was cut away.
 */
export function maskCutEmails(text: string): string {
  return masked(text, true)
}

/**
 * Reader text as a run shows it: cut to READER_TEXT_MAX_CHARS before anything reads it (an ellipsis
 * says so), then folded and masked (`maskEmails`, `maskCutEmails`).
 */
export function shownReaderText(text: string): string {
  const max = READER_TEXT_MAX_CHARS - 1
  // Folding can lengthen text (one character may become eighteen): it is cut again before the mask
  // reads it, so that the mask's work is bounded by the limit, not by what folding made of the text.
  // Stryker disable next-line ConditionalExpression: the same text either way; cutting first bounds the work
  const fold = folded(text.length > READER_TEXT_MAX_CHARS ? cut(text, max) : text)
  const wasCut = text.length > READER_TEXT_MAX_CHARS || fold.length > READER_TEXT_MAX_CHARS
  const shown = maskedFolded(wasCut ? cut(fold, max) : fold, wasCut)
  // Masking can lengthen it too ([email] for a short address): the limit holds after it as well.
  return flat(wasCut || shown.length > READER_TEXT_MAX_CHARS ? `${cut(shown, max)}…` : shown)
}

/**
 * A copy of the text that holds on to nothing else: a piece cut from a longer string may keep the
 * whole of it in memory, and a run keeps many of these.
 */
function flat(text: string): string {
  return Buffer.from(text, 'utf16le').toString('utf16le')
}

/** Reader text as a run may keep it: cut and masked when shown, nothing when hidden. */
export function readerText(text: string | null | undefined, show: boolean): string | undefined {
  if (!show || text === null || text === undefined) return undefined
  return shownReaderText(text)
}

// The characters a fold turns into printable ASCII. A run folds every text it shows by Unicode NFKC,
// without the invisible characters (`ｍｉｎｔ` in fullwidth is `mint`, `mint\u200b_` is `mint_`), so
// these are the characters that can make a piece of a secret, or of anything else written in ASCII.
import { withoutInvisible } from './escape.js'

/**
 * The characters from code point `from` to `to` that the fold turns into printable ASCII, or into
 * nothing (the invisible ones), each with what it becomes: a run of characters beyond ASCII in it as
 * one \x00, since nothing written in ASCII matches them (U+FDFA folds into 18 characters, 3 of them
 * spaces: 7 here).
 */
export function asciiFolds(from: number, to: number): Map<number, string> {
  const folds = new Map<number, string>()
  for (let code = from; code <= to; code++) {
    // A character the fold leaves as it is is not ASCII (the ranges start above it), so it is not kept.
    const folded = withoutInvisible(String.fromCodePoint(code).normalize('NFKC'))
    if (folded === '' || /[\x20-\x7e]/.test(folded)) folds.set(code, folded.replace(/\P{ASCII}+/gu, '\x00'))
  }
  return folds
}

let known: ReadonlyMap<number, string> | undefined
/**
 * Every such character: all lie from U+0080 to U+1FFFF, but the tag characters (U+E0000 to U+E0FFF),
 * which are invisible. Found once, from the runtime's own Unicode data, the first time a text needs them.
 */
function allAsciiFolds(): ReadonlyMap<number, string> {
  // Filled once for each process, so a mutation testing run, which keeps its modules from test to
  // test, cannot run it again: asciiFolds's tests and foldsToAscii's (the tag character) check it.
  // Stryker disable next-line ArrayDeclaration: run once, before the mutant is switched on
  known ??= new Map([...asciiFolds(0x80, 0x1ffff), ...asciiFolds(0xe0000, 0xe0fff)])
  return known
}

/** Text of ASCII alone, which the fold leaves as it is. */
// eslint-disable-next-line no-control-regex -- every ASCII character, control characters included
const ASCII = /^[\x00-\x7f]*$/

/** Whether the fold can change what `text` says in printable ASCII: it holds a character above. */
export function foldsToAscii(text: string): boolean {
  // Only saves time, on the many texts of ASCII alone: the loop finds no such character in them.
  // Stryker disable next-line ConditionalExpression,BooleanLiteral: equivalent, the loop answers the same
  if (ASCII.test(text)) return false
  const folds = allAsciiFolds()
  for (const char of text) if (folds.has(char.codePointAt(0) as number)) return true
  return false
}

/** Each character beyond ASCII, a lone surrogate included. */
const BEYOND_ASCII = /\P{ASCII}/gu

/**
 * The pieces of `text` whose fold matches `pattern` (global, written in ASCII alone, matching nothing
 * empty), in order: where each starts and ends in `text`, whole characters. Character by character:
 * folding the whole text makes no more ASCII, since composition, which NFKC does over several
 * characters, never makes a printable ASCII character; and a cut between two characters (reader text
 * is cut before it is folded) can make what folding the whole text does not.
 */
export function foldedMatches(text: string, pattern: RegExp): [number, number][] {
  const folds = allAsciiFolds()
  // What a character is in the view the pattern is run over: its ASCII above, itself when ASCII, and
  // \x00, which no form matches, for every other character. So the view holds each character in one
  // code unit or a few, and is never much longer than the text.
  const viewed = (char: string): string => folds.get(char.codePointAt(0) as number) ?? (char < '\x80' ? char : '\x00')
  pattern.lastIndex = 0
  const spans = Array.from(text.replace(BEYOND_ASCII, viewed).matchAll(pattern), (match) => [match.index, match.index + match[0].length])
  const found: [number, number][] = []
  // Back from the view to the text, in one pass: `at` is where the character at `index` starts in the view.
  let at = 0
  let index = 0
  let next = 0
  let start = -1
  for (const char of text) {
    if (next === spans.length) break
    const end = at + viewed(char).length
    for (let span = spans[next]; span !== undefined; span = spans[next]) {
      if (start < 0) {
        if ((span[0] as number) >= end) break
        start = index
      }
      if ((span[1] as number) > end) break
      found.push([start, index + char.length])
      start = -1
      next++
    }
    at = end
    index += char.length
  }
  return found
}

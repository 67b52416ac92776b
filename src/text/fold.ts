// The characters a fold turns into printable ASCII. A run folds every text it shows by Unicode NFKC,
// without the invisible characters (`ｍｉｎｔ` in fullwidth is `mint`, `mint\u200b_` is `mint_`), so
// these are the characters that can make a piece of a secret, or of anything else written in ASCII.
import { withoutInvisible } from './escape.js'

/**
 * The characters from code point `from` to `to` that the fold turns into printable ASCII, or into
 * nothing (the invisible ones), each with what it becomes.
 */
export function asciiFolds(from: number, to: number): Map<number, string> {
  const folds = new Map<number, string>()
  for (let code = from; code <= to; code++) {
    // A character the fold leaves as it is is not ASCII (the ranges start above it), so it is not kept.
    const folded = withoutInvisible(String.fromCodePoint(code).normalize('NFKC'))
    if (folded === '' || /[\x20-\x7e]/.test(folded)) folds.set(code, folded)
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

/**
 * The text with each character above folded, and where each of its UTF-16 code units came from: the
 * start and the end of the character of `text` it is part of. Folding character by character finds
 * all the ASCII that folding the whole text makes: composition, which NFKC does over several
 * characters, never makes a printable ASCII character. Other characters are kept as they are: what
 * the fold makes of them holds no printable ASCII.
 */
export function foldedView(text: string): { view: string; starts: number[]; ends: number[] } {
  const folds = allAsciiFolds()
  let view = ''
  const starts: number[] = []
  const ends: number[] = []
  let index = 0
  for (const char of text) {
    const folded = folds.get(char.codePointAt(0) as number) ?? char
    for (let left = folded.length; left > 0; left--) {
      starts.push(index)
      ends.push(index + char.length)
    }
    view += folded
    index += char.length
  }
  return { view, starts, ends }
}

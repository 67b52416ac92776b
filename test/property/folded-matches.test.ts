// foldedMatches (src/text/fold.ts) against a slow reference: fold each character by NFKC without the
// invisible characters, keep for every code unit of the fold the character it came from, match, and
// map each match back to the characters it starts and ends in. The texts mix every kind of character
// the compact view treats apart: ASCII, characters folding into one ASCII character or several
// (fullwidth, ligatures, ¼, U+FDFA), into nothing (zero-width, tag characters), into nothing ASCII, and
// lone surrogates, astral letters and combining accents.
import { fc, test } from '@fast-check/vitest'
import { describe, expect, it } from 'vitest'
import { csvField } from '../../src/render/csv.js'
import { htmlText, logText, oneLine, withoutInvisible } from '../../src/text/escape.js'
import { foldedMatches } from '../../src/text/fold.js'
import { shownReaderText } from '../../src/text/reader-text.js'
import { redactor } from '../../src/text/secret.js'

const KEY = 'mint_foldKey7Qz9Xw'

/** The matches of `pattern` in the fold of `text`, character by character, mapped back unit by unit. */
function reference(text: string, pattern: RegExp): [number, number][] {
  let fold = ''
  const starts: number[] = []
  const ends: number[] = []
  let index = 0
  for (const char of text) {
    const folded = withoutInvisible(char.normalize('NFKC'))
    fold += folded
    starts.push(...Array<number>(folded.length).fill(index))
    ends.push(...Array<number>(folded.length).fill(index + char.length))
    index += char.length
  }
  return Array.from(fold.matchAll(new RegExp(pattern.source, pattern.flags)), (match) => [
    starts[match.index] as number,
    ends[match.index + match[0].length - 1] as number
  ])
}

/** The fullwidth form of a printable ASCII character. */
const fullwidth = (char: string) => String.fromCodePoint((char.codePointAt(0) as number) + 0xfee0)

const PIECES = [
  ...Array.from('mint_foldKey7Qz9Xw\\u006d%6D&#109;fi1/4 '),
  ...Array.from('mint_fi\\').map(fullwidth),
  '\ufb01', // ﬁ
  '\ufb03', // ﬃ
  '\ufb00', // ﬀ
  '\u00bc', // ¼: 1, the fraction slash, 4
  '\u00bd',
  '\ufdfa', // eighteen characters, three of them spaces
  '\u2474', // ⑴
  '\u33ba', // ㎺
  '\u200b',
  '\u00ad',
  '\u202e',
  '\ufeff',
  '\u{e0041}',
  '\u{e006d}',
  '\ud800',
  '\udc00',
  '\u{1d426}', // 𝐦
  '\u{1d422}', // 𝐢
  '\u{10400}', // an astral letter folding into itself
  '\u0301',
  '\u0323',
  'é',
  'ß',
  '\u4e00',
  '\x00'
]

/** A text of the pieces above, with some of the key in it now and then. */
const texts = fc
  .array(
    fc.oneof(
      { weight: 6, arbitrary: fc.constantFrom(...PIECES) },
      { weight: 1, arbitrary: fc.constantFrom(KEY, 'mint_', 'foldKey', 'fi') }
    ),
    {
      maxLength: 40
    }
  )
  .map((pieces) => pieces.join(''))

/** Patterns of printable ASCII alone, matching nothing empty: global, as foldedMatches takes them. */
const PATTERNS = [
  /mint_foldKey7Qz9Xw/g,
  /fi/g,
  /i/g,
  /f+/g,
  /n[!-^`-~]/g,
  /1[ -~]?4/g,
  /\\u006d|%6D|&#109;/gi,
  /m(?:int)?/g,
  / [!-~]* /g,
  /[!-~]{3}/g
]

describe('foldedMatches', () => {
  test.prop([texts, fc.constantFrom(...PATTERNS)], { numRuns: 2000 })('maps every match back as the slow fold does', (text, pattern) => {
    expect(foldedMatches(text, pattern)).toEqual(reference(text, pattern))
  })

  test.prop([texts, fc.constantFrom(...PATTERNS)])('gives spans of whole characters, in order, within the text', (text, pattern) => {
    let last = 0
    for (const [start, end] of foldedMatches(text, pattern)) {
      expect(start).toBeGreaterThanOrEqual(0)
      expect(end).toBeGreaterThan(start)
      expect(end).toBeLessThanOrEqual(text.length)
      // Two pieces may share a character folded into several, never more than that one.
      expect(start).toBeGreaterThanOrEqual(Math.min(last, start))
      for (const at of [start, end])
        expect(/[\ud800-\udbff]/.test(text.charAt(at - 1)) && /[\udc00-\udfff]/.test(text.charAt(at))).toBe(false)
      last = end
    }
  })

  it('maps a match that starts or ends inside a character folded into several to that whole character', () => {
    // ﬁ folds into `fi`, U+FDFA into eighteen characters, three of them spaces.
    expect(foldedMatches('a\ufb01b', /i/g)).toEqual([[1, 2]])
    expect(foldedMatches('\ufb01\ufb01', /if/g)).toEqual([[0, 2]])
    expect(foldedMatches('x\ufdfay', / /g)).toEqual([
      [1, 2],
      [1, 2],
      [1, 2]
    ])
    expect(foldedMatches('\u{1d426}\u200b\u{1d422}', /mi/g)).toEqual([[0, 5]])
  })

  it('keeps the flags of the pattern it is given: a case-blind pattern matches either case', () => {
    expect(foldedMatches('%6d', /\\u006d|%6D|&#109;/gi)).toEqual([[0, 3]])
    expect(foldedMatches('%6d', /\\u006d|%6D|&#109;/g)).toEqual([])
  })

  it('leaves invisible characters at either end of a match out of it', () => {
    expect(foldedMatches('\u200bm\u200bi\u200b', /mi/g)).toEqual([[1, 4]])
  })
})

/** Every way a run shows a text it keeps. */
const SHOWN: ((text: string) => string)[] = [
  shownReaderText,
  (text) => oneLine(text, 5000),
  (text) => htmlText(text, 5000),
  (text) => logText(text, 5000),
  csvField
]

describe('the redactor over the same texts', () => {
  test.prop([texts], { numRuns: 500 })('leaves nothing that any way of showing turns into the key, whole or cut anywhere', (text) => {
    const cleaned = redactor(KEY)(text)
    for (let from = 0; from <= cleaned.length; from++) {
      for (let to = from; to <= cleaned.length; to++) {
        const piece = cleaned.slice(from, to)
        for (const show of SHOWN) expect(withoutInvisible(show(piece).normalize('NFKC'))).not.toContain(KEY)
      }
    }
  })

  test.prop([texts])('keeps every character outside the pieces it replaces', (text) => {
    const spans = reference(text, new RegExp(KEY, 'g'))
    fc.pre(spans.length === 0 && !text.includes('\\') && !text.includes('%') && !text.includes('&'))
    expect(redactor(KEY)(text)).toBe(text)
  })
})

// The characters a shown text's fold (NFKC, invisible characters dropped) turns into ASCII, and the
// folded view of a text the redactor searches with where each of its parts came from.
import { describe, expect, it } from 'vitest'
import { asciiFolds, foldedMatches, foldsToAscii } from '../../../src/text/fold.js'

describe('asciiFolds', () => {
  it('holds the characters from the first to the last code point given, both included', () => {
    expect(asciiFolds(0xff21, 0xff21)).toEqual(new Map([[0xff21, 'A']]))
    expect(asciiFolds(0x2460, 0x2462)).toEqual(
      new Map([
        [0x2460, '1'],
        [0x2461, '2'],
        [0x2462, '3']
      ])
    )
  })

  it('holds what folds into printable ASCII, in part or whole, and the invisible characters, which fold into nothing', () => {
    const latin = asciiFolds(0x80, 0xff)
    expect(latin.get(0xa0)).toBe(' ') // no-break space
    expect(latin.get(0xaa)).toBe('a') // ª
    expect(latin.get(0xb2)).toBe('2') // ²
    expect(latin.get(0xbc)).toBe('1\x004') // ¼: the fraction slash, beyond ASCII, as \x00
    // ﷺ: four Arabic words between three spaces, each word one \x00.
    expect(asciiFolds(0xfdfa, 0xfdfa).get(0xfdfa)).toBe('\x00 \x00 \x00 \x00')
    expect(latin.get(0xad)).toBe('') // soft hyphen
    expect(asciiFolds(0x200b, 0x200b)).toEqual(new Map([[0x200b, '']]))
    expect(asciiFolds(0xe0041, 0xe0041)).toEqual(new Map([[0xe0041, '']])) // the tag letter A
  })

  it('keeps every character to 7 code units or fewer, so the view the redactor searches is never more than 7 times the text', () => {
    const longest = Math.max(...[...asciiFolds(0x80, 0x1ffff).values()].map((folded) => folded.length))
    expect(longest).toBe(7)
  })

  it('leaves out what the fold keeps as it is, or turns into other characters beyond ASCII', () => {
    const latin = asciiFolds(0x80, 0xff)
    expect(latin.has(0x80)).toBe(false) // a control character
    expect(latin.has(0xe9)).toBe(false) // é
    expect(asciiFolds(0x212b, 0x212b).size).toBe(0) // the Angstrom sign folds into Å
    expect(asciiFolds(0x4e00, 0x4e00).size).toBe(0) // 一
  })
})

describe('foldsToAscii', () => {
  it.each([
    ['ASCII alone', 'mint_key', false],
    ['letters with accents', 'café crème', false],
    ['ideographs', '中文文档', false],
    ['a lone surrogate', 'a\ud800b', false],
    ['a fullwidth letter', 'caféｍ', true],
    ['a zero-width space', 'mint\u200b_', true],
    ['a mathematical letter beyond U+FFFF', 'é\u{1d400}', true],
    ['a tag character', 'é\u{e0041}', true]
  ])('%s: %s', (_what, text, folds) => {
    expect(foldsToAscii(text)).toBe(folds)
  })
})

describe('foldedMatches', () => {
  const spans = (text: string, pattern: RegExp) => foldedMatches(text, pattern)

  it('finds what the characters make folded one by one, as whole characters of the text', () => {
    // a, fullwidth m, zero-width space, mathematical bold A (two code units), é
    expect(spans('aｍ\u200b\u{1d400}é', /amA/g)).toEqual([[0, 5]])
    expect(spans('xｍ\u200bA', /mA/g)).toEqual([[1, 4]])
    // The accent composes with ｗ when the whole text is folded, not when its characters are.
    expect(spans('ｗ\u0301', /w/g)).toEqual([[0, 1]])
  })

  it('gives each piece its own span, two pieces of one character that folds into several included', () => {
    expect(spans('ﬁ ﬁ', /f|i/g)).toEqual([
      [0, 1],
      [0, 1],
      [2, 3],
      [2, 3]
    ])
    expect(spans('x¼y', /1|4/g)).toEqual([
      [1, 2],
      [1, 2]
    ])
    // ¼¼ is 1, \x00, 4, 1, \x00, 4 in the view: a piece may span two characters.
    expect(spans('¼¼', /41/g)).toEqual([[0, 2]])
    expect(spans('ab¼cd', /b1/g)).toEqual([[1, 3]])
  })

  it('matches nothing beyond ASCII, nor across it', () => {
    // The view the pattern is run over holds no character beyond ASCII.
    expect(spans('é', /é/g)).toEqual([])
    expect(spans('aéb', /ab/g)).toEqual([])
    expect(spans('ab', /c/g)).toEqual([])
    expect(spans('', /a/g)).toEqual([])
  })

  it('starts from the start of the text whatever the pattern was last used for', () => {
    const pattern = /ab/g
    pattern.lastIndex = 5
    expect(spans('ａb ab', pattern)).toEqual([
      [0, 2],
      [3, 5]
    ])
  })
})

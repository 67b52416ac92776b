// The characters a shown text's fold (NFKC, invisible characters dropped) turns into ASCII, and the
// folded view of a text the redactor searches with where each of its parts came from.
import { describe, expect, it } from 'vitest'
import { asciiFolds, foldedView, foldsToAscii } from '../../../src/text/fold.js'

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
    expect(latin.get(0xbc)).toBe('1\u20444') // ¼, the fraction slash left as it is
    expect(latin.get(0xad)).toBe('') // soft hyphen
    expect(asciiFolds(0x200b, 0x200b)).toEqual(new Map([[0x200b, '']]))
    expect(asciiFolds(0xe0041, 0xe0041)).toEqual(new Map([[0xe0041, '']])) // the tag letter A
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

describe('foldedView', () => {
  it('folds each character, and maps each code unit of the view to the character it came from', () => {
    // a, fullwidth m, zero-width space, mathematical bold A (two code units), é
    expect(foldedView('aｍ\u200b\u{1d400}é')).toEqual({ view: 'amAé', starts: [0, 1, 3, 5], ends: [1, 2, 5, 6] })
  })

  it('maps every code unit a character folds into back to that one character', () => {
    expect(foldedView('xﬁ¼')).toEqual({ view: 'xfi1\u20444', starts: [0, 1, 1, 2, 2, 2], ends: [1, 2, 2, 3, 3, 3] })
  })

  it('keeps a text the fold does not change as it is', () => {
    expect(foldedView('ab')).toEqual({ view: 'ab', starts: [0, 1], ends: [1, 2] })
    expect(foldedView('')).toEqual({ view: '', starts: [], ends: [] })
  })
})

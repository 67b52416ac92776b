// The counts of readers, each worded one way (src/text/measures.ts): the names the log, the outputs,
// the headlines, the lead, Fix first and the sections share.
import { describe, expect, it } from 'vitest'
import {
  noClickHitsText,
  noClickTermsText,
  notHelpfulText,
  pageUnhappyText,
  thumbsDownText,
  thumbsUpText,
  unhappyReaders,
  unhappyReadersText
} from '../../../src/text/measures.js'

describe('the measures', () => {
  it('counts a reader’s thumbs down and the not-helpful row left with it once: the larger of the two', () => {
    expect(unhappyReaders(14, 17)).toBe(17)
    expect(unhappyReaders(17, 14)).toBe(17)
    expect(unhappyReaders(0, 0)).toBe(0)
  })

  it('names each count with its number, thousands marked', () => {
    expect(thumbsDownText(1)).toBe('1 thumbs down')
    expect(thumbsUpText(1_234)).toBe('1,234 thumbs up')
    expect(notHelpfulText(29)).toBe('29 marked not helpful')
    expect(unhappyReadersText(35, 30, 29)).toBe('35 unhappy readers (30 thumbs down, 29 marked not helpful; a reader counts once)')
    expect(unhappyReadersText(1, 1, 0)).toBe('1 unhappy reader (1 thumbs down, 0 marked not helpful; a reader counts once)')
  })

  it('tells searches with no click from search terms with no click', () => {
    expect(noClickHitsText(547)).toBe('547 searches with no click')
    expect(noClickHitsText(1)).toBe('1 search with no click')
    expect(noClickTermsText(4)).toBe('4 search terms with no click')
    expect(noClickTermsText(1)).toBe('1 search term with no click')
  })

  it('gives a page’s unhappy readers with both parts, or the one count a page has alone', () => {
    expect(pageUnhappyText(14, 17)).toBe('17 unhappy readers (14 thumbs down, 17 marked not helpful; a reader counts once)')
    expect(pageUnhappyText(14, 0)).toBe('14 thumbs down')
    expect(pageUnhappyText(0, 3)).toBe('3 marked not helpful')
  })
})

// The key after a cut: reader text is cut to its limit before it is folded (text/reader-text.ts), so
// a cut can part a character of the key from the accent after it. Folded whole, `ｗ\u0301` is `ẃ` and
// the text holds no key; cut between the two, the fold makes the key's last `w`. A text the redactor
// cleaned must hold nothing that any cut and fold a run makes turns into the key.
// Also: a text of characters that fold into many is searched in a view a few times its length.
import { describe, expect, it } from 'vitest'
import { READER_TEXT_MAX_CHARS, shownReaderText } from '../../../src/text/reader-text.js'
import { redactor } from '../../../src/text/secret.js'
import { stressSize } from '../../support/stress.js'

const KEY = 'mint_foldKey7Qz9Xw'

/** The fullwidth form of a printable ASCII character. */
const fullwidth = (char: string): string => String.fromCodePoint((char.codePointAt(0) as number) + 0xfee0)

describe('the key parted from an accent by the reader text cut', () => {
  it.each([
    ['its last character in fullwidth', `${KEY.slice(0, -1)}${fullwidth('w')}`],
    ['every character in fullwidth', Array.from(KEY).map(fullwidth).join('')],
    ['its first character in fullwidth', `${fullwidth('m')}${KEY.slice(1)}`]
  ])('is cleaned with %s, an accent after it where the cut falls', (_form, disguised) => {
    // The accent is the first character the cut leaves out: the kept text ends with the key.
    const text = `${'a'.repeat(READER_TEXT_MAX_CHARS - 1 - disguised.length)}${disguised}\u0301 and more`
    expect(text.normalize('NFKC')).not.toContain(KEY)
    // Shown as it came, the cut makes the key: what the redactor must prevent.
    expect(shownReaderText(text)).toContain(KEY)
    const cleaned = redactor(KEY)(text)
    expect(shownReaderText(cleaned)).not.toContain(KEY)
    expect(cleaned).toContain('***')
  })

  it('is cleaned when any accent that composes with the last character follows it', () => {
    for (const accent of ['\u0300', '\u0301', '\u0302', '\u0308', '\u0307', '\u0323', '\u030a']) {
      const text = `x ${KEY.slice(0, -1)}${fullwidth('w')}${accent} y`
      expect(redactor(KEY)(text)).toBe(`x ***${accent} y`)
    }
  })
})

describe('a text of characters that fold into many', () => {
  it('is searched in a view a few times its length, and the key after it still cleaned', () => {
    // ﷺ folds into 18 characters, 3 of them spaces: the view holds 7 code units of it (the bound
    // test/unit/text/fold.test.ts holds for every character). Half a million of them: 9 million
    // code units folded whole.
    const text = `${'\ufdfa'.repeat(stressSize(500_000))}${fullwidth('m')}${KEY.slice(1)}`
    const cleaned = redactor(KEY)(text)
    expect(cleaned.endsWith('ﷺ***')).toBe(true)
    expect(cleaned).toHaveLength(text.length - KEY.length + 3)
  })
})

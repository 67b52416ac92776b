// The key after every fold (src/text/secret.ts): a text the redactor cleaned holds nothing that
// becomes the key once shown, however it is shown: folded as reader text is (NFKC, invisible
// characters dropped, text/reader-text.ts), kept to one line (oneLine), escaped for HTML (htmlText),
// a log line (logText) or a CSV field. The service may echo the key in fullwidth, in mathematical
// letters, split by zero-width characters or as JSON escapes of any of these.
import { fc, test } from '@fast-check/vitest'
import { describe, expect, it } from 'vitest'
import { csvField } from '../../src/render/csv.js'
import { htmlText, logText, oneLine, withoutInvisible } from '../../src/text/escape.js'
import { shownReaderText } from '../../src/text/reader-text.js'
import { redactor } from '../../src/text/secret.js'

const KEY = 'mint_foldKey7Qz9Xw'
/** Made in each test, not at load, so that mutation testing can tell which test runs the redactor. */
const redact = (text: string): string => redactor(KEY)(text)

/** The fullwidth form of a printable ASCII character. */
const fullwidth = (char: string) => String.fromCodePoint((char.codePointAt(0) as number) + 0xfee0)
/** A mathematical bold letter or digit for an ASCII one, when Unicode has one. */
function bold(char: string): string {
  if (/[A-Z]/.test(char)) return String.fromCodePoint(0x1d400 + char.charCodeAt(0) - 65)
  if (/[a-z]/.test(char)) return String.fromCodePoint(0x1d41a + char.charCodeAt(0) - 97)
  if (/[0-9]/.test(char)) return String.fromCodePoint(0x1d7ce + char.charCodeAt(0) - 48)
  return char
}
const INVISIBLE = ['\u200b', '\u200d', '\u2060', '\ufeff', '\u00ad', '\u202e', '\u{e0041}']

/** The key with each character in one of its forms, an invisible character between some. */
const disguisedKey = fc
  .array(fc.tuple(fc.constantFrom('plain', 'fullwidth', 'bold'), fc.option(fc.constantFrom(...INVISIBLE), { nil: undefined })), {
    minLength: KEY.length,
    maxLength: KEY.length
  })
  .map((forms) =>
    Array.from(KEY)
      .map((char, index) => {
        const [form, invisible] = forms[index] ?? ['plain', undefined]
        const shown = form === 'fullwidth' ? fullwidth(char) : form === 'bold' ? bold(char) : char
        return `${shown}${invisible ?? ''}`
      })
      .join('')
  )

/** Every way a run shows a text it keeps. */
const SHOWN: [string, (text: string) => string][] = [
  ['as reader text', shownReaderText],
  ['on one line', (text) => oneLine(text, 5000)],
  ['as HTML', (text) => htmlText(text, 5000)],
  ['in the log', (text) => logText(text, 5000)],
  ['in a CSV field', csvField]
]

/** Whether `text` holds the key, as it is or once folded, or HTML's entities of it decoded. */
function holdsKey(text: string): boolean {
  const decoded = text.replace(/<span>|<\/span>/g, '').replace(/&#(\d+);/g, (_, code: string) => String.fromCodePoint(Number(code)))
  return [text, decoded].some((t) => t.includes(KEY) || shownReaderText(t).includes(KEY) || redact(t) !== t)
}

describe('the key after every fold', () => {
  it.each([
    ['in fullwidth', Array.from(KEY).map(fullwidth).join('')],
    ['in mathematical bold', Array.from(KEY).map(bold).join('')],
    ['split by zero-width spaces', Array.from(KEY).join('\u200b')],
    ['split by soft hyphens', Array.from(KEY).join('\u00ad')],
    ['behind a right-to-left override', `\u202e${KEY}`]
  ])('is cleaned %s, and nothing shown of what is left holds it', (_form, disguised) => {
    const cleaned = redact(`search: ${disguised} now`)
    expect(withoutInvisible(cleaned)).toBe('search: *** now')
    for (const [, show] of SHOWN) expect(holdsKey(show(cleaned))).toBe(false)
  })

  it('was not cleaned before: the fold made the key of its fullwidth echo', () => {
    const echo = Array.from(KEY).map(fullwidth).join('')
    expect(shownReaderText(echo)).toBe(KEY)
  })

  test.prop([
    fc.array(fc.oneof(disguisedKey, fc.string({ maxLength: 6 }), fc.constantFrom(...INVISIBLE, KEY.slice(0, 6), KEY.slice(6))), {
      maxLength: 6
    })
  ])('leaves nothing that any way of showing turns into the key', (pieces) => {
    const cleaned = redact(pieces.join(''))
    for (const [, show] of SHOWN) expect(holdsKey(show(cleaned))).toBe(false)
  })

  test.prop([fc.string({ maxLength: 200 }), fc.string({ unit: 'grapheme', maxLength: 50 })])(
    'changes no text that holds no key',
    (ascii, other) => {
      const text = `${ascii}${other}`
      fc.pre(!holdsKey(text))
      expect(redact(text)).toBe(text)
    }
  )
})

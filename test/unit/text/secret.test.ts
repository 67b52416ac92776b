// The key in every form a service might echo it in: what the runner is told to mask, and what the
// client cleans from every text it derives from the service.
import { describe, expect, it } from 'vitest'
import { characterEntities } from 'character-entities'
import { entityFolds, redactor, secretForms } from '../../../src/text/secret.js'
import { growthOf, LINEAR_GROWTH, mutationTesting, stressSize } from '../../support/stress.js'

// A key with the characters JSON, URLs and base64 change: / " + and a backslash.
const KEY = 'mint_ab/cd"ef+x9Q\\2LmZ7pR4tW8yK1nB5vC3'
/** Made in each test, not at load, so that mutation testing can tell which test runs the redactor. */
const redact = (text: string): string => redactor(KEY)(text)

const base64 = (text: string): string => Buffer.from(text, 'utf8').toString('base64')
const base64url = (text: string): string => Buffer.from(text, 'utf8').toString('base64url')

/** The key as a JSON string's content, every character written as \uXXXX in the given case. */
function unicodeEscaped(text: string, upper: boolean): string {
  return Array.from(text)
    .map((c) => {
      const hex = c.charCodeAt(0).toString(16).padStart(4, '0')
      return `\\u${upper ? hex.toUpperCase() : hex}`
    })
    .join('')
}

describe('redactor', () => {
  it.each([
    ['as sent', KEY],
    ['inside JSON', JSON.stringify({ error: `bad key ${KEY}` })],
    ['inside JSON with / escaped', JSON.stringify({ error: KEY }).replace(/\//g, '\\/')],
    ['inside JSON inside JSON', JSON.stringify(JSON.stringify({ echo: KEY }))],
    ['inside JSON three times over', JSON.stringify(JSON.stringify(JSON.stringify({ echo: KEY })))],
    ['as \\u escapes, lower case', unicodeEscaped(KEY, false)],
    ['as \\u escapes, upper case', unicodeEscaped(KEY, true)],
    ['URL-encoded', `https://x.example/?key=${encodeURIComponent(KEY)}`],
    ['URL-encoded in lower case', encodeURIComponent(KEY).replace(/%[0-9A-F]{2}/g, (e) => e.toLowerCase())],
    ['URL-encoded twice', encodeURIComponent(encodeURIComponent(KEY))],
    ['every character URL-encoded', [...Buffer.from(KEY)].map((b) => `%${b.toString(16).padStart(2, '0')}`).join('')],
    ['as HTML entities', KEY.replace(/"/g, '&quot;').replace(/\//g, '&#47;').replace(/\+/g, '&#x2B;')],
    ['base64', base64(KEY)],
    ['base64 without padding', base64(KEY).replace(/=+$/, '')],
    ['base64url', base64url(KEY)],
    ['base64 of the Authorization header', `Authorization: Bearer ${base64(`Bearer ${KEY}`)}`],
    ['base64url of the Authorization header', base64url(`Bearer ${KEY}`)]
  ])('removes the key %s', (_form, text) => {
    const cleaned = redact(text)
    expect(cleaned).toContain('***')
    for (const form of [KEY, ...secretForms(KEY)]) expect(cleaned).not.toContain(form)
    expect(cleaned).not.toMatch(/ab.{0,12}cd.{0,12}ef/)
  })

  it.each([0, 1, 2, 3, 4, 5])('removes the key from base64 of a longer text, %i characters in', (offset) => {
    const text = `${'x'.repeat(offset)}{"authorization":"Bearer ${KEY}"}`
    for (const encoded of [base64(text), base64url(text)]) {
      const cleaned = redact(encoded)
      expect(cleaned).toContain('***')
      // What is left decodes to the text around the key and at most two of its characters at each end.
      const kept = cleaned.split('***').map((part) => Buffer.from(part, 'base64').toString('latin1'))
      expect(kept.join('').length).toBeLessThan(text.length - KEY.length + 6)
    }
  })

  it('keeps the rest of the text, and every occurrence is replaced', () => {
    expect(redact(`a ${KEY} b ${JSON.stringify(KEY)} c`)).toBe('a *** b "***" c')
  })

  it('leaves text without the key alone, a part of the key included', () => {
    const text = `mint_ab/cd"ef ${KEY.slice(0, -1)} ${base64(KEY.slice(1, 5))} \\\\\\ %%25 &#;`
    expect(redact(text)).toBe(text)
  })

  it('leaves alone an entity named for no character, and one named for another character', () => {
    for (const text of [
      `&undefined;${KEY.slice(1)}`,
      `mint&lowbaz;${KEY.slice(5)}`,
      `mint&dash;${KEY.slice(5)}`,
      `mint&#94;${KEY.slice(5)}`
    ]) {
      expect(redact(text)).toBe(text)
    }
  })

  it.each([
    ['named, with its ;', 'mint&lowbar;ab/cd', '&lowbar;'],
    ['named, without its ;', 'mint&lowbarab/cd', '&lowbar'],
    ['by its other name', 'mint&UnderBar;ab/cd', '&UnderBar;'],
    ['by a name in another case', 'mint&LOWBAR;ab/cd', '&LOWBAR;'],
    ['decimal, with its ;', 'mint&#95;ab/cd', '&#95;'],
    ['decimal, without its ;', 'mint&#95ab/cd', '&#95'],
    ['decimal, with leading zeros', 'mint&#00095;ab/cd', '&#00095;'],
    ['hex, without its ;', 'mint&#x5fab/cd', '&#x5f'],
    ['hex, upper case', 'mint&#X5F;ab/cd', '&#X5F;'],
    ['as a letter that folds into it', '&Mopf;int_ab/cd', '&Mopf;'],
    ['as a letter of the other case', '&mscr;INT_ab/cd', '&mscr;']
  ])('replaces the key written with an HTML character reference %s', (_form, start, reference) => {
    expect(start).toContain(reference)
    expect(redact(`x ${start}${KEY.slice(10)} y`)).toBe('x *** y')
  })

  it.each([
    ['upper case', KEY.toUpperCase()],
    ['lower case', KEY.toLowerCase()],
    ['upper case, URL-encoded', encodeURIComponent(KEY.toUpperCase())],
    ['upper case, as \\u escapes', unicodeEscaped(KEY.toUpperCase(), false)],
    [
      'upper case, in fullwidth',
      Array.from(KEY.toUpperCase(), (c) => String.fromCodePoint((c.codePointAt(0) as number) + 0xfee0)).join('')
    ],
    ['its letters as decimal entities of the other case', KEY.replace(/[a-z]/g, (c) => `&#${c.toUpperCase().charCodeAt(0)}`)],
    ['base64, upper-cased', base64(KEY).toUpperCase()]
  ])('replaces the key in %s', (_form, text) => {
    expect(redact(`x ${text} y`)).toBe('x *** y')
  })

  it('matches a character in another case only where that case is one character', () => {
    // ß upper-cases into SS, two characters: the key is not read in them.
    const redactSharp = redactor('mint_ßkey9')
    expect(redactSharp('x mint_ßKEY9 y')).toBe('x *** y')
    expect(redactSharp('x mint_SSkey9 y')).toBe('x mint_SSkey9 y')
  })

  // Linear work: its CPU time grows about as the text does, from up to half a MiB to four times that
  // (quadratic matching would grow 16 times, and take minutes at 2 MiB). CPU time, not wall time: a busy machine
  // does not change it, so the test's limit is only there to end a run that never would.
  const linearOver = (run: string): number =>
    growthOf((size) => {
      const text = run.repeat(Math.floor(size / run.length))
      expect(redact(text)).toBe(text)
    }, 512 * 1024)

  it.skipIf(mutationTesting)('tells work that grows with the square from linear work, by the same measure', () => {
    let sink = 0
    const square = (size: number) => {
      for (let i = 0; i < size; i++) for (let j = 0; j < size; j++) sink += i ^ j
    }
    const linear = (size: number) => {
      for (let i = 0; i < size * 4000; i++) sink += i & 7
    }
    expect(growthOf(square, 600)).toBeGreaterThan(LINEAR_GROWTH)
    expect(growthOf(linear, 600)).toBeLessThanOrEqual(LINEAR_GROWTH)
    expect(sink).toBeGreaterThan(0)
  })

  it('runs in linear time over runs of entities and of the key in another case', () => {
    for (const run of ['&lowbar', '&lowbar;', 'mint&#95', '&#x0000', '&Mopf', KEY.slice(0, 12).toUpperCase()]) {
      expect(linearOver(run), run).toBeLessThanOrEqual(LINEAR_GROWTH)
    }
  }, 300_000)

  it('cleans a text whose characters folded one by one make the key, though its fold, whole, does not', () => {
    // Folded whole the text is mint_Qé, e and the accent composed; cut before the accent, it is the key.
    const text = 'ｍint_Qe\u0301'
    expect(text.normalize('NFKC')).toBe('mint_Q\u00e9')
    expect(redactor('mint_Qe')(text)).toBe('***\u0301')
  })

  it('URL-encodes every byte of a character: two for one beyond ASCII, two digits for a control character', () => {
    expect(redactor('clé-secrète-42')(`?k=${encodeURIComponent('clé-secrète-42')}`)).toBe('?k=***')
    expect(redactor('key\tpart42')('x=key%09part42&')).toBe('x=***&')
  })

  it('replaces unpadded standard base64 whole, when it holds a + or / that base64url writes otherwise', () => {
    const key = 'mint_a?b>c~d?e>f'
    const unpadded = base64(key).replace(/=+$/, '')
    expect(unpadded).toMatch(/[+/]/)
    expect(redactor(key)(`"${unpadded}"`)).toBe('"***"')
  })

  it('runs in linear time over runs of the characters its escapes begin with', () => {
    for (const run of ['\\', '%25', '&#0', 'm', KEY.slice(0, 10)]) {
      expect(linearOver(run), run).toBeLessThanOrEqual(LINEAR_GROWTH)
    }
  }, 300_000)

  it('replaces a numeric HTML reference behind more zeros than an escape repeats, as HTML reads it', () => {
    const zeros = '0'.repeat(40)
    const text = Array.from(KEY, (c, i) =>
      i % 2 === 0 ? `&#${zeros}${c.charCodeAt(0)};` : `&#x${zeros}${c.charCodeAt(0).toString(16)}`
    ).join('')
    expect(redact(`x ${text} y`)).toBe('x *** y')
    expect(redact(`x &#${zeros}109;int y`)).toBe('x &#' + zeros + '109;int y')
  })

  it('runs in linear time over one reference behind a long run of zeros, as over many', () => {
    const growth = growthOf((size) => {
      const text = `${KEY.slice(0, 3)}&#${'0'.repeat(size)}`
      expect(redact(text)).toBe(text)
    }, 256 * 1024)
    expect(growth).toBeLessThanOrEqual(LINEAR_GROWTH)
  }, 300_000)

  it('replaces base64 whose + / and = a URL encodes, once or twice, whole or inside a longer text', () => {
    // Its base64 holds a +, and behind `Bearer ` and inside the JSON below a + and a /.
    const key = 'mint_a?b>c~d?e>f?g>h'
    const cleaned = redactor(key)
    const forms = [
      encodeURIComponent(base64(key)),
      encodeURIComponent(base64(`Bearer ${key}`)),
      encodeURIComponent(encodeURIComponent(base64(`Bearer ${key}`))),
      encodeURIComponent(base64(`Bearer ${key}`)).toLowerCase()
    ]
    for (const form of forms) {
      expect(form).toMatch(/%(25)?2[bf]/i)
      expect(cleaned(`?auth=${form}&x`)).toBe('?auth=***&x')
    }
    const longer = encodeURIComponent(base64(`{"token":"${key}","at":1}`))
    expect(longer).toMatch(/%2F.*%2B|%2B.*%2F/)
    expect(cleaned(longer)).toMatch(/^eyJ0b2tlbiI6I\w*\*\*\*\w*(%3D)*$/)
  })

  it('replaces the key as JavaScript or Python escapes and as its bytes in hex, in any case', () => {
    const hexOf = (c: string): string => c.charCodeAt(0).toString(16)
    const forms = [
      Array.from(KEY, (c) => `\\x${hexOf(c).padStart(2, '0')}`).join(''),
      Array.from(KEY, (c) => `\\u{${hexOf(c)}}`).join(''),
      Array.from(KEY, (c, i) => (i % 2 === 0 ? `\\\\X${hexOf(c).toUpperCase()}` : `\\u{00${hexOf(c)}}`)).join(''),
      Buffer.from(KEY).toString('hex'),
      Buffer.from(KEY).toString('hex').toUpperCase()
    ]
    for (const form of forms) expect(redact(`x ${form} y`)).toBe('x *** y')
    expect(redact(`${'\\'.repeat(20)}x6d${KEY.slice(1)}`)).toBe('***')
    // A character beyond one byte has no \x escape.
    expect(redactor('mint_\u015d9')('mint_\\x15d9')).toBe('mint_\\x15d9')
    expect(redactor('mint_\u015d9')('mint_\\u{15d}9')).toBe('***')
  })

  it('runs in linear time over runs of the characters a JavaScript escape begins with', () => {
    // Quadratic matching would take minutes on these; linear takes well under the test's limit.
    for (const run of ['\\u{', '\\x', '6d696e', `${KEY.slice(0, 3)}\\u{${'0'.repeat(64)}`]) {
      const text = run.repeat(Math.floor(stressSize(2 * 1024 * 1024) / run.length))
      expect(redact(text)).toBe(text)
    }
  }, 20_000)

  it('redacts the key behind a run of backslashes longer than an escape', () => {
    expect(redact(`${'\\'.repeat(20)}${KEY}`)).toBe(`${'\\'.repeat(20)}***`)
  })

  it('replaces whole forms, padding and the Authorization header included, keeping what is around them', () => {
    // 16 characters: their base64 ends in '=='.
    const key = 'mint_Q7x9k2Lp4Rz'
    const cleaned = redactor(key)
    for (const form of [base64(key), base64(key).replace(/=+$/, ''), base64(`Bearer ${key}`), base64url(`Bearer ${key}`)]) {
      expect(cleaned(`"${form}"`)).toBe('"***"')
    }
  })

  it('replaces the named HTML entities of " & \' < >', () => {
    const key = `mint_<a>&'b"c9`
    const named = key.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/'/g, '&apos;').replace(/"/g, '&quot;')
    expect(redactor(key)(`x ${named} y`)).toBe('x *** y')
  })

  it('replaces a \\u escape that follows an escaped backslash in the key', () => {
    const key = 'mint\\/key42'
    expect(redactor(key)(JSON.stringify(key).slice(1, -1).replace('/', '\\u002f'))).toBe('***')
  })

  it.each([0, 1, 2])('finds the key in URL-safe base64 of a longer text, %i characters in', (offset) => {
    // Characters whose base64 holds '+' and '/', which base64url writes as '-' and '_'.
    const key = 'mint_~~~???>>>~?>~'
    const encoded = base64url(`${'x'.repeat(offset)}${key}!`)
    expect(encoded).toMatch(/[-_]/)
    expect(redactor(key)(encoded)).toContain('***')
  })

  it('masks base64 shared with the key from eight characters on, and not below', () => {
    const redactShort = redactor('abcdefg')
    // The first six bytes' encoding, 'YWJjZGVm', inside the encoding of a different text.
    expect(redactShort(base64('abcdefXY'))).toBe('***WFk=')
    // Four characters that any text's base64 may hold ('cde' a byte in) are left alone.
    expect(redactShort(`x ${base64('cde')} y`)).toBe(`x ${base64('cde')} y`)
  })

  it('changes nothing for an empty secret', () => {
    expect(redactor('')('text')).toBe('text')
    expect(redactor('').folds('ｍint')).toBe('ｍint')
  })
})

describe('secretForms', () => {
  it('lists the key first, then its JSON-escaped, URL-encoded and base64 forms, each once', () => {
    const forms = secretForms(KEY)
    expect(forms[0]).toBe(KEY)
    expect(forms).toContain('mint_ab/cd\\"ef+x9Q\\\\2LmZ7pR4tW8yK1nB5vC3')
    expect(forms).toContain('mint_ab\\/cd\\"ef+x9Q\\\\2LmZ7pR4tW8yK1nB5vC3')
    expect(forms).toContain(encodeURIComponent(KEY))
    expect(forms).toContain(base64(KEY))
    expect(forms).toContain(base64(`Bearer ${KEY}`))
    expect(forms).toContain(base64url(`Bearer ${KEY}`))
    expect(new Set(forms).size).toBe(forms.length)
    expect(forms.every((form) => form.length >= 8)).toBe(true)
  })

  it('lists a plain key once among its base64 forms, since escaping and encoding leave it as it is', () => {
    const forms = secretForms('mint_plainKey42')
    expect(forms.filter((form) => form.includes('mint_'))).toEqual(['mint_plainKey42'])
  })

  it('lists the base64 forms longest first: of the Authorization header, of the key, then what longer texts share with it', () => {
    expect(secretForms('mint_Q7x9k2Lp4Rz')).toEqual([
      'mint_Q7x9k2Lp4Rz',
      'QmVhcmVyIG1pbnRfUTd4OWsyTHA0Uno=',
      'QmVhcmVyIG1pbnRfUTd4OWsyTHA0Uno',
      'bWludF9RN3g5azJMcDRSeg==',
      'bWludF9RN3g5azJMcDRSeg',
      // What any longer text's base64 shares with the key, 0, 1 and 2 bytes past a boundary of three.
      'bWludF9RN3g5azJMcDRS',
      'aW50X1E3eDlrMkxwNFJ6',
      'bnRfUTd4OWsyTHA0'
    ])
  })

  it('lists nothing for an empty secret', () => {
    expect(secretForms('')).toEqual([])
  })
})

describe('entityFolds', () => {
  it('names each character by the entities that fold into it, once whatever their case', () => {
    const folds = entityFolds({
      lowbar: '_',
      UnderBar: '_',
      AMP: '&',
      amp: '&',
      Mopf: '𝕄',
      mscr: '𝓂',
      fflig: 'ﬀ',
      ZeroWidthSpace: '\u200b',
      bdquo: '„'
    })
    expect(Object.fromEntries(folds)).toEqual({ _: ['lowbar', 'UnderBar'], '&': ['AMP'], m: ['Mopf', 'mscr'], '„': ['bdquo'] })
  })

  it('knows every name of HTML5 that folds into an ASCII character', () => {
    const folds = entityFolds(characterEntities)
    expect(folds.get('_')).toEqual(['UnderBar', 'lowbar'])
    expect(folds.get(';')).toEqual(['semi'])
    expect(folds.get('m')).toEqual(['Mellintrf', 'Mfr', 'Mopf', 'Mscr', 'phmmat'])
    expect([...folds.entries()].filter(([char]) => /^[\x20-\x7e]$/.test(char)).flatMap(([, names]) => names)).toHaveLength(176)
  })
})

// Tests the text readers typed as a run keeps it (src/text/reader-text.ts): e-mail addresses masked
// wherever they stand, and nothing kept when reader text is hidden.
import { describe, expect, it } from 'vitest'
import { EMAIL_MASK, maskCutEmails, maskEmails, READER_TEXT_MAX_CHARS, readerText, shownReaderText } from '../../../src/text/reader-text.js'
import { stressSize } from '../../support/stress.js'

/** Every character that ends an address (and cannot be in one), whitespace of each kind included. */
const STOPS = [' ', '\t', '\n', '@', '<', '>', '(', ')', '[', ']', '{', '}', '"', "'", ',', ';', ':']

/** A stop character as the mask's result holds it: a line break reads as a space. */
const spaced = (stop: string): string => stop.replace(/[\r\n]/g, ' ')

describe('maskEmails', () => {
  it('masks an address as [email]', () => {
    expect(EMAIL_MASK).toBe('[email]')
    expect(maskEmails('write to jane.doe@example.com please')).toBe('write to [email] please')
    expect(maskEmails('jane.doe+docs@mail.example.co.uk')).toBe('[email]')
  })

  it('masks every address in the text', () => {
    expect(maskEmails('a@b.co, then c.d@e.example.org and f@g.io')).toBe('[email], then [email] and [email]')
  })

  it('masks the shortest addresses: one character before the @, before the dot and after it', () => {
    expect(maskEmails('x a@b.c y')).toBe('x [email] y')
    expect(maskEmails('ab@cd.e')).toBe('[email]')
  })

  it('leaves text without an address as it is', () => {
    for (const text of ['', 'no address here', '@handle', 'user@localhost', 'a@b', 'a@b.', 'a@.co', '@b.co', 'price: 5 @ 3.50']) {
      expect(maskEmails(text)).toBe(text)
    }
  })

  it('leaves a full stop after an address outside the mask', () => {
    expect(maskEmails('Mail me at a@b.co.')).toBe('Mail me at [email].')
    expect(maskEmails('a@b.co...')).toBe('[email]...')
  })

  it('takes dots inside the domain and after its first dot as part of the address', () => {
    expect(maskEmails('ab@c.d.ef')).toBe('[email]')
    expect(maskEmails('ab@cd.e.f ok')).toBe('[email] ok')
  })

  it('ends the part before the @ at any character that cannot be in an address', () => {
    expect(STOPS.map((stop) => maskEmails(`x${stop}ab@cd.ef`))).toEqual(STOPS.map((stop) => `x${spaced(stop)}[email]`))
  })

  it('finds no address when such a character stands in the domain before its dot', () => {
    expect(STOPS.map((stop) => maskEmails(`ab@c${stop}d.ef`))).toEqual(
      STOPS.map((stop) => (stop === '@' ? 'ab@[email]' : `ab@c${spaced(stop)}d.ef`))
    )
  })

  it('ends the address at any such character after the dot', () => {
    expect(STOPS.map((stop) => maskEmails(`ab@cd.e${stop}f`))).toEqual(STOPS.map((stop) => `[email]${spaced(stop)}f`))
    expect([...STOPS, '.'].map((stop) => maskEmails(`ab@cd.ef${stop}`))).toEqual([...STOPS, '.'].map((stop) => `[email]${spaced(stop)}`))
  })
})

describe('readerText', () => {
  it('keeps the text, masked, when reader text is shown', () => {
    expect(readerText('ask bob@example.com', true)).toBe('ask [email]')
    expect(readerText('how do I deploy?', true)).toBe('how do I deploy?')
    expect(readerText('', true)).toBe('')
  })

  it('keeps nothing when reader text is hidden', () => {
    expect(readerText('how do I deploy?', false)).toBeUndefined()
    expect(readerText('', false)).toBeUndefined()
  })

  it('keeps nothing when there is no text', () => {
    expect(readerText(null, true)).toBeUndefined()
    expect(readerText(undefined, true)).toBeUndefined()
    expect(readerText(null, false)).toBeUndefined()
  })
})

describe('maskEmails, against the forms people write to get past a filter', () => {
  it('folds full-width and small at signs and dots (NFKC) before it reads', () => {
    expect(maskEmails('alice＠example.com')).toBe('[email]')
    expect(maskEmails('alice﹫example.com')).toBe('[email]')
    expect(maskEmails('ａｌｉｃｅ＠ｅｘａｍｐｌｅ．ｃｏｍ')).toBe('[email]')
    expect(maskEmails('ｆｕｌｌ　ｗｉｄｔｈ')).toBe('full width')
  })

  it('takes letters beyond the Basic Multilingual Plane into the part before the at sign', () => {
    expect(maskEmails('mail 𠀀𠀁@example.com or 😀x@example.com')).toBe('mail [email] or [email]')
  })

  it('takes an ideographic full stop as a dot of the domain', () => {
    expect(maskEmails('alice@example。com')).toBe('[email]')
    expect(maskEmails('alice@example｡com')).toBe('[email]')
  })

  it('reads a URL-encoded at sign or dot, inside a URL too', () => {
    expect(maskEmails('alice%40example.com')).toBe('[email]')
    expect(maskEmails('alice%2540example.com')).toBe('[email]')
    expect(maskEmails('alice%40example%2Ecom')).toBe('[email]')
    expect(maskEmails('https://docs.example/reset?email=alice%40corp.example&token=8f2a91')).toBe(
      'https://docs.example/reset?email=[email]&token=8f2a91'
    )
  })

  it('masks an at in brackets, with the dot written or spelled', () => {
    for (const text of [
      'alice (at) example.com',
      'alice (at) example (dot) com',
      'alice(at)example(dot)com',
      'alice [at] example.com',
      'alice [ at ] example [dot] com',
      'alice {at} example {dot} com',
      'alice <AT> example <DOT> com'
    ]) {
      expect(maskEmails(`write ${text} now`), text).toBe('write [email] now')
    }
  })

  it('masks a bare at only with a spelled-out dot, so that an ordinary "at" stays', () => {
    expect(maskEmails('alice at example dot com')).toBe('[email]')
    expect(maskEmails('ALICE AT EXAMPLE DOT CO DOT UK please')).toBe('[email] please')
    expect(maskEmails('alice at example (dot) com')).toBe('[email]')
    for (const text of ['log in at app.example.com', 'meet at 5 dot 30', 'look at docs.example.com', 'cat dog', 'at example dot com']) {
      expect(maskEmails(text)).toBe(text)
    }
  })

  it('masks an at sign with spaces around it', () => {
    expect(maskEmails('alice @ example.com')).toBe('[email]')
    expect(maskEmails('alice  @  example.com!')).toBe('[email]!')
    expect(maskEmails('alice@ example.com')).toBe('[email]')
    expect(maskEmails('alice    @ example.com')).toBe('alice    @ example.com')
  })

  it('masks a quoted part before the at sign, spaces in it included', () => {
    expect(maskEmails('"alice"@example.com')).toBe('[email]')
    expect(maskEmails('mail "alice smith"@example.com now')).toBe('mail [email] now')
    expect(maskEmails('"alice smith" @ example.com')).toBe('[email]')
    expect(maskEmails('he said " then "alice"@example.com')).toBe('he said " then [email]')
    expect(maskEmails('a"b\n"alice"@example.com')).toBe('a"b [email]')
  })

  it('takes a quoted part of at most 64 characters, line breaks read as spaces, else the word before the closing quote', () => {
    expect(maskEmails(`"${'x'.repeat(64)}"@example.com`)).toBe('[email]')
    expect(maskEmails(`"${'x'.repeat(65)}"@example.com`)).toBe('"[email]')
    expect(maskEmails('"a\nb"@example.com')).toBe('[email]')
    expect(maskEmails('"a\rb"@example.com')).toBe('[email]')
    expect(maskEmails('alice"@example.com')).toBe('[email]')
    expect(maskEmails('x ("@example.com')).toBe('x ("@example.com')
    expect(maskEmails('x \t"@example.com')).toBe('x \t"@example.com')
  })

  it('ends a domain at its last label with a letter, so prices and times stay', () => {
    for (const text of ['price: 5 @ 3.50', '5@10.30', 'a@1.2.3', 'a (at) 1.2']) expect(maskEmails(text)).toBe(text)
    expect(maskEmails('a@1.2.io')).toBe('[email]')
    expect(maskEmails('a@b.io dot 1')).toBe('[email] dot 1')
    expect(maskEmails('a@b.io.2.3 x')).toBe('[email].2.3 x')
    expect(maskEmails('alice at example dot com dot 5')).toBe('[email] dot 5')
  })

  it('masks addresses that follow each other without a space as one', () => {
    expect(maskEmails('a@b.co@c.de')).toBe('[email]')
    expect(maskEmails('at@a dot a@b.co x')).toBe('[email] x')
    expect(maskEmails('a@b.co @ c.de, f@g.hi')).toBe('[email], [email]')
  })

  it('masks what is left of an address at the end of a cut text, however short', () => {
    expect(maskCutEmails('write to alice@exam')).toBe('write to [email]')
    expect(maskCutEmails('write to alice@')).toBe('write to [email]')
    expect(maskCutEmails('write to alice @ ')).toBe('write to [email]')
    expect(maskCutEmails('write to alice@example.')).toBe('write to [email]')
    expect(maskCutEmails('write to alice at example dot')).toBe('write to [email]')
    expect(maskCutEmails('write to alice at')).toBe('write to [email]')
    expect(maskEmails('write to alice at')).toBe('write to alice at')
    expect(maskEmails('write to alice@exam')).toBe('write to alice@exam')
    expect(maskCutEmails('alice@exam ok')).toBe('alice@exam ok')
  })
})

describe('maskEmails on hostile text', () => {
  // Each text is about a MiB: a mask whose work grows with the square of the length (the pattern of
  // an address tried from every character) would run for hours, far past the test's timeout.
  const MIB = stressSize(1 << 20)
  const hostile: [string, string][] = [
    ['no at sign', 'a'.repeat(MIB)],
    ['dots', 'a.'.repeat(MIB / 2)],
    ['at signs', 'a@'.repeat(MIB / 2)],
    ['at signs and spaces', 'a @ '.repeat(MIB / 4)],
    ['encoded at signs', 'a%40'.repeat(MIB / 4)],
    ['bracketed at', 'a (at) '.repeat(MIB / 8)],
    ['bare at and spelled dots', 'x at 1 dot '.repeat(MIB / 8)],
    ['quotes', '"a"@'.repeat(MIB / 4)],
    ['an at sign, then a long domain without a dot', `a@${'b'.repeat(MIB)}`]
  ]

  it.each(hostile)('reads %s in one pass and keeps the text', (_name, text) => {
    const masked = maskEmails(text)
    expect(masked.length).toBeLessThanOrEqual(text.length)
    expect(masked.length).toBeGreaterThan(0)
  })

  it('masks every address of a long run of them', () => {
    expect(maskEmails('a@b.co '.repeat(MIB / 8))).toBe('[email] '.repeat(MIB / 8))
  })
})

describe('shownReaderText', () => {
  it('keeps text up to the limit as it is, masked', () => {
    expect(READER_TEXT_MAX_CHARS).toBe(2000)
    const text = 'q'.repeat(READER_TEXT_MAX_CHARS)
    expect(shownReaderText(text)).toBe(text)
    expect(shownReaderText('ask bob@example.com')).toBe('ask [email]')
  })

  it('cuts longer text to the limit with an ellipsis, before it reads it', () => {
    const shown = shownReaderText(`${'q'.repeat(READER_TEXT_MAX_CHARS)}x`)
    expect(shown).toBe(`${'q'.repeat(READER_TEXT_MAX_CHARS - 1)}…`)
  })

  it('masks an address the cut goes through', () => {
    const before = 'q '.repeat((READER_TEXT_MAX_CHARS - 10) / 2)
    expect(shownReaderText(`${before}alice@example.com and more`)).toBe(`${before}[email]…`)
  })

  it('keeps to the limit when folding lengthens the text', () => {
    const shown = shownReaderText('㌀'.repeat(READER_TEXT_MAX_CHARS))
    expect(shown).toHaveLength(READER_TEXT_MAX_CHARS)
    expect(shown.endsWith('…')).toBe(true)
    expect(shown.startsWith('アパート')).toBe(true)
  })

  it('cuts again after folding, before the mask reads it, however much folding lengthens the text', () => {
    // U+FDFA folds into eighteen characters.
    for (const length of [1, 111, READER_TEXT_MAX_CHARS, READER_TEXT_MAX_CHARS * 4]) {
      const shown = shownReaderText('\ufdfa'.repeat(length))
      expect(shown.length, String(length)).toBeLessThanOrEqual(READER_TEXT_MAX_CHARS)
      expect(shown.startsWith('صلى الله عليه وسلم'), String(length)).toBe(true)
    }
    expect(shownReaderText(`${'\ufdfa'.repeat(200)}alice@example.com`)).toMatch(/…$/)
  })

  it('masks an address split by invisible characters or line breaks', () => {
    for (const text of [
      'alice\u200b@example.com',
      'bob@example\u200d.com',
      'carol\u2060@example.com',
      'erin\ufeff@example.com',
      'x\u00ad@example.com'
    ]) {
      expect(maskEmails(`write ${text} now`), JSON.stringify(text)).toBe('write [email] now')
    }
    expect(maskEmails('alice\n@\nexample.com')).toBe('[email]')
  })

  it('never cuts between the halves of a surrogate pair', () => {
    const shown = shownReaderText(`${'q'.repeat(READER_TEXT_MAX_CHARS - 2)}😀😀`)
    expect(shown).toBe(`${'q'.repeat(READER_TEXT_MAX_CHARS - 2)}…`)
  })

  it('ends quickly on 16 MiB of hostile text, which it cuts first', () => {
    for (const unit of ['a.', 'a@', 'a @ ', '"a"@']) {
      const shown = shownReaderText(unit.repeat(Math.floor(stressSize(16 << 20) / unit.length)))
      expect(shown.length).toBeLessThanOrEqual(READER_TEXT_MAX_CHARS)
      expect(shown.endsWith('…')).toBe(true)
    }
  })
})

describe('maskEmails at the edges of what it takes for an address', () => {
  it('takes a bare at only after a space, not inside a word', () => {
    expect(maskEmails('a cat example dot com')).toBe('a cat example dot com')
    expect(maskEmails('a bob at example dot com')).toBe(`a ${EMAIL_MASK}`)
  })

  it('takes a domain only when its last label has a letter', () => {
    expect(maskEmails('ping alice@10.0.0.1 now')).toBe('ping alice@10.0.0.1 now')
    expect(maskEmails('ping alice@10.0.0.x now')).toBe(`ping ${EMAIL_MASK} now`)
  })

  it('takes no part before the at sign from nothing: a bracket and spaces are not one', () => {
    expect(maskEmails('( @example.com')).toBe('( @example.com')
    expect(maskEmails(' @example.com')).toBe(' @example.com')
  })

  it('keeps a dot that ends the domain outside the mask, and masks a cut domain to its end', () => {
    expect(maskEmails('write to alice@example.com.')).toBe(`write to ${EMAIL_MASK}.`)
    expect(maskCutEmails('write to alice@example.')).toBe(`write to ${EMAIL_MASK}`)
  })
})

describe('shownReaderText at its limit', () => {
  it('never cuts between the two halves of a character', () => {
    const shown = shownReaderText(`${'a'.repeat(1998)}😀${'b'.repeat(10)}`)
    expect(shown).toBe(`${'a'.repeat(1998)}…`)
  })

  it('says the text was cut even when masking made it shorter than the limit', () => {
    const shown = shownReaderText(`alice@example.com ${'y'.repeat(2100)}`)
    expect(shown.startsWith(`${EMAIL_MASK} yyy`)).toBe(true)
    expect(shown.endsWith('y…')).toBe(true)
    expect(shown.length).toBeLessThan(READER_TEXT_MAX_CHARS)
  })

  it('cuts text that folding made longer than the limit, masking an address the cut ends in', () => {
    // ﷺ folds into 18 characters: 110 of them and 10 more make 1,990, then an address the cut splits.
    const shown = shownReaderText(`${'ﷺ'.repeat(110)}${'x'.repeat(10)} alice@example.com`)
    expect(shown.endsWith(`x ${EMAIL_MASK}…`)).toBe(true)
    expect(shown.length).toBeLessThanOrEqual(READER_TEXT_MAX_CHARS)
  })
})

// Tests the text readers typed as a run keeps it (src/text/reader-text.ts): e-mail addresses masked
// wherever they stand, and nothing kept when reader text is hidden.
import { describe, expect, it } from 'vitest'
import { EMAIL_MASK, maskEmails, readerText } from '../../../src/text/reader-text.js'

/** Every character that ends an address (and cannot be in one), whitespace of each kind included. */
const STOPS = [' ', '\t', '\n', '@', '<', '>', '(', ')', '[', ']', '{', '}', '"', "'", ',', ';', ':']

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
    expect(STOPS.map((stop) => maskEmails(`x${stop}ab@cd.ef`))).toEqual(STOPS.map((stop) => `x${stop}[email]`))
  })

  it('finds no address when such a character stands in the domain before its dot', () => {
    expect(STOPS.map((stop) => maskEmails(`ab@c${stop}d.ef`))).toEqual(
      STOPS.map((stop) => (stop === '@' ? 'ab@[email]' : `ab@c${stop}d.ef`))
    )
  })

  it('ends the address at any such character after the dot', () => {
    expect(STOPS.map((stop) => maskEmails(`ab@cd.e${stop}f`))).toEqual(STOPS.map((stop) => `[email]${stop}f`))
    expect([...STOPS, '.'].map((stop) => maskEmails(`ab@cd.ef${stop}`))).toEqual([...STOPS, '.'].map((stop) => `[email]${stop}`))
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

// Tests the seal of the action's records (src/core/record-seal.ts): an HMAC-SHA256 under a key derived
// from the API key for the records alone, which verifies only the same kind and fields under the same
// key, refuses anything that is not a whole seal, and never shows the key however it is printed.
import { createHmac } from 'node:crypto'
import { inspect } from 'node:util'
import { describe, expect, it } from 'vitest'
import { RecordSeal, SEAL_PATTERN } from '../../../src/core/record-seal.js'

const API_KEY = 'mint_sealTestKey4Xy'

describe('RecordSeal', () => {
  it('is the HMAC-SHA256 of the framed fields under HMAC(apiKey, "docs-agent-action records v1")', () => {
    const seal = RecordSeal.fromApiKey(API_KEY)
    const key = createHmac('sha256', API_KEY).update('docs-agent-action records v1').digest()
    const expected = createHmac('sha256', key)
      .update(JSON.stringify(['job', 'thread 8', 'j1']))
      .digest('base64url')
    expect(seal.sign('job', ['thread 8', 'j1'])).toBe(expected)
    expect(expected).toMatch(new RegExp(`^${SEAL_PATTERN}$`))
    // Not the HMAC of the record under the API key itself: the key is derived for the records alone.
    expect(expected).not.toBe(
      createHmac('sha256', API_KEY)
        .update(JSON.stringify(['job', 'thread 8', 'j1']))
        .digest('base64url')
    )
  })

  it('verifies its own seal, and none of another kind, other fields, or another key', () => {
    const seal = RecordSeal.fromApiKey(API_KEY)
    const signed = seal.sign('pull', ['pull 7', 'job_1'])
    expect(seal.verifies('pull', ['pull 7', 'job_1'], signed)).toBe(true)
    expect(RecordSeal.fromApiKey(API_KEY).verifies('pull', ['pull 7', 'job_1'], signed)).toBe(true)
    expect(seal.verifies('job', ['pull 7', 'job_1'], signed)).toBe(false)
    expect(seal.verifies('pull', ['pull 8', 'job_1'], signed)).toBe(false)
    expect(seal.verifies('pull', ['pull 7', 'job_2'], signed)).toBe(false)
    expect(seal.verifies('pull', ['pull 7', 'job_1', ''], signed)).toBe(false)
    expect(RecordSeal.fromApiKey(`${API_KEY}x`).verifies('pull', ['pull 7', 'job_1'], signed)).toBe(false)
  })

  it('frames the fields, so that moving text from one to the next makes another record', () => {
    const seal = RecordSeal.fromApiKey(API_KEY)
    expect(seal.sign('job', ['a b', 'c'])).not.toBe(seal.sign('job', ['a', 'b c']))
    expect(seal.sign('job', ['a","b'])).not.toBe(seal.sign('job', ['a', 'b']))
  })

  it('refuses a missing, short, long or malformed seal before comparing anything', () => {
    const seal = RecordSeal.fromApiKey(API_KEY)
    const signed = seal.sign('state', ['abc'])
    for (const bad of [undefined, '', signed.slice(1), `${signed}A`, `${signed.slice(0, 42)}=`, `${signed.slice(0, 42)}+`, ' '.repeat(43)])
      expect(seal.verifies('state', ['abc'], bad), String(bad)).toBe(false)
  })

  it('refuses its own seal with text around it, or in the other base64 alphabet, though the bytes decode the same', () => {
    const seal = RecordSeal.fromApiKey(API_KEY)
    const signed = seal.sign('state', ['abc'])
    const standard = Buffer.from(signed, 'base64url').toString('base64')
    for (const bad of [`${signed}=`, ` ${signed}`, `${signed}\n`, standard, standard.replace(/=$/, '')])
      expect(seal.verifies('state', ['abc'], bad), JSON.stringify(bad)).toBe(false)
    expect(Buffer.from(`${signed}=`, 'base64url').equals(Buffer.from(signed, 'base64url'))).toBe(true)
  })

  it('never shows its key, whichever way it is printed', () => {
    const seal = RecordSeal.fromApiKey(API_KEY)
    const key = createHmac('sha256', API_KEY).update('docs-agent-action records v1').digest()
    const shown = [String(seal), JSON.stringify({ seal }), inspect(seal, { showHidden: true, depth: 5 }), Object.keys(seal).join(',')]
    for (const text of shown) {
      expect(text).not.toContain(key.toString('hex'))
      expect(text).not.toContain(key.toString('base64'))
      expect(text).not.toContain(key.toString('base64url'))
      expect(text).not.toContain(API_KEY)
    }
    expect(String(seal)).toBe('[record seal]')
    expect(JSON.stringify({ seal })).toBe('{"seal":"[record seal]"}')
    expect(inspect(seal)).toBe('[record seal]')
    expect(inspect({ seal })).toBe('{ seal: [record seal] }')
  })
})

// A JSON escape of the key's first character behind a long run of backslashes: `\\\\\\\\\u006d…` (nine)
// is, read as JSON, four backslashes and then the key. The body's cleaning took at most eight before
// an escape and only from the start of the run, so it left this one whole, and the answer's strings,
// all ASCII once read, are not cleaned again (api/client.ts cleans again only those beyond ASCII).
import { describe, expect, it } from 'vitest'
import { redactor } from '../../../src/text/secret.js'

const KEY = 'mint_foldKey7Qz9Xw'

describe('the key escaped behind a run of backslashes', () => {
  it.each([1, 3, 7, 9, 11, 17, 101])('is gone from a JSON string behind %i backslashes, read or not', (count) => {
    const body = `{"error":"see ${'\\'.repeat(count)}u006d${KEY.slice(1)} here"}`
    const cleaned = redactor(KEY)(body)
    expect(cleaned).not.toContain(KEY.slice(1))
    const read = (JSON.parse(cleaned) as { error: string }).error
    expect(read).not.toContain(KEY)
  })

  it('still reads as JSON once cleaned: the run goes with the escape', () => {
    const body = `{"error":"${'\\'.repeat(9)}u006d${KEY.slice(1)}"}`
    expect(JSON.parse(redactor(KEY)(body))).toEqual({ error: '***' })
  })
})

// Tests the count of values in a JSON text made before it is parsed (src/api/json-values.ts): what
// starts a value, that nothing inside a string does, and that counting stops past the limit.
import { describe, expect, it } from 'vitest'
import { jsonValues, MAX_ANSWER_VALUES, NAMED_PROBLEM_VALUES } from '../../../src/api/json-values.js'

describe('jsonValues', () => {
  it.each([
    ['1', 1],
    ['"text"', 1],
    ['{}', 2],
    ['[]', 2],
    ['[1,2,3]', 4],
    ['{"a":1,"b":[true,null]}', 5],
    ['[{},{},{}]', 7]
  ])('counts the values of %s as %i, never fewer than there are', (text, values) => {
    expect(jsonValues(text, 100)).toBe(values)
  })

  it('counts nothing inside a string, escaped quotes and backslashes included', () => {
    expect(jsonValues('"a,b{c[d"', 100)).toBe(1)
    expect(jsonValues('["a\\",{[", 1]', 100)).toBe(3)
    expect(jsonValues('["a\\\\", {}]', 100)).toBe(4)
  })

  it('stops counting once past the limit', () => {
    expect(jsonValues(`[${'{},'.repeat(1000)}{}]`, 10)).toBe(11)
    expect(jsonValues('[1,2,3]', 4)).toBe(4)
    expect(jsonValues('[1,2,3]', 3)).toBe(4)
  })

  it('keeps an answer to 500,000 values, and names the problems of one of up to 2,000', () => {
    expect([MAX_ANSWER_VALUES, NAMED_PROBLEM_VALUES]).toEqual([500_000, 2_000])
  })
})

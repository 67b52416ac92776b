// Tests "did you mean" (src/text/near-miss.ts): the edit distance, when a near miss is suggested and
// when it is not, and that a long hostile value costs no more than a short one.
import { fc, test } from '@fast-check/vitest'
import { describe, expect, it } from 'vitest'
import { SECTION_NAMES } from '../../../src/core/catalog.js'
import { didYouMean, editDistance, MAX_NEAR_MISS_LENGTH, nearMiss } from '../../../src/text/near-miss.js'

const SECTIONS = [...SECTION_NAMES, 'all']

describe('editDistance', () => {
  it.each([
    ['', '', 0],
    ['abc', '', 3],
    ['', 'abc', 3],
    ['true', 'true', 0],
    ['ture', 'true', 1],
    ['serches', 'searches', 1],
    ['kitten', 'sitting', 3],
    ['ca', 'abc', 3],
    ['abcd', 'badc', 2]
  ])('%j to %j is %i', (a, b, d) => {
    expect(editDistance(a, b)).toBe(d)
    expect(editDistance(b, a)).toBe(d)
  })

  it('stops at the limit, answering one past it', () => {
    expect(editDistance('kitten', 'sitting', 1)).toBe(2)
    expect(editDistance('a', 'abcdef', 2)).toBe(3)
    expect(editDistance('ture', 'true', 1)).toBe(1)
  })

  test.prop([fc.string({ maxLength: 12 }), fc.string({ maxLength: 12 }), fc.nat({ max: 4 })])(
    'is symmetric, at most the longer length, and the same under a limit it is within',
    (a, b, limit) => {
      const d = editDistance(a, b)
      expect(editDistance(b, a)).toBe(d)
      expect(d).toBeLessThanOrEqual(Math.max(a.length, b.length))
      expect(d === 0).toBe(a === b)
      expect(editDistance(a, b, limit)).toBe(Math.min(d, limit + 1))
    }
  )
})

describe('nearMiss', () => {
  it.each([
    ['serches', SECTIONS, 'searches'],
    ['visitor', SECTIONS, 'visitors'],
    ['Feedbak', SECTIONS, 'feedback'],
    ['asistant', SECTIONS, 'assistant'],
    ['no_pr', ['failed', 'archived', 'no-pr', 'alert'], 'no-pr'],
    ['NO PR', ['failed', 'archived', 'no-pr', 'alert'], 'no-pr'],
    ['fail', ['failed', 'archived', 'no-pr', 'alert'], 'failed'],
    ['archive', ['failed', 'archived', 'no-pr', 'alert'], 'archived'],
    ['ture', ['true', 'false'], 'true'],
    ['flase', ['true', 'false'], 'false'],
    ['tRUE', ['true', 'false'], 'true'],
    ['prevous', ['previous', 'none'], 'previous'],
    ['shwo', ['auto', 'show', 'hide'], 'show'],
    ['max_requests', ['maxRequests', 'topPages'], 'maxRequests'],
    ['maxrequest', ['maxRequests', 'topPages'], 'maxRequests']
  ])('suggests for %j', (word, candidates, suggestion) => {
    expect(nearMiss(word, candidates)).toBe(suggestion)
  })

  it.each([
    ['nope', SECTIONS],
    ['yes', ['true', 'false']],
    ['on', ['true', 'false']],
    ['1', ['true', 'false']],
    ['private', ['auto', 'show', 'hide']],
    ['last-week', ['previous', 'none']],
    ['', SECTIONS],
    ['-_ ', SECTIONS],
    // Two edits are too many for a word of three letters.
    ['vie', SECTIONS],
    ['x', ['a', 'b']]
  ])('suggests nothing for %j, which is no near miss', (word, candidates) => {
    expect(nearMiss(word, candidates)).toBeUndefined()
  })

  it('suggests nothing when two candidates are equally near, or both start with the word', () => {
    expect(nearMiss('cat', ['bat', 'hat'])).toBeUndefined()
    expect(nearMiss('cat', ['bat', 'chart', 'hats'])).toBe('bat')
    expect(nearMiss('visitors', ['visitorsHuman', 'visitorsAi', 'views'])).toBeUndefined()
    expect(nearMiss('visitorHuman', ['visitorsHuman', 'visitorsAi', 'views'])).toBe('visitorsHuman')
  })

  it('compares no word longer than the cap, and skips candidates longer than it', () => {
    const long = 'a'.repeat(MAX_NEAR_MISS_LENGTH)
    expect(nearMiss(`${long}b`, [long])).toBeUndefined()
    expect(nearMiss(long.slice(1) + 'b', [long])).toBe(long)
    expect(nearMiss('ab', ['a'.repeat(MAX_NEAR_MISS_LENGTH + 1), 'abc'])).toBe('abc')
  })

  it('compares no word longer than MAX_NEAR_MISS_LENGTH, so a hostile megabyte costs one pass', () => {
    expect(nearMiss('serches'.repeat(150_000), SECTIONS)).toBeUndefined()
    // The bound, not the distance, decides: the same word but for case is found up to the bound only.
    const longest = 'a'.repeat(MAX_NEAR_MISS_LENGTH)
    expect(nearMiss(longest.toUpperCase(), [longest])).toBe(longest)
    expect(nearMiss(`${longest}a`.toUpperCase(), [`${longest}a`])).toBeUndefined()
    expect(nearMiss('a', [`${longest}a`])).toBeUndefined()
  })
})

describe('didYouMean', () => {
  it('ends a message with the suggestion, or with nothing', () => {
    expect(didYouMean('serches', SECTIONS)).toBe('; did you mean searches?')
    expect(didYouMean('nope', SECTIONS)).toBe('')
  })
})

// Tests the sums of the service's counts (src/core/counts.ts): exact below MOST_SUMMED, held at it past it.
import { describe, expect, it } from 'vitest'
import { addCounts, bounded, MOST_SUMMED, sumCounts } from '../../../src/core/counts.js'

describe('addCounts and sumCounts', () => {
  it('add counts exactly while the sum stays within MOST_SUMMED', () => {
    expect(addCounts(2, 3)).toBe(5)
    expect(addCounts(-2, 0.5)).toBe(-1.5)
    expect(sumCounts([14, 6, 4, 4, 2])).toBe(30)
    expect(sumCounts([])).toBe(0)
    expect(sumCounts([MOST_SUMMED - 1, 1])).toBe(MOST_SUMMED)
  })

  it('hold a sum of counts that are each finite at ±MOST_SUMMED, never Infinity', () => {
    expect(addCounts(1e308, 1e308)).toBe(MOST_SUMMED)
    expect(addCounts(-1e308, -1e308)).toBe(-MOST_SUMMED)
    expect(sumCounts([1e308, 1e308, 1e308])).toBe(MOST_SUMMED)
    expect(sumCounts([MOST_SUMMED, 1])).toBe(MOST_SUMMED)
    // Held at every step: what comes after the cap is added to it, not to the overflowed sum.
    expect(sumCounts([1e308, 1e308, -1])).toBe(MOST_SUMMED - 1)
    expect(sumCounts([-1e308, 5])).toBe(-MOST_SUMMED + 5)
  })
})

describe('bounded', () => {
  it('keeps a number within ±MOST_SUMMED, and one inside as it is', () => {
    expect([Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, 2e15, -2e15, 12.5, -3].map(bounded)).toEqual([
      MOST_SUMMED,
      -MOST_SUMMED,
      MOST_SUMMED,
      -MOST_SUMMED,
      12.5,
      -3
    ])
  })
})

// Tests the loop benchmark's randomness (bench/loop/random.mjs): one seed gives one sequence, and
// the draws have the means and bounds of their distributions.
import { describe, expect, it } from 'vitest'
import { binomial, normal, poisson, seeded, shuffled, uniform } from '../../../bench/loop/random.mjs'

const draws = <T>(n: number, draw: () => T): T[] => Array.from({ length: n }, draw)
const average = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length

describe('the seeded generator', () => {
  it('gives the same sequence for the same seed, another for another seed, always in [0, 1)', () => {
    const a = draws(1000, seeded(7))
    expect(draws(1000, seeded(7))).toEqual(a)
    expect(draws(1000, seeded(8))).not.toEqual(a)
    expect(a.every((x) => x >= 0 && x < 1)).toBe(true)
    // mulberry32's first draw for seed 1, as its reference C code gives it (0x6D2B79F5 added, then mixed).
    expect(seeded(1)()).toBeCloseTo(0.6270739405881613, 12)
  })

  it('spreads its draws evenly: each tenth of [0, 1) holds a tenth of 20 000 draws, within 5 standard deviations', () => {
    const bins = new Array<number>(10).fill(0)
    for (const x of draws(20_000, seeded(3))) bins[Math.floor(x * 10)] = (bins[Math.floor(x * 10)] ?? 0) + 1
    // Binomial(20 000, 0.1): mean 2 000, standard deviation 42.4.
    for (const bin of bins) expect(Math.abs(bin - 2000)).toBeLessThan(5 * 42.4)
  })
})

describe('the draws', () => {
  it('uniform stays within its bounds', () => {
    const random = seeded(2)
    expect(draws(1000, () => uniform(random, 0.5, 0.9)).every((x) => x >= 0.5 && x < 0.9)).toBe(true)
  })

  it('poisson has its mean, below and above the switch to the normal approximation, and 0 for no mean', () => {
    const random = seeded(4)
    // Mean m, variance m: the average of 4 000 draws is within 5 standard errors (5 √(m / 4000)).
    for (const m of [0.3, 3, 40, 1200])
      expect(Math.abs(average(draws(4000, () => poisson(random, m))) - m)).toBeLessThan(5 * Math.sqrt(m / 4000))
    expect(poisson(random, 0)).toBe(0)
    expect(poisson(random, -1)).toBe(0)
    expect(draws(1000, () => poisson(random, 2)).every((k) => Number.isInteger(k) && k >= 0)).toBe(true)
  })

  it('binomial has its mean, stays within 0..trials, and takes the certain cases as they are', () => {
    const random = seeded(5)
    for (const [n, p] of [
      [20, 0.3],
      [2000, 0.05]
    ] as const) {
      const values = draws(4000, () => binomial(random, n, p))
      expect(Math.abs(average(values) - n * p)).toBeLessThan(5 * Math.sqrt((n * p * (1 - p)) / 4000))
      expect(values.every((k) => Number.isInteger(k) && k >= 0 && k <= n)).toBe(true)
    }
    expect(binomial(random, 10, 0)).toBe(0)
    expect(binomial(random, 0, 0.5)).toBe(0)
    expect(binomial(random, 10, 1)).toBe(10)
  })

  it('normal has mean 0 and variance 1', () => {
    const values = draws(20_000, () => normal(seeded(6)))
    const random = seeded(6)
    const many = draws(20_000, () => normal(random))
    expect(new Set(values).size).toBe(1)
    expect(Math.abs(average(many))).toBeLessThan(5 / Math.sqrt(20_000))
    expect(Math.abs(average(many.map((x) => x * x)) - 1)).toBeLessThan(5 * Math.sqrt(2 / 20_000))
  })

  it('shuffled is a seeded permutation that leaves its input alone', () => {
    const items = Array.from({ length: 20 }, (_, i) => i)
    const once = shuffled(seeded(9), items)
    expect(shuffled(seeded(9), items)).toEqual(once)
    expect(once).not.toEqual(items)
    expect([...once].sort((a, b) => a - b)).toEqual(items)
    expect(items).toEqual(Array.from({ length: 20 }, (_, i) => i))
  })
})

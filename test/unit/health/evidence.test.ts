// The statistics of a fix's verdict (src/health/evidence.ts) against values computed another way:
// closed forms, R's binom.test, and exact binomial sums done here term by term.
import { describe, expect, it } from 'vitest'
import {
  enoughToTell,
  exactInterval,
  incompleteBeta,
  judgement,
  logGamma,
  MOST_TROUBLE,
  rateRatio,
  WORKING_RATIO
} from '../../../src/health/evidence.js'

/** P(X ≤ k) for X ~ Binomial(n, p), summed term by term in logs (independent of the beta function). */
function binomialCdf(k: number, n: number, p: number): number {
  let sum = 0
  let logChoose = 0
  for (let i = 0; i <= k; i++) {
    if (i > 0) logChoose += Math.log(n - i + 1) - Math.log(i)
    sum += Math.exp(logChoose + i * Math.log(p) + (n - i) * Math.log1p(-p))
  }
  return sum
}

describe('logGamma and the incomplete beta function', () => {
  it('gives log((n-1)!) at whole numbers, and √π at ½', () => {
    expect(logGamma(1)).toBeCloseTo(0, 12)
    expect(logGamma(5)).toBeCloseTo(Math.log(24), 12)
    expect(logGamma(21)).toBeCloseTo(Math.log(2432902008176640000), 10)
    expect(logGamma(0.5)).toBeCloseTo(Math.log(Math.sqrt(Math.PI)), 12)
  })

  it('meets its closed forms: I_x(1, 1) = x, I_x(a, 1) = x^a, I_½(a, a) = ½', () => {
    for (const x of [0.01, 0.3, 0.77]) {
      expect(incompleteBeta(x, 1, 1)).toBeCloseTo(x, 12)
      expect(incompleteBeta(x, 4, 1)).toBeCloseTo(x ** 4, 12)
    }
    expect(incompleteBeta(0.5, 37, 37)).toBeCloseTo(0.5, 12)
    expect(incompleteBeta(0, 2, 3)).toBe(0)
    expect(incompleteBeta(1, 2, 3)).toBe(1)
  })
})

describe('the exact (Clopper-Pearson) interval', () => {
  it('meets the closed forms of 0 of n and n of n: 1 − 0.025^(1/n) and 0.025^(1/n)', () => {
    for (const n of [1, 3, 20, 142]) {
      expect(exactInterval(0, n).lower).toBe(0)
      expect(exactInterval(0, n).upper).toBeCloseTo(1 - 0.025 ** (1 / n), 9)
      expect(exactInterval(n, n).lower).toBeCloseTo(0.025 ** (1 / n), 9)
      expect(exactInterval(n, n).upper).toBe(1)
    }
  })

  it("gives R's binom.test(5, 10): 0.1870860 to 0.8129140", () => {
    const { lower, upper } = exactInterval(5, 10)
    expect(lower).toBeCloseTo(0.187086, 6)
    expect(upper).toBeCloseTo(0.812914, 6)
  })

  it('has each tail hold 2.5 %, by binomial sums done term by term', () => {
    for (const [x, n] of [
      [1, 7],
      [9, 81],
      [27, 99],
      [50, 250],
      [3, 40]
    ] as const) {
      const { lower, upper } = exactInterval(x, n)
      expect(binomialCdf(x, n, upper)).toBeCloseTo(0.025, 8)
      expect(1 - binomialCdf(x - 1, n, lower)).toBeCloseTo(0.025, 8)
    }
  })

  it('knows nothing with no trials', () => {
    expect(exactInterval(0, 0)).toEqual({ lower: 0, upper: 1 })
  })
})

describe('the rate ratio', () => {
  it('is the share interval as odds, scaled by the exposures (the method of R’s poisson.test)', () => {
    // 9 in trouble of 29 since, 72 of 152 before: the share of the 81 who were since is 9 of 81.
    const found = rateRatio({ trouble: 72, exposure: 152 }, { trouble: 9, exposure: 29 })
    const share = exactInterval(9, 81)
    expect(found?.ratio).toBeCloseTo(9 / 29 / (72 / 152), 12)
    expect(found?.lower).toBeCloseTo((share.lower / (1 - share.lower)) * (152 / 29), 12)
    expect(found?.upper).toBeCloseTo((share.upper / (1 - share.upper)) * (152 / 29), 12)
    // And by sums: at the upper ratio, 9 or fewer of 81 has a chance of 2.5 %.
    const at = (ratio: number) => (29 * ratio) / (29 * ratio + 152)
    expect(binomialCdf(9, 81, at(found?.upper ?? 0))).toBeCloseTo(0.025, 8)
  })

  it('is unknown without exposure on a side, and wide open with no trouble on either', () => {
    expect(rateRatio({ trouble: 3, exposure: 0 }, { trouble: 1, exposure: 4 })).toBeUndefined()
    expect(rateRatio({ trouble: 3, exposure: 4 }, { trouble: 0, exposure: 0 })).toBeUndefined()
    expect(rateRatio({ trouble: 0, exposure: 4 }, { trouble: 0, exposure: 4 })).toEqual({
      ratio: 0,
      lower: 0,
      upper: Number.POSITIVE_INFINITY
    })
  })

  it('scales counts beyond MOST_TROUBLE down, both sides alike: the same ratio, an interval no narrower', () => {
    const big = rateRatio({ trouble: 40 * MOST_TROUBLE, exposure: 1e6 }, { trouble: 10 * MOST_TROUBLE, exposure: 1e6 })
    const cut = rateRatio({ trouble: 0.8 * MOST_TROUBLE, exposure: 1e6 }, { trouble: 0.2 * MOST_TROUBLE, exposure: 1e6 })
    expect(big?.ratio).toBeCloseTo(0.25, 12)
    expect(big?.lower).toBeCloseTo(cut?.lower ?? 0, 9)
    expect(big?.upper).toBeCloseTo(cut?.upper ?? 0, 9)
  })
})

describe('the judgement', () => {
  it('is fixed when the whole interval is below ½, not fixed when above, else too few to tell', () => {
    // 14 thumbs down of 17 voters before, 0 of 5 since: the trouble is gone, the interval's top 0.28.
    expect(judgement({ trouble: 71, exposure: 74 }, { trouble: 0, exposure: 33 })).toBe('fixed')
    // The same share of trouble after, busy: clearly not fixed.
    expect(judgement({ trouble: 480, exposure: 1080 }, { trouble: 400, exposure: 900 })).toBe('not-fixed')
    // A small page, halved: too few readers to tell.
    expect(judgement({ trouble: 8, exposure: 12 }, { trouble: 3, exposure: 9 })).toBe('too-few')
    // 120 of 270 in trouble before, 60 of 210 since: the ratio 0.64 is above ½, its interval (0.46 to
    // 0.88) not wholly; but a fix that left a tenth of the trouble would show, so it is not fixed.
    expect(judgement({ trouble: 120, exposure: 270 }, { trouble: 60, exposure: 210 })).toBe('not-fixed')
    // The same shares on a small page: a fix that worked could not have shown yet.
    expect(judgement({ trouble: 12, exposure: 27 }, { trouble: 2, exposure: 7 })).toBe('too-few')
    // Below ½ but not wholly: never called not fixed, whatever the readers.
    expect(judgement({ trouble: 120, exposure: 270 }, { trouble: 40, exposure: 210 })).toBe('too-few')
    expect(judgement({ trouble: 8, exposure: 12 }, { trouble: 0, exposure: 0 })).toBe('too-few')
  })
})

describe('enough readers to tell', () => {
  it('is reached when a fix that left a tenth of the trouble would put the whole interval below ½', () => {
    // Before 16 of 20 in trouble. Since, 20 readers: a tenth of the trouble is 1.6 expected.
    expect(enoughToTell({ trouble: 16, exposure: 20 }, { trouble: 9, exposure: 20 })).toBe(true)
    // Since, 3 readers: 0.24 expected, too few for any interval to be that narrow.
    expect(enoughToTell({ trouble: 16, exposure: 20 }, { trouble: 2, exposure: 3 })).toBe(false)
    // No trouble before, or no readers on a side: nothing can show.
    expect(enoughToTell({ trouble: 0, exposure: 20 }, { trouble: 0, exposure: 20 })).toBe(false)
    expect(enoughToTell({ trouble: 16, exposure: 20 }, { trouble: 0, exposure: 0 })).toBe(false)
    expect(enoughToTell({ trouble: 16, exposure: 0 }, { trouble: 1, exposure: 5 })).toBe(false)
  })
})

describe('not fixed once the evidence rules out a fix that worked', () => {
  it('is not fixed, over an exposure that does not fall with the trouble, when the ratio is above ½ and its whole interval above WORKING_RATIO', () => {
    const before = { trouble: 16, exposure: 20 }
    // 2 of 4 since: a ratio of 0.63 whose interval reaches below a tenth.
    expect(rateRatio(before, { trouble: 2, exposure: 4 })?.lower).toBeLessThan(WORKING_RATIO)
    expect(judgement(before, { trouble: 2, exposure: 4 }, true)).toBe('too-few')
    // 4 of 8 since: the same ratio, its interval now wholly above a tenth; without ruleOut, still too few.
    expect(rateRatio(before, { trouble: 4, exposure: 8 })?.lower).toBeGreaterThan(WORKING_RATIO)
    expect(judgement(before, { trouble: 4, exposure: 8 }, true)).toBe('not-fixed')
    expect(judgement(before, { trouble: 4, exposure: 8 })).toBe('too-few')
    // A ratio at or under ½ is never not fixed this way, however much evidence.
    expect(judgement({ trouble: 1600, exposure: 2000 }, { trouble: 400, exposure: 1000 }, true)).toBe('too-few')
  })
})

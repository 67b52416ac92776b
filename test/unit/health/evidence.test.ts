// The statistics of a fix's verdict (src/health/evidence.ts) against values computed another way:
// closed forms, scipy's binomial distribution (scipy.stats.binom with scipy.optimize.brentq, SciPy
// 1.17), and binomial sums done here term by term.
import { describe, expect, it } from 'vitest'
import {
  enoughToTell,
  FIXED_RATIO,
  incompleteBeta,
  judgement,
  logGamma,
  midInterval,
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
    // Below ½, by reflection: Γ(¼) = 3.625609908221908 and Γ(0.1) = 9.513507698668732 (scipy.special.gamma).
    expect(logGamma(0.25)).toBeCloseTo(Math.log(3.625609908221908), 12)
    expect(logGamma(0.1)).toBeCloseTo(Math.log(9.513507698668732), 12)
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

/** P(X = k) for X ~ Binomial(n, p). */
const binomialAt = (k: number, n: number, p: number): number => binomialCdf(k, n, p) - (k > 0 ? binomialCdf(k - 1, n, p) : 0)

describe('the mid-p interval', () => {
  it('meets the closed forms of 0 of n and n of n: 1 − 0.05^(1/n) and 0.05^(1/n)', () => {
    // Half the chance of the one result seen is 2.5 %: ½ (1 − p)^n = 0.025.
    for (const n of [1, 3, 20, 142]) {
      expect(midInterval(0, n).lower).toBe(0)
      expect(midInterval(0, n).upper).toBeCloseTo(1 - 0.05 ** (1 / n), 9)
      expect(midInterval(n, n).lower).toBeCloseTo(0.05 ** (1 / n), 9)
      expect(midInterval(n, n).upper).toBe(1)
    }
  })

  it("gives scipy's values: 5 of 10 is 0.212009 to 0.787991, 9 of 81 is 0.055567 to 0.194082", () => {
    expect(midInterval(5, 10).lower).toBeCloseTo(0.212008507, 8)
    expect(midInterval(5, 10).upper).toBeCloseTo(0.787991493, 8)
    expect(midInterval(9, 81).lower).toBeCloseTo(0.055567321, 8)
    expect(midInterval(9, 81).upper).toBeCloseTo(0.194082255, 8)
    expect(midInterval(1, 7).upper).toBeCloseTo(0.530210711, 8)
  })

  it('has each tail, half the result seen counted, hold 2.5 %, by binomial sums done term by term', () => {
    for (const [x, n] of [
      [1, 7],
      [9, 81],
      [27, 99],
      [50, 250],
      [3, 40]
    ] as const) {
      const { lower, upper } = midInterval(x, n)
      expect(binomialCdf(x - 1, n, upper) + binomialAt(x, n, upper) / 2).toBeCloseTo(0.025, 8)
      expect(1 - binomialCdf(x, n, lower) + binomialAt(x, n, lower) / 2).toBeCloseTo(0.025, 8)
    }
  })

  it('is narrower than the exact interval, whose tails count the result seen whole', () => {
    // R's binom.test(5, 10): 0.1870860 to 0.8129140.
    expect(midInterval(5, 10).lower).toBeGreaterThan(0.187086)
    expect(midInterval(5, 10).upper).toBeLessThan(0.812914)
  })

  it('takes counts that are not whole, as scaled and expected counts are, between those of the whole ones', () => {
    const half = midInterval(4.5, 20)
    expect(half.lower).toBeGreaterThan(midInterval(4, 20).lower)
    expect(half.lower).toBeLessThan(midInterval(5, 20).lower)
    expect(half.upper).toBeGreaterThan(midInterval(4, 20).upper)
    expect(half.upper).toBeLessThan(midInterval(5, 20).upper)
  })

  it('knows nothing with no trials, or trials that are not a count', () => {
    expect(midInterval(0, 0)).toEqual({ lower: 0, upper: 1 })
    expect(midInterval(Number.NaN, Number.NaN)).toEqual({ lower: 0, upper: 1 })
    expect(midInterval(2, -3)).toEqual({ lower: 0, upper: 1 })
  })
})

describe('the rate ratio', () => {
  it('is the share interval as odds, scaled by the exposures (the method of R’s poisson.test)', () => {
    // 9 in trouble of 29 since, 72 of 152 before: the share of the 81 who were since is 9 of 81.
    const found = rateRatio({ trouble: 72, exposure: 152 }, { trouble: 9, exposure: 29 })
    const share = midInterval(9, 81)
    expect(found?.ratio).toBeCloseTo(9 / 29 / (72 / 152), 12)
    expect(found?.lower).toBeCloseTo((share.lower / (1 - share.lower)) * (152 / 29), 12)
    expect(found?.upper).toBeCloseTo((share.upper / (1 - share.upper)) * (152 / 29), 12)
    // And by sums: at the upper ratio, fewer than 9 of 81, with half of exactly 9, has a chance of 2.5 %.
    const at = (ratio: number) => (29 * ratio) / (29 * ratio + 152)
    const p = at(found?.upper ?? 0)
    expect(binomialCdf(8, 81, p) + binomialAt(9, 81, p) / 2).toBeCloseTo(0.025, 8)
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
  it('is fixed when the whole interval is below 0.4, not fixed when above, else too few to tell', () => {
    // 71 in trouble of 74 before, 0 of 33 since: the trouble is gone, the interval's top 0.10.
    expect(judgement({ trouble: 71, exposure: 74 }, { trouble: 0, exposure: 33 })).toBe('fixed')
    // The same share of trouble after, busy: clearly not fixed.
    expect(judgement({ trouble: 480, exposure: 1080 }, { trouble: 400, exposure: 900 })).toBe('not-fixed')
    // A small page, halved: too few readers to tell.
    expect(judgement({ trouble: 8, exposure: 12 }, { trouble: 3, exposure: 9 })).toBe('too-few')
    // 120 of 270 in trouble before, 45 of 210 since: the ratio 0.48, its interval 0.34 to 0.68 not
    // wholly above 0.4; but a fix that left a tenth of the trouble would show, so it is not fixed.
    expect(rateRatio({ trouble: 120, exposure: 270 }, { trouble: 45, exposure: 210 })?.lower).toBeLessThan(FIXED_RATIO)
    expect(judgement({ trouble: 120, exposure: 270 }, { trouble: 45, exposure: 210 })).toBe('not-fixed')
    // The same shares on a small page: a fix that worked could not have shown yet.
    expect(judgement({ trouble: 12, exposure: 27 }, { trouble: 2, exposure: 7 })).toBe('too-few')
    // Below 0.4 but not wholly: never called not fixed, whatever the readers.
    expect(judgement({ trouble: 120, exposure: 270 }, { trouble: 35, exposure: 210 })).toBe('too-few')
    expect(judgement({ trouble: 1600, exposure: 2000 }, { trouble: 300, exposure: 1000 }, true)).toBe('too-few')
    expect(judgement({ trouble: 8, exposure: 12 }, { trouble: 0, exposure: 0 })).toBe('too-few')
  })

  it('calls a half fix not fixed once the evidence is in: the trouble halved is not 60 % gone', () => {
    // Half the share of trouble since, busy: the interval 0.45 to 0.56, wholly above 0.4.
    expect(judgement({ trouble: 1600, exposure: 2000 }, { trouble: 400, exposure: 1000 })).toBe('not-fixed')
  })
})

describe('enough readers to tell', () => {
  it('is reached when a fix that left a tenth of the trouble would put the whole interval below 0.4', () => {
    // Before 16 of 20 in trouble. Since, 30 readers: a tenth of the trouble is 2.4 expected.
    expect(enoughToTell({ trouble: 16, exposure: 20 }, { trouble: 9, exposure: 30 })).toBe(true)
    // Since, 20 readers: 1.6 expected, not yet.
    expect(enoughToTell({ trouble: 16, exposure: 20 }, { trouble: 9, exposure: 20 })).toBe(false)
    // Since, 3 readers: 0.24 expected, too few for any interval to be that narrow.
    expect(enoughToTell({ trouble: 16, exposure: 20 }, { trouble: 2, exposure: 3 })).toBe(false)
    // No trouble before, or no readers on a side: nothing can show.
    expect(enoughToTell({ trouble: 0, exposure: 20 }, { trouble: 0, exposure: 20 })).toBe(false)
    expect(enoughToTell({ trouble: 16, exposure: 20 }, { trouble: 0, exposure: 0 })).toBe(false)
    expect(enoughToTell({ trouble: 16, exposure: 0 }, { trouble: 1, exposure: 5 })).toBe(false)
  })
})

describe('not fixed once the evidence rules out a fix that worked', () => {
  it('is not fixed, over an exposure that does not fall with the trouble, when the ratio is above 0.4 and its whole interval above WORKING_RATIO', () => {
    const before = { trouble: 16, exposure: 20 }
    // 2 of 4 since: a ratio of 0.63 whose interval reaches below a tenth.
    expect(rateRatio(before, { trouble: 2, exposure: 4 })?.lower).toBeLessThan(WORKING_RATIO)
    expect(judgement(before, { trouble: 2, exposure: 4 }, true)).toBe('too-few')
    // 3 of 6 since: the same ratio, its interval now wholly above a tenth; without ruleOut, still too few.
    expect(rateRatio(before, { trouble: 3, exposure: 6 })?.lower).toBeGreaterThan(WORKING_RATIO)
    expect(judgement(before, { trouble: 3, exposure: 6 }, true)).toBe('not-fixed')
    expect(judgement(before, { trouble: 3, exposure: 6 })).toBe('too-few')
    // A ratio at or under 0.4 is never not fixed this way, however much evidence.
    expect(judgement({ trouble: 1600, exposure: 2000 }, { trouble: 300, exposure: 1000 }, true)).toBe('too-few')
  })
})

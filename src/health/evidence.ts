// Whether a fix worked, from counts: the readers in trouble on a gap before it was asked and since its
// pull request merged, each over the readers who could have had trouble (its exposure), compared as a
// rate ratio with a 95 % interval (docs/health-issue.md, "Did the fix work?"). Given the two totals,
// the trouble since the merge is binomial with the share E_after·R / (E_after·R + E_before), so the
// mid-p interval of that share gives the interval of the ratio R; it holds with few readers and with
// none in trouble. Pure, and its work is bounded whatever the counts.

/** Trouble and the readers who could have had it, pooled over one or more periods. */
export interface Pool {
  trouble: number
  exposure: number
}

/** What the evidence says: the trouble fell by at least FIXED_RATIO's cut, it did not, or too few readers to tell. */
export type Judgement = 'fixed' | 'not-fixed' | 'too-few'

/**
 * The ratio of the trouble since to before a fix that counts as fixed: it fell by at least 60 %. A fix
 * that leaves half the trouble is half a fix, not fixed; a bar at ½ itself would sit so close to it
 * that no few weeks of readers could tell the two apart (docs/health-issue.md, "Did the fix work?").
 */
export const FIXED_RATIO = 0.4
/** The confidence of every interval. */
export const CONFIDENCE = 0.95
/**
 * The most readers in trouble an interval is computed from: more are scaled down to it, both sides
 * alike, which keeps the ratio and only widens the interval (a claim never stronger than the evidence),
 * and keeps the work small however large the counts.
 */
export const MOST_TROUBLE = 10_000

/** The natural log of the gamma function (Lanczos, g = 7, n = 9): about 15 digits for x > 0. */
export function logGamma(x: number): number {
  if (x < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * x)) - logGamma(1 - x)
  const c = [
    0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059, 12.507343278686905,
    -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7
  ]
  const z = x - 1
  let sum = c[0] as number
  for (let i = 1; i < 9; i++) sum += (c[i] as number) / (z + i)
  const t = z + 7.5
  return 0.5 * Math.log(2 * Math.PI) + (z + 0.5) * Math.log(t) - t + Math.log(sum)
}

/** The continued fraction of the incomplete beta function (modified Lentz), at most 500 terms: enough below MOST_TROUBLE. */
function betaFraction(x: number, a: number, b: number): number {
  const tiny = 1e-300
  let c = 1
  let d = 1 - ((a + b) * x) / (a + 1)
  d = 1 / (Math.abs(d) < tiny ? tiny : d)
  let h = d
  for (let m = 1; m <= 500; m++) {
    const m2 = 2 * m
    let step = (m * (b - m) * x) / ((a + m2 - 1) * (a + m2))
    d = 1 / (Math.abs(1 + step * d) < tiny ? tiny : 1 + step * d)
    c = Math.abs(1 + step / c) < tiny ? tiny : 1 + step / c
    h *= d * c
    step = (-(a + m) * (a + b + m) * x) / ((a + m2) * (a + m2 + 1))
    d = 1 / (Math.abs(1 + step * d) < tiny ? tiny : 1 + step * d)
    c = Math.abs(1 + step / c) < tiny ? tiny : 1 + step / c
    const delta = d * c
    h *= delta
    if (Math.abs(delta - 1) < 1e-15) break
  }
  return h
}

/** The regularized incomplete beta function I_x(a, b), for a, b > 0 and x in [0, 1]. */
export function incompleteBeta(x: number, a: number, b: number): number {
  if (x <= 0) return 0
  if (x >= 1) return 1
  const front = Math.exp(logGamma(a + b) - logGamma(a) - logGamma(b) + a * Math.log(x) + b * Math.log(1 - x))
  return x < (a + 1) / (a + b + 2) ? (front * betaFraction(x, a, b)) / a : 1 - (front * betaFraction(1 - x, b, a)) / b
}

/** The root of `f` in [0, 1], for an `f` that rises from below 0 to above it: bisection, 100 halvings. */
function rootOf(f: (p: number) => number): number {
  let low = 0
  let high = 1
  for (let i = 0; i < 100; i++) {
    const mid = (low + high) / 2
    if (f(mid) < 0) low = mid
    else high = mid
  }
  return (low + high) / 2
}

/**
 * The mid-p interval of a share: `hits` of `trials`, at CONFIDENCE. Each bound is where the chance of a
 * result beyond the one seen, plus half the chance of the one seen, is (1 − CONFIDENCE) / 2 (Lancaster
 * 1961; Berry & Armitage 1995). The Clopper-Pearson interval counts the result seen whole, and so covers
 * more than CONFIDENCE, most of all with few readers: a fix would wait weeks longer than the evidence
 * asks. The mid-p interval's coverage is close to CONFIDENCE. 0 of n has a lower bound of 0 and n of n
 * an upper bound of 1.
 */
export function midInterval(hits: number, trials: number): { lower: number; upper: number } {
  const tail = (1 - CONFIDENCE) / 2
  if (!(trials > 0)) return { lower: 0, upper: 1 }
  const x = Math.min(Math.max(hits, 0), trials)
  // P(X ≥ x) = I_p(x, n − x + 1); P(X ≥ x + 1) = I_p(x + 1, n − x), 0 when x = n.
  const atLeast = (p: number): number => incompleteBeta(p, x, trials - x + 1)
  const above = (p: number): number => (x < trials ? incompleteBeta(p, x + 1, trials - x) : 0)
  return {
    lower: x === 0 ? 0 : rootOf((p) => (atLeast(p) + above(p)) / 2 - tail),
    upper: x === trials ? 1 : rootOf((p) => (atLeast(p) + above(p)) / 2 - (1 - tail))
  }
}

/**
 * The ratio of the rate of trouble since a fix to the rate before (`after` over `before`, each trouble
 * per exposure), with its 95 % interval; undefined when a side has no exposure. With no trouble
 * on either side, nothing is known: the interval is 0 to Infinity.
 */
export function rateRatio(before: Pool, after: Pool): { ratio: number; lower: number; upper: number } | undefined {
  if (!(before.exposure > 0 && after.exposure > 0)) return undefined
  const scale = before.exposure / after.exposure
  const odds = (share: number): number => (share >= 1 ? Number.POSITIVE_INFINITY : share / (1 - share))
  const total = after.trouble + before.trouble
  const shrink = total > MOST_TROUBLE ? MOST_TROUBLE / total : 1
  const share = midInterval(after.trouble * shrink, total * shrink)
  const ratio = before.trouble > 0 ? after.trouble / after.exposure / (before.trouble / before.exposure) : Number.POSITIVE_INFINITY
  return { ratio: after.trouble === 0 ? 0 : ratio, lower: odds(share.lower) * scale, upper: odds(share.upper) * scale }
}

/**
 * The ratio a fix that works brings the trouble down to, for the questions "would it have shown by
 * now" and "does the evidence rule it out": a tenth of what it was. A fix cut to less shows sooner.
 */
export const WORKING_RATIO = 0.1

/**
 * Whether the readers since the merge are enough to tell: had the fix worked (its trouble cut to
 * WORKING_RATIO of the rate before), the trouble expected over the same exposure would put the whole
 * interval below FIXED_RATIO.
 */
export function enoughToTell(before: Pool, after: Pool): boolean {
  // No exposure on a side leaves no ratio, and no trouble before none to cut: neither is enough.
  const expected = (before.trouble / before.exposure) * after.exposure * WORKING_RATIO
  const shown = rateRatio(before, { trouble: expected, exposure: after.exposure })
  return shown !== undefined && shown.upper < FIXED_RATIO
}

/**
 * What the evidence says of a fix: fixed when the whole interval of the ratio is below FIXED_RATIO (the
 * trouble fell by at least 60 %); not fixed when the whole interval is above it (it did not), or when
 * the ratio itself is above it and either readers were enough that a fix that worked would have shown
 * as fixed by now (enoughToTell), or, with `ruleOut`, the whole interval is above WORKING_RATIO (the
 * evidence rules out a fix that worked): a fix must prove itself, and one that has had its chance and
 * not is not fixed. Else too few readers to tell. `ruleOut` holds only for an exposure that does not
 * fall with the trouble (the page's visitors): over the readers heard from, a page readers then like
 * still has a share of a tenth or so in trouble, and a fix that worked has a ratio above a tenth.
 */
export function judgement(before: Pool, after: Pool, ruleOut = false): Judgement {
  const found = rateRatio(before, after)
  if (!found) return 'too-few'
  if (found.upper < FIXED_RATIO) return 'fixed'
  if (found.lower > FIXED_RATIO) return 'not-fixed'
  if (found.ratio > FIXED_RATIO && ((ruleOut && found.lower > WORKING_RATIO) || enoughToTell(before, after))) return 'not-fixed'
  return 'too-few'
}

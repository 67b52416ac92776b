// @ts-check
// The benchmark's randomness: one seeded generator (mulberry32) and the draws the simulated site makes
// from it. The same seed gives the same site, the same weeks and the same fixes on every machine.

/** @typedef {() => number} Random a draw in [0, 1) */

/** A generator of 32-bit state seeded by `seed`: the same seed, the same sequence. @param {number} seed @returns {Random} */
export function seeded(seed) {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/** A draw uniform in [low, high). @param {Random} random @param {number} low @param {number} high */
export function uniform(random, low, high) {
  return low + (high - low) * random()
}

/**
 * A Poisson draw of mean `mean`: Knuth's product of uniforms for small means, the normal
 * approximation (rounded, at least 0) above 60, where Knuth's loop grows long and the two agree.
 * @param {Random} random @param {number} mean
 */
export function poisson(random, mean) {
  if (!(mean > 0)) return 0
  if (mean > 60) return Math.max(0, Math.round(mean + Math.sqrt(mean) * normal(random)))
  const limit = Math.exp(-mean)
  let k = 0
  let product = random()
  while (product > limit) {
    k++
    product *= random()
  }
  return k
}

/** A standard normal draw (Box–Muller). @param {Random} random */
export function normal(random) {
  const u = 1 - random()
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random())
}

/**
 * A binomial draw: of `trials`, how many succeed with probability `p`. One uniform per trial up to 500
 * trials; above, the normal approximation, clamped to 0..trials.
 * @param {Random} random @param {number} trials @param {number} p
 */
export function binomial(random, trials, p) {
  if (!(trials > 0) || !(p > 0)) return 0
  if (p >= 1) return trials
  if (trials > 500) {
    const mean = trials * p
    return Math.min(trials, Math.max(0, Math.round(mean + Math.sqrt(mean * (1 - p)) * normal(random))))
  }
  let hits = 0
  for (let i = 0; i < trials; i++) if (random() < p) hits++
  return hits
}

/** The items in a seeded order (Fisher–Yates), the input left as it was. @template T @param {Random} random @param {readonly T[]} items @returns {T[]} */
export function shuffled(random, items) {
  const out = [...items]
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1))
    const a = /** @type {T} */ (out[i])
    out[i] = /** @type {T} */ (out[j])
    out[j] = a
  }
  return out
}

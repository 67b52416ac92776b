// Property tests of the verdict on a fix (src/health/evidence.ts, src/health/verdict.ts): more
// evidence in the same direction never flips a clear verdict, and a verdict never depends on traffic
// alone: the same shares at any scale lean the same way.
import { fc, test } from '@fast-check/vitest'
import { describe, expect } from 'vitest'
import { judgement, rateRatio } from '../../src/health/evidence.js'
import { judgedBy } from '../../src/health/verdict.js'

const side = fc.record({ trouble: fc.integer({ min: 0, max: 400 }), exposure: fc.integer({ min: 1, max: 800 }) }).map((pool) => ({
  trouble: Math.min(pool.trouble, pool.exposure),
  exposure: pool.exposure
}))

describe('the verdict', () => {
  test.prop([side, side, fc.integer({ min: 2, max: 20 }), fc.boolean()])(
    'more evidence in the same direction never flips a clear verdict',
    (before, after, times, ruleOut) => {
      const clear = judgement(before, after, ruleOut)
      const more = judgement(
        { trouble: before.trouble * times, exposure: before.exposure * times },
        { trouble: after.trouble * times, exposure: after.exposure * times },
        ruleOut
      )
      if (clear !== 'too-few') expect(more).toBe(clear)
      // And more readers never make the evidence weaker.
      const found = rateRatio(before, after)
      const sharper = rateRatio(
        { trouble: before.trouble * times, exposure: before.exposure * times },
        { trouble: after.trouble * times, exposure: after.exposure * times }
      )
      if (found && sharper && before.trouble + after.trouble > 0) {
        expect(sharper.lower).toBeGreaterThanOrEqual(found.lower - 1e-9)
        expect(sharper.upper).toBeLessThanOrEqual(found.upper + 1e-9)
      }
    }
  )

  test.prop([side, side, fc.boolean()])('more periods since the merge, alike, never flip a clear verdict', (before, after, ruleOut) => {
    const once = judgement(before, after, ruleOut)
    const twice = judgement(before, { trouble: after.trouble * 2, exposure: after.exposure * 2 }, ruleOut)
    if (once !== 'too-few') expect(twice).toBe(once)
  })

  test.prop([side, side])('the interval holds the ratio', (before, after) => {
    const found = rateRatio(before, after)
    if (!found || before.trouble === 0) return
    expect(found.lower).toBeLessThanOrEqual(found.ratio + 1e-9)
    expect(found.upper).toBeGreaterThanOrEqual(found.ratio - 1e-9)
  })

  // Visits a script makes may pass for human visitors. A fix that did nothing keeps its trouble per real
  // visitor; visits made up since the merge, fewer than 1.5 per real one, leave a ratio above 0.4, and
  // the interval holds it: never fixed, at any count, whole or not.
  const real = fc.record({
    trouble: fc.double({ min: 0.5, max: 5000, noNaN: true }),
    visitors: fc.double({ min: 1, max: 50_000, noNaN: true })
  })
  test.prop([real, real, fc.double({ min: 1, max: 2.49, noNaN: true })])(
    'visits a script makes, up to 1.5 per real visitor since the merge, never make a fix that did nothing read fixed',
    (before, since, made) => {
      const rate = before.trouble / before.visitors
      const after = { dateFrom: 'c', dateTo: 'd', down: Math.max(since.trouble, rate * since.visitors), visitors: since.visitors * made }
      expect(judgedBy({ dateFrom: 'a', dateTo: 'b', down: before.trouble, visitors: before.visitors }, after)).not.toBe('fixed')
    }
  )

  const counts = fc.record({ down: fc.integer({ min: 0, max: 300 }), unanswered: fc.integer({ min: 0, max: 100 }) })
  test.prop([counts, counts, fc.integer({ min: 1, max: 2000 }), fc.integer({ min: 1, max: 2000 }), fc.nat(100_000), fc.nat(100_000)])(
    'over the page’s visitors, thumbs up anyone can send never change a verdict',
    (before, after, seenBefore, seenAfter, upBefore, upAfter) => {
      const numbers = (c: typeof before, visitors: number, up: number) => ({ dateFrom: 'a', dateTo: 'b', ...c, up, visitors })
      expect(judgedBy(numbers(before, seenBefore, upBefore), numbers(after, seenAfter, upAfter))).toBe(
        judgedBy(numbers(before, seenBefore, 0), numbers(after, seenAfter, 0))
      )
    }
  )
})

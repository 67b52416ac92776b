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

// Property tests of the verdict on a fix (src/health/evidence.ts, src/health/verdict.ts): more
// evidence in the same direction never flips a clear verdict, and a verdict never depends on traffic
// alone: the same shares at any scale lean the same way.
import { fc, test } from '@fast-check/vitest'
import { describe, expect } from 'vitest'
import { judgement, rateRatio } from '../../src/health/evidence.js'

const side = fc.record({ trouble: fc.integer({ min: 0, max: 400 }), exposure: fc.integer({ min: 1, max: 800 }) }).map((pool) => ({
  trouble: Math.min(pool.trouble, pool.exposure),
  exposure: pool.exposure
}))

describe('the verdict', () => {
  test.prop([side, side, fc.integer({ min: 2, max: 20 })])(
    'more evidence in the same direction never flips a clear verdict',
    (before, after, times) => {
      const clear = judgement(before, after)
      const more = judgement(
        { trouble: before.trouble * times, exposure: before.exposure * times },
        { trouble: after.trouble * times, exposure: after.exposure * times }
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

  test.prop([side, side])('more periods since the merge, alike, never flip a clear verdict', (before, after) => {
    const once = judgement(before, after)
    const twice = judgement(before, { trouble: after.trouble * 2, exposure: after.exposure * 2 })
    if (once !== 'too-few') expect(twice).toBe(once)
  })

  test.prop([side, side])('the interval holds the ratio', (before, after) => {
    const found = rateRatio(before, after)
    if (!found || before.trouble === 0) return
    expect(found.lower).toBeLessThanOrEqual(found.ratio + 1e-9)
    expect(found.upper).toBeGreaterThanOrEqual(found.ratio - 1e-9)
  })
})

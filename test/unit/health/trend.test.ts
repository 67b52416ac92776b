// Tests the trend line of a headline (src/health/trend.ts) where no period has a value, beside the
// rows drawn in body.test.ts.
import { describe, expect, it } from 'vitest'
import { sparkline } from '../../../src/health/trend.js'

describe('sparkline', () => {
  it.each([
    [[undefined, Number.NaN, Number.POSITIVE_INFINITY], ''],
    [[undefined, 4, Number.NEGATIVE_INFINITY], ' █ '],
    // A dip of 2.2 % (38,380 → 37,540) is less than one of the eight heights: the row stays level,
    // where bars scaled from the lowest to the highest value drew it as a fall to the bottom.
    [[38_380, 37_540, 38_380, 38_200, 38_300], '█████'],
    [[100, 60, 100], '█▅█'],
    [[0, 0], '▁▁'],
    // Below zero, the bars stand on the lowest value.
    [[-4, 0, 4], '▁▅█']
  ])('draws %j as %j', (values, line) => {
    expect(sparkline(values)).toBe(line)
  })
})

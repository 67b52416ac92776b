// Tests the trend line of a headline (src/health/trend.ts) where no period has a value, beside the
// rows drawn in body.test.ts.
import { describe, expect, it } from 'vitest'
import { sparkline } from '../../../src/health/trend.js'

describe('sparkline', () => {
  it.each([
    [[undefined, Number.NaN, Number.POSITIVE_INFINITY], ''],
    [[undefined, 4, Number.NEGATIVE_INFINITY], ' ▄ ']
  ])('draws %j as %j', (values, line) => {
    expect(sparkline(values)).toBe(line)
  })
})

import { describe, expect, it } from 'vitest'
import { pollDelay } from '../../src/agent/poll-schedule.js'
import { backoffDelay, DEFAULT_RETRY_POLICY, parseRetryAfter } from '../../src/api/retry.js'

describe('backoffDelay', () => {
  it('draws from 0 up to an exponentially growing ceiling, capped', () => {
    const top = { ...DEFAULT_RETRY_POLICY, random: () => 0.999999 }
    expect([0, 1, 2, 3, 4, 5, 6].map((n) => backoffDelay(n, top))).toEqual([999, 1999, 3999, 7999, 15999, 29999, 29999])
    expect(backoffDelay(3, { ...DEFAULT_RETRY_POLICY, random: () => 0 })).toBe(0)
  })
})

describe('parseRetryAfter', () => {
  const now = Date.parse('2026-11-21T10:00:00Z')
  it('reads seconds and HTTP dates', () => {
    expect(parseRetryAfter('30', now)).toBe(30_000)
    expect(parseRetryAfter('Sat, 21 Nov 2026 10:01:00 GMT', now)).toBe(60_000)
    expect(parseRetryAfter('Sat, 21 Nov 2026 09:00:00 GMT', now)).toBe(0)
  })
  it('ignores what it cannot read', () => {
    expect(parseRetryAfter(undefined, now)).toBeUndefined()
    expect(parseRetryAfter('-5', now)).toBeUndefined()
    expect(parseRetryAfter('soon', now)).toBeUndefined()
  })
})

describe('pollDelay', () => {
  const mid = () => 0.5
  it('checks after 1, 2 and 3 s, then widens to the steady interval', () => {
    const delays = Array.from({ length: 10 }, (_, i) => pollDelay(i, 10_000, mid))
    expect(delays.slice(0, 3)).toEqual([1000, 1000, 1000])
    expect(delays.slice(3, 8)).toEqual([1500, 2250, 3375, 5062.5, 7593.75])
    expect(delays.slice(8)).toEqual([10_000, 10_000])
  })
  it('keeps the steady interval within ±10 %', () => {
    expect(pollDelay(50, 10_000, () => 0)).toBe(9000)
    expect(pollDelay(50, 10_000, () => 1)).toBe(11_000)
  })
  it('uses the interval from the start when it is shorter than the ramp', () => {
    expect(pollDelay(0, 500, mid)).toBe(500)
  })
})

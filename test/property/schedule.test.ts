// Property tests of the waits between requests: the poll schedule of a job's status checks
// (src/agent/poll-schedule.ts) and the retry backoff and Retry-After reading (src/api/retry.ts).
import { fc, test } from '@fast-check/vitest'
import { describe, expect } from 'vitest'
import { pollDelay } from '../../src/agent/poll-schedule.js'
import { backoffDelay, parseRetryAfter, type RetryPolicy } from '../../src/api/retry.js'

// What Math.random may return.
const unit = fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true })
// pollIntervalMs as the inputs allow it: 0.5 s to one hour, in whole milliseconds.
const intervalMs = fc.integer({ min: 500, max: 3_600_000 })
const check = fc.nat({ max: 10_000 })

describe('pollDelay', () => {
  test.prop([check, intervalMs, unit])(
    'waits more than zero, at most the interval plus 10 % and at least the shorter of 1 s and the interval less 10 %',
    (n, interval, r) => {
      const delay = pollDelay(n, interval, () => r)
      expect(delay).toBeGreaterThan(0)
      expect(delay).toBeLessThanOrEqual(Math.round(interval * 1.1))
      expect(delay).toBeGreaterThanOrEqual(Math.min(1000, Math.round(interval * 0.9)))
    }
  )

  test.prop([intervalMs, unit])(
    'ramps up without ever getting shorter until it reaches the interval, then waits the same jittered interval every time',
    (interval, r) => {
      const checks = Array.from({ length: 40 }, (_, n) => n)
      // The ramp does not depend on the random source; the steady, jittered interval does.
      const onRamp = checks.map((n) => pollDelay(n, interval, () => 0) === pollDelay(n, interval, () => 0.5))
      const steadyFrom = onRamp.indexOf(false)
      expect(steadyFrom).toBeGreaterThanOrEqual(0)
      expect(onRamp.slice(steadyFrom)).not.toContain(true)

      const delays = checks.map((n) => pollDelay(n, interval, () => r))
      const ramp = delays.slice(0, steadyFrom)
      for (let n = 1; n < ramp.length; n++) expect(ramp[n]).toBeGreaterThanOrEqual(ramp[n - 1] as number)
      for (const delay of ramp) expect(delay).toBeLessThan(interval)
      expect(new Set(delays.slice(steadyFrom)).size).toBe(1)
    }
  )

  test.prop([intervalMs.filter((i) => i > 1000)])('checks a short job after 1, 2 and 3 seconds', (interval) => {
    expect([0, 1, 2].map((n) => pollDelay(n, interval, () => 0.5))).toEqual([1000, 1000, 1000])
  })
})

describe('backoffDelay', () => {
  const policy = fc.record({
    maxAttempts: fc.integer({ min: 1, max: 10 }),
    baseMs: fc.integer({ min: 1, max: 100_000 }),
    capMs: fc.integer({ min: 1, max: 10_000_000 }),
    random: unit.map((r) => () => r)
  }) satisfies fc.Arbitrary<RetryPolicy>

  test.prop([fc.nat({ max: 2000 }), policy])(
    'is a whole number of milliseconds from 0 up to, not including, min(cap, base × 2^retry)',
    (retry, p) => {
      const delay = backoffDelay(retry, p)
      expect(Number.isInteger(delay)).toBe(true)
      expect(delay).toBeGreaterThanOrEqual(0)
      expect(delay).toBeLessThan(Math.min(p.capMs, p.baseMs * 2 ** retry))
    }
  )
})

describe('parseRetryAfter', () => {
  const now = fc.integer({ min: Date.parse('1990-01-01T00:00:00Z'), max: Date.parse('2200-01-01T00:00:00Z') })
  const space = fc.constantFrom('', ' ', '\t', '  ')

  test.prop([fc.nat(), fc.nat({ max: 3 }), space, space, now])(
    'reads delay-seconds, with leading zeros and surrounding spaces, as that many thousand milliseconds',
    (seconds, zeros, before, after, at) => {
      expect(parseRetryAfter(`${before}${'0'.repeat(zeros)}${seconds}${after}`, at)).toBe(seconds * 1000)
    }
  )

  test.prop([fc.integer({ min: Date.parse('1970-01-01T00:00:00Z'), max: Date.parse('9999-12-31T23:59:59Z') }), now])(
    'reads an HTTP date as the milliseconds from now until then, and zero for a date already past',
    (date, at) => {
      const http = new Date(date).toUTCString()
      expect(parseRetryAfter(http, at)).toBe(Math.max(0, Math.floor(date / 1000) * 1000 - at))
    }
  )

  const header = fc.oneof(
    fc.string({ unit: 'binary' }),
    fc.string({ unit: fc.constantFrom(...'0123456789 -+.:,eE'.split('')), maxLength: 20 }),
    fc.integer().map(String),
    fc.double().map(String),
    fc.date().map((d) => (Number.isNaN(d.getTime()) ? 'Invalid Date' : d.toUTCString())),
    fc.constantFrom('', 'soon', '-1', '1.5', '1e3', 'Wed, 21 Oct 2015 07:28:00 GMT', 'Tue, 32 Oct 2015 07:28:00 GMT', 'a 1', 'Infinity')
  )

  test.prop([header, now])('never gives a negative or not-a-number wait, whatever the header says', (value, at) => {
    const wait = parseRetryAfter(value, at)
    if (wait === undefined) return
    expect(Number.isNaN(wait)).toBe(false)
    expect(wait).toBeGreaterThanOrEqual(0)
  })
})

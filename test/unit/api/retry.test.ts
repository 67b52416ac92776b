// How long the client waits before a retry (backoff and Retry-After), and the poll schedule.
import { describe, expect, it } from 'vitest'
import { pollDelay } from '../../../src/agent/poll-schedule.js'
import { backoffDelay, DEFAULT_RETRY_POLICY, mayRepeat, NEVER_SENT_CODES, neverSent, parseRetryAfter } from '../../../src/api/retry.js'

describe('backoffDelay', () => {
  it('draws from 0 up to an exponentially growing ceiling, capped', () => {
    const top = { ...DEFAULT_RETRY_POLICY, random: () => 0.999999 }
    expect([0, 1, 2, 3, 4, 5, 6].map((n) => backoffDelay(n, top))).toEqual([999, 1999, 3999, 7999, 15999, 29999, 29999])
    expect(backoffDelay(3, { ...DEFAULT_RETRY_POLICY, random: () => 0 })).toBe(0)
  })

  it('scales the random draw by the ceiling and rounds down to whole milliseconds', () => {
    const policy = { maxAttempts: 3, baseMs: 100, capMs: 1000, random: () => 0.5 }
    expect([0, 1, 2, 3, 4].map((n) => backoffDelay(n, policy))).toEqual([50, 100, 200, 400, 500])
    expect(backoffDelay(0, { ...policy, baseMs: 3, random: () => 0.5 })).toBe(1)
  })

  it('tries five times in all by default, waiting about a second at first and never more than 30 s', () => {
    expect(DEFAULT_RETRY_POLICY).toMatchObject({ maxAttempts: 5, baseMs: 1000, capMs: 30_000 })
    const draws = Array.from({ length: 200 }, () => backoffDelay(10, DEFAULT_RETRY_POLICY))
    expect(draws.every((ms) => Number.isInteger(ms) && ms >= 0 && ms < 30_000)).toBe(true)
    expect(new Set(draws).size).toBeGreaterThan(1)
  })
})

describe('parseRetryAfter', () => {
  const now = Date.parse('2026-11-21T10:00:00Z')
  it('reads seconds and HTTP dates', () => {
    expect(parseRetryAfter('30', now)).toBe(30_000)
    expect(parseRetryAfter('0', now)).toBe(0)
    expect(parseRetryAfter(' 120 ', now)).toBe(120_000)
    expect(parseRetryAfter('Sat, 21 Nov 2026 10:01:00 GMT', now)).toBe(60_000)
    expect(parseRetryAfter('SAT, 21 NOV 2026 10:00:05 GMT', now)).toBe(5000)
  })
  it('reads a date in the past as no wait at all', () => {
    expect(parseRetryAfter('Sat, 21 Nov 2026 09:00:00 GMT', now)).toBe(0)
  })
  it('ignores what it cannot read', () => {
    expect(parseRetryAfter(undefined, now)).toBeUndefined()
    expect(parseRetryAfter('', now)).toBeUndefined()
    expect(parseRetryAfter('-5', now)).toBeUndefined()
    expect(parseRetryAfter('1.5', now)).toBeUndefined()
    expect(parseRetryAfter('5s', now)).toBeUndefined()
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

describe('mayRepeat', () => {
  it('repeats a read after no answer, or an answer a repeat may change, whatever the case of the method', () => {
    for (const method of ['GET', 'get', 'HEAD']) {
      expect(mayRepeat(method, { sent: true })).toBe(true)
      expect(mayRepeat(method, { sent: false })).toBe(true)
      for (const status of [408, 429, 500, 502, 503, 504, 599]) expect(mayRepeat(method, { status })).toBe(true)
      for (const status of [0, 400, 401, 403, 404, 409, 422, 499]) expect(mayRepeat(method, { status })).toBe(false)
      expect(mayRepeat(method, { status: 403, refused: true })).toBe(true)
    }
  })

  it('repeats a write only when the server cannot have acted on it: never sent, a 429, or a refusal', () => {
    for (const method of ['POST', 'PATCH', 'put', 'DELETE']) {
      expect(mayRepeat(method, { sent: false })).toBe(true)
      expect(mayRepeat(method, { sent: true })).toBe(false)
      expect(mayRepeat(method, { status: 429 })).toBe(true)
      expect(mayRepeat(method, { status: 503, refused: true })).toBe(true)
      expect(mayRepeat(method, { status: 403, refused: true })).toBe(true)
      for (const status of [408, 500, 502, 503, 504, 403, 404, 422]) expect(mayRepeat(method, { status })).toBe(false)
      expect(mayRepeat(method, { status: 502, refused: false })).toBe(false)
    }
  })

  it('takes no method that merely contains GET for a read', () => {
    expect(mayRepeat('GETX', { sent: true })).toBe(false)
    expect(mayRepeat('XGET', { status: 500 })).toBe(false)
  })
})

describe('neverSent', () => {
  it('knows the errors raised before a connection existed, and no other', () => {
    for (const code of ['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'UND_ERR_CONNECT_TIMEOUT']) {
      expect(neverSent(code)).toBe(true)
    }
    for (const code of [undefined, '', 'ECONNRESET', 'ETIMEDOUT', 'UND_ERR_SOCKET', 'econnrefused']) expect(neverSent(code)).toBe(false)
    expect([...NEVER_SENT_CODES]).toHaveLength(6)
  })
})

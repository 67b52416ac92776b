// Tests the numbers, counts and durations people read in the summary and the log (src/text/format.ts).
import { describe, expect, it } from 'vitest'
import { counted, formatDuration, num } from '../../../src/text/format.js'

describe('formatDuration', () => {
  it.each([
    [0, '0s'],
    [499, '0s'],
    [500, '1s'],
    [45_000, '45s'],
    [59_499, '59s'],
    [59_500, '1m 0s'],
    [252_000, '4m 12s'],
    [3_599_000, '59m 59s'],
    [3_600_000, '1h 0m'],
    [3_780_000, '1h 3m'],
    [3_781_000, '1h 3m'],
    [90_000_000, '25h 0m']
  ])('shows %d ms as %s', (ms, text) => {
    expect(formatDuration(ms)).toBe(text)
  })

  it('shows a negative duration (a clock that went back) as no time at all', () => {
    expect(formatDuration(-5000)).toBe('0s')
  })
})

describe('num', () => {
  it('groups thousands and keeps up to two decimals, as en-US does', () => {
    for (const n of [0, 7, 999, 1000, 1234567, 1234567.891, 0.5, 0.005, 12.3456, 999999.999, 1e15])
      expect(num(n)).toBe(n.toLocaleString('en-US', { maximumFractionDigits: 2 }))
  })

  it('shows exact examples with separators and decimals', () => {
    expect(num(1000)).toBe('1,000')
    expect(num(12345.6)).toBe('12,345.6')
    expect(num(100)).toBe('100')
  })

  it('shows numbers it cannot group (negative, or in exponent form) as JavaScript writes them', () => {
    expect(num(-1234)).toBe('-1234')
    expect(num(1e25)).toBe('1e+25')
    expect(num(1.2345e25)).toBe('1.2345e+25')
    expect(num(Number.NaN)).toBe('NaN')
  })

  it('shows the largest finite numbers as they are: rounding them to two decimals does not overflow', () => {
    expect(num(1e308)).toBe('1e+308')
    expect(num(-1e308)).toBe('-1e+308')
    expect(num(Number.MAX_VALUE)).toBe(String(Number.MAX_VALUE))
  })
})

describe('counted', () => {
  it.each<[number, string]>([
    [0, '0 pages'],
    [1, '1 page'],
    [2, '2 pages'],
    [1000, '1,000 pages'],
    [1.5, '1.5 pages']
  ])('counts %d as %s', (n, text) => {
    expect(counted(n, 'page')).toBe(text)
  })

  it('takes the plural of a noun that needs more than an s', () => {
    expect(counted(1, 'entry', 'entries')).toBe('1 entry')
    expect(counted(3, 'entry', 'entries')).toBe('3 entries')
  })
})

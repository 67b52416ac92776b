// Tests the date forms the inputs take and the ranges people read (src/text/dates.ts), by example.
import { describe, expect, it } from 'vitest'
import { DAY_MS, dateTimeText, dayText, describeRange, isDateOnly, parseDate, shiftDays, shortRange } from '../../../src/text/dates.js'

describe('isDateOnly', () => {
  it('accepts exactly four, two and two digits joined by dashes', () => {
    expect(isDateOnly('2026-11-14')).toBe(true)
    for (const other of [
      '2026-11-1',
      '2026-1-14',
      '026-11-14',
      '2026/11/14',
      '2026-11-14T00:00:00Z',
      ' 2026-11-14',
      '2026-11-14 ',
      'x2026-11-14'
    ])
      expect(isDateOnly(other)).toBe(false)
  })
})

describe('parseDate', () => {
  it('reads a date as midnight UTC', () => {
    expect(parseDate('2026-11-14')).toBe(Date.UTC(2026, 10, 14))
    expect(parseDate('2024-02-29')).toBe(Date.UTC(2024, 1, 29))
  })

  it('refuses dates that do not exist', () => {
    for (const bad of ['2026-02-29', '2026-02-30', '2026-04-31', '2026-13-01', '2026-00-10', '2026-11-00'])
      expect(parseDate(bad)).toBeUndefined()
  })

  it('reads date-times with a zone, with or without seconds and fractions', () => {
    expect(parseDate('2026-11-14T06:30Z')).toBe(Date.UTC(2026, 10, 14, 6, 30))
    expect(parseDate('2026-11-14T06:30:15Z')).toBe(Date.UTC(2026, 10, 14, 6, 30, 15))
    expect(parseDate('2026-11-14T06:30:15.250Z')).toBe(Date.UTC(2026, 10, 14, 6, 30, 15, 250))
    expect(parseDate('2026-11-14T06:30:15+02:00')).toBe(Date.UTC(2026, 10, 14, 4, 30, 15))
    expect(parseDate('2026-11-14T06:30:15-05:30')).toBe(Date.UTC(2026, 10, 14, 12, 0, 15))
  })

  it('refuses date-times without a zone, with impossible values or in other forms', () => {
    for (const bad of [
      '2026-11-14T06:30',
      '2026-11-14T06:30:15',
      '2026-11-14 06:30Z',
      '2026-11-14T25:00Z',
      '2026-04-31T00:00:00Z',
      '2026-02-29T12:00Z',
      '2026-11-14T06:30:15.1234567890Z',
      '2026-11-14T06:30:15+0200',
      'x2026-11-14T06:30Z',
      '+002026-11-14T06:30Z',
      '2026-11-14T06:30Zx',
      '',
      'today'
    ])
      expect(parseDate(bad)).toBeUndefined()
  })
})

describe('shiftDays', () => {
  it('moves a date by whole days and keeps it a date', () => {
    expect(shiftDays('2026-11-21', -7)).toBe('2026-11-14')
    expect(shiftDays('2026-02-28', 1)).toBe('2026-03-01')
    expect(shiftDays('2026-12-31', 1)).toBe('2027-01-01')
  })

  it('moves a date-time by whole days and gives it in UTC', () => {
    expect(shiftDays('2026-03-01T12:00:00+01:00', -7)).toBe('2026-02-22T11:00:00.000Z')
    expect(shiftDays('2026-03-01T00:00Z', 0)).toBe('2026-03-01T00:00:00.000Z')
  })
})

describe('dayText', () => {
  it('writes the day, the short month and the year, in UTC', () => {
    expect(dayText(Date.UTC(2026, 10, 14))).toBe('14 Nov 2026')
    expect(dayText(Date.UTC(2026, 0, 1))).toBe('1 Jan 2026')
    expect(dayText(Date.UTC(2026, 11, 31, 23, 59))).toBe('31 Dec 2026')
    expect(Array.from({ length: 12 }, (_, month) => dayText(Date.UTC(2026, month, 2)).split(' ')[1])).toEqual([
      'Jan',
      'Feb',
      'Mar',
      'Apr',
      'May',
      'Jun',
      'Jul',
      'Aug',
      'Sep',
      'Oct',
      'Nov',
      'Dec'
    ])
  })

  it('counts a day as 86,400,000 ms', () => {
    expect(dayText(Date.UTC(2026, 10, 14) + DAY_MS)).toBe('15 Nov 2026')
    expect(dayText(Date.UTC(2026, 10, 14) + DAY_MS - 1)).toBe('14 Nov 2026')
  })
})

describe('dateTimeText', () => {
  it('writes a date-time from the service as the day, then hours and minutes in UTC', () => {
    expect(dateTimeText('2026-11-21T14:01:09Z')).toBe('21 Nov 2026, 14:01 UTC')
    expect(dateTimeText('2026-11-21T14:01:59.999Z')).toBe('21 Nov 2026, 14:01 UTC')
    expect(dateTimeText('2026-01-02T03:04:00Z')).toBe('2 Jan 2026, 03:04 UTC')
    expect(dateTimeText('2026-12-31T23:59:00Z')).toBe('31 Dec 2026, 23:59 UTC')
  })

  it('moves a time with an offset to UTC, across midnight if it must', () => {
    expect(dateTimeText('2026-11-21T01:30:00+02:00')).toBe('20 Nov 2026, 23:30 UTC')
    expect(dateTimeText('2026-11-21T22:45:00-05:00')).toBe('22 Nov 2026, 03:45 UTC')
  })

  it('reads a date alone as midnight UTC', () => {
    expect(dateTimeText('2026-11-21')).toBe('21 Nov 2026, 00:00 UTC')
  })

  it('gives nothing for text that is not a date-time', () => {
    for (const value of ['', 'yesterday', '2026-13-45T00:00:00Z', 'NaN']) expect(dateTimeText(value)).toBeUndefined()
  })
})

describe('describeRange', () => {
  it('shows a range of dates as its first and last days included, with the number of days', () => {
    expect(describeRange('2026-11-14', '2026-11-21')).toBe('14 Nov 2026 to 20 Nov 2026 (7 days, UTC)')
    expect(describeRange('2026-12-31', '2027-01-02')).toBe('31 Dec 2026 to 1 Jan 2027 (2 days, UTC)')
  })

  it('shows a one-day range as that day alone', () => {
    expect(describeRange('2026-11-20', '2026-11-21')).toBe('20 Nov 2026 (1 day, UTC)')
  })

  it('shows a range with a date-time at either end as written, saying the end is excluded', () => {
    expect(describeRange('2026-11-20T06:00:00Z', '2026-11-21')).toBe('2026-11-20T06:00:00Z up to, not including, 2026-11-21')
    expect(describeRange('2026-11-20', '2026-11-21T06:00:00+01:00')).toBe('2026-11-20 up to, not including, 2026-11-21T06:00:00+01:00')
  })
})

describe('shortRange', () => {
  it.each([
    ['2026-11-17', '2026-11-24', '17–23 Nov 2026'],
    ['2026-10-28', '2026-11-04', '28 Oct – 3 Nov 2026'],
    ['2025-12-28', '2026-01-04', '28 Dec 2025 – 3 Jan 2026'],
    ['2026-11-14', '2026-11-15', '14 Nov 2026'],
    ['2026-11-14T06:00:00Z', '2026-11-15', '2026-11-14T06:00:00Z up to, not including, 2026-11-15']
  ])('shows %s to %s (exclusive) as %s', (from, to, text) => {
    expect(shortRange(from, to)).toBe(text)
  })
})

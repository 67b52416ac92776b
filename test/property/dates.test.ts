// Property tests of the date inputs (src/text/dates.ts) and of the analytics range they default to
// (analyticsRange in src/run/inputs.ts).
import { fc, test } from '@fast-check/vitest'
import { describe, expect } from 'vitest'
import { analyticsRange, readInputs } from '../../src/run/inputs.js'
import { DAY_MS, dayText, describeRange, isDateOnly, parseDate, shiftDays } from '../../src/text/dates.js'

// The days that YYYY-MM-DD can name, as whole days since 1970-01-01.
const FIRST_DAY = Date.parse('0000-01-01T00:00:00Z') / DAY_MS
const LAST_DAY = Date.parse('9999-12-31T00:00:00Z') / DAY_MS
const dayIndex = fc.integer({ min: FIRST_DAY, max: LAST_DAY })
const dateOnly = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10)
const pad = (n: number, width: number) => String(n).padStart(width, '0')
const isLeap = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0
const daysInMonth = (year: number, month: number) =>
  [31, isLeap(year) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1] as number

// An instant whose UTC date has four digits, and the same instant written in another offset.
const instant = fc.integer({ min: FIRST_DAY * DAY_MS + DAY_MS, max: LAST_DAY * DAY_MS - 1 })
const offsetMinutes = fc.integer({ min: -(23 * 60 + 59), max: 23 * 60 + 59 })
function inOffset(at: number, offset: number, precision: 'minutes' | 'seconds' | 'ms'): { text: string; at: number } {
  const step = precision === 'minutes' ? 60_000 : precision === 'seconds' ? 1000 : 1
  const exact = Math.floor(at / step) * step
  const local = new Date(exact + offset * 60_000).toISOString()
  const clock = precision === 'minutes' ? local.slice(0, 16) : precision === 'seconds' ? local.slice(0, 19) : local.slice(0, 23)
  const zone = offset === 0 ? 'Z' : `${offset < 0 ? '-' : '+'}${pad(Math.floor(Math.abs(offset) / 60), 2)}:${pad(Math.abs(offset) % 60, 2)}`
  return { text: `${clock}${zone}`, at: exact }
}
const precision = fc.constantFrom('minutes' as const, 'seconds' as const, 'ms' as const)
// A date input of either form, from the eighth day of year 0000 (see the range's known defect below).
const dateInput = fc.oneof(
  fc.integer({ min: FIRST_DAY + 7, max: LAST_DAY }).map(dateOnly),
  fc
    .tuple(instant, offsetMinutes, precision)
    .map(([at, offset, digits]) => inOffset(Math.min(at + 7 * DAY_MS, LAST_DAY * DAY_MS - 1), offset, digits).text)
)

describe('parseDate', () => {
  test.prop([dayIndex])('reads every YYYY-MM-DD as midnight UTC of that day', (day) => {
    expect(parseDate(dateOnly(day))).toBe(day * DAY_MS)
  })

  test.prop([fc.nat({ max: 9999 }), fc.nat({ max: 99 }), fc.nat({ max: 99 })])(
    'accepts a YYYY-MM-DD exactly when that day exists in the calendar',
    (year, month, day) => {
      const exists = month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month)
      expect(parseDate(`${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`) !== undefined).toBe(exists)
    }
  )

  test.prop([instant, offsetMinutes, precision])(
    'reads an ISO 8601 date-time, in any offset and precision, as the instant it names',
    (at, offset, digits) => {
      const written = inOffset(at, offset, digits)
      expect(parseDate(written.text)).toBe(written.at)
    }
  )

  // Date.parse accepts days 29 to 31 of every month ("2026-04-31T00:00:00Z" would be 1 May).
  test.prop([fc.integer({ min: 1, max: 9999 }), fc.integer({ min: 1, max: 12 }), fc.integer({ min: 29, max: 31 })])(
    'rejects a date-time whose date does not exist in the calendar',
    (year, month, day) => {
      fc.pre(day > daysInMonth(year, month))
      expect(parseDate(`${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}T00:00:00Z`)).toBeUndefined()
    }
  )
})

describe('shiftDays', () => {
  test.prop([dayIndex, dayIndex])('moves a YYYY-MM-DD by exactly the days asked, and back again', (from, to) => {
    const days = to - from
    expect(shiftDays(dateOnly(from), days)).toBe(dateOnly(to))
    expect(shiftDays(shiftDays(dateOnly(from), days), -days)).toBe(dateOnly(from))
  })

  test.prop([instant, fc.integer({ min: -4000, max: 4000 }), offsetMinutes, precision])(
    'moves a date-time by exactly the days asked, written in UTC, and back again',
    (at, days, offset, digits) => {
      fc.pre(at + days * DAY_MS > FIRST_DAY * DAY_MS + DAY_MS && at + days * DAY_MS < LAST_DAY * DAY_MS)
      const written = inOffset(at, offset, digits)
      const moved = shiftDays(written.text, days)
      expect(moved).toBe(new Date(written.at + days * DAY_MS).toISOString())
      expect(parseDate(moved)).toBe((parseDate(written.text) as number) + days * DAY_MS)
      const utc = new Date(written.at).toISOString()
      expect(shiftDays(shiftDays(utc, days), -days)).toBe(utc)
    }
  )
})

describe('analyticsRange', () => {
  // From the eighth day of year 0000, so that a week before stays a four-digit date (see below).
  const now = fc.integer({ min: (FIRST_DAY + 7) * DAY_MS, max: (LAST_DAY + 1) * DAY_MS - 1 }).map((at) => new Date(at))

  test.prop([now])('by default ends today (UTC, exclusive) and starts 7 days earlier', (at) => {
    const range = analyticsRange(undefined, undefined, at)
    expect(isDateOnly(range.dateFrom) && isDateOnly(range.dateTo)).toBe(true)
    const to = parseDate(range.dateTo) as number
    expect(to).toBeLessThanOrEqual(at.getTime())
    expect(at.getTime()).toBeLessThan(to + DAY_MS)
    expect(parseDate(range.dateFrom)).toBe(to - 7 * DAY_MS)
  })

  /** What has passed of `dateTo` at `at`: today for a date, the instant itself for a date-time. */
  const passed = (dateTo: string, at: Date) => (isDateOnly(dateTo) ? at.toISOString().slice(0, 10) : at.toISOString())
  /** The end a range is sent with: `dateTo` when it has passed, else what has passed of it, said as cut. */
  const expectedEnd = (dateTo: string, at: Date) =>
    (parseDate(dateTo) as number) > (parseDate(passed(dateTo, at)) as number) ? { dateTo: passed(dateTo, at), cutFrom: dateTo } : { dateTo }

  test.prop([dateInput, now])(
    'with only dateTo, starts 7 days before it, in the same form, and ends at what has passed of it',
    (dateTo, at) => {
      const range = analyticsRange(undefined, dateTo, at)
      expect(range).toEqual({ dateFrom: range.dateFrom, ...expectedEnd(dateTo, at) })
      expect(parseDate(range.dateFrom)).toBe((parseDate(dateTo) as number) - 7 * DAY_MS)
      expect(isDateOnly(range.dateFrom)).toBe(isDateOnly(dateTo))
    }
  )

  test.prop([dateInput, now])('with only dateFrom, keeps it and ends today (UTC)', (dateFrom, at) => {
    const range = analyticsRange(dateFrom, undefined, at)
    expect(range.dateFrom).toBe(dateFrom)
    expect(range.dateTo).toBe(at.toISOString().slice(0, 10))
  })

  test.prop([dateInput, dateInput, now])('with both ends, keeps dateFrom, and dateTo as far as it has passed', (dateFrom, dateTo, at) => {
    expect(analyticsRange(dateFrom, dateTo, at)).toEqual({ dateFrom, ...expectedEnd(dateTo, at) })
  })

  // The first week of year 0000 has no 7 days before it.
  test.prop([fc.integer({ min: FIRST_DAY, max: FIRST_DAY + 14 }).map(dateOnly)])(
    'readInputs either rejects a dateTo or sends a dateFrom that is a valid date input',
    (dateTo) => {
      const values: Record<string, string> = { apiKey: 'mint_key', projectId: 'proj', analytics: 'visitors', dateTo }
      let from: string | undefined
      try {
        from = readInputs((name) => values[name] ?? '').analytics?.dateFrom
      } catch {
        return
      }
      expect(parseDate(from as string)).toBeDefined()
    }
  )
})

describe('describeRange', () => {
  test.prop([dayIndex, fc.integer({ min: 1, max: 5000 })])(
    'counts the days of a YYYY-MM-DD range and names its first and last included day',
    (from, days) => {
      fc.pre(from + days <= LAST_DAY)
      const text = describeRange(dateOnly(from), dateOnly(from + days))
      expect(text.endsWith(`(${days} ${days === 1 ? 'day' : 'days'}, UTC)`)).toBe(true)
      expect(text.startsWith(dayText(from * DAY_MS))).toBe(true)
      if (days > 1) expect(text).toContain(` to ${dayText((from + days - 1) * DAY_MS)} (`)
    }
  )

  test.prop([dateInput, dateInput])(
    'shows a range with a date-time end as both inputs, the end marked as not included',
    (dateFrom, dateTo) => {
      fc.pre(!isDateOnly(dateFrom) || !isDateOnly(dateTo))
      expect(describeRange(dateFrom, dateTo)).toBe(`${dateFrom} up to, not including, ${dateTo}`)
    }
  )
})

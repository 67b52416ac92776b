// Dates as the inputs take them (YYYY-MM-DD or an ISO 8601 date-time) and as people read them.

export const DAY_MS = 86_400_000

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']

/** A date without a time: YYYY-MM-DD. */
export function isDateOnly(value: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(value)
}

/** Midnight UTC of a YYYY-MM-DD day that exists, or undefined. */
function dayStart(value: string): number | undefined {
  const at = Date.parse(`${value}T00:00:00Z`)
  // Date.parse takes days 29 to 31 in every month (2026-04-31 is 1 May): a real day reads back the same.
  return !Number.isNaN(at) && new Date(at).toISOString().startsWith(value) ? at : undefined
}

/** The instant a date input names, or undefined when it is not one of the accepted forms or names a day that does not exist. */
export function parseDate(value: string): number | undefined {
  if (isDateOnly(value)) return dayStart(value)
  if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/.test(value)) {
    if (dayStart(value.slice(0, 10)) === undefined) return undefined
    const at = Date.parse(value)
    return Number.isNaN(at) ? undefined : at
  }
  return undefined
}

/** A valid date input moved by whole days, in the same form (date, or date-time in UTC). */
export function shiftDays(value: string, days: number): string {
  const at = (parseDate(value) as number) + days * DAY_MS
  return isDateOnly(value) ? new Date(at).toISOString().slice(0, 10) : new Date(at).toISOString()
}

/** "14 Nov 2026" (UTC). By hand: toLocaleDateString would load locale data for this alone. */
export function dayText(at: number): string {
  const d = new Date(at)
  return `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`
}

/** A date-time from the service as people read it, "21 Nov 2026, 14:01 UTC"; undefined when it is not one. */
export function dateTimeText(value: string): string | undefined {
  const at = Date.parse(value)
  if (Number.isNaN(at)) return undefined
  const d = new Date(at)
  const hh = String(d.getUTCHours()).padStart(2, '0')
  const mm = String(d.getUTCMinutes()).padStart(2, '0')
  return `${dayText(at)}, ${hh}:${mm} UTC`
}

/** A range of valid date inputs in words, the exclusive end shown as the last day included. */
export function describeRange(dateFrom: string, dateTo: string): string {
  const from = parseDate(dateFrom) as number
  const to = parseDate(dateTo) as number
  if (isDateOnly(dateFrom) && isDateOnly(dateTo)) {
    const days = Math.round((to - from) / DAY_MS)
    const last = to - DAY_MS
    const span = days === 1 ? dayText(from) : `${dayText(from)} to ${dayText(last)}`
    return `${span} (${days} ${days === 1 ? 'day' : 'days'}, UTC)`
  }
  return `${dateFrom} up to, not including, ${dateTo}`
}

/**
 * A range of valid date inputs as a title shows it, the exclusive end shown as the last day
 * included: "14–20 Nov 2026", "28 Oct – 3 Nov 2026", "28 Dec 2025 – 3 Jan 2026", "14 Nov 2026".
 * A range given with times is shown as describeRange shows it.
 */
export function shortRange(dateFrom: string, dateTo: string): string {
  if (!isDateOnly(dateFrom) || !isDateOnly(dateTo)) return describeRange(dateFrom, dateTo)
  const from = new Date(parseDate(dateFrom) as number)
  const last = new Date((parseDate(dateTo) as number) - DAY_MS)
  const [day, month] = dayText(from.getTime()).split(' ')
  if (last.getTime() <= from.getTime()) return dayText(from.getTime())
  if (from.getUTCFullYear() !== last.getUTCFullYear()) return `${dayText(from.getTime())} – ${dayText(last.getTime())}`
  if (from.getUTCMonth() !== last.getUTCMonth()) return `${day} ${month} – ${dayText(last.getTime())}`
  return `${day}–${dayText(last.getTime())}`
}

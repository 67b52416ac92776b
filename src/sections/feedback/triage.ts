// Which feedback rows count, by the status the docs team gave them in Mintlify (docs/report.md,
// "Mintlify's own triage of feedback"). `dismissed` never counts. `resolved` is the team saying
// "handled", so it is left out, except on a page with a fix, left after the fix merged: the team marking
// a row resolved must not make a fix that failed look as if it worked. The service gives a row only the
// day it was left (`createdAt`), not when its status changed, so a row is placed in time by that day.
// Whatever the service sends, a row is left out only on its clear word: a missing date, a text that is
// no day, or a day outside the period read keeps a resolved row on a fixed page counted.

/**
 * The pages with a fix, each as the section keeps it, and the day (YYYY-MM-DD) its pull request merged;
 * '' when a pull request is open and may have merged since the last run: every resolved row counts.
 */
export type Fixes = ReadonlyMap<string, string>

/** The statuses the counts per page ask for: resolved rows are added back from the rows (countedRow). */
export const PAGE_STATUSES = 'pending,in_progress'

/**
 * A date (YYYY-MM-DD), or a date-time with minutes, seconds and a fraction of them optional, in UTC
 * (`Z`, or no zone, as the service dates everything else) or at an offset. Anchored, with no repeat
 * inside a repeat: linear in the text however long.
 */
const DATE_TIME = /^(\d{4}-\d{2}-\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(?:Z|([+-])(\d{2}):(\d{2}))?)?$/

const MINUTE_MS = 60_000

/**
 * The UTC day a row was left (YYYY-MM-DD), the day a merge is dated in: from a date of the calendar
 * that exists, or from a date-time at any offset (22:00 at -05:00 is the next day in UTC; a leap
 * second is the last second of its day). Undefined for anything else: a text that is no day.
 */
export function dayOf(createdAt: string | null): string | undefined {
  const match = createdAt === null ? null : DATE_TIME.exec(createdAt)
  if (!match) return undefined
  const [, day = '', hours = '0', minutes = '0', seconds = '0', sign = '+', offsetHours = '0', offsetMinutes = '0'] = match
  const start = Date.parse(`${day}T00:00:00Z`)
  // Date.parse takes days 29 to 31 in every month (2026-04-31 is 1 May): a real day reads back the same.
  if (Number.isNaN(start) || !new Date(start).toISOString().startsWith(day)) return undefined
  if (Number(hours) > 23 || Number(minutes) > 59 || Number(seconds) > 60 || Number(offsetHours) > 23 || Number(offsetMinutes) > 59)
    return undefined
  const local = Number(hours) * 60 + Number(minutes) + Math.min(Number(seconds), 59) / 60
  const offset = (sign === '-' ? -1 : 1) * (Number(offsetHours) * 60 + Number(offsetMinutes))
  const utc = new Date(start + (local - offset) * MINUTE_MS).toISOString().slice(0, 10)
  return /^\d{4}-\d{2}-\d{2}$/.test(utc) ? utc : undefined
}

/**
 * Whether a feedback row counts in the numbers and the comments of the period that begins on
 * `dateFrom` and ends before `dateTo`: every row but a dismissed one, and a resolved one only on a page
 * of `fixes`, when the period begins on or after the merge (every row of it is after the fix), or when
 * the row was not left clearly before the merge (its day, within the period, before the merge day).
 */
export function countedRow(
  row: { path: string; status: string; createdAt: string | null },
  fixes: Fixes,
  period: { dateFrom: string; dateTo: string }
): boolean {
  if (row.status === 'dismissed') return false
  if (row.status !== 'resolved') return true
  const mergedOn = fixes.get(row.path)
  if (mergedOn === undefined) return false
  if (mergedOn === '' || period.dateFrom >= mergedOn) return true
  const day = dayOf(row.createdAt)
  return day === undefined || day < period.dateFrom || day >= period.dateTo || day >= mergedOn
}

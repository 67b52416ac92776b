// Which feedback rows count, by the status the docs team gave them in Mintlify (docs/report.md,
// "Mintlify's own triage of feedback"). `resolved` is the team saying "handled", and `dismissed` "not
// about the docs", so both are left out, except on a page with a fix, left after the fix merged: there
// every row counts whatever its status, so that the team triaging the complaints since a fix, either
// way, never makes a fix that failed look as if it worked. The service gives a row only the
// day it was left (`createdAt`), not when its status changed, so a row is placed in time by that day.
// Whatever the service sends, a row is left out only on its clear word: a missing date, a text that is
// no day, or a day outside the period read keeps a resolved row on a fixed page counted.

/**
 * The pages with a fix, each as the section keeps it, and the day (YYYY-MM-DD) its pull request merged;
 * '' when a pull request is open and may have merged since the last run: every resolved row counts.
 */
export type Fixes = ReadonlyMap<string, string>

/** The statuses the counts per page ask for: resolved and dismissed rows are added back from the rows (countedRow). */
export const PAGE_STATUSES = 'pending,in_progress'

/** The statuses of the rows the comparison with the period before reads, to add back those that count there as here. */
export const TRIAGED_STATUSES = 'resolved,dismissed'

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
  const day = match[1] as string
  const sign = match[5]
  // The numbers of the time and of the offset; a part the text leaves out is 0.
  const part = (at: number): number => Number(match[at] ?? 0)
  const [hours, minutes, seconds, offsetHours, offsetMinutes] = [part(2), part(3), part(4), part(6), part(7)]
  const start = Date.parse(`${day}T00:00:00Z`)
  // Date.parse takes days 29 to 31 in every month (2026-04-31 is 1 May): a real day reads back the same.
  if (Number.isNaN(start) || !new Date(start).toISOString().startsWith(day)) return undefined
  if (hours > 23 || minutes > 59 || seconds > 60 || offsetHours > 23 || offsetMinutes > 59) return undefined
  // Seconds never move a time to another day: but for a leap second (60), which ends its own day.
  const offset = (sign === '-' ? -1 : 1) * (offsetHours * 60 + offsetMinutes)
  const utc = new Date(start + (hours * 60 + minutes - offset) * MINUTE_MS).toISOString().slice(0, 10)
  // A day of year 0 moved back, or of 9999 moved on, is no YYYY-MM-DD: it starts with its sign.
  return /^\d/.test(utc) ? utc : undefined
}

/** Whether the docs team triaged a row in Mintlify: resolved or dismissed. */
export const isTriaged = (status: string): boolean => status === 'resolved' || status === 'dismissed'

/**
 * Whether a feedback row counts in the numbers and the comments of the period that begins on
 * `dateFrom` and ends before `dateTo`: every row the team has not triaged (`isTriaged`), and a
 * triaged one only on a page of `fixes`, when the period begins on or after the merge (every row of it
 * is after the fix), or when the row was not left clearly before the merge (its day, within the
 * period, before the merge day).
 */
export function countedRow(
  row: { path: string; status: string; createdAt: string | null },
  fixes: Fixes,
  period: { dateFrom: string; dateTo: string }
): boolean {
  if (!isTriaged(row.status)) return true
  const mergedOn = fixes.get(row.path)
  if (mergedOn === undefined) return false
  // Every day is on or after an open pull request's '', and every day of a period that begins on or
  // after the merge is on or after it: there, every row counts.
  const day = dayOf(row.createdAt)
  return day === undefined || day < period.dateFrom || day >= period.dateTo || day >= mergedOn
}

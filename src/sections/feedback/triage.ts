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

const DAY = /^(\d{4})-(\d{2})-(\d{2})/

/** The day a row was left, when its `createdAt` begins with a real day of the calendar. */
export function dayOf(createdAt: string | null): string | undefined {
  const match = createdAt === null ? null : DAY.exec(createdAt)
  if (!match) return undefined
  const [day = '', year, month, date] = match
  const parsed = new Date(`${day}T00:00:00Z`)
  const real = !Number.isNaN(parsed.getTime()) && parsed.getUTCFullYear() === Number(year) && parsed.getUTCMonth() + 1 === Number(month)
  return real && parsed.getUTCDate() === Number(date) ? day : undefined
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

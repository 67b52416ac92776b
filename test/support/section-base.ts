// What the reports of every analytics section share in the tests of what is published from them:
// the range, and the fields of a report every section has (test/unit/sections/<name>/reports.ts
// builds each section's reports on them).
import type { SectionBase } from '../../src/analytics/reader.js'

export const RANGE = '14 Nov 2026 to 20 Nov 2026 (7 days, UTC)'

/** What the visitor export shares with every other section. */
export const VISITOR_BASE = {
  projectId: 'proj1',
  dateFrom: '2026-11-14',
  dateTo: '2026-11-21',
  rangeText: RANGE,
  requests: 1,
  topPages: 20,
  partial: false,
  showReaderText: false
}
export const BASE: SectionBase = { ...VISITOR_BASE, showReaderText: true }

/** The item without `key`, as a run that keeps no reader text makes it. */
export function without<T extends object>(item: T, key: keyof T): T {
  const copy = { ...item }
  // eslint-disable-next-line @typescript-eslint/no-dynamic-delete -- the key is one of the item's optional fields
  delete copy[key]
  return copy
}

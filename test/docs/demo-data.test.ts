// Tests the demo data (scripts/demo-data.mjs) that `npm run demo` and the README's pictures show:
// data a docs team would believe. Whole counts, rates between 0 and 1, pages a docs site has, plain
// text, every date inside the week it is served for, and totals that agree with their parts.
import { describe, expect, it } from 'vitest'
import { MAX_TRAFFIC_ROWS, setDemoData, siteTotals, trafficRows, weekBefore } from '../../scripts/demo-data.mjs'
import type { Emulator } from '../emulator/emulator.js'

const WEEK = { dateFrom: '2026-11-18', dateTo: '2026-11-25' }
const BEFORE = { dateFrom: '2026-11-11', dateTo: '2026-11-18' }

/** A path of the site, by the rule the report keeps pages by. */
const SITE_PATH = /^\/(?!\/)[A-Za-z0-9\-._~/]{0,199}$/
/** The fields that hold a date-time. */
const DATE_FIELDS = ['lastSearchedAt', 'createdAt', 'timestamp']

interface Served {
  setter: string
  range: string
  data: unknown
}

/** What setDemoData gives the emulator, setter by setter, with the range each is served for ("" for any). */
function served(week = WEEK): Served[] {
  const calls: Served[] = []
  const emulator = new Proxy(
    {},
    {
      get: (_target, setter: string) => (data: unknown, range?: { dateFrom: string; dateTo: string }) => {
        calls.push({ setter, range: range ? `${range.dateFrom}..${range.dateTo}` : '', data })
      }
    }
  ) as Emulator
  setDemoData(emulator, week)
  return calls
}

/** Every value in `value` with its key and where it is: ["setViews.rows.3.human", "human", 120]. */
function leaves(value: unknown, where: string, key = ''): [string, string, unknown][] {
  if (Array.isArray(value)) return value.flatMap((item, i) => leaves(item, `${where}.${i}`, key))
  if (typeof value === 'object' && value !== null) return Object.entries(value).flatMap(([k, v]) => leaves(v, `${where}.${k}`, k))
  return [[where, key, value]]
}

const all = (calls = served()): [string, string, unknown][] => calls.flatMap((call) => leaves(call.data, `${call.setter}(${call.range})`))

describe('the demo data', () => {
  it('is served for the week, and for the week before on its own', () => {
    expect(weekBefore(WEEK)).toEqual(BEFORE)
    const ranges = new Set(served().map((call) => call.range))
    expect(ranges).toEqual(new Set(['', `${BEFORE.dateFrom}..${BEFORE.dateTo}`]))
  })

  it('counts in whole numbers, none negative (the longer lists of pages of the pictures too), and gives click-through rates between 0 and 1', () => {
    // The pictures of the visitor report take up to 900 pages of trafficRows, with their totals compared.
    const rows = trafficRows(MAX_TRAFFIC_ROWS)
    const pictures = leaves([rows, siteTotals(rows), siteTotals(rows, { human: 0.96, ai: 0.9 })], 'trafficRows')
    const numbers = [...all(), ...pictures].filter(([, , value]) => typeof value === 'number')
    expect(numbers.length).toBeGreaterThan(4000)
    const odd = numbers.filter(([, key, value]) =>
      key === 'ctr' ? !((value as number) >= 0 && (value as number) <= 1) : !(Number.isInteger(value) && (value as number) >= 0)
    )
    expect(odd).toEqual([])
  })

  it('dates everything inside the range it is served for', () => {
    for (const week of [WEEK, { dateFrom: '2026-12-29', dateTo: '2027-01-05' }]) {
      const before = weekBefore(week)
      const calls = served(week)
      const dates = calls.flatMap((call) =>
        leaves(call.data, call.setter)
          .filter(([, key]) => DATE_FIELDS.includes(key))
          .map(([where, , value]) => ({ where, value, range: call.range === '' ? week : before }))
      )
      expect(dates.length).toBeGreaterThan(200)
      const outside = dates.filter(({ value, range }) => {
        const at = Date.parse(String(value))
        return !(at >= Date.parse(range.dateFrom) && at < Date.parse(range.dateTo))
      })
      expect(outside).toEqual([])
    }
  })

  it('names pages a docs site has, and holds no markup, workflow command or address', () => {
    const strings = all().filter(([, , value]) => typeof value === 'string') as [string, string, string][]
    const pages = strings.filter(([, key]) => ['path', 'topClickedPage'].includes(key))
    expect(pages.length).toBeGreaterThan(100)
    expect(pages.filter(([, , path]) => !SITE_PATH.test(path))).toEqual([])
    const urls = strings.filter(([, key]) => key === 'pageUrl').map(([, , url]) => new URL(url))
    expect(urls.filter((url) => url.search !== '' || !SITE_PATH.test(url.pathname))).toEqual([])
    expect(strings.filter(([, , text]) => /[<>`|@]|::/.test(text))).toEqual([])
  })

  it('has totals that agree with their parts', () => {
    const rows = trafficRows(MAX_TRAFFIC_ROWS)
    expect(new Set(rows.map((row) => row.path)).size).toBe(MAX_TRAFFIC_ROWS)
    expect(() => trafficRows(MAX_TRAFFIC_ROWS + 1)).toThrow()
    for (const row of rows) {
      // A visitor seen both as a person and as an AI agent counts once in total.
      expect(row.total, row.path).toBeGreaterThanOrEqual(Math.max(row.human, row.ai))
      expect(row.total, row.path).toBeLessThanOrEqual(row.human + row.ai)
    }
    const totals = siteTotals(rows)
    const sum = (kind: 'human' | 'ai'): number => rows.reduce((n, row) => n + row[kind], 0)
    expect(totals.human).toBeLessThan(sum('human'))
    expect(totals.human).toBeGreaterThan(Math.max(...rows.map((row) => row.human)))
    expect(totals.total).toBeGreaterThanOrEqual(Math.max(totals.human, totals.ai))

    const feedbackPages = served()
      .filter((call) => call.setter === 'setFeedbackByPage')
      .flatMap((call) => call.data as { path: string; thumbsUp: number; thumbsDown: number; code: number; total: number }[])
    expect(feedbackPages.length).toBeGreaterThan(5)
    for (const row of feedbackPages) expect(row.total, row.path).toBe(row.thumbsUp + row.thumbsDown + row.code)
  })

  it('says as many people asked the assistant as there are questions', () => {
    const calls = served()
    for (const range of new Set(calls.map((call) => call.range))) {
      const questions = calls.find((call) => call.setter === 'setAssistant' && call.range === range)?.data as unknown[]
      const callers = calls.find((call) => call.setter === 'setCallerStats' && call.range === range)?.data as { total: number }
      expect(callers.total, range).toBe(questions.length)
    }
  })
})

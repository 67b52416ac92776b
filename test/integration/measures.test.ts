// Every measure has one number everywhere (docs/report.md, "Measures"): one week of the demo data,
// read by the action in process against the emulator, and every place that shows a count of readers
// (the log, the outputs, the headline table, the sentence that names the problem, Fix first, the
// sections) shows the same number under the same name, and two counts that differ under different
// names. The expected numbers are worked out from the demo data here, not taken from the run.
import { describe, expect, it } from 'vitest'
import { setDemoData } from '../../scripts/demo-data.mjs'
import { startEmulator } from '../emulator/emulator.js'
import { runInProcess } from '../support/in-process.js'
import { renderSummary } from '../support/render.js'
import { TestClock } from '../support/test-clock.js'

const KEY = 'mint_measuresKey'
const WEEK = { dateFrom: '2026-11-09', dateTo: '2026-11-16' }

// The demo week's feedback (scripts/demo-data.mjs): thumbs down per page, and its 40 rows, which cycle
// through seven: on /api-reference/webhooks three of them are marked not helpful, on
// /guides/authentication and /api-reference/pagination one each; the rest are marked helpful, and the
// dismissed one is not asked for.
const THUMBS_DOWN: Record<string, number> = {
  '/api-reference/webhooks': 14,
  '/guides/authentication': 6,
  '/quickstart': 4,
  '/api-reference/pagination': 4,
  '/guides/deploy': 2
}
const rowsOf = (residues: number[]): number => Array.from({ length: 40 }, (_, i) => i % 7).filter((r) => residues.includes(r)).length
const NOT_HELPFUL: Record<string, number> = {
  '/api-reference/webhooks': rowsOf([0, 1, 5]),
  '/guides/authentication': rowsOf([2]),
  '/api-reference/pagination': rowsOf([4])
}
const sum = (values: number[]): number => values.reduce((a, b) => a + b, 0)
const thumbsDown = sum(Object.values(THUMBS_DOWN))
const notHelpful = sum(Object.values(NOT_HELPFUL))
const unhappy = sum(Object.keys(THUMBS_DOWN).map((page) => Math.max(THUMBS_DOWN[page] ?? 0, NOT_HELPFUL[page] ?? 0)))
// The demo week's searches with no click (click-through 0): their hits, and how many terms.
const NO_CLICK_HITS = [312, 143, 61, 31]
const ALL_HITS = [312, 288, 201, 143, 131, 96, 88, 61, 57, 44, 31, 22]

const n = (count: number): string => count.toLocaleString('en-US')

describe('one number per measure, in every place the run shows it', () => {
  it('gives the unhappy readers, the thumbs down, the rows marked not helpful and the searches with no click the same number and name in the log, outputs, headlines, lead, Fix first and sections', async ({
    onTestFinished
  }) => {
    // The counts differ, so that a place that shows one under another's name is caught.
    expect(new Set([thumbsDown, notHelpful, unhappy]).size).toBe(3)
    const clock = new TestClock()
    const emu = await startEmulator({ keys: { [KEY]: {} }, analyticsLimitPerHour: 100_000, clock })
    onTestFinished(() => emu.close())
    setDemoData(emu, WEEK)
    const run = await runInProcess({
      inputs: { apiKey: KEY, projectId: 'proj_docs', baseUrl: emu.url, analytics: 'all', readerText: 'show', prompt: '', ...WEEK },
      clock,
      onTestFinished
    })
    expect(run.code, run.stdout).toBe(0)
    const seen = renderSummary(run.summary)
    const text = seen.text
    const log = run.stdout

    // Unhappy readers over the site: one number, and its parts, worded once.
    const UNHAPPY = `${n(unhappy)} unhappy readers (${n(thumbsDown)} thumbs down, ${n(notHelpful)} marked not helpful; a reader counts once)`
    expect(log, log).toMatch(new RegExp(`^Feedback, [^\\n]*: ${escape(UNHAPPY)} over 5 pages, `, 'm'))
    expect(run.outputs.feedbackNegative).toBe(String(unhappy))
    expect(text).toContain(` ${UNHAPPY} in this range. `)
    expect(text).toContain(`${n(notHelpful)} marked not helpful, `)
    const headlines = seen.tables.find((table) => table[0]?.[1] === 'This period') ?? []
    const row = (name: string): string | undefined => headlines.find((cells) => cells[0] === name)?.[1]
    expect(row('Unhappy readers')).toBe(n(unhappy))
    expect(row('Thumbs down')).toBe(n(thumbsDown))
    // No count goes by a name of its own: "negative" is no measure.
    expect(log).not.toMatch(/\d negative/)

    // A page's unhappy readers, in the lead and in Fix first alike, from its thumbs down and rows.
    const page = '/api-reference/webhooks'
    const down = THUMBS_DOWN[page] ?? 0
    const rows = NOT_HELPFUL[page] ?? 0
    const PAGE_UNHAPPY = `${n(Math.max(down, rows))} unhappy readers (${n(down)} thumbs down, ${n(rows)} marked not helpful; a reader counts once)`
    expect(text).toContain(`${page} is this week’s problem: ${PAGE_UNHAPPY} against 21 thumbs up, `)
    expect(text).toMatch(new RegExp(`Fix first ${escape(page)}: [^/]* · ${escape(PAGE_UNHAPPY)} · 21 thumbs up `))
    // The section's table gives the page the same thumbs down.
    const pageTable = seen.tables.find((table) => table[0]?.[0] === 'Page' && table[0][1] === '👎') ?? []
    expect(pageTable.find((cells) => cells[0]?.replace(/\s/g, '') === page)?.[1]).toBe(n(down))
    // Every "N unhappy readers" shown is the site's or a page's, never another count.
    const pageUnhappy = Object.keys(THUMBS_DOWN).map((path) => Math.max(THUMBS_DOWN[path] ?? 0, NOT_HELPFUL[path] ?? 0))
    for (const [, count] of `${log}\n${text}`.matchAll(/([\d,]+) unhappy readers?/g))
      expect([unhappy, ...pageUnhappy].map(n), count).toContain(count)

    // Searches with no click: the hits of the terms nobody clicked; the terms are counted apart, by their own name.
    const NO_CLICK = `${n(sum(NO_CLICK_HITS))} searches with no click (${NO_CLICK_HITS.length} search terms with no click)`
    expect(log).toMatch(new RegExp(`^Searches, [^\\n]*: ${n(sum(ALL_HITS))} searches over 12 search terms, ${escape(NO_CLICK)}, in `, 'm'))
    expect(text).toContain(` ${n(sum(ALL_HITS))} searches in this range, over 12 search terms read. ${NO_CLICK}. `)
    expect(row('Searches with no click')).toBe(n(sum(NO_CLICK_HITS)))
    expect(row('Searches')).toBe(n(sum(ALL_HITS)))
    expect(run.outputs.searchesTotal).toBe(String(sum(ALL_HITS)))
    // A number before "with no click" is always of searches, or named as terms.
    for (const [phrase] of `${log}\n${text}`.matchAll(/[\d,]+ [a-z ]*with no click/g))
      expect(phrase).toMatch(/ (searches|search|search terms?) with no click$/)
  })
})

/** Text as a regular expression that matches it alone. */
function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

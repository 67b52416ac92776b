// Visitor analytics end to end: the real bundle against the emulator's visitors endpoint, under
// Node 24 (the runtime action.yml declares).
import { readFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest'
import { SECTION_NAMES } from '../../src/core/catalog.js'
import { sitePath } from '../../src/text/page-path.js'
import { startEmulator, type Emulator } from '../emulator/emulator.js'
import { type ActionOptions, type ActionRun, errorLines as errors, linesWith, runAction } from '../support/action.js'
import { renderSummary } from '../support/render.js'
import { runtimes } from '../support/runtimes.js'
import { HOSTILE_PATHS, siteTotals, visitorRows } from '../support/visitors.js'
import { cutReason } from '../support/budget-messages.js'

const KEY = 'mint_analyticsKeyT5'

interface Row {
  path: string
  human: number
  ai: number
  total: number
}

/** The analytics JSON file, as far as these tests read it. */
interface AnalyticsFile {
  visitors: { pages: Row[] }
}

/** Reads a file the run wrote, named by one of its outputs. */
function outputFile(run: ActionRun, output: string): string {
  const file = run.outputs[output]
  if (!file) throw new Error(`the run set no ${output} output`)
  return readFileSync(file, 'utf8')
}

const analyticsJson = (run: ActionRun): unknown => JSON.parse(outputFile(run, 'analyticsFile'))
/** The visitors' object in the analytics file. */
const visitorsJson = (run: ActionRun): unknown => (analyticsJson(run) as { visitors: unknown }).visitors

function visitorRequests(emu: Emulator, since: number) {
  return emu.requests.slice(since).filter((r) => r.path === '/v1/analytics/proj_docs/visitors')
}

/** A strict RFC 4180 reader, so the test does not trust the writer's own idea of CSV. */
function parseCsv(text: string): string[][] {
  const records: string[][] = []
  let field = ''
  let record: string[] = []
  let quoted = false
  for (let i = 0; i < text.length; i++) {
    const c = text.charAt(i)
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"'
        i++
      } else if (c === '"') quoted = false
      else field += c
    } else if (c === '"') quoted = true
    else if (c === ',') {
      record.push(field)
      field = ''
    } else if (c === '\r' && text[i + 1] === '\n') {
      record.push(field)
      records.push(record)
      record = []
      field = ''
      i++
    } else field += c
  }
  expect(field).toBe('')
  return records
}

/** The rows as the report keeps them: each path as `sitePath` shows it, most visited first, then by path. */
function sorted(rows: Row[]): Row[] {
  return rows
    .map((row) => ({ ...row, path: sitePath(row.path) }))
    .sort((a, b) => b.total - a.total || (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))
}

const day = (offsetDays: number): string => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10)

for (const { name: runtime, node } of runtimes()) {
  describe('visitor analytics', () => {
    let emu: Emulator
    // The export alone; the comparison with the previous period has tests of its own below.
    const base = (): Record<string, string> => ({
      apiKey: KEY,
      projectId: 'proj_docs',
      baseUrl: emu.url,
      analytics: 'visitors',
      compare: 'none',
      // The paths page loads gave are reader text: shown here, where the tests read them back.
      readerText: 'show'
    })
    /** Runs the bundle under this runtime; the run's folder goes when the test finishes (these tests run one at a time). */
    const act = (options: Omit<ActionOptions, 'node' | 'onTestFinished'>): Promise<ActionRun> =>
      runAction({ ...options, node, onTestFinished })

    beforeAll(async () => {
      emu = await startEmulator({ keys: { [KEY]: {} }, analyticsLimitPerHour: 100_000 })
    })
    afterAll(async () => {
      await emu.close()
    })

    it(`[${runtime}] sends the default range, the last 7 full UTC days, explicitly`, async () => {
      emu.setVisitors({ totals: siteTotals(3), rows: visitorRows(3) })
      const since = emu.requests.length
      const run = await act({ inputs: base() })
      expect(run.code).toBe(0)
      const [req] = visitorRequests(emu, since)
      expect(Object.fromEntries(req?.query ?? [])).toEqual({ dateFrom: day(-7), dateTo: day(0), limit: '250', offset: '0' })
      const to = new Date(`${day(0)}T00:00:00Z`)
      const last = new Date(to.getTime() - 86_400_000).toLocaleDateString('en-GB', {
        day: 'numeric',
        month: 'short',
        year: 'numeric',
        timeZone: 'UTC'
      })
      expect(run.summary).toContain(` to ${last} (7 days, UTC)`)
    })

    it(`[${runtime}] writes JSON and CSV files that parse back to the same numbers, sorted by total then path`, async () => {
      const rows = visitorRows(600, { hostile: true })
      emu.setVisitors({ totals: siteTotals(600), rows })
      const run = await act({ inputs: base() })
      expect(run.code).toBe(0)
      expect(run.outputs.analyticsFile?.startsWith(run.dir)).toBe(true)
      expect(run.outputs.analyticsCsvFile?.startsWith(run.dir)).toBe(true)

      const json = analyticsJson(run)
      const dateTo = day(0)
      expect(json).toMatchObject({ projectId: 'proj_docs', dateFrom: day(-7), dateTo, dateToExclusive: true })
      expect((json as AnalyticsFile).visitors).toMatchObject({
        partial: false,
        partialReason: null,
        requests: 3,
        totals: siteTotals(600),
        pageCount: 600
      })
      expect((json as AnalyticsFile).visitors.pages).toEqual(sorted(rows))

      const [header, ...records] = parseCsv(outputFile(run, 'analyticsCsvFile'))
      expect(header).toEqual(['path', 'human', 'ai', 'total'])
      expect(records.map(([, h, a, t]) => [Number(h), Number(a), Number(t)])).toEqual(sorted(rows).map((r) => [r.human, r.ai, r.total]))
      // Hostile paths (a formula among them) are no paths of the site: each shows as (other page).
      expect(records.map(([p]) => p)).toEqual(sorted(rows).map((r) => r.path))
      expect(records.filter(([p]) => p === '(other page)').length).toBeGreaterThan(0)
    })

    // 25 000 paths take 100 requests, the most one run may make (an organization's analytics in an hour).
    it(`[${runtime}] escapes hostile paths and keeps the summary far under 1 MiB for 25 000 paths`, async () => {
      const rows = visitorRows(25_000, { hostile: true })
      emu.setVisitors({ totals: siteTotals(25_000), rows })
      const since = emu.requests.length
      const run = await act({ inputs: { ...base(), maxRequests: '100', topPages: '25' } })
      expect(run.code).toBe(0)
      expect(visitorRequests(emu, since)).toHaveLength(100)
      expect(run.outputs.pageCount).toBe('25000')
      const bytes = Buffer.byteLength(run.summary)
      expect(bytes).toBeLessThan(600 * 1024)
      expect(run.summary).toContain('… and ')
      expect(run.summary).toContain('more pages, left out to keep the summary small.')
      // No markup from the service survives, and every table row is whole.
      expect(run.summary).not.toMatch(/<img|onerror=alert\(1\)>|::set-output/)
      // The only link is the footer's, to the workflow run.
      expect(renderSummary(run.summary).links.map((link) => link.text)).toEqual(['workflow run'])
      for (const line of run.summary.split('\n')) expect(line.includes('::')).toBe(false)
      // The page tables of the visitor section: every row whole, two cells (the page with its bar, its visitors).
      const pageRows = run.summary.slice(run.summary.indexOf('pages by visitors')).match(/<tr>.*?<\/tr>/g) ?? []
      expect(pageRows.length).toBeGreaterThan(25)
      for (const tr of pageRows) expect(tr.match(/<t[dh][ >]/g)?.length).toBe(2)
      const top = sorted(rows).slice(0, 25)
      for (const r of top) expect(run.summary).toContain(`<td align="right">${r.total.toLocaleString('en-US')}<br><sub>`)
      // Paths no page of the site has (markup, spaces, a pipe, backticks, over 200 characters) show as (other page).
      expect(run.summary).toContain('<em>(other page)</em>')
      expect(run.summary).not.toContain('onerror')
      expect(run.summary).not.toContain('long-long-')
      for (const path of HOSTILE_PATHS) expect(run.summary.includes(`<code>${path}</code>`) && /[<|`\n]/.test(path)).toBe(false)
      expect(run.stdout).toMatch(/Visitors, .*: 36,250,000|Visitors, .*: 36250000/)
    })

    it.each([
      [
        { dateFrom: '2026-10-01', dateTo: '2026-11-01' },
        { dateFrom: '2026-10-01', dateTo: '2026-11-01' },
        '1 Oct 2026 to 31 Oct 2026 (31 days, UTC)'
      ],
      [{ dateFrom: '2026-10-01' }, { dateFrom: '2026-10-01', dateTo: day(0) }, '1 Oct 2026 to'],
      [{ dateTo: '2026-11-01' }, { dateFrom: '2026-10-25', dateTo: '2026-11-01' }, '25 Oct 2026 to 31 Oct 2026 (7 days, UTC)'],
      [
        { dateFrom: '2026-11-01T06:00:00Z', dateTo: '2026-11-02T06:00:00+02:00' },
        { dateFrom: '2026-11-01T06:00:00Z', dateTo: '2026-11-02T06:00:00+02:00' },
        '2026-11-01T06&#58;00&#58;00Z up to, not including, 2026-11-02T06&#58;00&#58;00+02&#58;00'
      ]
    ])(`[${runtime}] passes the range %j through as %j`, async (range, sent, words) => {
      emu.setVisitors({ totals: siteTotals(1), rows: visitorRows(1) })
      const since = emu.requests.length
      const run = await act({ inputs: { ...base(), ...range } })
      expect(run.code).toBe(0)
      const [req] = visitorRequests(emu, since)
      expect({ dateFrom: req?.query.get('dateFrom'), dateTo: req?.query.get('dateTo') }).toEqual(sent)
      expect(run.summary).toContain(words)
    })

    it.each([0, 1, 250, 251, 1000, 1001])(
      `[${runtime}] reads %i rows in exactly ceil(N/250) requests, or one when there are none`,
      async (n) => {
        emu.setVisitors({ totals: siteTotals(n), rows: visitorRows(n) })
        const since = emu.requests.length
        const run = await act({ inputs: base() })
        expect(run.code).toBe(0)
        const requests = visitorRequests(emu, since)
        expect(requests.map((r) => r.query.get('offset'))).toEqual(
          Array.from({ length: Math.max(1, Math.ceil(n / 250)) }, (_, i) => String(i * 250))
        )
        expect(requests.every((r) => r.query.get('limit') === '250')).toBe(true)
        expect(run.outputs.pageCount).toBe(String(n))
      }
    )

    it(`[${runtime}] reports site totals from the service, never sums of pages`, async () => {
      const rows = visitorRows(40)
      emu.setVisitors({ totals: { human: 9, ai: 4, total: 11 }, rows })
      const run = await act({ inputs: base() })
      expect(run.outputs).toMatchObject({ visitorsHuman: '9', visitorsAi: '4', visitorsTotal: '11', pageCount: '40' })
      const siteWide = renderSummary(run.summary).tables.find((table) => table[0]?.[0] === 'Site-wide')
      expect(siteWide).toEqual([
        ['Site-wide', 'Visitors'],
        ['Human', '9'],
        ['AI', '4'],
        ['Total', '11'],
        ['AI share', '30.8%']
      ])
    })

    it(`[${runtime}] stops at maxRequests, keeps what it read and marks the export partial everywhere`, async () => {
      emu.setVisitors({ totals: siteTotals(1000), rows: visitorRows(1000) })
      const since = emu.requests.length
      const run = await act({ inputs: { ...base(), maxRequests: '2' } })
      expect(run.code).toBe(0)
      expect(visitorRequests(emu, since)).toHaveLength(2)
      expect(run.stdout).toMatch(/::warning::Reading visitor rows stopped after 2 requests at maxRequests \(/)
      expect(run.outputs.pageCount).toBe('500')
      expect(renderSummary(run.summary).text).toContain('Partial: visitor rows: reading stopped at maxRequests (')
      expect(visitorsJson(run)).toMatchObject({
        partial: true,
        partialReason: cutReason('visitor rows'),
        pageCount: 500
      })
    })

    it(`[${runtime}] merges a path that appears on two pages instead of counting it twice`, async () => {
      const rows = visitorRows(300)
      const twice = rows[10]
      if (!twice) throw new Error('too few rows')
      // The same path again on the next page, with one more visitor (the data moved while reading): kept once, larger counts.
      rows[260] = { ...twice, human: twice.human + 1 }
      emu.setVisitors({ totals: siteTotals(300), rows })
      const run = await act({ inputs: base() })
      expect(run.outputs.pageCount).toBe('299')
      const { pages } = (analyticsJson(run) as AnalyticsFile).visitors
      expect(pages.filter((p) => p.path === twice.path)).toEqual([{ ...twice, human: twice.human + 1 }])
    })

    it(`[${runtime}] exports analytics after an agent job in the same run`, async () => {
      emu.setVisitors({ totals: siteTotals(5), rows: visitorRows(5) })
      emu.planJobs({ finishAfterMs: 500 })
      const run = await act({ inputs: { ...base(), prompt: 'Document it', pollIntervalSeconds: '0.5' } })
      expect(run.code).toBe(0)
      expect(run.outputs).toMatchObject({
        status: 'completed',
        prNumber: expect.stringMatching(/^\d+$/) as unknown,
        visitorsTotal: String(siteTotals(5).total),
        pageCount: '5'
      })
      expect(renderSummary(run.summary).headings.slice(0, 3)).toEqual([
        expect.stringMatching(/^✅ Opened acme\/docs#\d+$/),
        expect.stringMatching(/^📈 Docs health · /),
        '📊 Documentation visitors'
      ])
    })

    it.each([
      [
        { dateFrom: '2026-13-01' },
        '- `dateFrom` must be YYYY-MM-DD (such as 2026-11-14) or an ISO 8601 date-time (such as 2026-11-14T00:00:00Z); got "2026-13-01"'
      ],
      [{ dateTo: 'last week' }, '- `dateTo` must be YYYY-MM-DD'],
      [
        { dateFrom: '2026-11-10', dateTo: '2026-11-10' },
        '- `dateFrom` (2026-11-10) must be before `dateTo` (2026-11-10), which is exclusive'
      ],
      [{ maxRequests: '0' }, '- `maxRequests` must be a whole number from 1 to 100'],
      [{ maxRequests: '101' }, '- `maxRequests` must be a whole number from 1 to 100'],
      [
        { readerText: 'never' },
        '- `readerText` must be auto (show the text readers typed only in a private repository), show or hide, not "never"'
      ],
      [{ topPages: 'all' }, '- `topPages` must be a whole number from 1 to 1000'],
      [
        { analytics: 'all', maxRequests: String(SECTION_NAMES.length - 1) },
        `- \`maxRequests\` (${SECTION_NAMES.length - 1}) is below ${SECTION_NAMES.length}, one request for the first read of each section in \`analytics\` (${SECTION_NAMES.join(', ')})`
      ],
      [
        { analytics: 'yes' },
        `- \`analytics\` takes all (or true) for every section, false for none, or a comma-separated list of ${SECTION_NAMES.join(', ')}; "yes" is not one of them`
      ]
    ])(`[${runtime}] rejects %j before any request, showing the accepted forms`, async (bad, message) => {
      const since = emu.requests.length
      const run = await act({ inputs: { ...base(), ...bad } })
      expect(run.code).toBe(1)
      expect(errors(run)[0]).toContain(message)
      expect(emu.requests.length).toBe(since)
    })

    it(`[${runtime}] includes the service's validation details in a 400`, async () => {
      emu.fault({
        path: '/v1/analytics',
        kind: 'status',
        status: 400,
        body: JSON.stringify({ error: 'Invalid query parameters', details: [{ message: 'dateFrom is too early' }] })
      })
      const run = await act({ inputs: base() })
      expect(run.code).toBe(1)
      expect(errors(run)).toEqual([
        'Reading visitor analytics (offset 0) failed: the service rejected the request as invalid (400 Bad Request). The service said: "Invalid query parameters; dateFrom is too early".'
      ])
      expect(run.outputs).toMatchObject({ visitorsTotal: '', analyticsFile: '', pageCount: '' })
      expect(run.summary).toContain('Documentation visitors')
    })

    describe('comparison with the previous period', () => {
      const previousTotals = { human: 600, ai: 300, total: 800 }

      it(`[${runtime}] reads the previous period of the same length in exactly one more request`, async () => {
        emu.setVisitors({ totals: siteTotals(300), rows: visitorRows(300) })
        emu.setVisitors({ totals: previousTotals, rows: visitorRows(3) }, { dateFrom: '2026-11-07', dateTo: '2026-11-14' })
        const since = emu.requests.length
        const run = await act({ inputs: { ...base(), compare: 'previous', dateFrom: '2026-11-14', dateTo: '2026-11-21' } })
        expect(run.code).toBe(0)
        const queries = visitorRequests(emu, since).map((r) => Object.fromEntries(r.query))
        expect(queries).toEqual([
          { dateFrom: '2026-11-14', dateTo: '2026-11-21', limit: '250', offset: '0' },
          { dateFrom: '2026-11-14', dateTo: '2026-11-21', limit: '250', offset: '250' },
          { dateFrom: '2026-11-07', dateTo: '2026-11-14', limit: '1', offset: '0' }
        ])
        const seen = renderSummary(run.summary)
        // The headlines carry the change, and the largest move says against which week.
        expect(seen.tables[0]?.slice(1, 3).map((row) => row[0])).toEqual(['Human visitors', 'AI visitors'])
        expect(seen.tables[0]?.[1]?.[2]).toMatch(/^[▲▼±]\s?[\d,]+[%×]$/)
        expect(seen.text).toMatch(/visitors (rose|fell) [\d,]+(%|-fold) against 7–13 Nov 2026\./)
        expect(visitorsJson(run)).toMatchObject({
          requests: 3,
          previous: { dateFrom: '2026-11-07', dateTo: '2026-11-14', totals: previousTotals, missingReason: null }
        })
        expect(run.outputs.pageCount).toBe('300')
      })

      it(`[${runtime}] makes no comparison request with compare: none`, async () => {
        emu.setVisitors({ totals: siteTotals(3), rows: visitorRows(3) })
        const since = emu.requests.length
        const run = await act({ inputs: base() })
        expect(visitorRequests(emu, since).map((r) => r.query.get('limit'))).toEqual(['250'])
        expect(renderSummary(run.summary).text).not.toMatch(/against \d/)
        expect(visitorsJson(run)).toMatchObject({ previous: null })
      })

      it(`[${runtime}] marks only the comparison as missing when its request fails`, async () => {
        emu.setVisitors({ totals: siteTotals(3), rows: visitorRows(3) })
        emu.fault({ path: /visitors/, query: { limit: '1' }, kind: 'status', status: 500, retryAfter: '0', times: 5 })
        const run = await act({ inputs: { ...base(), compare: 'previous' } })
        expect(run.code).toBe(0)
        expect(run.stdout).toMatch(/::warning::The comparison with the previous period is left out: Reading visitor analytics/)
        expect(run.outputs.pageCount).toBe('3')
        const seen = renderSummary(run.summary)
        expect(seen.text).toContain('Visitors not compared: the request for the previous period failed.')
        expect(seen.tables[0]?.[1]).toEqual(['Human visitors', siteTotals(3).human.toLocaleString('en-US'), '—'])
        expect(visitorsJson(run)).toMatchObject({
          partial: false,
          previous: { totals: null, missingReason: 'the request for the previous period failed' }
        })
      })
    })

    // A page answering 429 and then 502 is retried: the fault-injection suite covers it.
    it(`[${runtime}] keeps what it read when a page keeps failing after its retries`, async () => {
      emu.setVisitors({ totals: siteTotals(600), rows: visitorRows(600) })
      const since = emu.requests.length
      emu.fault({
        path: /visitors/,
        kind: 'status',
        status: 200,
        body: '{"totals":{"human":1,"ai":1,"total":1},"visitors":[{"path":"/a","human":1,"ai":0,"total":1}],"hasMore":true}'
      })
      // Retry-After: 0 spares the backoff; how long the action waits is not what this checks.
      emu.fault({ path: /visitors/, kind: 'status', status: 500, retryAfter: '0', times: 5 })
      const failing = await act({ inputs: base() })
      expect(visitorRequests(emu, since)).toHaveLength(6)
      expect(failing.code).toBe(1)
      expect(errors(failing)[0]).toMatch(
        /^Visitor analytics are incomplete after 1 request\. Reading visitor analytics \(offset 250\) failed: the service had an error \(HTTP 500\)/
      )
      expect(failing.outputs).toMatchObject({ pageCount: '1', visitorsTotal: '1' })
      expect(visitorsJson(failing)).toMatchObject({
        partial: true,
        partialReason: 'a request failed while reading',
        pageCount: 1
      })
      expect(linesWith(failing, KEY)).toEqual([`::add-mask::${KEY}`])
    })
  })
}

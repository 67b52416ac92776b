// analytics.json end to end against its JSON Schema (docs/analytics.schema.json): the real bundle,
// under Node 24, against the emulator's default analytics data (hostile text in every free-text
// field, negative and fractional counts, nulls), and the file it writes checked as it lies on disk:
// reader text shown, reader text hidden, sections cut by maxRequests or by a failed request, and
// visitors alone over a range given with times.
import { readFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest'
import { SECTION_NAMES } from '../../src/core/catalog.js'
import { startEmulator, type Emulator } from '../emulator/emulator.js'
import { type ActionOptions, type ActionRun, runAction } from '../support/action.js'
import { schemaErrors } from '../support/analytics-schema.js'
import { runtimes } from '../support/runtimes.js'
import { siteTotals, visitorRows } from '../support/visitors.js'
import { unreadReason } from '../support/budget-messages.js'

const KEY = 'mint_schemaKey7Q'
const SECTIONS = SECTION_NAMES
/** The sections of the test of a tight maxRequests, named: the reads it cuts are theirs. */
const TIGHT = ['visitors', 'views', 'searches', 'feedback', 'assistant'] as const

interface Section {
  partial: boolean
  requests: number
}

/** The file the run wrote, as a program reads it. */
function analyticsFile(run: ActionRun): Record<string, unknown> {
  const path = run.outputs.analyticsFile
  if (!path) throw new Error(`the run wrote no analytics.json:\n${run.stdout}`)
  return JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>
}

const section = (file: Record<string, unknown>, name: string): Section => file[name] as Section

for (const { name: runtime, node } of runtimes()) {
  describe('analytics.json and its schema', () => {
    let emu: Emulator
    const base = (): Record<string, string> => ({ apiKey: KEY, projectId: 'proj_docs', baseUrl: emu.url, analytics: 'all' })
    const act = (options: Omit<ActionOptions, 'node' | 'onTestFinished'>): Promise<ActionRun> =>
      runAction({ ...options, node, onTestFinished })

    beforeAll(async () => {
      emu = await startEmulator({ keys: { [KEY]: {} }, analyticsLimitPerHour: 100_000 })
      // The visitors endpoint has no default data set: a hostile one of the test support's.
      emu.setVisitors({ totals: siteTotals(300), rows: visitorRows(300, { hostile: true }) })
    })
    afterAll(async () => {
      await emu.close()
    })

    it(`[${runtime}] keeps to the schema with every section read and reader text shown, and a top-level visitor field breaks it`, async () => {
      const run = await act({ inputs: { ...base(), readerText: 'show' } })
      expect(run.code, run.stdout).toBe(0)
      const file = analyticsFile(run)
      expect(Object.keys(file)).toEqual(['projectId', 'dateFrom', 'dateTo', 'dateToExclusive', 'readerText', ...SECTIONS])
      expect(file.readerText).toBe('shown')
      expect(SECTIONS.filter((name) => section(file, name).partial)).toEqual([])
      expect(schemaErrors(file)).toEqual([])

      // What the file held before 1.0, the visitor export at the top level, is refused.
      const visitors = file.visitors as Record<string, unknown>
      expect(schemaErrors({ ...file, totals: visitors.totals, pages: visitors.pages })).toEqual([
        '/ must NOT have additional property totals',
        '/ must NOT have additional property pages'
      ])
    })

    it(`[${runtime}] keeps to the schema with reader text hidden, and reader text in it breaks it`, async () => {
      const run = await act({ inputs: { ...base(), readerText: 'hide' } })
      expect(run.code, run.stdout).toBe(0)
      const file = analyticsFile(run)
      expect(file.readerText).toBe('hidden')
      expect(schemaErrors(file)).toEqual([])

      const assistant = file.assistant as { questions: Record<string, unknown>[] }
      const [first, ...rest] = assistant.questions
      const leaked = { ...file, assistant: { ...assistant, questions: [{ ...first, query: 'How do I reset my password?' }, ...rest] } }
      expect(schemaErrors(leaked)).toEqual(['/assistant/questions/0/query must be null'])
    })

    it(`[${runtime}] keeps to the schema with sections cut by maxRequests and one whose request failed`, async () => {
      emu.fault({ path: /\/searches$/, kind: 'status', status: 500, retryAfter: '0', times: 5 })
      // A request for each section's first read, and none for the rest.
      const run = await act({ inputs: { ...base(), analytics: TIGHT.join(', '), maxRequests: String(TIGHT.length) } })
      expect(run.code).toBe(1)
      const file = analyticsFile(run)
      expect(file.searches).toMatchObject({ partial: true, partialReason: 'a request failed while reading', requests: 0 })
      expect(TIGHT.filter((name) => section(file, name).partial)).toEqual(['visitors', 'searches', 'feedback', 'assistant'])
      expect(file.feedback).toMatchObject({
        partialReason: unreadReason('feedback rows')
      })
      expect(schemaErrors(file)).toEqual([])
    })

    it(`[${runtime}] keeps to the schema with visitors alone over a range given with times`, async () => {
      const run = await act({
        inputs: { ...base(), analytics: 'visitors', dateFrom: '2026-11-01T06:00:00Z', dateTo: '2026-11-08T06:00:00+02:00' }
      })
      expect(run.code, run.stdout).toBe(0)
      const file = analyticsFile(run)
      expect(Object.keys(file)).toEqual(['projectId', 'dateFrom', 'dateTo', 'dateToExclusive', 'readerText', 'visitors'])
      expect(schemaErrors(file)).toEqual([])
    })
  })
}

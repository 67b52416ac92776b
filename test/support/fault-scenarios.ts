// The fault scenarios, one injected fault each, and what every one of them checks. Those that need
// a process of their own (signals, exit codes, the runner's files) and a few of each kind, as a check
// of the bundle, run the bundle (test/e2e/faults.test.ts); the others run the action in process
// behind the same code, with a test clock, so that retries, Retry-After, polls and deadlines take no
// real time (test/integration/faults.test.ts). docs/reliability.md lists them all in a table, with
// where each runs; a test keeps the two the same.
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { parse } from 'csv-parse/sync'
import type { ExpectStatic } from 'vitest'
import { DEFAULT_RETRY_POLICY } from '../../src/api/retry.js'
import { SECTION_CATALOG, type SectionName } from '../../src/core/catalog.js'
import { ASSISTANT_PAGE_SIZE } from '../../src/sections/assistant/read.js'
import { SEARCHES_PAGE_SIZE } from '../../src/sections/searches/read.js'
import { defaultAssistant, defaultFeedback, ulid } from '../emulator/analytics-data.js'
import { thumbsDown } from '../unit/sections/feedback/expected.js'
import type { Conversation, Emulator, EmulatorOptions, Fault, JobPlan } from '../emulator/emulator.js'
import { type ActionRun, errorLines as errorsOf, linesWith } from './action.js'
import {
  emulatorCursor,
  EXPECTED,
  expectedOutputs,
  headingsWith,
  minimumRequests,
  pathOf,
  REPORT,
  REPORT_SECTIONS,
  requestsByEndpoint,
  type SectionRead,
  sectionReads
} from './health-report.js'
import { renderSummary } from './render.js'
import { siteTotals, visitorRows } from './visitors.js'

export const KEY = 'mint_faultKeyR8w3N'

export interface Scenario {
  /** docs/reliability.md: the fault. */
  fault: string
  /** docs/reliability.md: what the action does about it. */
  result: string
  /** Runs the bundle as a process of its own (test/e2e/faults.test.ts); otherwise in process, with a test clock. */
  bundle?: true
  plan?: JobPlan
  /** Analytics instead of an agent job: the visitors alone, every section of the report (REPORT_SECTIONS), or the sections named. */
  analytics?: 'visitors' | 'report' | readonly SectionName[]
  emulator?: EmulatorOptions
  /** The faults the emulator injects, in order. */
  faults?: Fault[]
  /** Prepares the emulator beyond `faults`. */
  setup?: (emu: Emulator) => void
  inputs?: Record<string, string>
  /** Starts the emulator only this long after the action (connection refused until then). */
  lateStartMs?: number
  /** Sends this signal once the log shows the text (and `delayMs` more have passed). */
  signal?: { name: NodeJS.Signals; after: string; delayMs?: number }
  exit: 0 | 1
  status?: string
  posts: number
  jobs: 0 | 1
  error?: RegExp
  log?: RegExp
  summary?: RegExp
  /** More environment variables for the action's process (in process, the test project bounds the heap to 512 MiB). */
  env?: Record<string, string>
  /** Environment variables whose path is put where nothing can be written (test/support/action.js). */
  unwritable?: string[]
  /** The outputs set, when not those of the run's kind. */
  outputs?: string[]
  /** More checks, with the test's own `expect`. */
  check?: (run: ActionRun, emu: Emulator, expect: ExpectStatic) => void
}

// Still active at the first status check (0.5 s after creation), so that the checks meet the fault.
const quick: JobPlan = { finishAfterMs: 1000 }
/**
 * The deadline (timeoutMinutes) of the scenarios that meet it: 6 s, room enough on a busy machine
 * for the requests each one expects to be answered before it.
 */
const SHORT_DEADLINE = '0.1'
/**
 * How long after its deadline a run may end: far longer than writing the outputs and summary takes
 * on a busy machine, shorter than what the deadline must cut short (requests that never answer, a
 * job of 600 s), so only a run that waits for those goes past it.
 */
export const AFTER_DEADLINE_MS = 30_000
const mayHaveCreated = /may have created a job anyway\. Before running again, look for it among the project's agent jobs in the dashboard/

/** Time between a fault's request and the next status check. */
function gapAfter(emu: Emulator, index: number): number {
  const [faulted, next] = emu.requests.filter((r) => r.method === 'GET').slice(index, index + 2)
  if (!faulted || !next) throw new Error(`no status check after check ${index}`)
  return next.at - faulted.at
}

// ------------------------------------------------------------ the docs health report (every section)
// The visitors read 600 pages; the other sections read the emulator's default data. What each
// gives, and each read a scenario fails, comes from the section's own tests (test/support/health-report.ts).

const MAX_ATTEMPTS = DEFAULT_RETRY_POLICY.maxAttempts
/** The site the visitors endpoint is given: 600 pages. */
const SITE = { pages: 600 }
/** The outputs of every run of analytics, whatever its sections. */
const FILE_OUTPUTS = ['analyticsCsvFile', 'analyticsDir', 'analyticsFile', 'docsGaps']
const VISITOR_OUTPUTS = [...FILE_OUTPUTS, ...SECTION_CATALOG.visitors.outputs]

/** Every read the scenarios fail one at a time. */
const HEALTH_READS = sectionReads()
/**
 * The sections whose reads the scenarios with faults of their own name, asked for by name: their
 * counts are those of these reads, and a new section is not in them.
 */
const NAMED = ['visitors', 'views', 'searches', 'feedback', 'assistant'] as const satisfies readonly SectionName[]

interface SectionJson {
  partial: boolean
  partialReason: string | null
  requests: number
}
type HealthJson = Partial<Record<string, SectionJson>>

const healthJson = (run: ActionRun): HealthJson => JSON.parse(readFileSync(run.outputs.analyticsFile ?? '', 'utf8')) as HealthJson
const warningsOf = (run: ActionRun): string[] =>
  run.stdout
    .split('\n')
    .filter((line) => line.startsWith('::warning::'))
    .map((line) => line.slice('::warning::'.length))
/** The sections' h2s in the summary, after the report's title. */
const h2sOf = (run: ActionRun): string[] =>
  [...renderSummary(run.summary).html.matchAll(/<h2>(.*?)<\/h2>/g)].map((m) => m[1] ?? '').filter((h) => !h.startsWith('📈 Docs health · '))

/** The requests a complete report of `sections` makes, by endpoint. */
const completeRequests = (sections: readonly SectionName[] = REPORT): Record<string, number> => minimumRequests(SITE, true, sections)

/** Each read the scenarios fail answers this once, then normally. */
function onceEach(fault: Omit<Fault, 'path'>): Fault[] {
  return HEALTH_READS.map((read) => ({ ...fault, path: pathOf(read.endpoint) }))
}

/** Every section complete: the minimum requests plus `extra` per read, every output, nothing partial. */
function expectComplete(run: ActionRun, emu: Emulator, expect: ExpectStatic, extra: number): void {
  const expected = completeRequests()
  for (const read of HEALTH_READS) expected[read.endpoint] = (expected[read.endpoint] ?? 0) + extra
  expect(requestsByEndpoint(emu)).toEqual(expected)
  expect(run.outputs).toMatchObject(expectedOutputs(SITE))
  const json = healthJson(run)
  expect(REPORT.map((section) => json[section]?.partial)).toEqual(REPORT.map(() => false))
  expect(warningsOf(run)).toEqual([])
  expect(h2sOf(run)).toEqual(headingsWith({}))
}

/** A 429 then the answer, for every read: each retried once, with the very same query. */
function retriedOnce(run: ActionRun, emu: Emulator, expect: ExpectStatic): void {
  expectComplete(run, emu, expect, 1)
  for (const read of HEALTH_READS) {
    const [faulted, retry] = emu.requests.filter((r) => pathOf(read.endpoint).test(r.path))
    expect(retry?.query.toString(), read.endpoint).toBe(faulted?.query.toString())
  }
}

/** A read that answers 500 on every try: the step fails naming it; every other section is reported. */
function failingRead(read: SectionRead): Scenario {
  const own = HEALTH_READS.filter((other) => other.section === read.section)
  // Its section, and every other that does not read the same endpoint (which would fail with it).
  const sections = REPORT.filter((name) => name === read.section || !EXPECTED[name].endpoints.includes(read.endpoint))
  return {
    fault: `${read.label} answers 500 on every try (\`Retry-After: 0\`)`,
    result: `Fails the step after ${MAX_ATTEMPTS} tries, naming the read; the other sections are reported and their outputs set (exit 1)`,
    analytics: sections.length === REPORT.length ? 'report' : sections,
    faults: [{ path: pathOf(read.endpoint), kind: 'status', status: 500, retryAfter: '0', times: Infinity }],
    exit: 1,
    posts: 0,
    jobs: 0,
    error: new RegExp(
      // Reader text is hidden (readerText auto, no private repository): so are the words of a read paged
      // by a cursor, which can echo it; the others are quoted.
      `^${escapeRegExp(
        `${read.incomplete ?? ''}${read.reading} failed: the service had an error (HTTP 500). ${
          read.cursor
            ? "The service's words are left out: they can echo what readers typed, which readerText hides here."
            : 'The service said: "Internal server error".'
        }`
      )}$`
    ),
    check: (run, emu, expect) => {
      // A section's other reads are not made once its first one failed.
      const unread = new Set(own[0] === read ? own.slice(1).map((other) => other.endpoint) : [])
      const expected = Object.fromEntries(Object.entries(completeRequests(sections)).filter(([endpoint]) => !unread.has(endpoint)))
      expected[read.endpoint] = MAX_ATTEMPTS
      // A section that failed makes no comparison (it comes last): one request fewer where it is made.
      const compared = read.comparedAt
      if (compared !== read.endpoint && expected[compared] !== undefined) expected[compared] -= 1
      expect(requestsByEndpoint(emu)).toEqual(expected)
      expect(run.outputs).toMatchObject({ ...expectedOutputs(SITE, sections), ...read.outputsIfFailed })
      expect(h2sOf(run)).toEqual(headingsWith({ [read.heading]: '❌' }, sections))
      const json = healthJson(run)
      for (const section of sections) {
        if (section !== read.section) expect(json[section], section).toMatchObject({ partial: false })
      }
      // The failing section is marked, with what it read before the failure (nothing, when its first read failed).
      expect(json[read.section]).toMatchObject({
        partial: true,
        partialReason: 'a request failed while reading',
        requests: read.before ?? 0
      })
    }
  }
}

/** A read cut short by a guard: partial in the JSON and the summary, with one warning each. */
function expectCut(run: ActionRun, expect: ExpectStatic, reads: readonly SectionRead[], requests: number, reason: string): void {
  // The reads the scenarios cut are those of the sections they name.
  const json = healthJson(run)
  const marked: Record<string, string> = {}
  for (const read of reads) {
    expect(json[read.section], read.section).toMatchObject({ partial: true, partialReason: `${read.pages ?? ''}: ${reason}` })
    marked[read.heading] = '⚠️'
  }
  expect(warningsOf(run).sort()).toEqual(
    reads
      .map((read) =>
        `Reading ${read.pages ?? ''} was cut short after ${requests} requests: ${reason}. What was read is kept and marked partial.`.replace(
          'after 1 requests',
          'after 1 request'
        )
      )
      .sort()
  )
  expect(h2sOf(run)).toEqual(headingsWith(marked, NAMED))
}

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
/** The reads at `endpoints` of the sections the scenarios name. */
const readsOf = (...endpoints: string[]): SectionRead[] => sectionReads(NAMED).filter((read) => endpoints.includes(read.endpoint))

/** `n` assistant questions, newest first by id, so that a first page of 1,000 has a cursor after it. */
function manyQuestions(n: number): Conversation[] {
  const template = defaultAssistant()
  let seed = 3
  const random = (): number => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648
  return Array.from({ length: n }, (_, i) => {
    const ms = Date.parse('2026-11-01T00:00:00Z') + i * 1000
    return { ...(template[i % template.length] as Conversation), id: ulid(ms, random), timestamp: new Date(ms).toISOString() }
  })
}

// ------------------------------------------------------------ what the runner cannot take
// A run with a job and visitors whose files or summary cannot be written, and a service whose every
// page is as large as an answer may be.

const JOB_OUTPUTS = ['jobId', 'prLink', 'prNumber', 'status']
const ENOTDIR = /: ENOTDIR: not a directory, mkdtemp '[^']*\/not-a-folder\/runner_temp\/docs-analytics-\w+'$/
/** Rows far smaller than an answer's text allows: 90,000 of them, five values each, are as many as an answer may hold. */
const smallRow = (index: number) => ({ path: `/p/${index}`, human: 1, ai: 0, total: 1 })
const SMALL_ROWS = 90_000
/** Ten thousand characters of reader text in each row, stored two bytes each (the dash is not Latin-1): two answers hold more text than a section keeps. */
const LONG = 'Where is the page about this — and that? '.repeat(250)
const ROW_LIMIT = 'the service had more than 200,000 rows, the most a run keeps of one section'
const TEXT_LIMIT = "the service's rows came to more than 16 MiB of text, the most a run keeps of one section"

const WRITE_SCENARIOS: Scenario[] = [
  {
    fault: 'RUNNER_TEMP cannot be written to (a run with a job and visitors)',
    bundle: true,
    result:
      'Exit 1 with an error naming each file not written; the job and visitor outputs set, the file outputs empty; the summary written',
    analytics: 'visitors',
    inputs: { prompt: 'Fault test' },
    unwritable: ['RUNNER_TEMP'],
    exit: 1,
    status: 'completed',
    posts: 1,
    jobs: 1,
    outputs: [...JOB_OUTPUTS, ...VISITOR_OUTPUTS],
    check: (run, _emu, expect) => {
      const errors = errorsOf(run)
      expect(errors).toHaveLength(3)
      expect(errors[0]).toMatch(/^Could not write visitors\.csv: /)
      expect(errors[0]).toMatch(ENOTDIR)
      expect(errors[1]).toMatch(/^Could not write analytics\.json: /)
      expect(errors[1]).toMatch(ENOTDIR)
      expect(errors[2]).toBe('Part of the report could not be written: visitors.csv; analytics.json.')
      expect(run.outputs.jobId).toMatch(/^\w+$/)
      expect(run.outputs).toMatchObject({ pageCount: '600', analyticsCsvFile: '', analyticsFile: '', analyticsDir: '' })
      const headings = renderSummary(run.summary).headings
      expect(headings[0]).toMatch(/^✅ Opened acme\/docs#\d+$/)
      expect(headings[1]).toMatch(/^📈 Docs health · /)
      expect(headings[2]).toBe('📊 Documentation visitors')
      expect(run.stdout).toContain('Failed after ')
    }
  },
  {
    fault: 'The job summary file cannot be written to (a run with a job and visitors)',
    bundle: true,
    result: 'Exit 1 with an error saying so; every output set and every file written',
    analytics: 'visitors',
    inputs: { prompt: 'Fault test' },
    unwritable: ['GITHUB_STEP_SUMMARY'],
    exit: 1,
    status: 'completed',
    posts: 1,
    jobs: 1,
    outputs: [...JOB_OUTPUTS, ...VISITOR_OUTPUTS],
    check: (run, _emu, expect) => {
      const errors = errorsOf(run)
      expect(errors).toHaveLength(2)
      expect(errors[0]).toMatch(
        /^Could not write the job summary: Unable to access summary file: '[^']*\/not-a-folder\/github_step_summary'/
      )
      expect(errors[1]).toBe('Part of the report could not be written: the job summary.')
      expect(run.outputs.jobId).toMatch(/^\w+$/)
      expect(readFileSync(run.outputs.analyticsCsvFile ?? '', 'utf8').split('\n')).toHaveLength(602)
      expect(JSON.parse(readFileSync(run.outputs.analyticsFile ?? '', 'utf8'))).toMatchObject({ visitors: { pageCount: 600 } })
    }
  },
  {
    fault: 'Every section answers pages as large as an answer may be, of rows never seen before, each saying there are more',
    // A process of its own, whose heap is bounded: the bound is the check. Its pages take CPU, not time on a clock.
    bundle: true,
    result:
      'Each section keeps at most 200,000 rows and 16 MiB of text, then stops: partial, saying which bound it met, with a warning; the run keeps under 512 MiB (exit 0)',
    analytics: NAMED,
    // A run that needs more than 512 MiB of heap dies, and its exit code says so.
    env: { NODE_OPTIONS: '--max-old-space-size=512' },
    // Minutes of deadline: its pages take CPU, seconds of it on a busy machine, and the deadline is not what it tests.
    inputs: { maxRequests: '100', readerText: 'show', timeoutMinutes: '5' },
    setup: (emu) => {
      let seed = 7
      const random = (): number => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648
      const ids: string[] = []
      const idOf = (index: number): string => (ids[index] ??= ulid(Date.parse('2026-11-01T00:00:00Z') - index * 1000, random))
      emu.fault(
        { path: /\/visitors$/, kind: 'hugePage', times: Infinity, row: smallRow, rows: SMALL_ROWS },
        { path: pathOf('views'), kind: 'hugePage', times: Infinity, row: smallRow, rows: SMALL_ROWS },
        {
          path: pathOf('searches'),
          kind: 'hugePage',
          times: Infinity,
          row: (index) => ({
            searchQuery: `${index} ${LONG}`,
            hits: 1,
            ctr: 0,
            topClickedPage: null,
            lastSearchedAt: '2026-11-02T00:00:00Z'
          }),
          cursor: (index) => emulatorCursor('searches', index + 1)
        },
        {
          path: pathOf('feedback'),
          kind: 'hugePage',
          times: Infinity,
          row: (index) => ({
            id: `fb_${index}`,
            path: '/quickstart',
            comment: LONG,
            createdAt: '2026-11-02T00:00:00Z',
            source: 'contextual',
            status: 'pending',
            helpful: false
          }),
          cursor: (index) => emulatorCursor('feedback', index + 1)
        },
        {
          path: pathOf('assistant'),
          kind: 'hugePage',
          times: Infinity,
          row: (index) => ({
            id: idOf(index),
            timestamp: '2026-11-02T00:00:00Z',
            query: LONG,
            response: 'No.',
            sources: [],
            resolutionStatus: 'unanswered',
            queryCategory: null,
            pageUrl: null
          }),
          cursor: idOf
        }
      )
    },
    exit: 0,
    posts: 0,
    jobs: 0,
    check: (run, emu, expect) => {
      // Visitors and views: three pages of 90,000 rows, the last kept in part; visitors compare too.
      // Views and searches also ask for the previous period after their first page.
      expect(requestsByEndpoint(emu)).toEqual({ ...completeRequests(NAMED), visitors: 4, views: 4, searches: 3, feedback: 2, assistant: 2 })
      const json = healthJson(run)
      expect(json.visitors).toMatchObject({ partial: true, partialReason: `visitor rows: ${ROW_LIMIT}`, requests: 4 })
      expect(json.views).toMatchObject({ partial: true, partialReason: `page views: ${ROW_LIMIT}`, requests: 4 })
      expect(json.searches).toMatchObject({ partial: true, partialReason: `search terms: ${TEXT_LIMIT}`, requests: 3 })
      expect(json.feedback).toMatchObject({ partial: true, partialReason: `feedback rows: ${TEXT_LIMIT}`, requests: 4 })
      expect(json.assistant).toMatchObject({ partial: true, partialReason: `assistant questions: ${TEXT_LIMIT}`, requests: 4 })
      expect(run.outputs).toMatchObject({ pageCount: '200000', visitorsTotal: String(siteTotals(600).total) })
      expect(warningsOf(run).filter((w) => w.includes('the most a run keeps of one section'))).toHaveLength(5)
    }
  },
  {
    fault: 'A visitors page answers 15 MiB of empty rows (`[{},{},…]`), on every try',
    result:
      'Refused before it is parsed, holding more values than any answer of the API; the step fails saying so (exit 1), the run under 512 MiB',
    analytics: 'visitors',
    env: { NODE_OPTIONS: '--max-old-space-size=512' },
    faults: [
      {
        path: /\/visitors$/,
        kind: 'status',
        status: 200,
        times: Infinity,
        body: `{"totals":{"human":1,"ai":0,"total":1},"visitors":[${'{},'.repeat(5 * 1024 * 1024)}{}],"hasMore":true}`
      }
    ],
    exit: 1,
    posts: 0,
    jobs: 0,
    error:
      /^Reading visitor analytics \(offset 0\) failed: the service's answer \(HTTP 200\) is not the documented JSON: the body holds more than 500,000 values, more than any answer of the API\.$/,
    check: (_run, emu, expect) => {
      expect(emu.requests.filter((r) => r.path.endsWith('/visitors'))).toHaveLength(MAX_ATTEMPTS)
    }
  }
]

const HEALTH_SCENARIOS: Scenario[] = [
  {
    fault: 'Page views, searches, feedback, feedback by page, assistant and caller stats each answer 429 with a JSON body once',
    result: 'Each retried after `Retry-After` (0 s): every section complete, one more request each (exit 0)',
    analytics: 'report',
    faults: onceEach({ kind: 'status', status: 429, retryAfter: '0' }),
    exit: 0,
    posts: 0,
    jobs: 0,
    check: retriedOnce
  },
  {
    fault: 'Page views, searches, feedback, feedback by page, assistant and caller stats each answer 429 as `text/plain` once',
    result: 'Each retried after `Retry-After` (0 s): every section complete, one more request each (exit 0)',
    analytics: 'report',
    faults: onceEach({ kind: 'status', status: 429, retryAfter: '0', contentType: 'text/plain' }),
    exit: 0,
    posts: 0,
    jobs: 0,
    check: retriedOnce
  },
  ...HEALTH_READS.map(failingRead),
  {
    fault: 'Searches, feedback and assistant pages hand back the cursor just followed, every time',
    result: 'Each read stops at the repeated cursor, after 2 requests: partial, with a warning; no loop (exit 0)',
    analytics: NAMED,
    // More questions and feedback rows the run asks for (none dismissed) than one page holds, so that the first page has a cursor to repeat.
    setup: (emu) => {
      emu.setAssistant(manyQuestions(ASSISTANT_PAGE_SIZE + 200))
      emu.setFeedback(defaultFeedback().map((row) => ({ ...row, status: 'pending' })))
    },
    faults: (['searches', 'feedback', 'assistant'] as const).map((endpoint) => ({
      path: pathOf(endpoint),
      kind: 'repeatCursor',
      times: Infinity
    })),
    exit: 0,
    posts: 0,
    jobs: 0,
    check: (run, emu, expect) => {
      // Searches' comparison comes after its first page.
      expect(requestsByEndpoint(emu)).toEqual({ ...completeRequests(NAMED), searches: 3, feedback: 2, assistant: 2 })
      expectCut(
        run,
        expect,
        readsOf('searches', 'feedback', 'assistant'),
        2,
        'the service handed back a cursor it had already given, so reading stopped'
      )
    }
  },
  {
    fault: 'Page views, searches, feedback and assistant pages come back empty while saying there are more',
    result: 'Each read stops after that page: partial, with a warning; no loop (exit 0)',
    analytics: NAMED,
    faults: (['views', 'searches', 'feedback', 'assistant'] as const).map((endpoint) => ({
      path: pathOf(endpoint),
      kind: 'emptyPage',
      times: Infinity
    })),
    exit: 0,
    posts: 0,
    jobs: 0,
    check: (run, emu, expect) => {
      // Views' and searches' comparisons come after their first page.
      expect(requestsByEndpoint(emu)).toEqual({ ...completeRequests(NAMED), views: 2, searches: 2, feedback: 1, assistant: 1 })
      expectCut(
        run,
        expect,
        readsOf('views', 'searches', 'feedback', 'assistant'),
        1,
        'the service reported more after an empty page, so reading stopped'
      )
      // The totals come with the empty pages; the rows read are none.
      const { viewsTotal, searchesTotal } = expectedOutputs(SITE, NAMED)
      expect(run.outputs).toMatchObject({ viewsTotal, searchesTotal, feedbackNegative: String(thumbsDown()), assistantUnanswered: '0' })
    }
  },
  {
    fault: 'The deadline passes while several sections are read (one answer late, others never answered)',
    result: 'Exit 1 saying the deadline passed; what was read is kept in the files and summary, each unfinished section marked',
    analytics: NAMED,
    faults: [
      { path: pathOf('views'), kind: 'delay', delayMs: 500 },
      { path: pathOf('searches'), query: { cursor: emulatorCursor('searches', SEARCHES_PAGE_SIZE) }, kind: 'hang' },
      { path: pathOf('feedback'), kind: 'hang' },
      { path: pathOf('assistant'), kind: 'hang' }
    ],
    // 15 s: visitors, page views, the first page of searches and feedback by page are answered well before it.
    inputs: { timeoutMinutes: '0.25' },
    exit: 1,
    posts: 0,
    jobs: 0,
    check: (run, emu, expect) => {
      const deadline = 'the deadline (timeoutMinutes) passed while reading'
      const failures = [
        `Search analytics are incomplete: ${deadline}; 1 request made.`,
        `Feedback analytics are incomplete: ${deadline}; 1 request made.`,
        `Assistant analytics are incomplete: ${deadline}; 0 requests made.`
      ]
      expect(errorsOf(run)).toEqual([failures.join('\n')])
      const seen = renderSummary(run.summary)
      for (const failure of failures) expect(seen.text).toContain(`Why the step failed: ${failure}`)
      expect(h2sOf(run)).toEqual(headingsWith({ Searches: '❌', Feedback: '❌', Assistant: '❌' }, NAMED))
      // Every read answered in time is kept: visitors and page views (each with its comparison), the
      // first page of searches (its second never answers) and feedback by page.
      expect(requestsByEndpoint(emu)).toEqual({
        visitors: completeRequests(NAMED).visitors,
        views: 2,
        searches: 2,
        'feedback/by-page': 1,
        feedback: 1,
        assistant: 1
      })
      const { viewsTotal, searchesTotal } = expectedOutputs(SITE, NAMED)
      expect(run.outputs).toMatchObject({
        pageCount: '600',
        viewsTotal,
        searchesTotal,
        feedbackNegative: String(thumbsDown()),
        assistantUnanswered: ''
      })
      const json = healthJson(run)
      expect(json).toMatchObject({
        visitors: { partial: false },
        views: { partial: false },
        searches: { partial: true, partialReason: deadline, requests: 1 },
        feedback: { partial: true, partialReason: deadline, requests: 1 },
        // Nothing read, and marked so.
        assistant: { partial: true, partialReason: deadline, requests: 0 }
      })
      const dir = run.outputs.analyticsDir ?? ''
      expect(readdirSync(dir).sort()).toEqual([
        'analytics.json',
        'feedback-pages.csv',
        'feedback.csv',
        'searches.csv',
        'views.csv',
        'visitors.csv'
      ])
      // searches.csv: the terms of the first page, one record each.
      expect(parse(readFileSync(join(dir, 'searches.csv'), 'utf8'), { columns: true })).toHaveLength(SEARCHES_PAGE_SIZE)
    }
  }
]

export const SCENARIOS: Scenario[] = [
  {
    fault: 'Status check answers 503, 3 times',
    result: 'Retried with backoff; the completed job is reported (exit 0)',
    faults: [{ method: 'GET', kind: 'status', status: 503, times: 3 }],
    exit: 0,
    status: 'completed',
    posts: 1,
    jobs: 1
  },
  {
    fault: 'Status check answers 500, then 502, then 504',
    result: 'Retried with backoff; the completed job is reported (exit 0)',
    faults: [
      { method: 'GET', kind: 'status', status: 500 },
      { method: 'GET', kind: 'status', status: 502 },
      { method: 'GET', kind: 'status', status: 504 }
    ],
    exit: 0,
    status: 'completed',
    posts: 1,
    jobs: 1
  },
  {
    fault: 'Status check answers 408',
    bundle: true,
    result: 'Retried; the completed job is reported (exit 0)',
    faults: [{ method: 'GET', kind: 'status', status: 408 }],
    exit: 0,
    status: 'completed',
    posts: 1,
    jobs: 1
  },
  {
    fault: 'Status check answers 429 with `Retry-After: 2`',
    result: 'Waits the 2 s asked for, then goes on (exit 0)',
    faults: [{ method: 'GET', kind: 'status', status: 429, retryAfter: '2' }],
    exit: 0,
    status: 'completed',
    posts: 1,
    jobs: 1,
    check: (_run, emu, expect) => {
      expect(gapAfter(emu, 0)).toBe(2000)
    }
  },
  {
    fault: 'Status check answers 429 with `Retry-After` as an HTTP date',
    result: 'Waits until that time, then goes on (exit 0)',
    // A date 2 s after the fault's answer, cut to whole seconds: the next check comes at that second.
    faults: [{ method: 'GET', kind: 'status', status: 429, retryAfter: (now) => new Date(now + 2000).toUTCString() }],
    exit: 0,
    status: 'completed',
    posts: 1,
    jobs: 1,
    check: (_run, emu, expect) => {
      const [faulted, next] = emu.requests.filter((r) => r.method === 'GET')
      expect(next?.at).toBe(Math.floor(((faulted?.at ?? 0) + 2000) / 1000) * 1000)
    }
  },
  {
    fault: 'Connection reset on a status check, twice',
    result: 'Retried; the completed job is reported (exit 0)',
    faults: [{ method: 'GET', kind: 'reset', times: 2 }],
    exit: 0,
    status: 'completed',
    posts: 1,
    jobs: 1
  },
  {
    fault: 'Status check answers an HTML error page (502)',
    result: 'Not the documented JSON: retried like a 5xx (exit 0)',
    faults: [{ method: 'GET', kind: 'html', status: 502 }],
    exit: 0,
    status: 'completed',
    posts: 1,
    jobs: 1
  },
  {
    fault: 'Status check answers truncated JSON (200)',
    result: 'Not the documented JSON: retried (exit 0)',
    faults: [{ method: 'GET', kind: 'truncated' }],
    exit: 0,
    status: 'completed',
    posts: 1,
    jobs: 1
  },
  {
    fault: 'Status check answers JSON with wrong types (200)',
    result: 'Not the documented JSON: retried (exit 0)',
    faults: [{ method: 'GET', kind: 'wrongTypes' }],
    exit: 0,
    status: 'completed',
    posts: 1,
    jobs: 1
  },
  {
    fault: 'Status check answered 2 s late',
    result: 'Waited for, within the 30 s request timeout (exit 0)',
    faults: [{ method: 'GET', kind: 'delay', delayMs: 2000 }],
    exit: 0,
    status: 'completed',
    posts: 1,
    jobs: 1
  },
  {
    fault: 'Status check never answers',
    bundle: true,
    result: 'Cut off at the deadline: exit 1 with job id, status `active` and summary',
    plan: { finishAfterMs: 600_000 },
    faults: [{ method: 'GET', kind: 'hang', times: Infinity }],
    inputs: { timeoutMinutes: SHORT_DEADLINE },
    exit: 1,
    status: 'active',
    posts: 1,
    jobs: 1,
    error: /^Timed out after 6s \(timeoutMinutes\) while waiting for job \w+\. The job keeps running on the service/
  },
  {
    fault: 'Every status check answers 500 until the deadline',
    result: 'A failed check counts as pending: at the deadline exit 1 with job id, status `active` and summary',
    plan: { finishAfterMs: 600_000 },
    faults: [{ method: 'GET', kind: 'status', status: 500, times: Infinity }],
    inputs: { timeoutMinutes: SHORT_DEADLINE },
    exit: 1,
    status: 'active',
    posts: 1,
    jobs: 1,
    log: /::warning::A status check failed; the action keeps checking until the deadline\./,
    error: /^Timed out after 6s/
  },
  {
    fault: 'The job reports an unknown status (`queued`)',
    result: 'A warning names it; checks go on until the deadline, which reports it (exit 1)',
    plan: { steps: [{ afterMs: 0, status: 'queued' }] },
    inputs: { timeoutMinutes: SHORT_DEADLINE },
    exit: 1,
    status: 'active',
    posts: 1,
    jobs: 1,
    log: /::warning::Job \w+ has the status "queued", which this action does not know/,
    error: /The service reported a status this action does not know: "queued"\./,
    summary: /the service said <code>queued<\/code>/
  },
  {
    fault: 'The job reports `queued`, then `completed`',
    result: 'A warning names it; the completed job is reported (exit 0)',
    // Queued for 3 s: the first status check meets it even when a busy machine makes it late.
    plan: {
      steps: [
        { afterMs: 0, status: 'queued' },
        { afterMs: 3000, status: 'completed' }
      ]
    },
    exit: 0,
    status: 'completed',
    posts: 1,
    jobs: 1,
    log: /::warning::Job \w+ has the status "queued"/
  },
  {
    fault: 'Create answers 429 with `Retry-After: 1`',
    result: 'Repeated after 1 s: one job from two requests (exit 0)',
    faults: [{ method: 'POST', kind: 'status', status: 429, retryAfter: '1' }],
    exit: 0,
    status: 'completed',
    posts: 2,
    jobs: 1,
    check: (_run, emu, expect) => {
      const [faulted, repeated] = emu.requests.filter((r) => r.method === 'POST')
      expect((repeated?.at ?? 0) - (faulted?.at ?? 0)).toBe(1000)
    }
  },
  {
    fault: 'Create answers 503, twice',
    result: 'Repeated: one job from three requests (exit 0)',
    faults: [{ method: 'POST', kind: 'status', status: 503, times: 2 }],
    exit: 0,
    status: 'completed',
    posts: 3,
    jobs: 1
  },
  {
    fault: 'Create finds the connection refused; the service is up 0.4 s later',
    result: 'Repeated until it connects: one job (exit 0)',
    lateStartMs: 400,
    exit: 0,
    status: 'completed',
    posts: 1,
    jobs: 1
  },
  {
    fault: 'Create answers 429 on every try',
    result: 'Gives up after 5 tries: exit 1 saying the rate limit was hit; no job',
    faults: [{ method: 'POST', kind: 'status', status: 429, retryAfter: '0', times: Infinity }],
    exit: 1,
    status: '',
    posts: 5,
    jobs: 0,
    error: /^Creating the agent job failed: the rate limit was hit \(429 Too Many Requests\)/
  },
  {
    fault: 'Create answers 500 after creating the job',
    bundle: true,
    result: 'Not repeated: exit 1 saying a job may have been created and how to find it; one request',
    faults: [{ method: 'POST', kind: 'status', status: 500, afterHandling: true }],
    exit: 1,
    status: '',
    posts: 1,
    jobs: 1,
    error: mayHaveCreated
  },
  {
    fault: 'Create: connection reset after the job was created',
    result: 'Not repeated: exit 1 saying a job may have been created; one request',
    faults: [{ method: 'POST', kind: 'reset', afterHandling: true }],
    exit: 1,
    status: '',
    posts: 1,
    jobs: 1,
    error: mayHaveCreated
  },
  {
    fault: 'Create answers an HTML error page (502)',
    result: 'Not repeated (the service may have acted): exit 1 saying so; one request',
    faults: [{ method: 'POST', kind: 'html', status: 502, afterHandling: true }],
    exit: 1,
    status: '',
    posts: 1,
    jobs: 1,
    error: mayHaveCreated
  },
  {
    fault: 'Create never answers',
    result: 'Cut off at the deadline: exit 1 saying a job may have been created; one request',
    faults: [{ method: 'POST', kind: 'hang', afterHandling: true }],
    inputs: { timeoutMinutes: SHORT_DEADLINE },
    exit: 1,
    status: '',
    posts: 1,
    jobs: 1,
    error:
      /^Timed out after 6s \(timeoutMinutes\) while creating the job\. The request was sent, so the service may have created a job anyway/
  },
  {
    fault: 'Create answers 400',
    result: "Not repeated: exit 1 with the service's error text; one request",
    faults: [{ method: 'POST', kind: 'status', status: 400, body: '{"error":"prompt is too long"}' }],
    exit: 1,
    status: '',
    posts: 1,
    jobs: 0,
    error:
      /^Creating the agent job failed: the service rejected the request as invalid \(400 Bad Request\)\. The service said: "prompt is too long"\.$/
  },
  {
    fault: 'Create answers 403 (key without the write scope)',
    result:
      "Not repeated: exit 1 with the service's reason and the missing scope first, then the project, IP allowlist and plan; one request",
    emulator: { keys: { [KEY]: { scopes: ['read'] } } },
    exit: 1,
    status: '',
    posts: 1,
    jobs: 0,
    error:
      /403 Forbidden\)\. The service said: "[^"]*scope[^"]*"\. Most likely the key lacks the scope this call needs \(`write`\)\. Otherwise the key and project "proj_docs" may not belong together: .* the runner's IP address may be outside the key's IP allowlist, or the organization's plan/
  },
  {
    fault: 'Follow-up answers 500 after taking the message',
    result: 'Not repeated: exit 1 saying the message may have been received; one request',
    setup: (emu) => {
      emu.addJob('job_fu', { finishAfterMs: 0 })
      emu.fault({ method: 'POST', kind: 'status', status: 500, afterHandling: true })
    },
    inputs: { jobId: 'job_fu' },
    exit: 1,
    status: '',
    posts: 1,
    jobs: 0,
    error: /service may have received the message anyway/
  },
  {
    fault: 'A visitors page answers 429, then 502',
    result: 'Each retried with the same policy; the export is complete (exit 0)',
    analytics: 'visitors',
    faults: [
      { path: '/v1/analytics', kind: 'status', status: 429, retryAfter: '1' },
      { path: '/v1/analytics', kind: 'status', status: 502 }
    ],
    exit: 0,
    posts: 0,
    jobs: 0,
    check: (run, _emu, expect) => {
      expect(run.outputs.pageCount).toBe('600')
    }
  },
  {
    fault: 'The deadline passes while visitor pages are read',
    result: 'What was read is kept: files and summary marked partial, exit 1',
    analytics: 'visitors',
    faults: [
      {
        path: '/v1/analytics',
        kind: 'status',
        status: 200,
        body: '{"totals":{"human":2,"ai":1,"total":2},"visitors":[{"path":"/a","human":2,"ai":1,"total":2}],"hasMore":true}'
      },
      { path: '/v1/analytics', kind: 'hang' }
    ],
    inputs: { timeoutMinutes: SHORT_DEADLINE, compare: 'none' },
    exit: 1,
    posts: 0,
    jobs: 0,
    error: /^Visitor analytics are incomplete: the deadline \(timeoutMinutes\) passed while reading; 1 request made\.$/,
    check: (run, _emu, expect) => {
      expect(run.outputs).toMatchObject({ pageCount: '1', visitorsTotal: '2' })
      expect(JSON.parse(readFileSync(run.outputs.analyticsFile ?? '', 'utf8'))).toMatchObject({ visitors: { partial: true, pageCount: 1 } })
    }
  },
  ...WRITE_SCENARIOS,
  ...HEALTH_SCENARIOS,
  ...(['SIGINT', 'SIGTERM', 'SIGHUP'] as const).map((name): Scenario => ({
    fault: `${name} while waiting for the job`,
    bundle: true,
    result: 'Stops at once, with no further request; exit 1; outputs and summary say cancelled and that the job keeps running',
    plan: { finishAfterMs: 600_000 },
    signal: { name, after: 'is active.' },
    exit: 1,
    status: 'active',
    posts: 1,
    jobs: 1,
    error: new RegExp(
      `^Cancelled \\(${name}\\) while waiting for job \\w+\\. The job keeps running on the service: the API cannot cancel it\\.$`
    ),
    summary: new RegExp(`Cancelled \\(${name}\\)`)
  })),
  {
    fault: 'SIGINT while the create request is unanswered',
    bundle: true,
    result: 'Stops at once, with no further request; exit 1, saying a job may have been created',
    faults: [{ method: 'POST', kind: 'hang', afterHandling: true }],
    signal: { name: 'SIGINT', after: '::debug::POST /v2/agent/proj_docs/job', delayMs: 300 },
    exit: 1,
    status: '',
    posts: 1,
    jobs: 1,
    error: /^Cancelled \(SIGINT\) while creating the job\. The request was sent, so the service may have created a job anyway/
  }
]

/** The emulator of a scenario: the key, the job plan, and its own options. */
export function emulatorOptions(s: Scenario): EmulatorOptions {
  return { keys: { [KEY]: {} }, defaultPlan: s.plan ?? quick, ...s.emulator }
}

/** Gives a started emulator the scenario's data and faults. */
export function prepareEmulator(s: Scenario, emu: Emulator): void {
  if (s.analytics) emu.setVisitors({ totals: siteTotals(600), rows: visitorRows(600) })
  if (s.faults) emu.fault(...s.faults)
  s.setup?.(emu)
}

/** The action's inputs for a scenario against the service at `baseUrl`. */
export function inputsOf(s: Scenario, baseUrl: string): Record<string, string> {
  const analytics = s.analytics === 'report' ? REPORT_SECTIONS : typeof s.analytics === 'object' ? s.analytics.join(', ') : s.analytics
  const work: Record<string, string> = analytics ? { analytics, prompt: '' } : { prompt: 'Fault test' }
  // The poll interval only where there is a job to poll: without one the run warns that it is ignored.
  const job = !s.analytics || s.inputs?.prompt !== undefined || s.inputs?.jobId !== undefined
  return {
    apiKey: KEY,
    projectId: 'proj_docs',
    baseUrl,
    ...(job ? { pollIntervalSeconds: '0.5' } : {}),
    timeoutMinutes: '0.5',
    ...work,
    ...s.inputs
  }
}

/** The deadline (timeoutMinutes) the inputs give, in ms. */
export const deadlineOf = (inputs: Record<string, string>): number => Number(inputs.timeoutMinutes) * 60_000

/** What every scenario checks of its run, wherever it runs: how long it took aside, which each place checks its own way. */
export function checkRun(s: Scenario, run: ActionRun, emu: Emulator, expect: ExpectStatic): void {
  expect(run.code, run.stdout).toBe(s.exit)
  if (s.status !== undefined) expect(run.outputs.status).toBe(s.status)
  const sections = s.analytics === 'report' ? REPORT : s.analytics === 'visitors' ? (['visitors'] as const) : s.analytics
  const outputNames =
    s.outputs ??
    (sections
      ? [...FILE_OUTPUTS, ...sections.flatMap((section) => SECTION_CATALOG[section].outputs)]
      : ['jobId', 'prLink', 'prNumber', 'status'])
  expect(Object.keys(run.outputs).sort()).toEqual([...outputNames].sort())
  expect(emu.count('POST')).toBe(s.posts)
  expect(emu.jobCount() - (s.inputs?.jobId ? 1 : 0)).toBe(s.jobs)
  if (s.error) {
    expect(errorsOf(run)).toHaveLength(1)
    expect(errorsOf(run)[0]).toMatch(s.error)
  }
  if (s.exit === 0) {
    expect(errorsOf(run)).toEqual([])
    // Retried within the request: no status check failed as a whole.
    expect(run.stdout).not.toContain('::warning::A status check failed')
  }
  if (s.log) expect(run.stdout).toMatch(s.log)
  const seen = renderSummary(run.summary)
  if (s.unwritable?.includes('GITHUB_STEP_SUMMARY')) expect(run.summary).toBe('')
  else if (s.analytics) expect(seen.headings.join('\n')).toMatch(/Documentation visitors|Visitors and page views/)
  else expect(seen.headings[0]).toMatch(/^(✅|⚠️|⏳|❌) /)
  // The summary states why the step failed, in the annotation's own words.
  // (Code spans of the annotation, such as \`jobId\`, show as code.)
  if (s.error) expect(seen.text).toContain(`Why the step failed: ${(errorsOf(run)[0] ?? '').replace(/`/g, '')}`)
  if (s.summary) expect(run.summary).toMatch(s.summary)
  s.check?.(run, emu, expect)

  expect(linesWith(run, KEY)).toEqual([`::add-mask::${KEY}`])
}

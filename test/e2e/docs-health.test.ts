// The docs health report end to end: every section of the catalog (REPORT_SECTIONS) through the real bundle against the emulator's
// default analytics data (hostile reader text in every free-text field). Expected values are
// computed from the emulator's own data functions, never copied from a run. It runs under Node
// 24 (the runtime action.yml declares).
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { parse } from 'csv-parse/sync'
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest'
import {
  defaultAssistant,
  defaultCallerStats,
  defaultFeedback,
  defaultFeedbackByPage,
  defaultSearches,
  defaultViews,
  INJECTED_PATH,
  PRIVATE_CATEGORY,
  RESET_URL
} from '../emulator/analytics-data.js'
import { startEmulator, type Emulator } from '../emulator/emulator.js'
import { type ActionOptions, type ActionRun, linesWith, runAction } from '../support/action.js'
import {
  comparedEndpoints,
  expectedOutputs,
  firstRequests,
  headingsWith,
  minimumRequests,
  REPORT,
  REPORT_SECTIONS,
  requestsByEndpoint,
  requestsOf
} from '../support/health-report.js'
import { SECTION_CATALOG } from '../../src/core/catalog.js'
import { VISITORS_PAGE_SIZE } from '../../src/sections/traffic/read-visitors.js'
import { thumbsDown } from '../unit/sections/feedback/expected.js'
import { renderSummary } from '../support/render.js'
import { runtimes } from '../support/runtimes.js'
import { startGitHubFake } from '../support/github-fake.js'
import { isPageLabel, pageLabel } from '../../src/text/page-path.js'
import { HOSTILE_PATHS, siteTotals, visitorRows } from '../support/visitors.js'
import { cutReason, unreadReason } from '../support/budget-messages.js'

const KEY = 'mint_docsHealthK3y9'
const PAGES = 300

const views = defaultViews()
const searches = defaultSearches()
const allFeedbackRows = defaultFeedback()
/**
 * The rows the run keeps: feedback the docs team dismissed in Mintlify is not asked for, and resolved
 * feedback counts only on a page with a fix, which a run without the docs health issue has none of.
 */
const feedbackRows = allFeedbackRows.filter((row) => row.status !== 'dismissed' && row.status !== 'resolved')
const feedbackPages = defaultFeedbackByPage()
const questions = defaultAssistant()
const callers = defaultCallerStats()

/** The e-mail address in the seeded reader text, and what the report shows instead. */
const SEEDED_EMAIL = 'jane.doe@example.com'
const MASK = '[email]'
/** The most characters of a reader text the report keeps, an ellipsis included. */
const READER_TEXT_MAX = 2000
/** A seeded reader text as the report shows it: its line breaks as spaces, its address masked, cut with an ellipsis past the limit. */
const masked = (text: string): string => {
  const shown = text
    .replace(/[\r\n\u2028\u2029]+/g, ' ')
    .split(SEEDED_EMAIL)
    .join(MASK)
  return shown.length > READER_TEXT_MAX ? `${shown.slice(0, READER_TEXT_MAX - 1)}…` : shown
}

/** The outputs the seeded data must give, from the emulator's data and its documented rules. */
/** The site the visitors endpoint is given. */
const SITE = { pages: PAGES }

const EXPECTED_OUTPUTS = expectedOutputs(SITE)

/** The fewest requests the API allows for the seeded data, by endpoint. */
const MINIMUM_REQUESTS = minimumRequests(SITE)

/** The sections of the test of a tight maxRequests. */
const TIGHT = ['visitors', 'views', 'searches', 'feedback', 'assistant'] as const

const sum = (...counts: (number | undefined)[]): number => counts.reduce<number>((total, n) => total + (n ?? 0), 0)

// ------------------------------------------------------------ reader text and contact addresses

/** Every string of the seeded data that readers typed (search queries, feedback comments, assistant questions). */
const READER_TEXTS = [
  ...searches.rows.map((row) => row.searchQuery),
  ...allFeedbackRows.flatMap((row) => (row.comment === null ? [] : [row.comment])),
  ...questions.map((q) => q.query)
]

/** Every other string the seeded data holds (paths, pages, categories, code…), contact addresses left out. */
function otherStrings(value: unknown, key = ''): string[] {
  if (typeof value === 'string') return ['searchQuery', 'comment', 'query', 'contact'].includes(key) ? [] : [value]
  if (Array.isArray(value)) return value.flatMap((item) => otherStrings(item, key))
  if (typeof value === 'object' && value !== null) return Object.entries(value).flatMap(([k, v]) => otherStrings(v, k))
  return []
}
const OTHER_TEXT = otherStrings([views, searches, allFeedbackRows, feedbackPages, questions]).join('\n')

/**
 * Reader text that can only come from a reader-text field: not found in any other field (hostile
 * strings also serve as page paths, which are shown whatever readerText says), and plain enough to
 * read the same escaped or not.
 */
const READER_CANARIES = [...new Set(READER_TEXTS)].filter(
  (text) => text.length >= 10 && /^[\w ?:.,]+$/.test(text) && !OTHER_TEXT.includes(text)
)

/** Feedback contact addresses found in no other field (jane.doe@example.com is also in paths and reader text). */
const CONTACTS = [...new Set(allFeedbackRows.flatMap((row) => ('contact' in row && row.contact !== null ? [row.contact] : [])))].filter(
  (contact) => !OTHER_TEXT.includes(contact) && !READER_TEXTS.some((text) => text.includes(contact))
)

/** Workflow commands injected in the seeded data and the visitor paths (`::set-output`, `::error::injected`, `::warning::three`). */
const INJECTED_COMMANDS = [...READER_TEXTS, ...OTHER_TEXT.split('\n'), ...HOSTILE_PATHS].flatMap((text) =>
  text.split(/\r?\n/).flatMap((line) => (/^::[a-z-]+/.exec(line) ? [line.slice(0, 20)] : []))
)

// ------------------------------------------------------------ pages and categories that clients set

/** A page path as the report keeps it, by the rule of docs/report.md: a `/`, then letters, digits and `- . _ ~ /`, at most 200 characters. */
const shownPath = (path: string): string => (/^\/(?!\/)[A-Za-z0-9\-._~/]{0,199}$/.test(path) ? path : '(other page)')

/** The feedback pages the report lists: pages shown alike (every "(other page)") are one. */
const FEEDBACK_PAGE_COUNT = new Set(feedbackPages.map((row) => shownPath(row.path))).size

/**
 * What clients set that no report shows, whatever readerText says: instructions in a page path, and
 * the query string of a page URL with an address and a token in it.
 */
const CLIENT_CANARIES = [INJECTED_PATH, 'Ignore the list above', 'evil.example/login', RESET_URL, 'alice@corp.example', '8f2a91']
/** A question's category, shown (masked) only with reader text. */
const CATEGORY_CANARIES = [PRIVATE_CATEGORY, 'Account recovery']

// ------------------------------------------------------------ what a run wrote

const FILES = ['analytics.json', ...REPORT.flatMap((section) => SECTION_CATALOG[section].files)].sort()

interface Written {
  name: string
  text: string
}

function filesOf(run: ActionRun): Written[] {
  const dir = run.outputs.analyticsDir
  if (!dir) throw new Error('the run set no analyticsDir')
  return readdirSync(dir).map((name) => ({ name, text: readFileSync(join(dir, name), 'utf8') }))
}

/** The log as the runner shows it by default: every line but the debug ones. */
const logLines = (run: ActionRun): string[] => run.stdout.split('\n').filter((line) => !line.startsWith('::debug::'))

/** Everything a run showed or wrote, named: summary (as written and as rendered), outputs, log, files. */
function everywhere(run: ActionRun): Written[] {
  return [
    { name: 'summary', text: run.summary },
    { name: 'rendered summary', text: renderSummary(run.summary).text },
    { name: 'outputs file', text: run.outputFile },
    { name: 'log', text: logLines(run).join('\n') },
    { name: 'stderr', text: run.stderr },
    ...filesOf(run)
  ]
}

/** Where each of `texts` appears, as "text in place"; empty when none does. */
function found(places: readonly Written[], texts: readonly string[]): string[] {
  return places.flatMap((place) => texts.filter((text) => place.text.includes(text)).map((text) => `${text} in ${place.name}`))
}

interface AnalyticsFile {
  readerText: string
  visitors?: { partial: boolean; partialReason: string | null; totals: unknown; pageCount: number }
  views?: { partial: boolean; partialReason: string | null; requests: number; totals: unknown; pageCount: number }
  searches?: {
    partial: boolean
    partialReason: string | null
    requests: number
    totalSearches: number
    terms: { searchQuery: string | null }[]
  }
  feedback?: {
    partial: boolean
    partialReason: string | null
    requests: number
    pages: unknown[] | null
    entries: { comment: string | null; path: string }[]
  }
  assistant?: {
    partial: boolean
    partialReason: string | null
    requests: number
    callers: unknown
    questions: { query: string | null; queryCategory: string | null; pageUrl: string | null }[]
  }
}

const analyticsJson = (run: ActionRun): AnalyticsFile => JSON.parse(readFileSync(run.outputs.analyticsFile ?? '', 'utf8')) as AnalyticsFile

const csvRecords = (run: ActionRun, name: string): Record<string, string>[] =>
  parse<Record<string, string>>(readFileSync(join(run.outputs.analyticsDir ?? '', name), 'utf8'), { columns: true })

/** The h2 headings of the sections, after the report's title. */
const h2s = (run: ActionRun): string[] => {
  const [title, ...sections] = [...renderSummary(run.summary).html.matchAll(/<h2>(.*?)<\/h2>/g)].map((m) => m[1] ?? '')
  expect(title).toMatch(/^📈 Docs health · /)
  return sections
}

/** The checks every docs health report passes, whatever readerText says. */
function expectSafe(run: ActionRun): void {
  const seen = renderSummary(run.summary)
  expect(seen.references, 'nothing GitHub would link as @mention or #reference').toEqual([])
  expect(seen.links.map((link) => `${link.text} ${link.href}`)).toEqual(['workflow run https://github.com/acme/docs/actions/runs/1'])
  expect(run.summary).not.toMatch(/<script|<img/i)
  expect(Buffer.byteLength(run.summary)).toBeLessThan(1024 * 1024)
  // No line of the log, debug lines included, starts a workflow command taken from the data.
  expect(INJECTED_COMMANDS.length).toBeGreaterThan(0)
  for (const line of run.stdout.split(/\r?\n/)) for (const command of INJECTED_COMMANDS) expect(line.startsWith(command)).toBe(false)
  expect(linesWith(run, KEY)).toEqual([`::add-mask::${KEY}`])
  expect(run.stderr).not.toContain(KEY)
  for (const file of filesOf(run)) expect(file.text).not.toContain(KEY)
  expect(found(everywhere(run), CONTACTS), 'feedback contact addresses').toEqual([])
  expect(run.outputs.docsGaps?.length).toBeLessThanOrEqual(4000)
}

for (const { name: runtime, node } of runtimes()) {
  describe('docs health report', () => {
    let emu: Emulator
    const base = (): Record<string, string> => ({ apiKey: KEY, projectId: 'proj_docs', baseUrl: emu.url, analytics: REPORT_SECTIONS })
    const act = (options: Omit<ActionOptions, 'node' | 'onTestFinished'>): Promise<ActionRun> =>
      runAction({ ...options, node, onTestFinished })

    let github: Awaited<ReturnType<typeof startGitHubFake>>
    beforeAll(async () => {
      github = await startGitHubFake()
      emu = await startEmulator({ keys: { [KEY]: {} }, analyticsLimitPerHour: 100_000 })
      // The visitors endpoint has no default data set: a hostile one of the test support's.
      emu.setVisitors({ totals: siteTotals(PAGES), rows: visitorRows(PAGES, { hostile: true }) })
    })
    afterAll(async () => {
      await github.close()
      await emu.close()
    })

    it(`[${runtime}] reads every section in the fewest requests and sets every output, file and summary section`, async () => {
      expect(READER_CANARIES.length).toBeGreaterThan(100)
      expect(CONTACTS.length).toBeGreaterThan(5)
      const since = emu.requests.length
      const run = await act({ inputs: base() })
      expect(run.code, run.stdout).toBe(0)
      expect(requestsByEndpoint(emu, since)).toEqual(MINIMUM_REQUESTS)
      // The comparison costs one request per compared section, each for the week before the range.
      const start = emu.requests[since]?.query.get('dateFrom')
      const previous = emu.requests.slice(since).filter((r) => r.query.get('dateTo') === start)
      expect(previous.map((r) => r.path.replace(/^.*\/analytics\/[^/]+\//, '')).sort()).toEqual(comparedEndpoints().sort())
      expect(run.outputs).toMatchObject(EXPECTED_OUTPUTS)
      expect(run.outputs.analyticsFile).toBe(join(run.outputs.analyticsDir ?? '', 'analytics.json'))
      expect(run.outputs.analyticsCsvFile).toBe(join(run.outputs.analyticsDir ?? '', 'visitors.csv'))
      expect(run.outputs.analyticsDir?.startsWith(run.dir)).toBe(true)
      expect(run.stdout.split('\n').filter((line) => line.startsWith('::warning::'))).toEqual([])

      // analytics.json: every section under its name.
      const json = analyticsJson(run)
      expect(json).toMatchObject({ readerText: 'hidden', visitors: { partial: false, totals: siteTotals(PAGES), pageCount: PAGES } })
      // Every section whole, each in its fewest requests.
      for (const section of REPORT) {
        const read = (json as unknown as Record<string, unknown>)[section]
        expect(read, section).toMatchObject({ partial: false, partialReason: null, requests: requestsOf(section, SITE) })
      }
      expect(json.views).toMatchObject({
        partial: false,
        partialReason: null,
        requests: requestsOf('views', SITE),
        totals: views.totals,
        pageCount: new Set(views.rows.map((row) => row.path)).size
      })
      expect(json.searches).toMatchObject({
        partial: false,
        requests: requestsOf('searches', SITE),
        totalSearches: Number(EXPECTED_OUTPUTS.searchesTotal)
      })
      expect(json.searches?.terms).toHaveLength(new Set(searches.rows.map((row) => row.searchQuery)).size)
      expect(json.feedback).toMatchObject({
        partial: false,
        requests: requestsOf('feedback', SITE)
      })
      expect(FEEDBACK_PAGE_COUNT).toBeLessThan(feedbackPages.length)
      expect(json.feedback?.pages).toHaveLength(FEEDBACK_PAGE_COUNT)
      expect(json.feedback?.entries).toHaveLength(feedbackRows.length)
      expect(json.assistant).toMatchObject({
        partial: false,
        requests: requestsOf('assistant', SITE),
        callers
      })
      expect(json.assistant?.questions).toHaveLength(questions.length)

      // Every CSV is there and parses, a record per row read.
      expect(readdirSync(run.outputs.analyticsDir ?? '').sort()).toEqual(FILES)
      const rowsOf: Record<string, number> = {
        'visitors.csv': PAGES,
        'views.csv': json.views?.pageCount ?? -1,
        'searches.csv': json.searches?.terms.length ?? -1,
        'feedback-pages.csv': FEEDBACK_PAGE_COUNT,
        'feedback.csv': feedbackRows.length,
        'assistant.csv': questions.length
      }
      for (const [name, rows] of Object.entries(rowsOf)) expect(csvRecords(run, name), name).toHaveLength(rows)

      // The summary: one h2 a section, in the report's order, escaped, well under GitHub's limit.
      expect(h2s(run)).toEqual(headingsWith({}))
      expectSafe(run)
      // auto, and no event payload: reader text is hidden everywhere.
      expect(run.stdout).toContain(
        "Reader text (search terms, feedback comments, assistant questions and their categories, and page paths the site's navigation does not list) is hidden"
      )
      expect(found(everywhere(run), READER_CANARIES)).toEqual([])
      expect(found(everywhere(run), [...CLIENT_CANARIES, ...CATEGORY_CANARIES])).toEqual([])
      expect(run.outputs.docsGaps).toContain('their text is hidden')
    })

    it.each([
      ['readerText: hide, even in a private repository', { readerText: 'hide' }, { repository: { private: true } }],
      ['readerText: auto in a public repository', { readerText: 'auto' }, { repository: { private: false } }],
      ['readerText: auto with a payload that has no repository', {}, { action: 'scheduled' }]
    ])(`[${runtime}] %s: no reader text anywhere (summary, outputs, log, files)`, async (_name, inputs, payload) => {
      const run = await act({ inputs: { ...base(), ...inputs }, event: { name: 'schedule', payload } })
      expect(run.code, run.stdout).toBe(0)
      expect(found(everywhere(run), READER_CANARIES)).toEqual([])
      expect(analyticsJson(run).readerText).toBe('hidden')
      const json = analyticsJson(run)
      expect(json.searches?.terms.every((term) => term.searchQuery === null)).toBe(true)
      expect(json.feedback?.entries.every((entry) => entry.comment === null)).toBe(true)
      expect(json.assistant?.questions.every((q) => q.query === null)).toBe(true)
      expect(run.outputs).toMatchObject(EXPECTED_OUTPUTS)
      expectSafe(run)

      // Categories are hidden, pages are paths of the site; what a client set otherwise appears nowhere, docsGaps included.
      expect(found(everywhere(run), [...CLIENT_CANARIES, ...CATEGORY_CANARIES])).toEqual([])
      expect(json.assistant?.questions.every((q) => q.queryCategory === null)).toBe(true)
      expect(csvRecords(run, 'assistant.csv').every((record) => record.queryCategory === '')).toBe(true)
      // A page a client named is reader text: by its label alone (docs/security.md).
      const pages = [...(json.assistant?.questions.map((q) => q.pageUrl) ?? []), ...(json.feedback?.entries.map((e) => e.path) ?? [])]
      expect(pages.filter((page) => page !== null && page !== '(other page)' && !isPageLabel(page))).toEqual([])
      expect(pages).toContain(pageLabel('/reset'))
      expect(pages).toContain('(other page)')
      const gaps = run.outputs.docsGaps ?? ''
      expect(gaps).toContain(`\n- \`${pageLabel('/reset')}\` (`)
      expect(gaps).not.toContain('/reset')
      // "(other page)" is never a code span; the pages clients sent it for have more thumbs up than
      // readers in trouble, so the list of pages with negative feedback leaves it out (docs/report.md).
      expect(gaps).not.toContain('`(other page)`')
      const other = feedbackPages.filter((row) => shownPath(row.path) === '(other page)')
      expect(sum(...other.map((row) => row.thumbsUp))).toBeGreaterThan(sum(...other.map((row) => row.thumbsDown)))
      expect(gaps).not.toMatch(/\n- \(other page\): [\d,.]+ thumbs down/)
    })

    it(`[${runtime}] readerText: auto in a private repository shows reader text, e-mail addresses masked`, async () => {
      github.setVisibility('acme/docs', 'private')
      const run = await act({
        inputs: { ...base(), githubToken: 'ghs_docsHealthToken' },
        event: { name: 'schedule', payload: { repository: { private: true } } },
        env: { GITHUB_API_URL: github.url }
      })
      expect(run.code, run.stdout).toBe(0)
      expect(run.stdout).toContain(
        "Reader text (search terms, feedback comments, assistant questions and their categories, and page paths the site's navigation does not list) is shown"
      )
      expectSafe(run)
      const json = analyticsJson(run)
      expect(json.readerText).toBe('shown')

      // Every text readers typed is kept, the e-mail address in it masked.
      const sortedText = (texts: Iterable<string | null | undefined>): string[] => [...texts].map((t) => t ?? '').sort()
      expect(sortedText(json.searches?.terms.map((t) => t.searchQuery) ?? [])).toEqual(
        sortedText(new Set(searches.rows.map((row) => masked(row.searchQuery))))
      )
      expect(sortedText(json.feedback?.entries.map((e) => e.comment) ?? [])).toEqual(
        sortedText(feedbackRows.map((row) => (row.comment === null ? null : masked(row.comment))))
      )
      expect(sortedText(json.assistant?.questions.map((q) => q.query) ?? [])).toEqual(sortedText(questions.map((q) => masked(q.query))))
      const readerFields = [
        ...(json.searches?.terms.map((t) => t.searchQuery) ?? []),
        ...(json.feedback?.entries.map((e) => e.comment) ?? []),
        ...(json.assistant?.questions.map((q) => q.query) ?? [])
      ]
      expect(readerFields.filter((text) => text?.includes('@example.com'))).toEqual([])
      expect(readerFields.filter((text) => text?.includes(MASK)).length).toBeGreaterThan(0)
      for (const [file, column] of [
        ['searches.csv', 'searchQuery'],
        ['feedback.csv', 'comment'],
        ['assistant.csv', 'query']
      ] as const) {
        const cells = csvRecords(run, file).map((record) => record[column] ?? '')
        expect(cells, file).toContain(masked(`write to ${SEEDED_EMAIL} please`))
        expect(
          cells.filter((cell) => cell.includes(SEEDED_EMAIL)),
          file
        ).toEqual([])
      }

      // The summary shows the most searched term, the latest comment and the newest unanswered question, as text.
      const seen = renderSummary(run.summary)
      const topSearch = [...searches.rows].sort((a, b) => b.hits - a.hits)[0]?.searchQuery ?? ''
      const latestComment = [...feedbackRows]
        .filter((row) => row.comment !== null && row.comment.trim() !== '' && row.createdAt !== null)
        .sort((a, b) => ((b.createdAt ?? '') < (a.createdAt ?? '') ? -1 : 1))[0]?.comment
      // Every unanswered question is asked once, so the newest comes first.
      const newestUnanswered = questions
        .filter((q) => q.resolutionStatus === 'unanswered')
        .sort((a, b) => (b.timestamp < a.timestamp ? -1 : 1))[0]?.query
      expect(READER_CANARIES).toEqual(expect.arrayContaining([topSearch, latestComment, newestUnanswered]))
      // Comments show complaints first: the newest comment marked not helpful leads them.
      const newestComplaint = [...feedbackRows]
        .filter((row) => 'helpful' in row && !row.helpful && row.comment !== null && row.comment.trim() !== '' && row.createdAt !== null)
        .sort((a, b) => ((b.createdAt ?? '') < (a.createdAt ?? '') ? -1 : 1))[0]?.comment
      for (const text of [topSearch, newestComplaint ?? '', newestUnanswered ?? '']) expect(seen.text).toContain(text)
      // No table cell holds reader text with its e-mail address (the same words as a page path, /write to…, are a path).
      const cells = seen.tables.flat(2)
      expect(cells.filter((cell) => cell.includes(SEEDED_EMAIL) && !cell.startsWith('/'))).toEqual([])
      // docsGaps carries reader text now, as code spans, masked.
      expect(run.outputs.docsGaps).toContain('Searches where nobody clicked a result:')
      expect(run.outputs.docsGaps).toMatch(/- `how to configure feature \d+` \(/)
      expect(run.outputs.docsGaps).not.toMatch(new RegExp(`\`[^\`/][^\`]*${SEEDED_EMAIL.replace(/\./g, '\\.')}`))

      // Pages keep no query string and no free text even so; the category is shown, masked.
      expect(found(everywhere(run), CLIENT_CANARIES)).toEqual([])
      expect(json.assistant?.questions.map((q) => q.pageUrl)).toContain('https://docs.example.com/reset')
      expect(json.assistant?.questions.map((q) => q.queryCategory)).toContain('Account recovery for [email]')
    })

    it(`[${runtime}] the debug log (ACTIONS_STEP_DEBUG) holds no reader text and no contact address either`, async () => {
      // A reader who left a comment and an address, first on the page, where a debug line of the answer would show them.
      const contact = 'debug.only.reader@example.org'
      const comment = 'private remark about the install page'
      emu.setFeedback([
        {
          id: 'fb_debug',
          path: '/docs/install',
          comment,
          createdAt: '2026-11-01T00:00:00Z',
          source: 'contextual',
          status: 'pending',
          helpful: false,
          contact
        }
      ])
      onTestFinished(() => {
        emu.setFeedback(allFeedbackRows)
      })
      const run = await act({ inputs: { ...base(), readerText: 'hide' } })
      expect(run.code, run.stdout).toBe(0)
      const debug = run.stdout.split('\n').filter((line) => line.startsWith('::debug::'))
      expect(debug.length).toBeGreaterThan(0)
      const leaks = found(
        [{ name: 'debug log', text: debug.join('\n') }],
        [contact, comment, ...READER_CANARIES, ...CLIENT_CANARIES, ...CATEGORY_CANARIES]
      )
      expect(leaks, 'reader text or contact addresses in ::debug:: lines').toEqual([])
    })

    it(`[${runtime}] 16 MiB of hostile reader text: cut and masked, and the run ends well within its deadline`, async () => {
      // Text the e-mail mask once took hours over (no at sign, at signs without a domain, dots), in
      // answers just under the client's 16 MiB bound: 12 MiB of assistant questions, 4 MiB of search terms.
      const MIB = 1 << 20
      const units = ['a.', 'a@', 'a @ ', 'x(at)']
      const hostile = (i: number, bytes: number): string => {
        const unit = units[i % units.length] ?? 'a.'
        return `q${i} write to alice＠example。com ${unit.repeat(bytes / unit.length)}`.slice(0, bytes)
      }
      emu.setAssistant(questions.slice(0, 12).map((q, i) => ({ ...q, query: hostile(i, MIB - 512), resolutionStatus: 'unanswered' })))
      emu.setSearches({ rows: searches.rows.slice(0, 4).map((row, i) => ({ ...row, searchQuery: hostile(i, MIB - 512), ctr: 0 })) })
      onTestFinished(() => {
        emu.setAssistant(questions)
        emu.setSearches(searches)
      })
      const run = await act({
        inputs: { ...base(), analytics: 'searches,assistant', readerText: 'show', timeoutMinutes: '0.5', compare: 'none' }
      })
      expect(run.code, run.stdout).toBe(0)
      expect(run.stdout).not.toMatch(/timeoutMinutes|::warning::/)
      const json = analyticsJson(run)
      expect(json.assistant).toMatchObject({ partial: false })
      expect(json.searches).toMatchObject({ partial: false })
      const texts = [...(json.assistant?.questions ?? []).map((q) => q.query), ...(json.searches?.terms ?? []).map((t) => t.searchQuery)]
      expect(texts).toHaveLength(16)
      for (const text of texts) {
        expect(text).toMatch(/^q\d+ write to \[email\] /)
        expect(text?.length).toBeLessThanOrEqual(READER_TEXT_MAX)
        expect(text?.endsWith('…')).toBe(true)
      }
      expect(run.outputs.docsGaps).toContain('write to [email]')
      expectSafe(run)
    })

    it(`[${runtime}] a tight maxRequests gives every section its first request and marks the cut ones partial`, async () => {
      const since = emu.requests.length
      // The five sections whose cut reads this test names, a request each.
      const run = await act({ inputs: { ...base(), analytics: TIGHT.join(', '), maxRequests: String(TIGHT.length), compare: 'none' } })
      expect(run.code, run.stdout).toBe(0)
      // The first read of each section, and nothing else.
      expect(requestsByEndpoint(emu, since)).toEqual(firstRequests(TIGHT))

      // A read cut after its first page says the service had more; one no request was left for says only that it was not read.
      const cut = {
        searches: cutReason('search terms'),
        feedback: unreadReason('feedback rows'),
        assistant: unreadReason('assistant caller stats')
      } as const
      const json = analyticsJson(run)
      // Visitors (300 paths) needed a second request: cut too.
      expect(json.visitors).toMatchObject({ partial: true, partialReason: cutReason('visitor rows'), pageCount: VISITORS_PAGE_SIZE })
      expect(json.views).toMatchObject({ partial: false, partialReason: null, requests: 1 })
      for (const [section, reason] of Object.entries(cut)) {
        expect(json[section as keyof typeof cut], section).toMatchObject({ partial: true, partialReason: reason, requests: 1 })
      }

      const warnings = run.stdout.split('\n').filter((line) => line.startsWith('::warning::'))
      for (const read of ['visitor rows', 'search terms']) {
        expect(
          warnings.filter((w) => w.startsWith(`::warning::Reading ${read} stopped after `) && w.includes('at maxRequests (5 requests'))
        ).toHaveLength(1)
      }
      for (const read of ['Feedback rows', 'Assistant caller stats']) {
        expect(warnings.filter((w) => w.startsWith(`::warning::${read} were not read: maxRequests (5 requests`))).toHaveLength(1)
      }
      expect(warnings).toHaveLength(4)

      expect(h2s(run)).toEqual(headingsWith({ 'Visitors and page views': '⚠️', Searches: '⚠️', Feedback: '⚠️', Assistant: '⚠️' }, TIGHT))
      const text = renderSummary(run.summary).text
      for (const start of [
        'search terms: reading stopped at maxRequests (',
        'feedback rows not read: the request budget ran out (',
        'assistant caller stats not read: the request budget ran out ('
      ]) {
        expect(text).toContain(`Partial: ${start}`)
      }
      expect(text).toContain('Feedback entries not read: the request budget ran out before them.')
      expect(text).not.toContain('No feedback entries were left')
      // Four reads cut (visitor rows, search terms, feedback rows, caller stats): 9 requests at least.
      const budgetLine = text.indexOf('The request budget ran out: maxRequests is 5. Set it to at least 9 to read more')
      expect(budgetLine).toBeGreaterThan(0)
      expect(budgetLine).toBeLessThan(text.indexOf('Visitors and page views'))

      // What was read is reported: every search total, thumbs down by page, every unanswered question.
      expect(run.outputs).toMatchObject({
        viewsTotal: EXPECTED_OUTPUTS.viewsTotal,
        searchesTotal: EXPECTED_OUTPUTS.searchesTotal,
        feedbackNegative: String(thumbsDown()),
        assistantUnanswered: EXPECTED_OUTPUTS.assistantUnanswered
      })
      expectSafe(run)
    })
  })
}

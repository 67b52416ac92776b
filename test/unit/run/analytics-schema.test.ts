// Tests the JSON Schema of analytics.json (docs/analytics.schema.json) against the files publish
// writes from the sections' reports: every section read, cut before its first request, compared
// with the previous period or not, with reader text shown and hidden. And that the schema is no
// formality: it refuses what the file must not hold, a visitor field at the top level first of all.
import { describe, expect, it } from 'vitest'
import type { SectionBase } from '../../../src/analytics/reader.js'
import type { ReportSink } from '../../../src/render/sink.js'
import { publish } from '../../../src/run/publish.js'
import { SECTION_NAMES } from '../../../src/core/catalog.js'
import { type PartReport, readsReaderText } from '../../../src/run/wiring.js'
import { ANALYTICS_SCHEMA, schemaErrors } from '../../support/analytics-schema.js'
import {
  assistantReport,
  FEEDBACK_ENTRIES,
  feedbackReport,
  hiddenFeedback,
  hiddenPages,
  FEEDBACK_PAGES,
  hiddenQuestions,
  hiddenSearches,
  QUESTIONS,
  SEARCH_ROWS,
  searchesReport,
  viewsReport,
  VISITOR_ROWS,
  visitorsReport
} from '../../support/section-reports.js'
import { pageLabel } from '../../../src/text/page-path.js'

/** The analytics.json publish writes for these reports, as a program reads it. */
async function analyticsFile(reports: readonly PartReport[]): Promise<Record<string, unknown>> {
  let json = ''
  const sink: ReportSink = {
    setOutput: () => undefined,
    writeFile: (name, content) => {
      if (name === 'analytics.json') json = content
      return Promise.resolve(`/runner/temp/${name}`)
    },
    appendSummary: () => Promise.resolve()
  }
  await publish(reports, sink)
  return JSON.parse(json) as Record<string, unknown>
}

const PREVIOUS = { dateFrom: '2026-11-07', dateTo: '2026-11-14' }
const hidden = { showReaderText: false }
const cut: Partial<SectionBase> = {
  requests: 0,
  partial: true,
  partialReason: 'feedback rows not read: the request budget ran out (maxRequests, 5 requests for the whole run)'
}

/** The object without the field `key`. */
const omit = (object: Record<string, unknown>, key: string): Record<string, unknown> =>
  Object.fromEntries(Object.entries(object).filter(([name]) => name !== key))

const shown = (): PartReport[] => [visitorsReport(), viewsReport(), searchesReport(), feedbackReport(), assistantReport()]

describe('the schema of analytics.json', () => {
  it('describes every section under its name, and asks for readerText with each section that reads reader text', () => {
    expect(Object.keys(ANALYTICS_SCHEMA.properties)).toEqual([
      'projectId',
      'dateFrom',
      'dateTo',
      'dateToExclusive',
      'readerText',
      ...SECTION_NAMES
    ])
    expect(Object.keys(ANALYTICS_SCHEMA.dependentRequired)).toEqual(SECTION_NAMES.filter((name) => readsReaderText([name])))
  })

  it('takes a file with every section read and reader text shown', async () => {
    const file = await analyticsFile(shown())
    expect(file.readerText).toBe('shown')
    expect(schemaErrors(file)).toEqual([])
  })

  it('takes a file with reader text hidden, as a run that keeps none writes it', async () => {
    const file = await analyticsFile([
      // A page the site's navigation lists keeps its path; any other is its label.
      visitorsReport({ ...hidden, rows: VISITOR_ROWS.map((row, i) => (i === 0 ? row : { ...row, path: pageLabel(row.path) })) }),
      viewsReport(hidden),
      searchesReport({ ...hidden, rows: hiddenSearches(SEARCH_ROWS) }),
      feedbackReport({ ...hidden, entries: hiddenFeedback(FEEDBACK_ENTRIES), pages: hiddenPages(FEEDBACK_PAGES) }),
      assistantReport({ ...hidden, questions: hiddenQuestions(QUESTIONS) })
    ])
    expect(file.readerText).toBe('hidden')
    expect(schemaErrors(file)).toEqual([])
  })

  it('takes sections cut before their first request, as long as one section made one', async () => {
    const file = await analyticsFile([
      visitorsReport(),
      viewsReport({ ...cut, totals: undefined, rows: [] }),
      searchesReport({ ...cut, totalSearches: undefined, rows: [] }),
      feedbackReport({ ...cut, pages: undefined, entries: [], entriesRead: false }),
      assistantReport({ ...cut, callers: undefined, questions: [] })
    ])
    expect(schemaErrors(file)).toEqual([])
  })

  it('takes the comparison with the previous period, read or missing', async () => {
    const missing = { ...PREVIOUS, missing: 'the request for the previous period failed' }
    const read = await analyticsFile([
      visitorsReport({ previous: { ...PREVIOUS, value: { human: 1, ai: 2, total: 3 } } }),
      viewsReport({ previous: { ...PREVIOUS, value: { human: 1, ai: 2, total: 3 } } }),
      searchesReport({ previous: { ...PREVIOUS, value: 12 } }),
      feedbackReport({ previous: { ...PREVIOUS, value: 4 } }),
      assistantReport({ previous: { ...PREVIOUS, value: { web: 1, api: 1, other: 0, total: 2 } } })
    ])
    const left = await analyticsFile([
      visitorsReport({ previous: missing }),
      viewsReport({ previous: missing }),
      searchesReport({ previous: missing }),
      feedbackReport({ previous: missing }),
      assistantReport({ previous: missing })
    ])
    expect([schemaErrors(read), schemaErrors(left)]).toEqual([[], []])
  })

  it('takes visitors alone, with its readerText, and a range given with times', async () => {
    const file = await analyticsFile([visitorsReport({ dateFrom: '2026-11-14T06:00:00Z', dateTo: '2026-11-21T06:00:00.5+02:00' })])
    expect(file.readerText).toBe('shown')
    expect(schemaErrors(file)).toEqual([])
  })
})

describe('what the schema refuses', () => {
  const valid = (): Promise<Record<string, unknown>> => analyticsFile(shown())

  it.each([
    ['totals', { human: 1, ai: 1, total: 1 }],
    ['pages', []],
    ['pageCount', 0],
    ['partial', false],
    ['previous', null]
  ])('a visitor field at the top level: %s', async (field, value) => {
    expect(schemaErrors({ ...(await valid()), [field]: value })).toEqual([`/ must NOT have additional property ${field}`])
  })

  it('a field a section does not have, and a field it lacks', async () => {
    const file = await valid()
    const visitors = file.visitors as Record<string, unknown>
    expect(schemaErrors({ ...file, visitors: { ...visitors, total: 1 } })).toEqual(['/visitors must NOT have additional property total'])
    expect(schemaErrors({ ...file, visitors: omit(visitors, 'pages') })).toEqual(["/visitors must have required property 'pages'"])
  })

  it('reader text in a file that says it is hidden', async () => {
    const file = await analyticsFile([
      searchesReport({ ...hidden, rows: SEARCH_ROWS }),
      assistantReport({ ...hidden, questions: hiddenQuestions(QUESTIONS) })
    ])
    expect(file.readerText).toBe('hidden')
    expect(schemaErrors(file)).toContain('/searches/terms/0/searchQuery must be null')
  })

  it('a page URL while reader text is hidden, and a page no path of the site', async () => {
    const url = await analyticsFile([
      assistantReport({ ...hidden, questions: hiddenQuestions(QUESTIONS).map((q) => ({ ...q, pageUrl: 'https://docs.example.com/keys' })) })
    ])
    expect(schemaErrors(url)).toContain(
      '/assistant/questions/0/pageUrl must match pattern "^(\\(other page\\)|\\(page [a-z2-9]{4}-[a-z2-9]{4}\\))$"'
    )
    // A path a client named, while reader text is hidden: a path of the site (which its navigation may list) or its label.
    const named = await analyticsFile([
      feedbackReport({ ...hidden, entries: hiddenFeedback(FEEDBACK_ENTRIES).map((e) => ({ ...e, path: '/docs/keys?token=1' })), pages: [] })
    ])
    expect(schemaErrors(named)).toContain('/feedback/entries/0/path must match a schema in anyOf')
    const path = await analyticsFile([visitorsReport({ rows: [{ path: '/a b', human: 1, ai: 0, total: 1 }] })])
    expect(schemaErrors(path)).toContain('/visitors/pages/0/path must match a schema in anyOf')
  })

  it('a section without readerText', async () => {
    const visitors = await analyticsFile([visitorsReport()])
    expect(schemaErrors(omit(visitors, 'readerText'))).toContain('/ must have property readerText when property visitors is present')
    expect(schemaErrors(omit(await valid(), 'readerText'))).toContain('/ must have property readerText when property searches is present')
  })

  it('a file no section of which made a request', async () => {
    const file = await analyticsFile([visitorsReport(), viewsReport()])
    const unread = { ...(file.visitors as object), requests: 0 }
    expect(schemaErrors({ ...file, visitors: unread, views: { ...(file.views as object), requests: 0 } })).toContain(
      '/ must match a schema in anyOf'
    )
    expect(schemaErrors({ ...file, visitors: unread })).toEqual([])
  })

  it('a range that is no date, and an end that is not exclusive', async () => {
    const file = await valid()
    expect(schemaErrors({ ...file, dateFrom: 'last week', dateToExclusive: false })).toEqual([
      '/dateFrom must match pattern "^[0-9]{4}-[0-9]{2}-[0-9]{2}(T[0-9]{2}:[0-9]{2}(:[0-9]{2}(\\.[0-9]{1,9})?)?(Z|[+-][0-9]{2}:[0-9]{2}))?$"',
      '/dateToExclusive must be equal to constant'
    ])
  })
})

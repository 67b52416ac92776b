// Tests what the page views, searches, feedback and assistant sections put in the analytics files
// (src/report/analytics-files.ts): each section's object in the JSON file, and its CSV files as a
// CSV reader or a spreadsheet reads them; null for what was not read, no reader text when the run
// keeps none, and no field a spreadsheet would run as a formula.
import { parse } from 'csv-parse/sync'
import { describe, expect, it } from 'vitest'
import { maskEmails } from '../../src/text/reader-text.js'
import { HOSTILE_TEXT } from '../emulator/analytics-data.js'
import {
  assistantReport,
  FEEDBACK_ENTRIES,
  FEEDBACK_PAGES,
  feedbackReport,
  hiddenFeedback,
  hiddenQuestions,
  hiddenSearches,
  QUESTIONS,
  SEARCH_ROWS,
  searchesReport,
  VIEW_ROWS,
  viewsReport
} from '../support/section-reports.js'
import { viewsRenderer } from '../../src/report/views.js'
import { searchesRenderer } from '../../src/report/searches.js'
import { feedbackRenderer } from '../../src/report/feedback.js'
import { assistantRenderer } from '../../src/report/assistant.js'
import { fileText } from '../support/renderers.js'

/** The CSV as a CSV reader gets it: rows of fields. */
const readCsv = (csv: string): string[][] => parse(csv)

/** Values a spreadsheet would run as formulas, and the same values as the files hold them. */
const FORMULAS = ['=cmd|"/c calc"!A1', '+1', '-1', '@x', '\tx', '\rx', '=HYPERLINK("https://evil.example")']
const GUARDED = FORMULAS.map((text) => `'${text}`)
/** Reader text as a run that shows it keeps it: e-mail addresses masked. */
const HOSTILE = HOSTILE_TEXT.map(maskEmails)
/** Text as the CSV reader gets it back: an apostrophe before a formula wherever a cell could start. */
const guarded = (text: string): string => text.replace(/(?<=(?:^|[,;\t\r\n])[ "]*)(?=[=+\-@\t\r])/g, "'")

describe('page views', () => {
  it('puts the totals and every page in the JSON file', () => {
    expect(viewsRenderer.json(viewsReport())).toEqual({
      partial: false,
      partialReason: null,
      requests: 1,
      totals: { human: 6000, ai: 1300, total: 6900 },
      pageCount: 2,
      pages: VIEW_ROWS
    })
  })

  it('says why a partial section is partial, with null totals when they were not read', () => {
    const report = viewsReport({ totals: undefined, rows: [], requests: 3, partial: true, partialReason: 'a request failed while reading' })
    expect(viewsRenderer.json(report)).toEqual({
      partial: true,
      partialReason: 'a request failed while reading',
      requests: 3,
      totals: null,
      pageCount: 0,
      pages: []
    })
  })

  it('writes one CSV line per page, and only the header without pages', () => {
    expect(fileText(viewsRenderer, 'views.csv')(viewsReport())).toBe(
      'path,human,ai,total\r\n"/docs/install",5000,1000,5800\r\n"/docs/api",900,300,1100\r\n'
    )
    expect(fileText(viewsRenderer, 'views.csv')(viewsReport({ rows: [] }))).toBe('path,human,ai,total\r\n')
  })

  it('keeps negative and fractional counts as numbers, and guards paths a spreadsheet would run', () => {
    const rows = [...FORMULAS, ...HOSTILE].map((path, i) => ({ path, human: -i, ai: i + 0.5, total: 0.25 }))
    expect(readCsv(fileText(viewsRenderer, 'views.csv')(viewsReport({ rows })))).toEqual([
      ['path', 'human', 'ai', 'total'],
      ...rows.map((row, i) => [guarded(row.path), String(-i), String(i + 0.5), '0.25'])
    ])
    expect(fileText(viewsRenderer, 'views.csv')(viewsReport({ rows: rows.slice(0, 4) }))).toBe(
      'path,human,ai,total\r\n"\'=cmd|""/c calc""!A1",0,0.5,0.25\r\n"\'+1",-1,1.5,0.25\r\n"\'-1",-2,2.5,0.25\r\n"\'@x",-3,3.5,0.25\r\n'
    )
  })
})

describe('searches', () => {
  it('puts the total and every term in the JSON file, under the name the service gives the text', () => {
    expect(searchesRenderer.json(searchesReport())).toEqual({
      partial: false,
      partialReason: null,
      requests: 1,
      totalSearches: 177,
      termCount: 4,
      terms: SEARCH_ROWS.map(({ query, ...row }) => ({ searchQuery: query, ...row }))
    })
  })

  it('gives each term exactly these fields, in this order', () => {
    const json = searchesRenderer.json(searchesReport({ rows: SEARCH_ROWS.slice(1, 2) }))
    expect(JSON.stringify(json.terms)).toBe(
      '[{"searchQuery":"pricing","hits":40,"ctr":0,"topClickedPage":null,"lastSearchedAt":"2026-11-19T08:30:00Z"}]'
    )
  })

  it('holds null for hidden text and for a total not read', () => {
    const report = searchesReport({
      rows: hiddenSearches(SEARCH_ROWS),
      showReaderText: false,
      totalSearches: undefined,
      partial: true,
      partialReason: 'search terms: cut'
    })
    expect(searchesRenderer.json(report)).toEqual({
      partial: true,
      partialReason: 'search terms: cut',
      requests: 1,
      totalSearches: null,
      termCount: 4,
      terms: hiddenSearches(SEARCH_ROWS).map((row) => ({ searchQuery: null, ...row }))
    })
  })

  it('writes one CSV line per term, an empty field for no clicked page', () => {
    expect(fileText(searchesRenderer, 'searches.csv')(searchesReport())).toBe(
      'searchQuery,hits,ctr,topClickedPage,lastSearchedAt\r\n' +
        '"install",120,0.456,"/docs/install","2026-11-20T10:00:00Z"\r\n' +
        '"pricing",40,0,,"2026-11-19T08:30:00Z"\r\n' +
        '"webhooks",12,0.25,"/docs/webhooks","2026-11-18T00:00:00Z"\r\n' +
        '"sso",5,0,,"2026-11-17T00:00:00Z"\r\n'
    )
    expect(fileText(searchesRenderer, 'searches.csv')(searchesReport({ rows: [] }))).toBe(
      'searchQuery,hits,ctr,topClickedPage,lastSearchedAt\r\n'
    )
  })

  it('writes an empty field for hidden text', () => {
    expect(
      readCsv(fileText(searchesRenderer, 'searches.csv')(searchesReport({ rows: hiddenSearches(SEARCH_ROWS), showReaderText: false }))).map(
        (r) => r[0]
      )
    ).toEqual(['searchQuery', '', '', '', ''])
  })

  it('gives back hostile terms and clicked pages whole, formulas guarded', () => {
    const rows = [...FORMULAS, ...HOSTILE].map((text) => ({
      query: text,
      hits: -2.5,
      ctr: 1.5,
      topClickedPage: text,
      lastSearchedAt: text
    }))
    expect(readCsv(fileText(searchesRenderer, 'searches.csv')(searchesReport({ rows })))).toEqual([
      ['searchQuery', 'hits', 'ctr', 'topClickedPage', 'lastSearchedAt'],
      ...rows.map((row) => [guarded(row.query), '-2.5', '1.5', guarded(row.query), guarded(row.query)])
    ])
    expect(
      readCsv(fileText(searchesRenderer, 'searches.csv')(searchesReport({ rows: rows.slice(0, FORMULAS.length) })))
        .slice(1)
        .map((r) => r[0])
    ).toEqual(GUARDED)
  })
})

describe('feedback', () => {
  it('puts the counts per page and every row in the JSON file', () => {
    expect(feedbackRenderer.json(feedbackReport())).toEqual({
      partial: false,
      partialReason: null,
      requests: 2,
      pagesTruncated: false,
      pages: FEEDBACK_PAGES,
      entryCount: 4,
      entries: [
        {
          path: '/docs/api',
          source: 'contextual',
          status: 'pending',
          helpful: false,
          commented: true,
          comment: 'The example fails',
          createdAt: '2026-11-20T10:00:00Z'
        },
        {
          path: '/docs/new',
          source: 'contextual',
          status: 'in_progress',
          helpful: false,
          commented: false,
          comment: null,
          createdAt: '2026-11-19T10:00:00Z'
        },
        {
          path: '/docs/faq',
          source: 'contextual',
          status: 'resolved',
          helpful: true,
          commented: true,
          comment: 'Clear',
          createdAt: '2026-11-18T10:00:00Z'
        },
        {
          path: '/docs/install',
          source: 'code_snippet',
          status: 'dismissed',
          helpful: null,
          commented: false,
          comment: null,
          createdAt: null
        }
      ]
    })
  })

  it('gives each row exactly these fields, in this order', () => {
    const json = feedbackRenderer.json(feedbackReport({ entries: FEEDBACK_ENTRIES.slice(3) }))
    expect(JSON.stringify(json.entries)).toBe(
      '[{"path":"/docs/install","source":"code_snippet","status":"dismissed","helpful":null,"commented":false,"comment":null,"createdAt":null}]'
    )
  })

  it('holds null for counts per page not read and for hidden comments, and says when the pages were cut', () => {
    const report = feedbackReport({
      pages: undefined,
      pagesTruncated: true,
      entries: hiddenFeedback(FEEDBACK_ENTRIES),
      showReaderText: false
    })
    const json = feedbackRenderer.json(report)
    expect(json).toMatchObject({ pagesTruncated: true, pages: null, entryCount: 4 })
    expect((json.entries as { comment: unknown; commented: boolean }[]).map((e) => [e.comment, e.commented])).toEqual([
      [null, true],
      [null, false],
      [null, true],
      [null, false]
    ])
  })

  it('writes the counts per page as CSV, only the header when they were not read', () => {
    expect(fileText(feedbackRenderer, 'feedback-pages.csv')(feedbackReport())).toBe(
      'path,thumbsUp,thumbsDown,code,total\r\n"/docs/api",2,5,1,8\r\n"/docs/install",4,1,0,5\r\n"/docs/faq",3,0,0,3\r\n'
    )
    expect(fileText(feedbackRenderer, 'feedback-pages.csv')(feedbackReport({ pages: undefined }))).toBe(
      'path,thumbsUp,thumbsDown,code,total\r\n'
    )
    expect(fileText(feedbackRenderer, 'feedback-pages.csv')(feedbackReport({ pages: [] }))).toBe('path,thumbsUp,thumbsDown,code,total\r\n')
  })

  it('writes every row as CSV, empty fields for what a row has not', () => {
    expect(fileText(feedbackRenderer, 'feedback.csv')(feedbackReport())).toBe(
      'path,source,status,helpful,commented,comment,createdAt\r\n' +
        '"/docs/api","contextual","pending",false,true,"The example fails","2026-11-20T10:00:00Z"\r\n' +
        '"/docs/new","contextual","in_progress",false,false,,"2026-11-19T10:00:00Z"\r\n' +
        '"/docs/faq","contextual","resolved",true,true,"Clear","2026-11-18T10:00:00Z"\r\n' +
        '"/docs/install","code_snippet","dismissed",,false,,\r\n'
    )
    expect(fileText(feedbackRenderer, 'feedback.csv')(feedbackReport({ entries: [] }))).toBe(
      'path,source,status,helpful,commented,comment,createdAt\r\n'
    )
  })

  it('writes an empty field for a hidden comment', () => {
    const rows = readCsv(
      fileText(feedbackRenderer, 'feedback.csv')(feedbackReport({ entries: hiddenFeedback(FEEDBACK_ENTRIES), showReaderText: false }))
    )
    expect(rows.map((r) => [r[4], r[5]])).toEqual([
      ['commented', 'comment'],
      ['true', ''],
      ['false', ''],
      ['true', ''],
      ['false', '']
    ])
  })

  it('gives back hostile paths and comments whole, formulas guarded', () => {
    const texts = [...FORMULAS, ...HOSTILE]
    const pages = texts.map((path) => ({ path, thumbsUp: 1.5, thumbsDown: -1, code: 0, total: 0.5 }))
    expect(readCsv(fileText(feedbackRenderer, 'feedback-pages.csv')(feedbackReport({ pages })))).toEqual([
      ['path', 'thumbsUp', 'thumbsDown', 'code', 'total'],
      ...texts.map((text) => [guarded(text), '1.5', '-1', '0', '0.5'])
    ])
    const entries = texts.map((text) => ({ ...FEEDBACK_ENTRIES[0], path: text, comment: text, createdAt: text }))
    expect(readCsv(fileText(feedbackRenderer, 'feedback.csv')(feedbackReport({ entries })))).toEqual([
      ['path', 'source', 'status', 'helpful', 'commented', 'comment', 'createdAt'],
      ...texts.map((text) => [guarded(text), 'contextual', 'pending', 'false', 'true', guarded(text), guarded(text)])
    ])
  })
})

describe('assistant', () => {
  it('puts the callers and every question in the JSON file, and counts the unanswered', () => {
    expect(assistantRenderer.json(assistantReport())).toEqual({
      partial: false,
      partialReason: null,
      requests: 2,
      callers: { web: 3, api: 1, other: 0, total: 4 },
      questionCount: 4,
      unanswered: 3,
      questions: QUESTIONS.map((q) => ({ ...q, queryCategory: q.queryCategory ?? null }))
    })
  })

  it('gives each question exactly these fields, in this order, null for a category it has not', () => {
    const json = assistantRenderer.json(assistantReport({ questions: QUESTIONS.slice(3) }))
    expect(JSON.stringify(json.questions)).toBe(
      '[{"query":"Billing?","resolutionStatus":"unanswered","responseType":"clarifying_question","queryCategory":null,"pageUrl":null,"timestamp":"2026-11-17T10:00:00Z"}]'
    )
  })

  it('holds null for callers not read and for hidden questions', () => {
    const report = assistantReport({ callers: undefined, questions: hiddenQuestions(QUESTIONS), showReaderText: false, partial: true })
    expect(assistantRenderer.json(report)).toEqual({
      partial: true,
      partialReason: null,
      requests: 2,
      callers: null,
      questionCount: 4,
      unanswered: 3,
      questions: QUESTIONS.map((q) => ({ ...q, query: null, queryCategory: null }))
    })
  })

  it('counts no unanswered question when all were answered, or none was asked', () => {
    const answered = QUESTIONS.map((q) => ({ ...q, resolutionStatus: 'answered' as const }))
    expect(assistantRenderer.json(assistantReport({ questions: answered }))).toMatchObject({ questionCount: 4, unanswered: 0 })
    expect(assistantRenderer.json(assistantReport({ questions: [] }))).toMatchObject({ questionCount: 0, unanswered: 0, questions: [] })
  })

  it('writes every question as CSV, empty fields for what a question has not', () => {
    expect(fileText(assistantRenderer, 'assistant.csv')(assistantReport())).toBe(
      'query,resolutionStatus,responseType,queryCategory,pageUrl,timestamp\r\n' +
        '"How do I rotate keys?","unanswered","answer","security","/docs/keys","2026-11-20T10:00:00Z"\r\n' +
        '"What is SSO?","answered","answer","auth","/docs/sso","2026-11-19T10:00:00Z"\r\n' +
        '"  how do i   rotate KEYS? ","unanswered","answer","security","/docs/keys","2026-11-18T10:00:00Z"\r\n' +
        '"Billing?","unanswered","clarifying_question",,,"2026-11-17T10:00:00Z"\r\n'
    )
    expect(fileText(assistantRenderer, 'assistant.csv')(assistantReport({ questions: [] }))).toBe(
      'query,resolutionStatus,responseType,queryCategory,pageUrl,timestamp\r\n'
    )
  })

  it('writes an empty field for a hidden question', () => {
    const rows = readCsv(
      fileText(assistantRenderer, 'assistant.csv')(assistantReport({ questions: hiddenQuestions(QUESTIONS), showReaderText: false }))
    )
    expect(rows.map((r) => [r[0], r[3]])).toEqual([
      ['query', 'queryCategory'],
      ['', ''],
      ['', ''],
      ['', ''],
      ['', '']
    ])
  })

  it('gives back hostile questions, categories and pages whole, formulas guarded', () => {
    const texts = [...FORMULAS, ...HOSTILE]
    const questions = texts.map((text) => ({ ...QUESTIONS[0], query: text, queryCategory: text, pageUrl: text, timestamp: text }))
    expect(readCsv(fileText(assistantRenderer, 'assistant.csv')(assistantReport({ questions })))).toEqual([
      ['query', 'resolutionStatus', 'responseType', 'queryCategory', 'pageUrl', 'timestamp'],
      ...texts.map((text) => [guarded(text), 'unanswered', 'answer', guarded(text), guarded(text), guarded(text)])
    ])
  })
})

describe('every section', () => {
  it('never starts a CSV field with a character a spreadsheet would run as a formula', () => {
    const texts = [...FORMULAS, ...HOSTILE]
    const files = [
      fileText(viewsRenderer, 'views.csv')(viewsReport({ rows: texts.map((path) => ({ path, human: 1, ai: 1, total: 1 })) })),
      fileText(
        searchesRenderer,
        'searches.csv'
      )(searchesReport({ rows: texts.map((query) => ({ ...SEARCH_ROWS[0], query, topClickedPage: query })) })),
      fileText(feedbackRenderer, 'feedback-pages.csv')(feedbackReport({ pages: texts.map((path) => ({ ...FEEDBACK_PAGES[0], path })) })),
      fileText(
        feedbackRenderer,
        'feedback.csv'
      )(feedbackReport({ entries: texts.map((comment) => ({ ...FEEDBACK_ENTRIES[0], path: comment, comment })) })),
      fileText(
        assistantRenderer,
        'assistant.csv'
      )(assistantReport({ questions: texts.map((query) => ({ ...QUESTIONS[0], query, pageUrl: query })) }))
    ]
    for (const file of files) {
      const cells = readCsv(file).flat()
      expect(cells.filter((cell) => /^[=+\-@\t\r]/.test(cell))).toEqual([])
      expect(cells.filter((cell) => /^'[=+\-@\t\r]/.test(cell)).length).toBeGreaterThanOrEqual(FORMULAS.length)
    }
  })
})

// Tests the feedback section's renderer (src/sections/feedback/render.ts) outside its summary: its object in
// analytics.json and its CSV files as a reader or a spreadsheet reads them, its step outputs (empty,
// never 0, when nothing was read) and its line in the log.
import { parse } from 'csv-parse/sync'
import { describe, expect, it } from 'vitest'
import { maskEmails } from '../../../../src/text/reader-text.js'
import { HOSTILE_TEXT } from '../../../emulator/analytics-data.js'
import { FEEDBACK_ENTRIES, FEEDBACK_PAGES, feedbackReport, hiddenFeedback } from './reports.js'
import { RANGE } from '../../../support/section-base.js'
import { feedbackRenderer } from '../../../../src/sections/feedback/render.js'
import { fileText } from '../../../support/renderers.js'

/** The CSV as a CSV reader gets it: rows of fields. */
const readCsv = (csv: string): string[][] => parse(csv)

/** Values a spreadsheet would run as formulas, and the same values as the files hold them. */
const FORMULAS = ['=cmd|"/c calc"!A1', '+1', '-1', '@x', '\tx', '\rx', '=HYPERLINK("https://evil.example")']
/** Reader text as a run that shows it keeps it: e-mail addresses masked. */
// A function, called in the tests: masking at load would run outside every test.
const hostile = (): string[] => HOSTILE_TEXT.map(maskEmails)
/** Text as the CSV reader gets it back: an apostrophe before a formula wherever a cell could start. */
const guarded = (text: string): string => text.replace(/(?<=(?:^|[,;\t\r\n])[ "]*)(?=[=+\-@\t\r])/g, "'")

describe('files', () => {
  it('puts the counts per page and every row in the JSON file', () => {
    expect(feedbackRenderer.json(feedbackReport())).toEqual({
      partial: false,
      partialReason: null,
      requests: 2,
      pagesTruncated: false,
      pages: FEEDBACK_PAGES,
      previous: null,
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
    const texts = [...FORMULAS, ...hostile()]
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

describe('outputs and log line', () => {
  it('counts the negative feedback: unhappy readers, a thumbs down and the row left with it once', () => {
    // /docs/api: 5 thumbs down, one of them with its row not helpful: 5. /docs/install: 1. /docs/new: a
    // row not helpful on a page without counts: 1.
    expect(feedbackRenderer.outputs(feedbackReport())).toEqual({ feedbackNegative: '7' })
    expect(feedbackRenderer.logLine(feedbackReport())).toBe(
      `Feedback, ${RANGE}: 7 unhappy readers (6 thumbs down, 2 marked not helpful; a reader counts once) over 3 pages, 4 feedback rows, in 2 requests.`
    )
  })

  it('counts thumbs down alone when no row was read, and rows alone when the counts per page were not', () => {
    expect(feedbackRenderer.outputs(feedbackReport({ entries: [] }))).toEqual({ feedbackNegative: '6' })
    expect(feedbackRenderer.outputs(feedbackReport({ pages: undefined }))).toEqual({ feedbackNegative: '2' })
    expect(feedbackRenderer.logLine(feedbackReport({ pages: undefined }))).toBe(
      `Feedback, ${RANGE}: 2 unhappy readers (0 thumbs down, 2 marked not helpful; a reader counts once) over 0 pages, 4 feedback rows, in 2 requests.`
    )
  })

  it('speaks of one page, one row and one request in the singular, and says when the section is partial', () => {
    const report = feedbackReport({ pages: FEEDBACK_PAGES.slice(0, 1), entries: FEEDBACK_ENTRIES.slice(2, 3), requests: 1, partial: true })
    expect(feedbackRenderer.outputs(report)).toEqual({ feedbackNegative: '5' })
    expect(feedbackRenderer.logLine(report)).toBe(
      `Feedback, ${RANGE}: 5 unhappy readers (5 thumbs down, 0 marked not helpful; a reader counts once) over 1 page, 1 feedback row, in 1 request; partial.`
    )
  })

  it('adds negative and fractional counts as the service gave them', () => {
    const pages = [
      { path: '/a', thumbsUp: 0, thumbsDown: 1234.5, code: 0, total: 0 },
      { path: '/b', thumbsUp: 0, thumbsDown: -0.25, code: 0, total: 0 }
    ]
    expect(feedbackRenderer.outputs(feedbackReport({ pages, entries: [] }))).toEqual({ feedbackNegative: '1234.25' })
    expect(feedbackRenderer.logLine(feedbackReport({ pages, entries: [] }))).toBe(
      `Feedback, ${RANGE}: 1,234.25 unhappy readers (1,234.25 thumbs down, 0 marked not helpful; a reader counts once) over 2 pages, 0 feedback rows, in 2 requests.`
    )
  })

  it('gives 0 when the counts per page were read and show nothing, even before a request is counted', () => {
    const empty = feedbackReport({ pages: [], entries: [], requests: 0 })
    expect(feedbackRenderer.outputs(empty)).toEqual({ feedbackNegative: '0' })
    expect(feedbackRenderer.logLine(empty)).toBe(
      `Feedback, ${RANGE}: 0 unhappy readers (0 thumbs down, 0 marked not helpful; a reader counts once) over 0 pages, 0 feedback rows, in 0 requests.`
    )
  })

  it('gives 0 when a request read no row and the counts per page were not read', () => {
    const rowsOnly = feedbackReport({ pages: undefined, entries: [], requests: 1 })
    expect(feedbackRenderer.outputs(rowsOnly)).toEqual({ feedbackNegative: '0' })
    expect(feedbackRenderer.logLine(rowsOnly)).toBe(
      `Feedback, ${RANGE}: 0 unhappy readers (0 thumbs down, 0 marked not helpful; a reader counts once) over 0 pages, 0 feedback rows, in 1 request.`
    )
  })

  it('sets the output empty and logs nothing when nothing was read', () => {
    const unread = feedbackReport({ pages: undefined, entries: [], requests: 0, partial: true })
    expect(feedbackRenderer.outputs(unread)).toEqual({ feedbackNegative: '' })
    expect(feedbackRenderer.logLine(unread)).toBeUndefined()
  })
})

describe('gaps', () => {
  const liked = Array.from({ length: 8 }, (_, i) => ({ path: `/liked/p${i}`, thumbsUp: 100, thumbsDown: 8, code: 0, total: 108 }))
  const report = feedbackReport({
    pages: [...liked, { path: '/guides/bad', thumbsUp: 610, thumbsDown: 40, code: 0, total: 650 }],
    entries: []
  })

  it('credits a page with the thumbs up its visitors can give: a script’s 600 leave a page of 40 thumbs down listed', () => {
    const visited = [{ kind: 'visited' as const, count: 1000, page: '/guides/bad' }]
    expect(feedbackRenderer.gaps?.(report, visited)).toEqual({
      heading: 'Pages with the most negative feedback',
      items: ['`/guides/bad`: 40 thumbs down, 610 thumbs up'],
      about: [{ kind: 'page', subject: '/guides/bad' }]
    })
    // From 20,000 visitors, 610 thumbs up are what readers give: a page readers like.
    expect(feedbackRenderer.gaps?.(report, [{ ...visited[0], count: 20_000 }] as typeof visited)).toBeUndefined()
    // Without its visitors, its 40 thumbs down are past the floor whatever its thumbs up.
    expect(feedbackRenderer.gaps?.(report)?.about).toEqual([{ kind: 'page', subject: '/guides/bad' }])
  })
})

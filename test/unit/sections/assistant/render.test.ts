// Tests the assistant section's renderer (src/sections/assistant/render.ts) outside its summary: its object in
// analytics.json and its CSV files as a reader or a spreadsheet reads them, its step outputs (empty,
// never 0, when nothing was read) and its line in the log.
import { parse } from 'csv-parse/sync'
import { describe, expect, it } from 'vitest'
import { maskEmails } from '../../../../src/text/reader-text.js'
import { sitePage } from '../../../../src/text/page-path.js'
import { HOSTILE_TEXT } from '../../../emulator/analytics-data.js'
import { assistantReport, hiddenQuestions, QUESTIONS } from './reports.js'
import { RANGE } from '../../../support/section-base.js'
import { assistantRenderer } from '../../../../src/sections/assistant/render.js'
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
  it('puts the callers and every question in the JSON file, and counts the unanswered', () => {
    expect(assistantRenderer.json(assistantReport())).toEqual({
      partial: false,
      partialReason: null,
      requests: 2,
      callers: { web: 3, api: 1, other: 0, total: 4 },
      previous: null,
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
      previous: null,
      questionCount: 4,
      unanswered: 3,
      questions: QUESTIONS.map((q) => ({ ...q, query: null, queryCategory: null, pageUrl: sitePage(q.pageUrl, false) }))
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
    const texts = [...FORMULAS, ...hostile()]
    const questions = texts.map((text) => ({ ...QUESTIONS[0], query: text, queryCategory: text, pageUrl: text, timestamp: text }))
    expect(readCsv(fileText(assistantRenderer, 'assistant.csv')(assistantReport({ questions })))).toEqual([
      ['query', 'resolutionStatus', 'responseType', 'queryCategory', 'pageUrl', 'timestamp'],
      ...texts.map((text) => [guarded(text), 'unanswered', 'answer', guarded(text), guarded(text), guarded(text)])
    ])
  })
})

describe('outputs and log line', () => {
  it('gives the number of unanswered questions, and logs it with every question', () => {
    expect(assistantRenderer.outputs(assistantReport())).toEqual({ assistantUnanswered: '3' })
    expect(assistantRenderer.logLine(assistantReport())).toBe(`Assistant, ${RANGE}: 4 questions, 3 unanswered, in 2 requests.`)
  })

  it('counts the same whether the questions are shown or hidden', () => {
    const hidden = assistantReport({ questions: hiddenQuestions(QUESTIONS), showReaderText: false })
    expect(assistantRenderer.outputs(hidden)).toEqual({ assistantUnanswered: '3' })
    expect(assistantRenderer.logLine(hidden)).toBe(`Assistant, ${RANGE}: 4 questions, 3 unanswered, in 2 requests.`)
  })

  it('speaks of one question and one request in the singular, and says when the section is partial', () => {
    const one = assistantReport({ questions: QUESTIONS.slice(1, 2), requests: 1, partial: true })
    expect(assistantRenderer.outputs(one)).toEqual({ assistantUnanswered: '0' })
    expect(assistantRenderer.logLine(one)).toBe(`Assistant, ${RANGE}: 1 question, 0 unanswered, in 1 request; partial.`)
  })

  it('writes thousands with separators in the log and without in the output', () => {
    const many = Array.from({ length: 1500 }, () => QUESTIONS[0])
    expect(assistantRenderer.outputs(assistantReport({ questions: many }))).toEqual({ assistantUnanswered: '1500' })
    expect(assistantRenderer.logLine(assistantReport({ questions: many }))).toBe(
      `Assistant, ${RANGE}: 1,500 questions, 1,500 unanswered, in 2 requests.`
    )
  })

  it('gives 0 when a request found no question', () => {
    const none = assistantReport({ questions: [], callers: undefined, requests: 1 })
    expect(assistantRenderer.outputs(none)).toEqual({ assistantUnanswered: '0' })
    expect(assistantRenderer.logLine(none)).toBe(`Assistant, ${RANGE}: 0 questions, 0 unanswered, in 1 request.`)
  })

  it('sets the output empty and logs nothing when nothing was read', () => {
    const unread = assistantReport({ questions: [], callers: undefined, requests: 0, partial: true })
    expect(assistantRenderer.outputs(unread)).toEqual({ assistantUnanswered: '' })
    expect(assistantRenderer.logLine(unread)).toBeUndefined()
  })
})

describe('signals for Fix first', () => {
  const unanswered = (pageUrl: string | null) => ({ ...QUESTIONS[0], resolutionStatus: 'unanswered' as const, pageUrl })

  it('counts unanswered questions by the path of their page, whatever host the client named', () => {
    const questions = [
      unanswered('https://docs.acme.com/quickstart'),
      unanswered('/quickstart'),
      unanswered('https://quickstart-webhooks.evil.example/quickstart'),
      unanswered('https://evil.example/x?token=1'),
      unanswered(null),
      { ...QUESTIONS[0], resolutionStatus: 'answered' as const, pageUrl: '/quickstart' }
    ]
    expect(assistantRenderer.signals?.(assistantReport({ questions }))).toEqual([
      { kind: 'unanswered', count: 3, page: '/quickstart' },
      { kind: 'unanswered', count: 1, page: '/x' }
    ])
  })
})

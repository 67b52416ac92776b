// Tests the step outputs and the log lines of the page views, searches, feedback and assistant
// sections (src/report/analytics-outputs.ts): the values a later step reads, empty (never 0) when a
// section read nothing, and the line each section leaves in the log, with numbers written as the
// summary writes them, nouns in the singular for one, and "; partial" for a partial section.
import { describe, expect, it } from 'vitest'
import {
  assistantReport,
  FEEDBACK_ENTRIES,
  FEEDBACK_PAGES,
  feedbackReport,
  hiddenQuestions,
  QUESTIONS,
  RANGE,
  SEARCH_ROWS,
  searchesReport,
  VIEW_ROWS,
  viewsReport
} from '../support/section-reports.js'
import { viewsRenderer } from '../../src/report/views.js'
import { searchesRenderer } from '../../src/report/searches.js'
import { feedbackRenderer } from '../../src/report/feedback.js'
import { assistantRenderer } from '../../src/report/assistant.js'

describe('page views', () => {
  it('gives the totals as outputs, and logs them with the pages and requests', () => {
    expect(viewsRenderer.outputs(viewsReport())).toEqual({ viewsHuman: '6000', viewsAi: '1300', viewsTotal: '6900' })
    expect(viewsRenderer.logLine(viewsReport({ requests: 3 }))).toBe(
      `Page views, ${RANGE}: 6,900 in all (human 6,000, AI 1,300) over 2 pages, in 3 requests.`
    )
  })

  it('says when the section is partial', () => {
    expect(viewsRenderer.logLine(viewsReport({ partial: true }))).toBe(
      `Page views, ${RANGE}: 6,900 in all (human 6,000, AI 1,300) over 2 pages, in 1 request; partial.`
    )
  })

  it('speaks of one page in the singular, and of no page in the plural', () => {
    expect(viewsRenderer.logLine(viewsReport({ rows: VIEW_ROWS.slice(0, 1), requests: 2 }))).toBe(
      `Page views, ${RANGE}: 6,900 in all (human 6,000, AI 1,300) over 1 page, in 2 requests.`
    )
    expect(viewsRenderer.logLine(viewsReport({ rows: [], totals: { human: 0, ai: 0, total: 0 } }))).toBe(
      `Page views, ${RANGE}: 0 in all (human 0, AI 0) over 0 pages, in 1 request.`
    )
    expect(viewsRenderer.outputs(viewsReport({ rows: [], totals: { human: 0, ai: 0, total: 0 } }))).toEqual({
      viewsHuman: '0',
      viewsAi: '0',
      viewsTotal: '0'
    })
  })

  it('gives negative and fractional counts as the service gave them', () => {
    const totals = { human: -3, ai: 98_765.5, total: 1_234_567.891 }
    expect(viewsRenderer.outputs(viewsReport({ totals }))).toEqual({ viewsHuman: '-3', viewsAi: '98765.5', viewsTotal: '1234567.891' })
    expect(viewsRenderer.logLine(viewsReport({ totals }))).toBe(
      `Page views, ${RANGE}: 1,234,567.89 in all (human -3, AI 98,765.5) over 2 pages, in 1 request.`
    )
  })

  it('sets every output empty and logs nothing when the totals were not read', () => {
    const unread = viewsReport({ totals: undefined, rows: [], requests: 0, partial: true })
    expect(viewsRenderer.outputs(unread)).toEqual({ viewsHuman: '', viewsAi: '', viewsTotal: '' })
    expect(viewsRenderer.logLine(unread)).toBeUndefined()
  })
})

describe('searches', () => {
  it('gives the number of searches, and logs it with the terms and those nobody clicked', () => {
    expect(searchesRenderer.outputs(searchesReport())).toEqual({ searchesTotal: '177' })
    expect(searchesRenderer.logLine(searchesReport({ requests: 2 }))).toBe(
      `Searches, ${RANGE}: 177 over 4 terms, 2 with no click, in 2 requests.`
    )
  })

  it('counts a term as not clicked when it has no clicked page or a click-through rate of 0 or less', () => {
    const rows = [
      { ...SEARCH_ROWS[0], ctr: 0.5, topClickedPage: '/a' },
      { ...SEARCH_ROWS[0], ctr: 0.5, topClickedPage: null },
      { ...SEARCH_ROWS[0], ctr: 0, topClickedPage: '/a' },
      { ...SEARCH_ROWS[0], ctr: -0.1, topClickedPage: '/a' },
      { ...SEARCH_ROWS[0], ctr: 0.001, topClickedPage: '' }
    ]
    expect(searchesRenderer.logLine(searchesReport({ rows, totalSearches: 1234 }))).toBe(
      `Searches, ${RANGE}: 1,234 over 5 terms, 3 with no click, in 1 request.`
    )
  })

  it('speaks of one term in the singular, and says when the section is partial', () => {
    expect(searchesRenderer.logLine(searchesReport({ rows: SEARCH_ROWS.slice(1, 2), totalSearches: 40, partial: true }))).toBe(
      `Searches, ${RANGE}: 40 over 1 term, 1 with no click, in 1 request; partial.`
    )
  })

  it('gives 0 for a range without searches, and logs it', () => {
    const none = searchesReport({ rows: [], totalSearches: 0 })
    expect(searchesRenderer.outputs(none)).toEqual({ searchesTotal: '0' })
    expect(searchesRenderer.logLine(none)).toBe(`Searches, ${RANGE}: 0 over 0 terms, 0 with no click, in 1 request.`)
  })

  it('sets the output empty and logs nothing when the total was not read', () => {
    const unread = searchesReport({ rows: [], totalSearches: undefined, requests: 0 })
    expect(searchesRenderer.outputs(unread)).toEqual({ searchesTotal: '' })
    expect(searchesRenderer.logLine(unread)).toBeUndefined()
  })
})

describe('feedback', () => {
  it('counts the negative feedback: thumbs down by page and rows not found helpful', () => {
    // 5 + 1 + 0 thumbs down, and two rows with helpful false.
    expect(feedbackRenderer.outputs(feedbackReport())).toEqual({ feedbackNegative: '8' })
    expect(feedbackRenderer.logLine(feedbackReport())).toBe(`Feedback, ${RANGE}: 8 negative over 3 pages, 4 feedback rows, in 2 requests.`)
  })

  it('counts thumbs down alone when no row was read, and rows alone when the counts per page were not', () => {
    expect(feedbackRenderer.outputs(feedbackReport({ entries: [] }))).toEqual({ feedbackNegative: '6' })
    expect(feedbackRenderer.outputs(feedbackReport({ pages: undefined }))).toEqual({ feedbackNegative: '2' })
    expect(feedbackRenderer.logLine(feedbackReport({ pages: undefined }))).toBe(
      `Feedback, ${RANGE}: 2 negative over 0 pages, 4 feedback rows, in 2 requests.`
    )
  })

  it('speaks of one page, one row and one request in the singular, and says when the section is partial', () => {
    const report = feedbackReport({ pages: FEEDBACK_PAGES.slice(0, 1), entries: FEEDBACK_ENTRIES.slice(2, 3), requests: 1, partial: true })
    expect(feedbackRenderer.outputs(report)).toEqual({ feedbackNegative: '5' })
    expect(feedbackRenderer.logLine(report)).toBe(`Feedback, ${RANGE}: 5 negative over 1 page, 1 feedback row, in 1 request; partial.`)
  })

  it('adds negative and fractional counts as the service gave them', () => {
    const pages = [
      { path: '/a', thumbsUp: 0, thumbsDown: 1234.5, code: 0, total: 0 },
      { path: '/b', thumbsUp: 0, thumbsDown: -0.25, code: 0, total: 0 }
    ]
    expect(feedbackRenderer.outputs(feedbackReport({ pages, entries: [] }))).toEqual({ feedbackNegative: '1234.25' })
    expect(feedbackRenderer.logLine(feedbackReport({ pages, entries: [] }))).toBe(
      `Feedback, ${RANGE}: 1,234.25 negative over 2 pages, 0 feedback rows, in 2 requests.`
    )
  })

  it('gives 0 when the counts per page were read and show nothing, even before a request is counted', () => {
    const empty = feedbackReport({ pages: [], entries: [], requests: 0 })
    expect(feedbackRenderer.outputs(empty)).toEqual({ feedbackNegative: '0' })
    expect(feedbackRenderer.logLine(empty)).toBe(`Feedback, ${RANGE}: 0 negative over 0 pages, 0 feedback rows, in 0 requests.`)
  })

  it('gives 0 when a request read no row and the counts per page were not read', () => {
    const rowsOnly = feedbackReport({ pages: undefined, entries: [], requests: 1 })
    expect(feedbackRenderer.outputs(rowsOnly)).toEqual({ feedbackNegative: '0' })
    expect(feedbackRenderer.logLine(rowsOnly)).toBe(`Feedback, ${RANGE}: 0 negative over 0 pages, 0 feedback rows, in 1 request.`)
  })

  it('sets the output empty and logs nothing when nothing was read', () => {
    const unread = feedbackReport({ pages: undefined, entries: [], requests: 0, partial: true })
    expect(feedbackRenderer.outputs(unread)).toEqual({ feedbackNegative: '' })
    expect(feedbackRenderer.logLine(unread)).toBeUndefined()
  })
})

describe('assistant', () => {
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

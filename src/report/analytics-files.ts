// The other analytics sections' parts of the analytics files: each section's object in the JSON file
// (under its own key), and its rows as CSV. Reader text is in them only when the run keeps it.
import type { AssistantReport } from '../analytics/assistant.js'
import type { FeedbackReport } from '../analytics/feedback.js'
import type { SearchesReport } from '../analytics/searches.js'
import type { SectionBase } from '../analytics/section.js'
import type { ViewsReport } from '../analytics/views.js'
import { csvOf } from './csv.js'

/** What every section's object in the JSON file starts with. */
function baseJson(report: SectionBase): Record<string, unknown> {
  return { partial: report.partial, partialReason: report.partialReason ?? null, requests: report.requests }
}

export function viewsJson(report: ViewsReport): Record<string, unknown> {
  return { ...baseJson(report), totals: report.totals ?? null, pageCount: report.rows.length, pages: report.rows }
}

export function viewsCsv(report: ViewsReport): string {
  return csvOf(
    ['path', 'human', 'ai', 'total'],
    report.rows.map((row) => [row.path, row.human, row.ai, row.total])
  )
}

export function searchesJson(report: SearchesReport): Record<string, unknown> {
  return {
    ...baseJson(report),
    totalSearches: report.totalSearches ?? null,
    termCount: report.rows.length,
    terms: report.rows.map((row) => ({
      searchQuery: row.query ?? null,
      hits: row.hits,
      ctr: row.ctr,
      topClickedPage: row.topClickedPage,
      lastSearchedAt: row.lastSearchedAt
    }))
  }
}

export function searchesCsv(report: SearchesReport): string {
  return csvOf(
    ['searchQuery', 'hits', 'ctr', 'topClickedPage', 'lastSearchedAt'],
    report.rows.map((row) => [row.query, row.hits, row.ctr, row.topClickedPage, row.lastSearchedAt])
  )
}

export function feedbackJson(report: FeedbackReport): Record<string, unknown> {
  return {
    ...baseJson(report),
    pagesTruncated: report.pagesTruncated,
    pages: report.pages ?? null,
    entryCount: report.entries.length,
    entries: report.entries.map((entry) => ({
      path: entry.path,
      source: entry.source,
      status: entry.status,
      helpful: entry.helpful ?? null,
      commented: entry.commented,
      comment: entry.comment ?? null,
      createdAt: entry.createdAt
    }))
  }
}

export function feedbackPagesCsv(report: FeedbackReport): string {
  return csvOf(
    ['path', 'thumbsUp', 'thumbsDown', 'code', 'total'],
    (report.pages ?? []).map((row) => [row.path, row.thumbsUp, row.thumbsDown, row.code, row.total])
  )
}

export function feedbackCsv(report: FeedbackReport): string {
  return csvOf(
    ['path', 'source', 'status', 'helpful', 'commented', 'comment', 'createdAt'],
    report.entries.map((entry) => [entry.path, entry.source, entry.status, entry.helpful, entry.commented, entry.comment, entry.createdAt])
  )
}

export function assistantJson(report: AssistantReport): Record<string, unknown> {
  return {
    ...baseJson(report),
    callers: report.callers ?? null,
    questionCount: report.questions.length,
    unanswered: report.questions.filter((q) => q.resolutionStatus === 'unanswered').length,
    questions: report.questions.map((q) => ({ ...q, query: q.query ?? null }))
  }
}

export function assistantCsv(report: AssistantReport): string {
  return csvOf(
    ['query', 'resolutionStatus', 'responseType', 'queryCategory', 'pageUrl', 'timestamp'],
    report.questions.map((q) => [q.query, q.resolutionStatus, q.responseType, q.queryCategory, q.pageUrl, q.timestamp])
  )
}

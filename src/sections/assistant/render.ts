// The assistant section in every place the run shows it: the summary (assistant-summary.ts), its
// object in analytics.json and its CSV, its outputs, its lines in the log, and its gaps: questions
// left unanswered.
import { SECTION_CATALOG } from '../../core/catalog.js'
import type { AssistantReport, QuestionEntry } from './read.js'
import { markdownCode } from '../../text/escape.js'
import { OTHER_PAGE, pagePathOf } from '../../text/page-path.js'
import { counted, num } from '../../text/format.js'
import { assistantSummaryHtml } from './summary.js'
import { csvOf } from '../../render/csv.js'
import { GAP_ITEM_CHARS, gapPage } from '../../render/docs-gaps.js'
import type { Signal } from '../../render/fix-first.js'
import { type GapList, type Headline, headline, previousOf, type SectionRenderer } from '../../render/renderer.js'
import { baseJson, partialMark, previousJson, readPhrase } from '../../render/section-data.js'

const unansweredOf = (report: AssistantReport): QuestionEntry[] => report.questions.filter((q) => q.resolutionStatus === 'unanswered')

/**
 * Questions counted by `keyOf`, most first. With `fold`, texts told apart by neither case nor spacing
 * count as one (questions typed alike); page URLs are counted exactly, since paths tell case apart.
 */
function groupedQuestions(
  questions: readonly QuestionEntry[],
  keyOf: (q: QuestionEntry) => string | undefined,
  fold: boolean
): [string, number][] {
  const groups = new Map<string, { text: string; count: number }>()
  for (const question of questions) {
    const text = keyOf(question)
    if (text === undefined) continue
    const key = fold ? text.toLowerCase().replace(/\s+/g, ' ').trim() : text
    const group = groups.get(key)
    if (group) group.count++
    else groups.set(key, { text, count: 1 })
  }
  return [...groups.values()].sort((a, b) => b.count - a.count).map((g) => [g.text, g.count])
}

function assistantGaps(report: AssistantReport): GapList | undefined {
  const unanswered = unansweredOf(report)
  if (unanswered.length === 0) return undefined
  const times = (n: number): string => (n === 1 ? 'once' : `${num(n)} times`)
  if (report.showReaderText) {
    return {
      heading: 'Assistant questions left unanswered',
      items: groupedQuestions(unanswered, (q) => q.query, true).map(
        ([text, n]) => `${markdownCode(text, GAP_ITEM_CHARS)} (asked ${times(n)})`
      )
    }
  }
  const pages = groupedQuestions(unanswered, (q) => q.pageUrl ?? undefined, false)
  return {
    heading: 'Pages where assistant questions were left unanswered',
    items: pages.map(([page, n]) => `${gapPage(page)} (${counted(n, 'question')})`),
    note: `${counted(unanswered.length, 'question')} left unanswered; their text is hidden.`
  }
}

function assistantHeadlines(report: AssistantReport): Headline[] {
  if (report.requests === 0) return []
  const partial = report.partial
  // The caller counts are the service's own total, whole in one request and compared like with like;
  // without them, the questions read are a lower bound.
  const asked: Headline = report.callers
    ? headline('assistantQuestions', report.callers.total, { previous: previousOf(report.previous, (callers) => callers.total) })
    : headline('assistantQuestions', report.questions.length, { partial: true })
  // The page most questions went unanswered on: where an alert on the total fired.
  const most = assistantSignals(report).reduce<Signal | undefined>(
    (top, signal) => (signal.page !== OTHER_PAGE && (top === undefined || signal.count > top.count) ? signal : top),
    undefined
  )
  return [
    asked,
    headline('assistantUnanswered', unansweredOf(report).length, {
      partial,
      ...(most?.page === undefined ? {} : { where: { page: most.page, count: most.count } })
    })
  ]
}

/** Unanswered questions by the page they were asked on. */
function assistantSignals(report: AssistantReport): Signal[] {
  const pages = new Map<string, number>()
  for (const question of unansweredOf(report)) {
    // A page URL counts as its path: its host is whatever the client sent.
    const page = question.pageUrl === null ? null : pagePathOf(question.pageUrl)
    if (page !== null) pages.set(page, (pages.get(page) ?? 0) + 1)
  }
  return [...pages].map(([page, count]) => ({ kind: 'unanswered', count, page }))
}

export const assistantRenderer: SectionRenderer<AssistantReport> = {
  banner: SECTION_CATALOG.assistant.banner,
  summaryHtml: assistantSummaryHtml,
  headlines: assistantHeadlines,
  signals: assistantSignals,
  outputs: (report) => ({ assistantUnanswered: report.requests > 0 ? String(unansweredOf(report).length) : '' }),
  json: (report) => ({
    ...baseJson(report),
    callers: report.callers ?? null,
    previous: previousJson(report.previous, 'callers'),
    questionCount: report.questions.length,
    unanswered: unansweredOf(report).length,
    questions: report.questions.map((q) => ({
      query: q.query ?? null,
      resolutionStatus: q.resolutionStatus,
      responseType: q.responseType,
      queryCategory: q.queryCategory ?? null,
      pageUrl: q.pageUrl,
      timestamp: q.timestamp
    }))
  }),
  csv: (report) =>
    report.requests > 0
      ? [
          {
            name: 'assistant.csv',
            content: csvOf(
              ['query', 'resolutionStatus', 'responseType', 'queryCategory', 'pageUrl', 'timestamp'],
              report.questions.map((q) => [q.query, q.resolutionStatus, q.responseType, q.queryCategory, q.pageUrl, q.timestamp])
            )
          }
        ]
      : [],
  logLine: (report) => {
    if (report.requests === 0) return undefined
    return (
      `Assistant, ${report.rangeText}: ${counted(report.questions.length, 'question')}, ${num(unansweredOf(report).length)} unanswered, ` +
      `in ${counted(report.requests, 'request')}${partialMark(report)}.`
    )
  },
  endPhrase: (report) => readPhrase(SECTION_CATALOG.assistant.noun, report),
  gaps: assistantGaps
}

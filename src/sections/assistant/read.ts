// The assistant: the questions readers asked it (one row per question, cursor paging, up to 1,000
// rows a request), whether each was answered, and who asked (web, API, other: one request). Every
// field of a question a reader or a client sets is kept here as the run may show it: the question and
// its category as reader text, the page it was asked on as `sitePage` keeps it.
import type { AnalyticsReader } from '../../api/analytics.js'
import { ASSISTANT_ENDPOINT, CALLER_STATS_ENDPOINT, type AssistantRow, type CallerStats } from './schema.js'
import type { Part } from '../../core/part.js'
import { SECTION_CATALOG } from '../../core/catalog.js'
import { sitePage } from '../../text/page-path.js'
import { readerText } from '../../text/reader-text.js'
import type { RequestBudget } from '../../analytics/budget.js'
import type { Comparison } from '../../analytics/comparison.js'
import type { PageAnswer } from '../../analytics/pager.js'
import { cursorReadById, sectionRead, type SectionBase, type SectionRequest } from '../../analytics/reader.js'
import { sectionPart } from '../../analytics/section-part.js'
import { byText } from '../../text/order.js'

export const ASSISTANT_PAGE_SIZE = 1000

/** One question as the run keeps it: its text and category only when reader text is shown (e-mail addresses masked). */
export interface QuestionEntry {
  query?: string
  resolutionStatus: AssistantRow['resolutionStatus']
  responseType: AssistantRow['responseType']
  /** Undefined when reader text is hidden or the question has none. */
  queryCategory?: string
  /** The page it was asked on, as `sitePage` keeps it (a path while reader text is hidden); null when there is none. */
  pageUrl: string | null
  timestamp: string
  /** What the assistant replied to a question it left unanswered: only when reader text is shown (it may repeat the question). */
  answer?: string
}

export interface AssistantReport extends SectionBase {
  kind: 'assistant'
  /** Who asked; undefined when it was not read. */
  callers?: CallerStats
  /** Newest first. */
  questions: QuestionEntry[]
  /** Who asked in the previous period, when a comparison was asked for and reached. */
  previous?: Comparison<CallerStats>
}

/** The catalog's entry of the section (core/catalog.ts). */
const ASSISTANT = SECTION_CATALOG.assistant

export function assistantPart(api: AnalyticsReader, request: SectionRequest, budget: RequestBudget): Part<AssistantReport> {
  let callers: CallerStats | undefined
  const questions = new Map<string, QuestionEntry>()
  const range = { dateFrom: request.dateFrom, dateTo: request.dateTo }
  const keep = (row: AssistantRow): QuestionEntry => ({
    query: readerText(row.query, request.showReaderText),
    resolutionStatus: row.resolutionStatus,
    responseType: row.responseType,
    queryCategory: readerText(row.queryCategory, request.showReaderText),
    pageUrl: sitePage(row.pageUrl, request.showReaderText, request.sitePages),
    timestamp: row.timestamp,
    ...(row.resolutionStatus === 'unanswered' && request.showReaderText ? { answer: readerText(row.response, true) } : {})
  })
  const questionsRead = cursorReadById(ASSISTANT.reads[0].key, ASSISTANT.reads[0].name, questions, keep, async (cursor) => {
    const answer = await api.analytics(ASSISTANT_ENDPOINT, request.projectId, { ...range, limit: ASSISTANT_PAGE_SIZE, cursor })
    return { rows: answer.conversations, nextCursor: answer.nextCursor, hasMore: answer.hasMore }
  })
  const readCallers = async (): Promise<PageAnswer<never>> => {
    callers = await api.analytics(CALLER_STATS_ENDPOINT, request.projectId, range)
    return { rows: [] }
  }
  const callersRead = sectionRead<never>(
    ASSISTANT.reads[1].key,
    ASSISTANT.reads[1].name,
    // Stryker disable next-line StringLiteral: the answer never says there is more, so a read of any style asks once
    { style: 'single', fetch: readCallers },
    () => undefined
  )
  const reads = [questionsRead, callersRead]
  return sectionPart(
    'assistant',
    request,
    reads,
    budget,
    async (period) => ({ value: await api.analytics(CALLER_STATS_ENDPOINT, request.projectId, period) }),
    () => ({ callers, questions: [...questions.values()].sort((a, b) => byText(b.timestamp, a.timestamp)) })
  )
}

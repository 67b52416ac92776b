// The assistant endpoints' answers (questions, and where they came from), and the endpoints.
import { z } from 'zod'
import { type AnalyticsEndpoint, count, type CursorQuery, type DateRange, nullableText } from '../../api/analytics.js'

/** Assistant questions, one row per user turn: cursor paging, with `hasMore` as well. */
export const assistantPageSchema = z.object({
  conversations: z.array(
    z.object({
      id: z.string(),
      timestamp: z.string(),
      query: z.string(),
      response: z.string(),
      /** Absent means a final answer, as the documents say. */
      responseType: z.enum(['answer', 'clarifying_question']).default('answer'),
      sources: z.array(z.object({ title: z.string(), url: z.string() })),
      resolutionStatus: z.enum(['answered', 'unanswered']),
      queryCategory: nullableText,
      pageUrl: nullableText
    })
  ),
  nextCursor: nullableText,
  hasMore: z.boolean()
})
export type AssistantPage = z.infer<typeof assistantPageSchema>
export type AssistantRow = AssistantPage['conversations'][number]

/** Where assistant questions came from. */
export const callerStatsSchema = z.object({ web: count, api: count, other: count, total: count })
export type CallerStats = z.infer<typeof callerStatsSchema>

export const ASSISTANT_ENDPOINT: AnalyticsEndpoint<AssistantPage, CursorQuery> = {
  path: 'assistant',
  reads: 'assistant questions',
  schema: assistantPageSchema,
  sends: ['limit', 'cursor']
}

export const CALLER_STATS_ENDPOINT: AnalyticsEndpoint<CallerStats, DateRange> = {
  path: 'assistant/caller-stats',
  reads: 'assistant caller stats',
  schema: callerStatsSchema,
  sends: []
}

// The feedback endpoints' answers (feedback rows, and counts per page), and the endpoints.
import { z } from 'zod'
import { type AnalyticsEndpoint, count, type CursorQuery, type LimitQuery, nullableText, type StatusQuery } from '../../api/analytics.js'

export const FEEDBACK_SOURCES = ['code_snippet', 'contextual', 'agent', 'thumbs_only'] as const
export const FEEDBACK_STATUSES = ['pending', 'in_progress', 'resolved', 'dismissed'] as const
/**
 * The statuses the rows are read in where no page has a fix: every one but `dismissed`, which the docs
 * team gave in Mintlify to feedback it judged not to be about the docs. Both endpoints take the filter,
 * so a dismissed thumbs down is in neither the counts per page nor the rows.
 */
export const COUNTED_STATUSES = FEEDBACK_STATUSES.filter((status) => status !== 'dismissed').join(',')
/** The statuses the rows are read in where some page has a fix: all, since after a merge a row counts whatever its status (triage.ts). */
export const ALL_STATUSES = FEEDBACK_STATUSES.join(',')

const feedbackBaseSchema = z.object({
  id: z.string(),
  path: z.string(),
  comment: nullableText,
  createdAt: nullableText,
  source: z.enum(FEEDBACK_SOURCES),
  status: z.enum(FEEDBACK_STATUSES)
})
// The documents add `contact`, an e-mail address a reader may leave. It is left out on purpose: the
// object drops every field it does not list, so the address never enters the run.
const contextualExtrasSchema = z.object({ helpful: z.boolean() })
const codeSnippetExtrasSchema = z.object({ code: z.string(), filename: nullableText, lang: nullableText })

export type FeedbackBase = z.infer<typeof feedbackBaseSchema>
/** Page-level feedback (source `contextual`): helpful or not. */
export type ContextualFeedback = FeedbackBase & z.infer<typeof contextualExtrasSchema>
/** Feedback on a code block (source `code_snippet`). */
export type CodeSnippetFeedback = FeedbackBase & z.infer<typeof codeSnippetExtrasSchema>
export type FeedbackRow = ContextualFeedback | CodeSnippetFeedback | FeedbackBase

/**
 * A feedback row is any of three documented variants (`anyOf`): the base fields, with the contextual
 * fields or the code-snippet fields or neither. The base fields are checked on their own, so that a
 * problem in one of them is named by its path rather than as "no variant matched".
 */
const feedbackRowSchema: z.ZodType<FeedbackRow> = feedbackBaseSchema.and(
  z.union([contextualExtrasSchema, codeSnippetExtrasSchema, z.object({})])
)

/** Feedback rows: cursor paging, with `hasMore` as well. */
export const feedbackPageSchema = z.object({
  feedback: z.array(feedbackRowSchema),
  nextCursor: nullableText,
  hasMore: z.boolean()
})
export type FeedbackPage = z.infer<typeof feedbackPageSchema>

/** Feedback counts per page path. `hasMore` is documented, but no parameter asks for a next page. */
export const feedbackByPageSchema = z.object({
  feedback: z.array(z.object({ path: z.string(), thumbsUp: count, thumbsDown: count, code: count, total: count })),
  hasMore: z.boolean()
})
export type FeedbackByPage = z.infer<typeof feedbackByPageSchema>
export type FeedbackByPageRow = FeedbackByPage['feedback'][number]

export const FEEDBACK_ENDPOINT: AnalyticsEndpoint<FeedbackPage, StatusQuery<CursorQuery>> = {
  path: 'feedback',
  reads: 'feedback',
  schema: feedbackPageSchema,
  sends: ['limit', 'cursor', 'status']
}

export const FEEDBACK_BY_PAGE_ENDPOINT: AnalyticsEndpoint<FeedbackByPage, StatusQuery<LimitQuery>> = {
  path: 'feedback/by-page',
  reads: 'feedback by page',
  schema: feedbackByPageSchema,
  sends: ['limit', 'status']
}

// The service's response bodies, as its OpenAPI documents declare them. No field of an agent job is
// marked required; prLink, archivedAt and source.ref are nullable. A null where the documents do
// not allow one is read as absent; a value of the wrong type is an invalid response.
import { z } from 'zod'

const text = z
  .string()
  .nullish()
  .transform((v) => v ?? undefined)

export const KNOWN_STATUSES = ['active', 'completed', 'archived', 'failed'] as const
export type KnownStatus = (typeof KNOWN_STATUSES)[number]
export const TERMINAL_STATUSES: readonly KnownStatus[] = ['completed', 'archived', 'failed']

export function isKnownStatus(status: string | undefined): status is KnownStatus {
  return (KNOWN_STATUSES as readonly (string | undefined)[]).includes(status)
}

export const agentJobSchema = z.object({
  id: text,
  status: text,
  source: z
    .object({ repository: text, ref: text })
    .nullish()
    .transform((v) => v ?? undefined),
  model: text,
  prLink: text,
  createdAt: text,
  archivedAt: text
})
/** Every field may be absent, as the documents allow. */
export type AgentJob = Partial<z.infer<typeof agentJobSchema>>

/** The most characters of a job id the run takes: far more than any id the service gives. */
export const JOB_ID_MAX_CHARS = 200

/**
 * Why a job id cannot be used, or undefined when it can: the run puts it in a URL as one path
 * segment, in the `jobId` output and in its records. The documents give no format, so anything is
 * taken but what cannot be one segment (empty, only dots, which a URL resolves away, or a separator)
 * and what cannot be shown as it is (spaces, control and invisible characters), up to
 * JOB_ID_MAX_CHARS characters.
 */
export function jobIdProblem(id: string): string | undefined {
  if (id === '') return 'it is empty'
  if (id.length > JOB_ID_MAX_CHARS) return `it is longer than ${JOB_ID_MAX_CHARS} characters`
  if (/^\.+$/.test(id)) return 'a URL reads only dots as a step in its path, not as a name'
  if (/[/\\]/.test(id)) return 'it holds a path separator'
  if (/[\s\p{C}\p{Z}\p{Default_Ignorable_Code_Point}]/u.test(id)) return 'it holds spaces, control or invisible characters'
  return undefined
}

/** Error bodies: `{error}` from the agent API; analytics add `details: [{message}]`. */
export const errorBodySchema = z.object({
  error: z.string().optional(),
  details: z
    .array(z.object({ message: z.string() }))
    .optional()
    .catch(undefined)
})

// Analytics answers. Every field the documents mark required is required, with its documented type;
// fields they do not list are dropped. Counts are typed `number` with no minimum, so any finite
// number is read as it is (negative and fractional included); how to show it is the summary's choice.
const count = z.number()
const nullableText = z.string().nullable()

const trafficCounts = { human: count, ai: count, total: count }
const trafficRow = z.object({ path: z.string(), ...trafficCounts })

export const visitorsPageSchema = z.object({
  totals: z.object(trafficCounts),
  visitors: z.array(trafficRow),
  hasMore: z.boolean()
})
export type VisitorsPage = z.infer<typeof visitorsPageSchema>
export type VisitorRow = VisitorsPage['visitors'][number]
export type VisitorTotals = VisitorsPage['totals']

/** Page views: offset paging while `hasMore` is true. */
export const viewsPageSchema = z.object({
  totals: z.object(trafficCounts),
  views: z.array(trafficRow),
  hasMore: z.boolean()
})
export type ViewsPage = z.infer<typeof viewsPageSchema>
/** A page's views: the same shape as its visitors. */
export type ViewRow = z.infer<typeof trafficRow>

/** Search terms, by hits descending: cursor paging while `nextCursor` is not null; there is no `hasMore`. */
export const searchesPageSchema = z.object({
  searches: z.array(
    z.object({
      searchQuery: z.string(),
      hits: count,
      ctr: z.number(),
      topClickedPage: nullableText,
      lastSearchedAt: z.string()
    })
  ),
  /** The documents type this one an integer of at least 0: the sum of all hits. */
  totalSearches: z.number().int().min(0),
  nextCursor: nullableText
})
export type SearchesPage = z.infer<typeof searchesPageSchema>
export type SearchRow = SearchesPage['searches'][number]

export const FEEDBACK_SOURCES = ['code_snippet', 'contextual', 'agent', 'thumbs_only'] as const
export const FEEDBACK_STATUSES = ['pending', 'in_progress', 'resolved', 'dismissed'] as const

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

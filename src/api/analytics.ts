// What an analytics read is, for the client's one analytics method: an endpoint under
// /v1/analytics/{projectId}/, its name in messages, the schema of its answers and the query fields
// it takes. Each section describes its own endpoints beside it (sections/<name>/schema.ts).
import { z } from 'zod'

/** The dates every analytics request sends: `dateTo` is exclusive. */
export interface DateRange {
  dateFrom: string
  dateTo: string
}

/** What an analytics request may send beside the range. */
export interface AnalyticsQuery extends DateRange {
  limit?: number
  offset?: number
  cursor?: string
  /** Feedback statuses, comma-separated: the feedback endpoints' filter. */
  status?: string
}

/** Offset paging (visitors, views): increment `offset` by `limit` while `hasMore` is true. */
export interface OffsetQuery extends DateRange {
  limit: number
  offset: number
}

/** Cursor paging (searches, feedback, assistant): no cursor asks for the first page. */
export interface CursorQuery extends DateRange {
  limit: number
  cursor?: string
}

/** A request for at most `limit` rows and no way to ask for a next page (feedback by page). */
export interface LimitQuery extends DateRange {
  limit: number
}

/** A feedback request: its paging, and the statuses it asks for (comma-separated). */
export type StatusQuery<Query extends DateRange> = Query & { status: string }

/** One analytics endpoint, answering `Answer` to a `Query`. */
export interface AnalyticsEndpoint<Answer, Query extends DateRange> {
  /** Its path under /v1/analytics/{projectId}/: "feedback/by-page". */
  path: string
  /** What it reads, in messages: "page views". */
  reads: string
  /** Its answers as the documents declare them. */
  schema: z.ZodType<Answer>
  /** The fields of the query it sends beside the range, in this order; any other is left out. */
  sends: readonly Exclude<keyof Query & keyof AnalyticsQuery, keyof DateRange>[]
}

/** What reads analytics: the API client, or a fake of it. */
export interface AnalyticsReader {
  analytics<Answer, Query extends DateRange>(endpoint: AnalyticsEndpoint<Answer, Query>, projectId: string, query: Query): Promise<Answer>
}

// Analytics answers. Every field the documents mark required is required, with its documented type;
// fields they do not list are dropped. Counts are typed `number` with no minimum, so any finite
// number is read as it is (negative and fractional included); how to show it is the summary's choice.
export const count = z.number()
export const nullableText = z.string().nullable()

// The service's API client. It alone builds URLs, sends the key, applies timeouts and retries, and
// checks that answers are the documented JSON. Callers get typed values or an ApiError.
import type { z } from 'zod'
import {
  ApiError,
  connectAdvice,
  httpStatusMessage,
  invalidResponseMessage,
  mayHaveActedAdvice,
  networkMessage,
  type RequestContext
} from './errors.js'
import type { Lifetime } from '../core/lifetime.js'
import { logText } from '../text/escape.js'
import { num } from '../text/format.js'
import { jsonValues, MAX_ANSWER_VALUES, NAMED_PROBLEM_VALUES } from './json-values.js'
import { type Redactor, redactor } from '../text/secret.js'
import { backoffDelay, DEFAULT_RETRY_POLICY, mayRepeat, type Outcome, parseRetryAfter, type RetryPolicy } from './retry.js'
import type { AnalyticsEndpoint, AnalyticsQuery, AnalyticsReader, DateRange } from './analytics.js'
import { type AgentJob, agentJobSchema, jobIdProblem, errorBodySchema } from './schemas.js'
import { Transport, TransportError } from './transport.js'

export interface ClientOptions {
  baseUrl: string
  apiKey: string
  userAgent: string
  lifetime: Lifetime
  requestTimeoutMs?: number
  retry?: RetryPolicy
  /** The most values an answer may hold (MAX_ANSWER_VALUES by default). */
  maxAnswerValues?: number
  debug?: (message: string) => void
  /**
   * Whether reader text may be shown, asked when an analytics read paged by a cursor fails: the
   * service's words in its answer can echo the cursor, which carries what readers typed (a search
   * term), so they are shown only when reader text is. Not shown when not given.
   */
  readerTextShown?: () => boolean
}

interface Call<T> {
  ctx: RequestContext
  method: 'GET' | 'POST'
  path: string
  query?: Record<string, string>
  body?: unknown
  schema: z.ZodType<T>
  /** The answer's words can echo what readers typed: an analytics read paged by a cursor, which carries it. */
  echoesReaderText?: boolean
}

/** The fields an analytics query may send beside the range, in the order it sends them. */
const QUERY_FIELDS = ['limit', 'offset', 'cursor', 'status'] as const

/** The query of an analytics request: the range, then the fields the endpoint sends, in a fixed order, each only when it has a value. */
function analyticsQuery(query: AnalyticsQuery, sends: readonly string[]): Record<string, string> {
  const out: Record<string, string> = { dateFrom: query.dateFrom, dateTo: query.dateTo }
  for (const field of QUERY_FIELDS) {
    const value = query[field]
    if (sends.includes(field) && value !== undefined) out[field] = String(value)
  }
  return out
}

const DEFAULT_REQUEST_TIMEOUT_MS = 30_000

/** The service answers 503 before it acts: a request so answered made nothing, and a 429 neither. */
const outcomeOf = (status: number): Outcome => ({ status, refused: status === 503 })

/** Said of an analytics answer's words where reader text is hidden. */
export const HIDDEN_SERVICE_TEXT = "The service's words are left out: they can echo what readers typed, which readerText hides here."

/**
 * A request's query as the debug log shows it: a cursor is the service's own text and may carry what
 * readers typed (the last search term of a page, say), so only its length is shown.
 */
function shownQuery(url: URL): string {
  const shown = new URLSearchParams(url.searchParams)
  const cursor = shown.get('cursor')
  if (cursor !== null) shown.set('cursor', `(${cursor.length} characters)`)
  const query = shown.toString()
  return query === '' ? '' : `?${query}`
}

/**
 * A value as one path segment of the URL: encoded, and never `.` or `..`, which a URL resolves away.
 * The methods that build a path are async, so that a value refused here rejects their promise.
 */
function segment(value: string): string {
  if (value === '' || value === '.' || value === '..') throw new Error(`${JSON.stringify(value)} cannot name a project or a job`)
  return encodeURIComponent(value)
}

export class ApiClient implements AnalyticsReader {
  private readonly transport: Transport
  private readonly requestTimeoutMs: number
  private readonly retry: RetryPolicy
  private readonly debug: (message: string) => void
  /**
   * Cleans a text of the key in every form a service might echo it in (src/text/secret.ts). The key
   * never leaves this class: every answer's body is cleaned as it arrives, before anything reads it,
   * and so are every debug line and error message, whatever they were made from.
   */
  private readonly redact: Redactor

  constructor(private readonly options: ClientOptions) {
    this.transport = new Transport(options.lifetime.clock)
    this.requestTimeoutMs = options.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS
    this.retry = options.retry ?? DEFAULT_RETRY_POLICY
    this.redact = redactor(options.apiKey)
    const debug = options.debug ?? (() => undefined)
    this.debug = (message) => {
      debug(this.redact(message))
    }
  }

  async createJob(projectId: string, prompt: string): Promise<AgentJob & { id: string }> {
    const ctx: RequestContext = { kind: 'create', projectId }
    const job = await this.call({
      ctx,
      method: 'POST',
      path: `/v2/agent/${segment(projectId)}/job`,
      body: { prompt },
      schema: agentJobSchema
    })
    if (!job.id) {
      throw new ApiError(invalidResponseMessage(ctx, 201, 'it has no job id') + mayHaveActedAdvice(ctx), {
        transient: false,
        mayHaveActed: true
      })
    }
    // An id the run cannot use is never used: no request is built from it, and no output or record holds it.
    const problem = jobIdProblem(job.id)
    if (problem !== undefined) {
      const id = logText(JSON.stringify(job.id), 100)
      throw new ApiError(invalidResponseMessage(ctx, 201, `its job id ${id} cannot be used: ${problem}`) + mayHaveActedAdvice(ctx), {
        transient: false,
        mayHaveActed: true
      })
    }
    return { ...job, id: job.id }
  }

  async sendMessage(projectId: string, jobId: string, prompt: string): Promise<AgentJob> {
    return this.call({
      ctx: { kind: 'message', projectId, jobId },
      method: 'POST',
      path: `/v2/agent/${segment(projectId)}/job/${segment(jobId)}/message`,
      body: { prompt },
      schema: agentJobSchema
    })
  }

  async getJob(projectId: string, jobId: string): Promise<AgentJob> {
    return this.call({
      ctx: { kind: 'get', projectId, jobId },
      method: 'GET',
      path: `/v2/agent/${segment(projectId)}/job/${segment(jobId)}`,
      schema: agentJobSchema
    })
  }

  /**
   * A GET of analytics: the endpoint under /v1/analytics/{projectId}/, with the range and the fields
   * of the query the endpoint sends (limit, offset, cursor); the endpoint names what it reads, for
   * messages ("page views"), and gives the schema its answer is checked against.
   */
  async analytics<Answer, Query extends DateRange>(
    endpoint: AnalyticsEndpoint<Answer, Query>,
    projectId: string,
    query: Query
  ): Promise<Answer> {
    const sent: AnalyticsQuery = query
    const sends: readonly string[] = endpoint.sends
    return this.call({
      ctx: { kind: 'analytics', reads: endpoint.reads, projectId, offset: sends.includes('offset') ? sent.offset : undefined },
      method: 'GET',
      path: `/v1/analytics/${segment(projectId)}/${endpoint.path}`,
      query: analyticsQuery(sent, sends),
      schema: endpoint.schema,
      echoesReaderText: sends.includes('cursor')
    })
  }

  close(): Promise<void> {
    return this.transport.close()
  }

  private async call<T>(call: Call<T>): Promise<T> {
    const { lifetime } = this.options
    const { clock } = lifetime
    const url = new URL(this.options.baseUrl + call.path)
    for (const [name, value] of Object.entries(call.query ?? {})) url.searchParams.set(name, value)
    const headers: Record<string, string> = {
      Authorization: `Bearer ${this.options.apiKey}`,
      Accept: 'application/json',
      'User-Agent': this.options.userAgent
    }
    let body: string | undefined
    if (call.body !== undefined) {
      body = JSON.stringify(call.body)
      headers['Content-Type'] = 'application/json'
    }

    for (let attempt = 1; ; attempt++) {
      lifetime.check()
      // The deadline is enforced by the lifetime's signal, which aborts the request; the request's
      // own timeout is not clamped to it, so that a deadline always reads as the deadline.
      const timeoutMs = this.requestTimeoutMs
      const started = clock.now()
      let failure: ApiError
      // An answer not the documented JSON counts as no answer to a request that was sent.
      let outcome: Outcome = { sent: true }
      let retryAfterMs: number | undefined
      this.debug(`${call.method} ${url.pathname}${shownQuery(url)}${attempt > 1 ? ` (attempt ${attempt})` : ''}`)
      try {
        const answer = await this.transport.send({ method: call.method, url, headers, body }, lifetime.signal, timeoutMs)
        const res = { ...answer, body: this.redact(answer.body) }
        this.debug(`${call.method} ${url.pathname} answered ${res.status} in ${clock.now() - started} ms: ${this.debugBody(res)}`)
        if (Math.floor(res.status / 100) === 2) return this.parse(call, res.status, res.body)
        retryAfterMs = parseRetryAfter(res.headers['retry-after'], clock.now())
        const serviceText = this.errorText(res.body)
        outcome = outcomeOf(res.status)
        // Such an answer's words follow the reader-text rule of the answers themselves.
        const hidden = serviceText !== undefined && call.echoesReaderText === true && this.options.readerTextShown?.() !== true
        const message = hidden
          ? `${httpStatusMessage(call.ctx, res.status, undefined, retryAfterMs)} ${HIDDEN_SERVICE_TEXT}`
          : httpStatusMessage(call.ctx, res.status, serviceText, retryAfterMs)
        failure = new ApiError(message, {
          status: res.status,
          transient: mayRepeat('GET', outcome),
          mayHaveActed: call.method === 'POST' && res.status >= 500 && res.status !== 503,
          ...(res.status === 403
            ? { denial: { projectId: call.ctx.projectId, ...(hidden || !serviceText ? {} : { reason: serviceText }) } }
            : {})
        })
      } catch (error) {
        if (error instanceof ApiError) failure = error
        else if (error instanceof TransportError) {
          outcome = { sent: error.sent }
          const advice = error.sent ? '' : connectAdvice(error.code, url.origin, error.viaProxy)
          failure = new ApiError(networkMessage(call.ctx, `${this.redact(error.message)} talking to ${url.origin}`) + advice, {
            transient: true,
            mayHaveActed: call.method === 'POST' && error.sent,
            neverSent: !error.sent
          })
          this.debug(`${call.method} ${url.pathname} failed after ${clock.now() - started} ms: ${logText(failure.message)}`)
        } else {
          // The lifetime's StopError, and anything unforeseen, passes through unchanged.
          throw error
        }
      }

      const repeatable = mayRepeat(call.method, outcome)
      const wait = retryAfterMs ?? backoffDelay(attempt - 1, this.retry)
      if (!repeatable || attempt >= this.retry.maxAttempts || wait >= lifetime.remainingMs()) {
        if (failure.details.mayHaveActed) failure.message += mayHaveActedAdvice(call.ctx)
        failure.message = this.redact(failure.message)
        throw failure
      }
      this.debug(`Retrying in ${(wait / 1000).toFixed(1)} s (attempt ${attempt + 1} of ${this.retry.maxAttempts}).`)
      await lifetime.sleep(wait)
    }
  }

  private parse<T>(call: Call<T>, status: number, text: string): T {
    let json: unknown
    let problem: string | undefined
    // Counted before parsing: the memory parsing takes grows with the values, not the bytes.
    const limit = this.options.maxAnswerValues ?? MAX_ANSWER_VALUES
    const values = jsonValues(text, limit)
    if (values > limit) problem = `the body holds more than ${num(limit)} values, more than any answer of the API`
    else {
      try {
        json = this.parseJson(text)
      } catch {
        problem = text.trim() === '' ? 'the body is empty' : 'the body is not JSON'
      }
    }
    if (problem === undefined) {
      // A large answer is checked stopping at its first problem: naming every problem of a page of
      // 100,000 wrong rows would take more memory than the page.
      const checked = values <= NAMED_PROBLEM_VALUES || call.schema.validate(json)
      const parsed = checked ? call.schema.safeParse(json) : undefined
      if (parsed?.success) return parsed.data
      problem = parsed
        ? parsed.error.issues
            .slice(0, 3)
            .map((i) => (i.path.length > 0 ? `${i.path.join('.')}: ${i.message}` : i.message))
            .join('; ')
        : 'a value does not have the documented type or a required field is missing'
    }
    throw new ApiError(invalidResponseMessage(call.ctx, status, logText(problem, 200)), {
      status,
      transient: true,
      mayHaveActed: call.method === 'POST'
    })
  }

  /**
   * An answer's JSON, its strings cleaned of the key once more: a JSON escape (`\uff4d`, `\u200b`)
   * can make a character the cleaning of the body as text did not see, and that a fold turns into the
   * key; and an escape of one character of an encoded form (`\u0025` for the `%` of `mint%5F…`, `\/`
   * for a `/` of its base64, `\u0026` for the `&` of `&#95;`) hides the whole form from the cleaning
   * of the text while the decoded string, plain ASCII, holds it. So in a body with any escape every
   * string is cleaned again, whole; a body without one has none that the text's cleaning missed.
   */
  private parseJson(text: string): unknown {
    const json: unknown = JSON.parse(text)
    if (!text.includes('\\')) return json
    // Every object and array, walked without recursion: an answer may nest deep.
    const pending: unknown[] = []
    const clean = (value: unknown): unknown => {
      if (typeof value === 'string') return this.redact(value)
      if (typeof value === 'object' && value !== null) pending.push(value)
      return value
    }
    const cleaned = clean(json)
    for (let node = pending.pop(); node !== undefined; node = pending.pop()) {
      const record = node as Record<string, unknown>
      for (const key of Object.keys(record)) {
        const value = record[key]
        const cleanValue = clean(value)
        if (cleanValue !== value) record[key] = cleanValue
      }
    }
    return cleaned
  }

  /**
   * An answer's body for the debug log: its size alone. Any answer can echo what it was sent or what
   * readers typed (an analytics page, an error quoting a cursor), and in forms no cleaning can know
   * all of (the key behind JSON escapes of invisible characters, or entities in an HTML page); debug
   * logs of a public repository are public.
   */
  private debugBody(res: { body: string }): string {
    return `${Buffer.byteLength(res.body)} bytes`
  }

  /** The service's own words from an error body, or undefined when it is not the documented JSON. */
  private errorText(body: string): string | undefined {
    let json: unknown
    try {
      if (jsonValues(body, NAMED_PROBLEM_VALUES) > NAMED_PROBLEM_VALUES) return undefined
      json = this.parseJson(body)
    } catch {
      // Not JSON: json stays undefined, which the schema rejects.
    }
    const parsed = errorBodySchema.safeParse(json)
    if (!parsed.success) return undefined
    // Stryker disable next-line ArrayDeclaration: an element added to the empty list has no message, and parts without text are dropped
    const parts = [parsed.data.error, ...(parsed.data.details ?? []).map((d) => d.message)].filter((p) => p)
    return parts.join('; ')
  }
}

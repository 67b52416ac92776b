// @ts-check
// A local emulator of the service's API: a real HTTP server on 127.0.0.1 that behaves as the vendor's
// documents say (../shared/openapi, ../shared/reference/api-facts.md). Tests choose how each job
// progresses and which faults to inject, and read back every request it received.
import { randomBytes } from 'node:crypto'
import { createServer } from 'node:http'
import {
  defaultAssistant,
  defaultCallerStats,
  defaultFeedback,
  defaultFeedbackByPage,
  defaultSearches,
  defaultViews
} from './analytics-data.js'

/**
 * @typedef {'active' | 'completed' | 'archived' | 'failed' | string} JobStatus
 *
 * @typedef {object} JobPlan How a job progresses after it is created (or after a follow-up message).
 * @property {Array<{ afterMs: number, status: JobStatus }>} [steps] statuses the job takes, by time since start
 * @property {number} [finishAfterMs] shorthand: one step to `finalStatus` after this long (default 1000)
 * @property {JobStatus} [finalStatus] shorthand: the status reached (default 'completed')
 * @property {boolean} [changesFiles] the agent changes files, so a completed job gets a pull request (default true)
 * @property {string} [prLink] the link to report instead of the generated one
 * @property {string} [model]
 * @property {string} [repository]
 * @property {string | null} [ref]
 * @property {JobPlan} [onMessage] how the job progresses after a follow-up message (default: like this plan)
 * @property {string} [id] the id the created job gets (default: 24 random hex digits); the documents allow any string
 *
 * @typedef {object} Fault An answer the emulator gives instead of its normal one.
 * @property {string} [method] only requests with this method
 * @property {string | RegExp} [path] only requests whose path starts with (string) or matches (RegExp) this
 * @property {Record<string, string>} [query] only requests whose query has these parameters with these values
 * @property {number} [times] how many matching requests get the fault (default 1; Infinity for all)
 * @property {'status' | 'reset' | 'hang' | 'html' | 'truncated' | 'delay' | 'wrongTypes' | 'repeatCursor' | 'emptyPage' | 'hugePage'} kind
 *   'repeatCursor': an analytics page answered normally, except that `nextCursor` is the cursor the request sent
 *   (the normal one when it sent none) and `hasMore` is true, so a reader that follows it never gets further;
 *   'emptyPage': an analytics page with no rows that says there are more (`hasMore` true; `nextCursor` the normal
 *   one, or the cursor the request sent when the normal one is null);
 *   'hugePage': an analytics page whose rows, made by `row`, come to about `bytes` bytes (or `rows` rows), each row new (the
 *   fault counts them across its answers), saying there are more (`hasMore` true; `nextCursor` from `cursor`)
 * @property {number} [status] for 'status' and 'html'
 * @property {string | ((now: number) => string)} [retryAfter] Retry-After header value, for 'status' (a function of the emulator's time gives it when the fault answers)
 * @property {string} [body] for 'status': the body (default {"error": "..."}, or the bare message for a `contentType` other than JSON)
 * @property {string} [contentType] for 'status': the Content-Type of the answer (default application/json), e.g. 'text/plain'
 * @property {number} [delayMs] for 'delay': the normal answer comes this much later
 * @property {boolean} [afterHandling] the request is handled (a job created, a message taken) before the fault answers
 * @property {number} [bytes] for 'hugePage': how large the answer is (default 15 MiB)
 * @property {number} [rows] for 'hugePage': the most rows an answer holds (default: as many as `bytes` holds)
 * @property {(index: number) => unknown} [row] for 'hugePage': the row with this number (counted from 0 over the fault's answers)
 * @property {(index: number) => string} [cursor] for 'hugePage': the next cursor after the row with this number
 * @property {number} [served] for 'hugePage': the rows it has answered so far
 *
 * @typedef {object} EmulatorOptions
 * @property {Record<string, { scopes?: Array<'read' | 'write'> }>} [keys] valid API keys (default { mint_test_key: {} })
 * @property {string[]} [projects] known project IDs (default ['proj_docs'])
 * @property {number} [agentLimitPerHour] create and follow-up requests per project per hour (default 100)
 * @property {JobPlan} [defaultPlan]
 * @property {number} [port] port to listen on (default: any free one)
 * @property {number} [analyticsLimitPerHour] analytics requests per organization per hour (default 100)
 * @property {EmulatorClock} [clock] the time, and the waits, of a test that runs the action in process (test/support/test-clock.ts); the machine's by default
 * @property {(prompt: string) => JobPlan | undefined} [planByPrompt] chooses a created job's plan from its prompt (before the queue)
 *
 * @typedef {{ path: string, human: number, ai: number, total: number }} VisitorRow
 * @typedef {{ totals: { human: number, ai: number, total: number }, rows: VisitorRow[] }} VisitorData
 * @typedef {import('./analytics-data.js').ViewData} ViewData
 * @typedef {import('./analytics-data.js').SearchData} SearchData
 * @typedef {import('./analytics-data.js').FeedbackRow} FeedbackRow
 * @typedef {import('./analytics-data.js').FeedbackByPageRow} FeedbackByPageRow
 * @typedef {import('./analytics-data.js').Conversation} Conversation
 * @typedef {import('./analytics-data.js').CallerStats} CallerStats
 * @typedef {{ dateFrom: string, dateTo: string }} DateRange dateFrom and dateTo exactly as a request sends them
 *
 * @typedef {object} PageRules How an analytics endpoint reads its query, as the analytics document says.
 * @property {{ max: number, fallback: number, integer: boolean }} [limit] `limit` from 1 to max (an integer, or any number)
 * @property {boolean} [offset] takes `offset` (an integer of at least 0)
 * @property {(cursor: string) => boolean} [cursor] takes `cursor`, valid when this says so
 * @property {boolean} [filters] takes `source` and `status`
 * @property {string} [invalid] the error for a bad query (default 'Invalid query parameters')
 *
 * @typedef {{ limit: number, offset: number, cursor: string | null, source: string | null, statuses: string[] | null }} PageQuery
 *
 * @typedef {object} EmulatorClock
 * @property {() => number} now
 * @property {() => () => void} hold marks a request as held (answered later, or never); gives back what releases it
 * @property {(ms: number, fire: () => void) => void} after calls `fire` after `ms` of the clock's time
 *
 * @typedef {object} RecordedRequest
 * @property {string} method
 * @property {string} path
 * @property {URLSearchParams} query
 * @property {Record<string, string | string[] | undefined>} headers
 * @property {string} body
 * @property {number} at
 */

/**
 * @typedef {object} Job
 * @property {string} id
 * @property {string} projectId
 * @property {JobPlan} plan
 * @property {number} startedAt
 * @property {number} createdAt
 * @property {number | null} archivedAt
 * @property {string} prompt
 */

const JSON_TYPE = 'application/json'
const FEEDBACK_SOURCES = ['code_snippet', 'contextual', 'agent', 'thumbs_only']
const FEEDBACK_STATUSES = ['pending', 'in_progress', 'resolved', 'dismissed']
const ULID = /^[0-9A-HJKMNP-TV-Z]{26}$/i

/**
 * An opaque cursor for the row at this offset of one endpoint's list.
 * @param {string} kind
 * @param {number} offset
 */
function encodeCursor(kind, offset) {
  return Buffer.from(`${kind}:${offset}`, 'utf8').toString('base64url')
}

/**
 * The offset a cursor from `encodeCursor(kind, ...)` stands for, or undefined for any other text.
 * @param {string} kind
 * @param {string} cursor
 */
function decodeCursor(kind, cursor) {
  if (!/^[A-Za-z0-9_-]+$/.test(cursor)) return undefined
  const match = /^([a-z]+):(\d{1,9})$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'))
  return match?.[1] === kind ? Number(match[2]) : undefined
}

/**
 * Data served for every date range, or for particular ones.
 * @template T
 * @param {T} initial
 */
function rangedData(initial) {
  let all = initial
  /** @type {Map<string, T>} */
  const byRange = new Map()
  return {
    /** @param {URLSearchParams} query */
    get(query) {
      return byRange.get(`${query.get('dateFrom') ?? ''}..${query.get('dateTo') ?? ''}`) ?? all
    },
    /** @param {T} data @param {DateRange} [range] */
    set(data, range) {
      if (range) byRange.set(`${range.dateFrom}..${range.dateTo}`, data)
      else all = data
    }
  }
}

/** @param {EmulatorOptions} [options] */
export async function startEmulator(options = {}) {
  const keys = options.keys ?? { mint_test_key: {} }
  const projects = new Set(options.projects ?? ['proj_docs'])
  const agentLimit = options.agentLimitPerHour ?? 100
  /** @type {JobPlan} */
  let defaultPlan = options.defaultPlan ?? {}
  /** @type {JobPlan[]} */
  const plans = []
  /** @type {Map<string, Job>} */
  const jobs = new Map()
  /** @type {Fault[]} */
  const faults = []
  /** @type {RecordedRequest[]} */
  const requests = []
  /** @type {Map<string, number[]>} */
  const agentUses = new Map()
  /** @type {number[]} */
  const analyticsUses = []
  const analyticsLimit = options.analyticsLimitPerHour ?? 100
  /** @type {VisitorData} */
  let visitors = { totals: { human: 0, ai: 0, total: 0 }, rows: [] }
  /** Visitor data for particular ranges, by "dateFrom..dateTo"; other ranges get `visitors`. @type {Map<string, VisitorData>} */
  const visitorsByRange = new Map()
  const views = rangedData(defaultViews())
  const searches = rangedData(defaultSearches())
  const feedback = rangedData(defaultFeedback())
  const feedbackByPage = rangedData(defaultFeedbackByPage())
  const assistant = rangedData(defaultAssistant())
  const callerStats = rangedData(defaultCallerStats())
  /** @type {Set<import('node:net').Socket>} */
  const sockets = new Set()
  /** @type {Set<import('node:http').ServerResponse>} */
  const hanging = new Set()
  const clock = options.clock
  const clockNow = clock ? () => clock.now() : () => Date.now()

  /** @param {JobPlan} plan */
  function stepsOf(plan) {
    return plan.steps ?? [{ afterMs: plan.finishAfterMs ?? 1000, status: plan.finalStatus ?? 'completed' }]
  }

  /** @param {Job} job */
  function view(job) {
    const elapsed = clockNow() - job.startedAt
    /** @type {JobStatus} */
    let status = 'active'
    for (const step of stepsOf(job.plan)) if (elapsed >= step.afterMs) status = step.status
    const changes = job.plan.changesFiles ?? true
    const prLink =
      status === 'completed' && changes
        ? (job.plan.prLink ?? `https://github.com/acme/docs/pull/${100 + [...jobs.keys()].indexOf(job.id)}`)
        : null
    if (status === 'archived' && job.archivedAt === null) job.archivedAt = clockNow()
    return {
      id: job.id,
      status,
      source: {
        repository: job.plan.repository ?? 'https://github.com/acme/docs',
        ref: job.plan.ref === undefined ? 'main' : job.plan.ref
      },
      model: job.plan.model ?? 'claude-sonnet-4-5',
      prLink,
      createdAt: new Date(job.createdAt).toISOString(),
      archivedAt: job.archivedAt === null ? null : new Date(job.archivedAt).toISOString()
    }
  }

  /**
   * @param {string} projectId
   * @param {JobPlan} plan
   * @param {string} [id]
   * @param {string} [prompt]
   */
  function createJob(projectId, plan, id, prompt = '') {
    const now = clockNow()
    /** @type {Job} */
    const job = { id: id ?? randomBytes(12).toString('hex'), projectId, plan, startedAt: now, createdAt: now, archivedAt: null, prompt }
    jobs.set(job.id, job)
    return job
  }

  /**
   * @param {import('node:http').ServerResponse} res
   * @param {number} status
   * @param {unknown} body
   * @param {Record<string, string>} [headers]
   */
  function send(res, status, body, headers = {}) {
    const text = JSON.stringify(body)
    res.writeHead(status, { 'Content-Type': JSON_TYPE, 'Content-Length': Buffer.byteLength(text), ...headers })
    res.end(text)
  }

  /** @param {RecordedRequest} req */
  function takeFault(req) {
    const index = faults.findIndex(
      (f) =>
        (f.method === undefined || f.method === req.method) &&
        (f.path === undefined || (typeof f.path === 'string' ? req.path.startsWith(f.path) : f.path.test(req.path))) &&
        Object.entries(f.query ?? {}).every(([name, value]) => req.query.get(name) === value)
    )
    if (index < 0) return undefined
    const fault = /** @type {Fault} */ (faults[index])
    const left = (fault.times ?? 1) - 1
    if (left <= 0) faults.splice(index, 1)
    else fault.times = left
    return fault
  }

  /**
   * @param {Fault} fault
   * @param {import('node:http').ServerResponse} res
   */
  function answerFault(fault, res) {
    switch (fault.kind) {
      case 'reset':
        res.socket?.destroy()
        return
      case 'hang':
        hanging.add(res)
        if (clock) res.on('close', clock.hold())
        return
      case 'html': {
        const html = '<html><body><h1>502 Bad Gateway</h1></body></html>'
        res.writeHead(fault.status ?? 502, { 'Content-Type': 'text/html' })
        res.end(html)
        return
      }
      case 'truncated':
        res.writeHead(200, { 'Content-Type': JSON_TYPE })
        res.end('{"id": "abc", "status": "comp')
        return
      case 'wrongTypes':
        send(res, 200, { id: 42, status: ['completed'], prLink: 7 })
        return
      default: {
        const retryAfter = typeof fault.retryAfter === 'function' ? fault.retryAfter(clockNow()) : fault.retryAfter
        const headers = retryAfter === undefined ? {} : { 'Retry-After': retryAfter }
        const status = fault.status ?? 500
        const contentType = fault.contentType ?? JSON_TYPE
        const message = status === 429 ? 'Rate limit exceeded' : 'Internal server error'
        const body = fault.body ?? (contentType.startsWith(JSON_TYPE) ? JSON.stringify({ error: message }) : message)
        res.writeHead(status, { 'Content-Type': contentType, ...headers })
        res.end(body)
      }
    }
  }

  /**
   * @param {string} projectId
   */
  function useAgentBudget(projectId) {
    const now = clockNow()
    const uses = (agentUses.get(projectId) ?? []).filter((t) => now - t < 3_600_000)
    if (uses.length >= agentLimit) {
      agentUses.set(projectId, uses)
      return false
    }
    uses.push(now)
    agentUses.set(projectId, uses)
    return true
  }

  /**
   * What every analytics request goes through, in the service's order: the project, the query
   * (every problem in one 400), then the hourly budget all analytics endpoints share.
   * @param {string} projectId
   * @param {URLSearchParams} query
   * @param {PageRules} rules
   * @returns {[number, unknown] | PageQuery} an answer to give instead, or the query read
   */
  function analyticsQuery(projectId, query, rules) {
    if (!projects.has(projectId)) return [403, { error: 'API key has no access to this project' }]
    /** @type {string[]} */
    const problems = []
    let limit = 0
    let offset = 0
    if (rules.limit) {
      const { max, fallback, integer } = rules.limit
      const text = query.get('limit')
      const form = integer ? /^\d+$/ : /^\d+(\.\d+)?$/
      limit = text === null ? fallback : form.test(text) ? Number(text) : NaN
      if (!(limit >= 1 && limit <= max)) problems.push(`limit must be ${integer ? 'an integer' : 'a number'} from 1 to ${max}`)
      limit = Math.floor(limit)
    }
    if (rules.offset) {
      const text = query.get('offset')
      offset = text === null ? 0 : /^\d+$/.test(text) ? Number(text) : NaN
      if (!(offset >= 0)) problems.push('offset must be an integer of at least 0')
    }
    for (const name of ['dateFrom', 'dateTo']) {
      const value = query.get(name)
      const form = /^\d{4}-\d{2}-\d{2}$/.test(value ?? '') || /^\d{4}-\d{2}-\d{2}T[\d:.]+(Z|[+-]\d{2}:\d{2})$/.test(value ?? '')
      if (value !== null && (!form || Number.isNaN(Date.parse(value))))
        problems.push(`${name} must be a date in ISO 8601 or YYYY-MM-DD format`)
    }
    const cursor = rules.cursor ? query.get('cursor') : null
    if (cursor !== null && !rules.cursor?.(cursor)) problems.push('cursor is not valid')
    const source = rules.filters ? query.get('source') : null
    if (source !== null && !FEEDBACK_SOURCES.includes(source)) problems.push(`source must be one of ${FEEDBACK_SOURCES.join(', ')}`)
    const statusText = rules.filters ? query.get('status') : null
    const statuses = statusText === null ? null : statusText.split(',').map((status) => status.trim())
    if (statuses?.some((status) => !FEEDBACK_STATUSES.includes(status)))
      problems.push(`status must be a comma-separated list of ${FEEDBACK_STATUSES.join(', ')}`)
    if (problems.length > 0)
      return [400, { error: rules.invalid ?? 'Invalid query parameters', details: problems.map((message) => ({ message })) }]
    const now = clockNow()
    while (analyticsUses.length > 0 && now - /** @type {number} */ (analyticsUses[0]) >= 3_600_000) analyticsUses.shift()
    if (analyticsUses.length >= analyticsLimit) return [429, { error: 'Rate limit exceeded' }]
    analyticsUses.push(now)
    return { limit, offset, cursor, source, statuses }
  }

  /**
   * Counts per page for the statuses asked (all when none is): a row with a `status` counts only for
   * it, a row without one for any. Rows given by status are added up per page, in the order pages
   * first come; rows given without any status are served as they are.
   * @param {FeedbackByPageRow[]} rows
   * @param {string[] | null} statuses
   * @returns {FeedbackByPageRow[]}
   */
  function pagesOfStatuses(rows, statuses) {
    if (rows.every((row) => row.status === undefined)) return rows
    /** @type {Map<string, FeedbackByPageRow>} */
    const pages = new Map()
    for (const { status, ...row } of rows) {
      if (status !== undefined && statuses !== null && !statuses.includes(status)) continue
      const seen = pages.get(row.path)
      pages.set(
        row.path,
        seen === undefined
          ? row
          : {
              path: row.path,
              thumbsUp: seen.thumbsUp + row.thumbsUp,
              thumbsDown: seen.thumbsDown + row.thumbsDown,
              code: seen.code + row.code,
              total: seen.total + row.total
            }
      )
    }
    return [...pages.values()]
  }

  /** @type {Record<string, (projectId: string, query: URLSearchParams) => [number, unknown]>} */
  const analyticsEndpoints = {
    visitors(projectId, query) {
      const q = analyticsQuery(projectId, query, { limit: { max: 250, fallback: 50, integer: true }, offset: true })
      if (Array.isArray(q)) return q
      const data = visitorsByRange.get(`${query.get('dateFrom') ?? ''}..${query.get('dateTo') ?? ''}`) ?? visitors
      const { limit, offset } = q
      return [200, { totals: data.totals, visitors: data.rows.slice(offset, offset + limit), hasMore: offset + limit < data.rows.length }]
    },
    views(projectId, query) {
      const q = analyticsQuery(projectId, query, { limit: { max: 250, fallback: 50, integer: true }, offset: true })
      if (Array.isArray(q)) return q
      const data = views.get(query)
      const { limit, offset } = q
      return [200, { totals: data.totals, views: data.rows.slice(offset, offset + limit), hasMore: offset + limit < data.rows.length }]
    },
    searches(projectId, query) {
      const q = analyticsQuery(projectId, query, {
        limit: { max: 100, fallback: 50, integer: false },
        cursor: (cursor) => decodeCursor('searches', cursor) !== undefined,
        invalid: 'Invalid query parameters or cursor'
      })
      if (Array.isArray(q)) return q
      const data = searches.get(query)
      const rows = [...data.rows].sort((a, b) => b.hits - a.hits)
      const start = q.cursor === null ? 0 : (decodeCursor('searches', q.cursor) ?? 0)
      const end = start + q.limit
      const totalSearches = data.totalSearches ?? Math.max(0, Math.round(rows.reduce((sum, row) => sum + row.hits, 0)))
      return [
        200,
        { searches: rows.slice(start, end), totalSearches, nextCursor: end < rows.length ? encodeCursor('searches', end) : null }
      ]
    },
    feedback(projectId, query) {
      const q = analyticsQuery(projectId, query, {
        limit: { max: 100, fallback: 50, integer: false },
        cursor: (cursor) => decodeCursor('feedback', cursor) !== undefined,
        filters: true
      })
      if (Array.isArray(q)) return q
      const rows = feedback
        .get(query)
        .filter((row) => (q.source === null || row.source === q.source) && (q.statuses === null || q.statuses.includes(row.status)))
      const start = q.cursor === null ? 0 : (decodeCursor('feedback', q.cursor) ?? 0)
      const end = start + q.limit
      const hasMore = end < rows.length
      return [200, { feedback: rows.slice(start, end), nextCursor: hasMore ? encodeCursor('feedback', end) : null, hasMore }]
    },
    'feedback/by-page'(projectId, query) {
      const q = analyticsQuery(projectId, query, { limit: { max: 100, fallback: 10, integer: false }, filters: true })
      if (Array.isArray(q)) return q
      const rows = pagesOfStatuses(feedbackByPage.get(query), q.statuses)
      return [200, { feedback: rows.slice(0, q.limit), hasMore: q.limit < rows.length }]
    },
    assistant(projectId, query) {
      const q = analyticsQuery(projectId, query, {
        limit: { max: 1000, fallback: 100, integer: false },
        cursor: (cursor) => ULID.test(cursor)
      })
      if (Array.isArray(q)) return q
      const rows = [...assistant.get(query)].sort((a, b) => (a.id.toUpperCase() < b.id.toUpperCase() ? 1 : -1))
      const after = q.cursor?.toUpperCase()
      const start = after === undefined ? 0 : rows.findIndex((row) => row.id.toUpperCase() < after)
      const page = start < 0 ? [] : rows.slice(start, start + q.limit)
      const hasMore = start >= 0 && start + q.limit < rows.length
      return [200, { conversations: page, nextCursor: hasMore ? (page.at(-1)?.id ?? null) : null, hasMore }]
    },
    'assistant/caller-stats'(projectId, query) {
      const q = analyticsQuery(projectId, query, {})
      if (Array.isArray(q)) return q
      return [200, callerStats.get(query)]
    }
  }

  /**
   * A normal analytics page changed by a 'repeatCursor' or 'emptyPage' fault.
   * @param {Fault} fault
   * @param {RecordedRequest} req
   * @param {unknown} body
   */
  function alterPage(fault, req, body) {
    if (typeof body !== 'object' || body === null) return body
    /** @type {Record<string, unknown>} */
    const page = { ...body }
    const sent = req.query.get('cursor')
    if (fault.kind === 'emptyPage') {
      for (const [name, value] of Object.entries(page)) if (Array.isArray(value)) page[name] = []
      if ('nextCursor' in page) page.nextCursor = page.nextCursor ?? sent
    } else if ('nextCursor' in page) {
      page.nextCursor = sent ?? page.nextCursor
    }
    if ('hasMore' in page) page.hasMore = true
    return page
  }

  /**
   * A normal analytics page given the rows of a 'hugePage' fault instead of its own, as many as
   * `fault.bytes` holds, as the answer's JSON text (built directly: a page may hold millions of rows).
   * @param {Fault} fault
   * @param {unknown} body
   */
  function hugePage(fault, body) {
    if (typeof body !== 'object' || body === null || !fault.row) return JSON.stringify(body)
    /** @type {Record<string, unknown>} */
    const page = { ...body }
    const name = Object.keys(page).find((key) => Array.isArray(page[key]))
    if (name === undefined) return JSON.stringify(body)
    if ('hasMore' in page) page.hasMore = true
    page[name] = []
    let size = 0
    /** @type {string[]} */
    const rows = []
    const bytes = fault.bytes ?? 15 * 1024 * 1024
    let index = fault.served ?? 0
    for (; size < bytes - 1024 && rows.length < (fault.rows ?? Infinity); index++) {
      const row = JSON.stringify(fault.row(index))
      rows.push(row)
      size += Buffer.byteLength(row) + 1
    }
    fault.served = index
    if ('nextCursor' in page) page.nextCursor = fault.cursor?.(index - 1) ?? null
    const [head, tail] = JSON.stringify(page).split(`"${name}":[]`)
    return `${head ?? ''}"${name}":[${rows.join(',')}]${tail ?? ''}`
  }

  /**
   * The documented API. Returns [status, body].
   * @param {RecordedRequest} req
   * @returns {[number, unknown]}
   */
  function handle(req) {
    const auth = req.headers.authorization
    const key = typeof auth === 'string' && auth.startsWith('Bearer ') ? auth.slice(7) : undefined
    const grant = key === undefined ? undefined : keys[key]
    if (!grant) return [401, { error: 'Invalid or expired API key' }]
    const scopes = grant.scopes ?? ['read', 'write']
    const needs = req.method === 'GET' || req.method === 'HEAD' ? 'read' : 'write'
    if (!scopes.includes(needs) && !scopes.includes('write')) return [403, { error: `API key is missing the ${needs} scope` }]

    const parts = req.path.split('/').slice(1).map(decodeURIComponent)
    const endpoint = parts.length >= 4 && parts[0] === 'v1' && parts[1] === 'analytics' ? parts.slice(3).join('/') : undefined
    if (req.method === 'GET' && endpoint !== undefined && Object.hasOwn(analyticsEndpoints, endpoint)) {
      return /** @type {(typeof analyticsEndpoints)[string]} */ (analyticsEndpoints[endpoint])(/** @type {string} */ (parts[2]), req.query)
    }
    const [version, area, projectId, kind, jobId, tail] = parts
    if (version === 'v2' && area === 'agent' && kind === 'job' && projectId !== undefined) {
      if (!projects.has(projectId)) {
        return req.method === 'GET' ? [404, { error: 'Job not found' }] : [403, { error: 'API key has no access to this project' }]
      }
      if (req.method === 'POST' && (jobId === undefined || tail === 'message') && parts.length <= 6) {
        const type = String(req.headers['content-type'] ?? '')
        if (!type.startsWith(JSON_TYPE)) return [400, { error: 'Content-Type must be application/json' }]
        /** @type {unknown} */
        let body
        try {
          body = JSON.parse(req.body)
        } catch {
          return [400, { error: 'Invalid JSON body' }]
        }
        const prompt = /** @type {{ prompt?: unknown }} */ (body)?.prompt
        if (typeof prompt !== 'string' || prompt.length < 1) return [400, { error: 'prompt is required' }]
        if (jobId === undefined) {
          if (!useAgentBudget(projectId)) return [429, { error: 'Rate limit exceeded' }]
          const plan = options.planByPrompt?.(prompt) ?? plans.shift() ?? defaultPlan
          const job = createJob(projectId, plan, plan.id, prompt)
          return [201, view(job)]
        }
        const job = jobs.get(jobId)
        if (job?.projectId !== projectId) return [404, { error: 'Job not found' }]
        if (!useAgentBudget(projectId)) return [429, { error: 'Rate limit exceeded' }]
        job.plan = job.plan.onMessage ?? job.plan
        job.startedAt = clockNow()
        job.archivedAt = null
        return [200, view(job)]
      }
      if (req.method === 'GET' && jobId !== undefined && parts.length === 5) {
        const job = jobs.get(jobId)
        if (job?.projectId !== projectId) return [404, { error: 'Job not found' }]
        return [200, view(job)]
      }
    }
    return [404, { error: 'Not found' }]
  }

  const server = createServer((incoming, res) => {
    /** @type {Buffer[]} */
    const chunks = []
    incoming.on('data', (/** @type {Buffer} */ chunk) => {
      chunks.push(chunk)
    })
    incoming.on('end', () => {
      const url = new URL(incoming.url ?? '/', 'http://127.0.0.1')
      /** @type {RecordedRequest} */
      const req = {
        method: incoming.method ?? 'GET',
        path: url.pathname,
        query: url.searchParams,
        headers: incoming.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        at: clockNow()
      }
      requests.push(req)
      const fault = takeFault(req)
      if (fault?.kind === 'delay') {
        const answer = () => {
          const [status, body] = handle(req)
          if (!res.destroyed) send(res, status, body)
        }
        if (clock) {
          const release = clock.hold()
          clock.after(fault.delayMs ?? 1000, () => {
            release()
            answer()
          })
        } else setTimeout(answer, fault.delayMs ?? 1000)
        return
      }
      if (fault?.kind === 'repeatCursor' || fault?.kind === 'emptyPage') {
        const [status, body] = handle(req)
        send(res, status, status === 200 ? alterPage(fault, req, body) : body)
        return
      }
      if (fault?.kind === 'hugePage') {
        const [status, body] = handle(req)
        const text = status === 200 ? hugePage(fault, body) : JSON.stringify(body)
        res.writeHead(status, { 'Content-Type': JSON_TYPE, 'Content-Length': Buffer.byteLength(text) })
        res.end(text)
        return
      }
      if (fault?.afterHandling) handle(req)
      if (fault) {
        answerFault(fault, res)
        return
      }
      const [status, body] = handle(req)
      send(res, status, body)
    })
  })
  // Idle connections are kept a minute, not Node's 5 s: a client busy with a large page on a loaded
  // machine may come back to its connection later than that, and would meet one the server had closed.
  server.keepAliveTimeout = 60_000
  server.on('connection', (socket) => {
    sockets.add(socket)
    socket.on('close', () => {
      sockets.delete(socket)
    })
  })
  await new Promise((resolve) => {
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      resolve(undefined)
    })
  })
  const address = /** @type {import('node:net').AddressInfo} */ (server.address())

  return {
    url: `http://127.0.0.1:${address.port}`,
    requests,
    /** Plans for the next jobs created, in order; after them, the default plan. @param {JobPlan[]} next */
    planJobs(...next) {
      plans.push(...next)
    },
    /** @param {JobPlan} plan */
    setDefaultPlan(plan) {
      defaultPlan = plan
    },
    /** A job that exists before the run, for watch and follow-up tests. @param {string} id @param {JobPlan} plan @param {string} [projectId] */
    addJob(id, plan, projectId = [...projects][0] ?? 'proj_docs') {
      return view(createJob(projectId, plan, id))
    },
    /** @param {string} id */
    job(id) {
      const job = jobs.get(id)
      return job ? view(job) : undefined
    },
    jobCount() {
      return jobs.size
    },
    /** The job created with this prompt: its id and creation time (ms). @param {string} prompt */
    jobByPrompt(prompt) {
      const job = [...jobs.values()].find((j) => j.prompt === prompt)
      return job ? { id: job.id, createdAt: job.createdAt } : undefined
    },
    /**
     * The visitor data the analytics endpoint serves, in this order: for every range, or only for the
     * range given (dateFrom and dateTo exactly as the request sends them).
     * @param {VisitorData} data
     * @param {{ dateFrom: string, dateTo: string }} [range]
     */
    setVisitors(data, range) {
      if (range) visitorsByRange.set(`${range.dateFrom}..${range.dateTo}`, data)
      else visitors = data
    },
    /**
     * Page views (GET .../views), served in this order, for every range or only for the range given.
     * @param {ViewData} data
     * @param {DateRange} [range]
     */
    setViews(data, range) {
      views.set(data, range)
    },
    /**
     * Search terms (GET .../searches), served by hits descending; `totalSearches` defaults to the sum of the hits.
     * @param {SearchData} data
     * @param {DateRange} [range]
     */
    setSearches(data, range) {
      searches.set(data, range)
    },
    /**
     * Feedback rows (GET .../feedback), served in this order, filtered by the request's `source` and `status`.
     * @param {FeedbackRow[]} rows
     * @param {DateRange} [range]
     */
    setFeedback(rows, range) {
      feedback.set(rows, range)
    },
    /**
     * Feedback per page (GET .../feedback/by-page), served in this order whatever `source` says; a row with a
     * `status` counts only when the request's `status` names it (rows of one page added up).
     * @param {FeedbackByPageRow[]} rows
     * @param {DateRange} [range]
     */
    setFeedbackByPage(rows, range) {
      feedbackByPage.set(rows, range)
    },
    /**
     * Assistant conversations (GET .../assistant), served by id (a ULID) descending; the cursor is the last id served.
     * @param {Conversation[]} rows
     * @param {DateRange} [range]
     */
    setAssistant(rows, range) {
      assistant.set(rows, range)
    },
    /** @param {CallerStats} stats @param {DateRange} [range] */
    setCallerStats(stats, range) {
      callerStats.set(stats, range)
    },
    /** Faults to inject, in order (copied: the emulator counts down their `times`). @param {Fault[]} list */
    fault(...list) {
      faults.push(...list.map((fault) => ({ ...fault })))
    },
    /** How many requests were received, optionally with this method and path prefix. @param {string} [method] @param {string} [pathPrefix] */
    count(method, pathPrefix) {
      return requests.filter(
        (r) => (method === undefined || r.method === method) && (pathPrefix === undefined || r.path.startsWith(pathPrefix))
      ).length
    },
    async close() {
      for (const res of hanging) res.socket?.destroy()
      for (const socket of sockets) socket.destroy()
      await new Promise((resolve) => {
        server.close(() => {
          resolve(undefined)
        })
      })
    }
  }
}

/** @typedef {Awaited<ReturnType<typeof startEmulator>>} Emulator */

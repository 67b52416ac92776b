// The API client's analytics reads against a small loopback server that answers documented bodies
// and records each request: the method, path, query and headers of every endpoint, answers with
// nulls, extra fields and negative or fractional counts, answers that are not the documented JSON,
// retries after 429 and 5xx, and a 429 whose body is plain text.
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { ASSISTANT_ENDPOINT, CALLER_STATS_ENDPOINT } from '../../src/sections/assistant/schema.js'
import { COUNTED_STATUSES, FEEDBACK_BY_PAGE_ENDPOINT, FEEDBACK_ENDPOINT } from '../../src/sections/feedback/schema.js'
import { SEARCHES_ENDPOINT } from '../../src/sections/searches/schema.js'
import { VIEWS_ENDPOINT, VISITORS_ENDPOINT } from '../../src/sections/traffic/schema.js'
import { ApiClient } from '../../src/api/client.js'
import { ApiError } from '../../src/api/errors.js'
import type { RetryPolicy } from '../../src/api/retry.js'
import { Lifetime } from '../../src/core/lifetime.js'

/** A copy of the value without one of its fields. */
function without<T extends object, K extends keyof T>(value: T, key: K): Omit<T, K> {
  return Object.fromEntries(Object.entries(value).filter(([name]) => name !== key)) as Omit<T, K>
}

const KEY = 'mint_analyticsKey'
const AGENT = 'docs-agent-action/1.2.3'
/** Three attempts, 10 ms apart. */
const FAST: RetryPolicy = { maxAttempts: 3, baseMs: 10, capMs: 20, random: () => 1 }
const RANGE = { dateFrom: '2026-11-01', dateTo: '2026-11-08' }
const LIMIT_QUOTA =
  'failed: the rate limit was hit (429 Too Many Requests). Analytics allow 100 requests per organization per hour, shared by all analytics endpoints.'

interface Answer {
  status: number
  body: string
  headers?: Record<string, string>
}

interface Recorded {
  method: string
  url: string
  headers: IncomingHttpHeaders
  body: string
}

let server: Server
let baseUrl: string
let answers: Answer[]
let requests: Recorded[]
let lifetime: Lifetime
let client: ApiClient

function json(body: unknown, status = 200, headers: Record<string, string> = {}): Answer {
  return { status, body: JSON.stringify(body), headers }
}

/** The next answers, in order; once they run out, every request gets a 500. */
function answer(...next: Answer[]): void {
  answers.push(...next)
}

beforeEach(async () => {
  answers = []
  requests = []
  server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      requests.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString() })
      const next = answers.shift() ?? json({ error: 'no answer was scripted' }, 500)
      res.writeHead(next.status, { 'content-type': 'application/json', ...next.headers })
      res.end(next.body)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  lifetime = new Lifetime(20_000)
  // Reader text shown: the service's words are quoted (see "the service's words where reader text is hidden").
  client = new ApiClient({
    baseUrl,
    apiKey: KEY,
    userAgent: AGENT,
    lifetime,
    requestTimeoutMs: 10_000,
    retry: FAST,
    readerTextShown: () => true
  })
})

afterEach(async () => {
  await client.close()
  lifetime.dispose()
  server.closeAllConnections()
  await new Promise<void>((resolve) =>
    server.close(() => {
      resolve()
    })
  )
})

async function apiError(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e
  )
  expect(error).toBeInstanceOf(ApiError)
  return error as ApiError
}

const viewsPage = {
  totals: { human: 120, ai: 30, total: 150 },
  views: [
    { path: '/intro', human: 100, ai: 20, total: 120 },
    { path: '/api', human: 20, ai: 10, total: 30 }
  ],
  hasMore: true
}
const searchesPage = {
  searches: [
    { searchQuery: 'install', hits: 12, ctr: 0.5, topClickedPage: '/install', lastSearchedAt: '2026-11-07T10:00:00Z' },
    { searchQuery: 'sso', hits: 3, ctr: 0, topClickedPage: null, lastSearchedAt: '2026-11-06T09:00:00Z' }
  ],
  totalSearches: 15,
  nextCursor: 'c2'
}
const contextualRow = {
  id: 'f1',
  path: '/intro',
  comment: 'Clear',
  createdAt: '2026-11-02T08:00:00Z',
  source: 'contextual',
  status: 'pending',
  helpful: true,
  // Documented, and dropped on reading: the address never enters the run.
  contact: 'reader@example.com'
}
const codeRow = {
  id: 'f2',
  path: '/api',
  comment: null,
  createdAt: null,
  source: 'code_snippet',
  status: 'resolved',
  code: 'npm i',
  filename: null,
  lang: 'bash'
}
const thumbsRow = { id: 'f3', path: '/faq', comment: null, createdAt: null, source: 'thumbs_only', status: 'dismissed' }
const feedbackPage = { feedback: [contextualRow, codeRow, thumbsRow], nextCursor: null, hasMore: false }
const byPage = { feedback: [{ path: '/intro', thumbsUp: 4, thumbsDown: 1, code: 2, total: 7 }], hasMore: false }
const assistantRow = {
  id: '01JD0000000000000000000000',
  timestamp: '2026-11-03T12:00:00Z',
  query: 'How do I deploy?',
  response: 'Run the deploy command.',
  responseType: 'answer',
  sources: [{ title: 'Deploy', url: 'https://docs.example.com/deploy' }],
  resolutionStatus: 'answered',
  queryCategory: 'deployment',
  pageUrl: 'https://docs.example.com/intro'
}
const assistantPage = { conversations: [assistantRow], nextCursor: '01JD0000000000000000000001', hasMore: true }
const callerStats = { web: 10, api: 5, other: 1, total: 16 }

interface Endpoint {
  name: string
  read: (c: ApiClient, projectId: string) => Promise<unknown>
  path: string
  query: string
  body: unknown
  /** What the client gives back, when it is not the body as it came. */
  parsed?: unknown
  action: string
}

const endpoints: Endpoint[] = [
  {
    name: 'views',
    read: (c, p) => c.analytics(VIEWS_ENDPOINT, p, { ...RANGE, limit: 250, offset: 500 }),
    path: 'views',
    query: 'dateFrom=2026-11-01&dateTo=2026-11-08&limit=250&offset=500',
    body: viewsPage,
    action: 'Reading page views (offset 500)'
  },
  {
    name: 'searches',
    read: (c, p) => c.analytics(SEARCHES_ENDPOINT, p, { ...RANGE, limit: 100 }),
    path: 'searches',
    query: 'dateFrom=2026-11-01&dateTo=2026-11-08&limit=100',
    body: searchesPage,
    action: 'Reading searches'
  },
  {
    name: 'feedback',
    read: (c, p) => c.analytics(FEEDBACK_ENDPOINT, p, { ...RANGE, status: COUNTED_STATUSES, limit: 100 }),
    path: 'feedback',
    query: 'dateFrom=2026-11-01&dateTo=2026-11-08&limit=100&status=pending%2Cin_progress%2Cresolved',
    body: feedbackPage,
    parsed: { ...feedbackPage, feedback: feedbackPage.feedback.map((row) => ({ ...row, contact: undefined })) },
    action: 'Reading feedback'
  },
  {
    name: 'feedback/by-page',
    read: (c, p) => c.analytics(FEEDBACK_BY_PAGE_ENDPOINT, p, { ...RANGE, status: COUNTED_STATUSES, limit: 100 }),
    path: 'feedback/by-page',
    query: 'dateFrom=2026-11-01&dateTo=2026-11-08&limit=100&status=pending%2Cin_progress%2Cresolved',
    body: byPage,
    action: 'Reading feedback by page'
  },
  {
    name: 'assistant',
    read: (c, p) => c.analytics(ASSISTANT_ENDPOINT, p, { ...RANGE, limit: 1000 }),
    path: 'assistant',
    query: 'dateFrom=2026-11-01&dateTo=2026-11-08&limit=1000',
    body: assistantPage,
    action: 'Reading assistant questions'
  },
  {
    name: 'assistant/caller-stats',
    read: (c, p) => c.analytics(CALLER_STATS_ENDPOINT, p, RANGE),
    path: 'assistant/caller-stats',
    query: 'dateFrom=2026-11-01&dateTo=2026-11-08',
    body: callerStats,
    action: 'Reading assistant caller stats'
  }
]

describe('the requests it sends', () => {
  it.each(endpoints)('$name: a GET of its path with the dates and paging in the query, the key and JSON accepted', async (e) => {
    answer(json(e.body))
    await expect(e.read(client, 'proj_docs')).resolves.toEqual(e.parsed ?? e.body)
    expect(requests).toHaveLength(1)
    const [req] = requests
    expect(req).toMatchObject({ method: 'GET', url: `/v1/analytics/proj_docs/${e.path}?${e.query}`, body: '' })
    expect(req?.headers).toMatchObject({ authorization: `Bearer ${KEY}`, accept: 'application/json', 'user-agent': AGENT })
    expect(req?.headers['content-type']).toBeUndefined()
  })

  it.each(endpoints)('$name: encodes the project id as one path segment', async (e) => {
    answer(json(e.body))
    await e.read(client, 'a/b ä?')
    expect(requests[0]?.url).toBe(`/v1/analytics/a%2Fb%20%C3%A4%3F/${e.path}?${e.query}`)
  })

  it('sends the cursor of searches, feedback and assistant questions, encoded, after the limit', async () => {
    answer(json(searchesPage), json(feedbackPage), json(assistantPage))
    const cursor = 'c/1+2=&x'
    await client.analytics(SEARCHES_ENDPOINT, 'p', { ...RANGE, limit: 10, cursor })
    await client.analytics(FEEDBACK_ENDPOINT, 'p', { ...RANGE, status: COUNTED_STATUSES, limit: 20, cursor })
    await client.analytics(ASSISTANT_ENDPOINT, 'p', { ...RANGE, limit: 30, cursor: '' })
    const range = 'dateFrom=2026-11-01&dateTo=2026-11-08'
    expect(requests.map((r) => r.url)).toEqual([
      `/v1/analytics/p/searches?${range}&limit=10&cursor=c%2F1%2B2%3D%26x`,
      `/v1/analytics/p/feedback?${range}&limit=20&cursor=c%2F1%2B2%3D%26x&status=pending%2Cin_progress%2Cresolved`,
      `/v1/analytics/p/assistant?${range}&limit=30&cursor=`
    ])
  })

  it('sends nothing but the documented parameters, whatever else the query object holds', async () => {
    answer(json(callerStats), json(byPage), json(viewsPage))
    const extra = { ...RANGE, limit: 5, offset: 7, cursor: 'c', status: 'pending' }
    await client.analytics(CALLER_STATS_ENDPOINT, 'p', extra)
    await client.analytics(FEEDBACK_BY_PAGE_ENDPOINT, 'p', extra)
    await client.analytics(VIEWS_ENDPOINT, 'p', extra)
    const range = 'dateFrom=2026-11-01&dateTo=2026-11-08'
    expect(requests.map((r) => r.url)).toEqual([
      `/v1/analytics/p/assistant/caller-stats?${range}`,
      `/v1/analytics/p/feedback/by-page?${range}&limit=5&status=pending`,
      `/v1/analytics/p/views?${range}&limit=5&offset=7`
    ])
  })

  it('still reads visitors with the dates, limit and offset, in that order', async () => {
    answer(json({ totals: { human: 1, ai: 0, total: 1 }, visitors: [], hasMore: false }))
    await client.analytics(VISITORS_ENDPOINT, 'p', { ...RANGE, limit: 50, offset: 0, cursor: 'c' } as never)
    expect(requests[0]?.url).toBe('/v1/analytics/p/visitors?dateFrom=2026-11-01&dateTo=2026-11-08&limit=50&offset=0')
  })
})

describe('the answers it accepts', () => {
  it('reads negative and fractional counts as they are, in visitors and views', async () => {
    const visitors = {
      totals: { human: -1, ai: 0.5, total: -0.5 },
      visitors: [{ path: '/a', human: 2.25, ai: -3, total: 1e-3 }],
      hasMore: false
    }
    answer(json(visitors), json({ ...viewsPage, totals: { human: -10, ai: 1.5, total: -8.5 } }))
    await expect(client.analytics(VISITORS_ENDPOINT, 'p', { ...RANGE, limit: 50, offset: 0 })).resolves.toEqual(visitors)
    await expect(client.analytics(VIEWS_ENDPOINT, 'p', { ...RANGE, limit: 50, offset: 0 })).resolves.toMatchObject({
      totals: { human: -10, ai: 1.5, total: -8.5 }
    })
  })

  it('reads negative and fractional counts in searches, feedback by page and caller stats', async () => {
    const searches = { searches: [{ ...searchesPage.searches[0], hits: -2, ctr: 1.75 }], totalSearches: 0, nextCursor: null }
    const pages = { feedback: [{ path: '/x', thumbsUp: -1, thumbsDown: 0.5, code: 0, total: 2.5 }], hasMore: true }
    const stats = { web: -1, api: 0.25, other: 1e6, total: -3.5 }
    answer(json(searches), json(pages), json(stats))
    await expect(client.analytics(SEARCHES_ENDPOINT, 'p', { ...RANGE, limit: 1 })).resolves.toEqual(searches)
    await expect(client.analytics(FEEDBACK_BY_PAGE_ENDPOINT, 'p', { ...RANGE, status: COUNTED_STATUSES, limit: 1 })).resolves.toEqual(pages)
    await expect(client.analytics(CALLER_STATS_ENDPOINT, 'p', RANGE)).resolves.toEqual(stats)
  })

  it('drops fields the documents do not list, and reads an absent response type as an answer', async () => {
    const row = without(assistantRow, 'responseType')
    answer(json({ ...assistantPage, conversations: [{ ...row, queryCategory: null, pageUrl: null, extra: 1 }], more: true }))
    const page = await client.analytics(ASSISTANT_ENDPOINT, 'p', { ...RANGE, limit: 1 })
    expect(page).toEqual({
      ...assistantPage,
      conversations: [{ ...row, responseType: 'answer', queryCategory: null, pageUrl: null }]
    })
  })
})

describe('the answers it rejects', () => {
  it('names the endpoint and the path of every problem, with the offset of a page of views', async () => {
    // An answer that is not the documented JSON may be a passing fault: a GET asks again.
    const wrong = json({ totals: { human: 1, ai: 0 }, views: [{ path: 7, human: 1, ai: 0, total: 1 }] })
    answer(wrong, wrong, wrong)
    const error = await apiError(client.analytics(VIEWS_ENDPOINT, 'p', { ...RANGE, limit: 50, offset: 250 }))
    expect(error.message).toBe(
      "Reading page views (offset 250) failed: the service's answer (HTTP 200) is not the documented JSON: " +
        'totals.total: Invalid input: expected number, received undefined; views.0.path: Invalid input: expected string, received number; ' +
        'hasMore: Invalid input: expected boolean, received undefined.'
    )
    expect(error.details).toEqual({ status: 200, transient: true, mayHaveActed: false })
    expect(requests).toHaveLength(3)
  })

  it.each([
    ['searches', { ...searchesPage, nextCursor: undefined }, 'nextCursor: Invalid input: expected string, received undefined'],
    ['feedback', { ...feedbackPage, feedback: [{ ...codeRow, id: 3 }] }, 'feedback.0.id: Invalid input: expected string, received number'],
    [
      'feedback/by-page',
      { feedback: [{ path: '/x', thumbsUp: '1', thumbsDown: 0, code: 0, total: 1 }], hasMore: false },
      'feedback.0.thumbsUp'
    ],
    ['assistant', { ...assistantPage, conversations: [{ ...assistantRow, sources: null }] }, 'conversations.0.sources'],
    ['assistant/caller-stats', { web: 1, api: 1, other: 1 }, 'total: Invalid input: expected number, received undefined']
  ])('%s: rejects an answer that is not documented', async (name, body, problem) => {
    const e = endpoints.find((x) => x.name === name) as Endpoint
    answer(json(body), json(body), json(body))
    const error = await apiError(e.read(client, 'p'))
    expect(error.message).toContain(`${e.action} failed: the service's answer (HTTP 200) is not the documented JSON: `)
    expect(error.message).toContain(problem)
  })
})

describe('retries and failures', () => {
  it.each(endpoints)('$name: repeats the request after a 429 and a 500, waiting as the service asks', async (e) => {
    answer(json({ error: 'slow down' }, 429, { 'retry-after': '0' }), json({ error: 'boom' }, 500), json(e.body))
    await expect(e.read(client, 'p')).resolves.toEqual(e.parsed ?? e.body)
    expect(requests.map((r) => r.url)).toEqual(Array(3).fill(`/v1/analytics/p/${e.path}?${e.query}`))
  })

  it.each(endpoints)('$name: names the shared analytics limit after repeated 429 answers in plain text', async (e) => {
    const plain: Answer = { status: 429, body: 'Too Many Requests', headers: { 'content-type': 'text/plain', 'retry-after': '0' } }
    answer(plain, plain, plain)
    const error = await apiError(e.read(client, 'p'))
    expect(error.message).toBe(`${e.action} ${LIMIT_QUOTA} The service asked to wait 0 s.`)
    expect(error.details).toEqual({ status: 429, transient: true, mayHaveActed: false })
    expect(requests).toHaveLength(3)
  })

  it('quotes the analytics error body of a 429 that has one, details included', async () => {
    const body = json({ error: 'Rate limit exceeded', details: [{ message: 'try later' }] }, 429)
    answer(body, body, body)
    const error = await apiError(client.analytics(SEARCHES_ENDPOINT, 'p', { ...RANGE, limit: 1 }))
    expect(error.message).toBe(`Reading searches ${LIMIT_QUOTA} The service said: "Rate limit exceeded; try later".`)
  })

  it('does not repeat a 400, and quotes why the query was refused', async () => {
    answer(json({ error: 'Invalid query parameters', details: [{ message: 'cursor is invalid' }] }, 400))
    const error = await apiError(client.analytics(FEEDBACK_ENDPOINT, 'p', { ...RANGE, status: COUNTED_STATUSES, limit: 1, cursor: 'bad' }))
    expect(error.message).toBe(
      'Reading feedback failed: the service rejected the request as invalid (400 Bad Request). ' +
        'The service said: "Invalid query parameters; cursor is invalid".'
    )
    expect(requests).toHaveLength(1)
  })

  it('asks for the read scope on a 403 and blames the project on a 404', async () => {
    answer(json({ error: 'Forbidden' }, 403), json({ error: 'Not found' }, 404))
    const forbidden = await apiError(client.analytics(CALLER_STATS_ENDPOINT, 'p', RANGE))
    expect(forbidden.message).toContain('Reading assistant caller stats failed: access denied (403 Forbidden).')
    expect(forbidden.message).toContain('(`read`)')
    const missing = await apiError(client.analytics(FEEDBACK_BY_PAGE_ENDPOINT, 'p', { ...RANGE, status: COUNTED_STATUSES, limit: 1 }))
    expect(missing.message).toBe(
      'Reading feedback by page failed: project "p" was not found (404 Not Found). Check `projectId`. The service said: "Not found".'
    )
    expect(requests).toHaveLength(2)
  })
})

describe('the debug log', () => {
  it('gives an analytics answer that succeeded by its size alone, since it holds reader text; an error answer in full', async () => {
    const lines: string[] = []
    const debugging = new ApiClient({
      baseUrl,
      apiKey: KEY,
      userAgent: AGENT,
      lifetime,
      requestTimeoutMs: 10_000,
      retry: FAST,
      debug: (message) => lines.push(message)
    })
    try {
      const body = json(feedbackPage)
      const refusal = json({ error: 'Invalid query', details: [{ message: 'limit is too large' }] }, 400)
      answer(refusal)
      await apiError(debugging.analytics(SEARCHES_ENDPOINT, 'p', { ...RANGE, limit: 1 }))
      answer(body)
      await debugging.analytics(FEEDBACK_ENDPOINT, 'p', { ...RANGE, status: COUNTED_STATUSES, limit: 100 })
      const answered = lines.filter((line) => line.includes(' answered '))
      expect(answered.map((line) => line.replace(/ in \d+ ms/, ' in N ms'))).toEqual([
        `GET /v1/analytics/p/searches answered 400 in N ms: ${Buffer.byteLength(refusal.body)} bytes`,
        `GET /v1/analytics/p/feedback answered 200 in N ms: ${Buffer.byteLength(body.body)} bytes`
      ])
      expect(lines.join('\n')).not.toContain('reader@example.com')
    } finally {
      await debugging.close()
    }
  })

  it('shows a cursor by its length alone, since the service may make it of what readers typed', async () => {
    const lines: string[] = []
    const debugging = new ApiClient({
      baseUrl,
      apiKey: KEY,
      userAgent: AGENT,
      lifetime,
      requestTimeoutMs: 10_000,
      retry: FAST,
      debug: (m) => lines.push(m)
    })
    try {
      answer(json(searchesPage))
      await debugging.analytics(SEARCHES_ENDPOINT, 'p', { ...RANGE, limit: 10, cursor: 'reset password for alice@corp.example|3' })
      const sent = lines.find((line) => line.startsWith('GET '))
      expect(sent).toBe('GET /v1/analytics/p/searches?dateFrom=2026-11-01&dateTo=2026-11-08&limit=10&cursor=%2839+characters%29')
      expect(lines.join('\n')).not.toMatch(/alice|reset/)
    } finally {
      await debugging.close()
    }
  })
})

describe("the service's words where reader text is hidden", () => {
  it('leaves out the words of an analytics refusal, which can echo a cursor that carries what readers typed, and says so', async () => {
    let shown = false
    const hiding = new ApiClient({
      baseUrl,
      apiKey: KEY,
      userAgent: AGENT,
      lifetime,
      requestTimeoutMs: 10_000,
      retry: FAST,
      readerTextShown: () => shown
    })
    try {
      const echo = { error: 'Invalid cursor "after:reset password jane.doe@example.com SECRETREADER"' }
      answer(json(echo, 400))
      const hidden = await apiError(hiding.analytics(SEARCHES_ENDPOINT, 'p', { ...RANGE, limit: 1 }))
      expect(hidden.message).toBe(
        "Reading searches failed: the service rejected the request as invalid (400 Bad Request). The service's words are left out: they can echo what readers typed, which readerText hides here."
      )
      expect(hidden.message).not.toContain('SECRETREADER')
      // Asked at the failure: a run that decides to show reader text quotes them.
      shown = true
      answer(json(echo, 400))
      const quoted = await apiError(hiding.analytics(SEARCHES_ENDPOINT, 'p', { ...RANGE, limit: 1 }))
      expect(quoted.message).toContain('SECRETREADER')
    } finally {
      await hiding.close()
    }
  })
})

describe('a 403 denial', () => {
  it("carries the project and the service's words, left out where reader text is hidden", async () => {
    let shown = true
    const denying = new ApiClient({
      baseUrl,
      apiKey: KEY,
      userAgent: AGENT,
      lifetime,
      requestTimeoutMs: 10_000,
      retry: FAST,
      readerTextShown: () => shown
    })
    try {
      answer(json({ error: 'API key has no access to this project' }, 403))
      expect((await apiError(denying.analytics(SEARCHES_ENDPOINT, 'p', { ...RANGE, limit: 1 }))).details.denial).toEqual({
        projectId: 'p',
        reason: 'API key has no access to this project'
      })
      shown = false
      answer(json({ error: 'API key has no access to this project' }, 403))
      expect((await apiError(denying.analytics(SEARCHES_ENDPOINT, 'p', { ...RANGE, limit: 1 }))).details.denial).toEqual({ projectId: 'p' })
      answer(json({}, 403))
      expect((await apiError(denying.analytics(SEARCHES_ENDPOINT, 'p', { ...RANGE, limit: 1 }))).details.denial).toEqual({ projectId: 'p' })
      answer(json({ error: 'Invalid or expired API key' }, 401))
      expect((await apiError(denying.analytics(SEARCHES_ENDPOINT, 'p', { ...RANGE, limit: 1 }))).details.denial).toBeUndefined()
    } finally {
      await denying.close()
    }
  })
})

// The emulator's analytics endpoints over real HTTP on loopback, against the analytics document:
// each answer's shape (strict schemas copied from the document), a full read by following each
// endpoint's own paging, the limits and 400s, the hourly budget all analytics endpoints share, and
// the faults the action must survive (a cursor that repeats, an empty page that says there are
// more, a 429 in plain text).
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { z } from 'zod'
import {
  HOSTILE_TEXT,
  LONG_LINE,
  defaultAssistant,
  defaultCallerStats,
  defaultFeedback,
  defaultFeedbackByPage,
  defaultSearches,
  defaultViews
} from '../emulator/analytics-data.js'
import { startEmulator, type Emulator } from '../emulator/emulator.js'
import { visitorRows } from '../support/visitors.js'

const KEY = 'mint_analyticsEmuKey'
const BASE = '/v1/analytics/proj_docs'

const nullableString = z.union([z.string(), z.null()])
const totals = z.strictObject({ human: z.number(), ai: z.number(), total: z.number() })
const ViewsResponse = z.strictObject({
  totals,
  views: z.array(z.strictObject({ path: z.string(), human: z.number(), ai: z.number(), total: z.number() })),
  hasMore: z.boolean()
})
const SearchesResponse = z.strictObject({
  searches: z.array(
    z.strictObject({
      searchQuery: z.string(),
      hits: z.number(),
      ctr: z.number(),
      topClickedPage: nullableString,
      lastSearchedAt: z.string()
    })
  ),
  totalSearches: z.number().int().min(0),
  nextCursor: nullableString
})
const source = z.enum(['code_snippet', 'contextual', 'agent', 'thumbs_only'])
const status = z.enum(['pending', 'in_progress', 'resolved', 'dismissed'])
const feedbackBase = { id: z.string(), path: z.string(), comment: nullableString, createdAt: nullableString, source, status }
const FeedbackResponse = z.strictObject({
  feedback: z.array(
    z.union([
      z.strictObject({ ...feedbackBase, helpful: z.boolean(), contact: nullableString }),
      z.strictObject({ ...feedbackBase, code: z.string(), filename: nullableString, lang: nullableString }),
      z.strictObject(feedbackBase)
    ])
  ),
  nextCursor: nullableString,
  hasMore: z.boolean()
})
const FeedbackByPageResponse = z.strictObject({
  feedback: z.array(
    z.strictObject({ path: z.string(), thumbsUp: z.number(), thumbsDown: z.number(), code: z.number(), total: z.number() })
  ),
  hasMore: z.boolean()
})
const AssistantResponse = z.strictObject({
  conversations: z.array(
    z.strictObject({
      id: z.string(),
      timestamp: z.string(),
      query: z.string(),
      response: z.string(),
      responseType: z.enum(['answer', 'clarifying_question']).optional(),
      sources: z.array(z.strictObject({ title: z.string(), url: z.string() })),
      resolutionStatus: z.enum(['answered', 'unanswered']),
      queryCategory: nullableString,
      pageUrl: nullableString
    })
  ),
  nextCursor: nullableString,
  hasMore: z.boolean()
})
const CallerStatsResponse = z.strictObject({ web: z.number(), api: z.number(), other: z.number(), total: z.number() })
const ErrorResponse = z.strictObject({ error: z.string(), details: z.array(z.strictObject({ message: z.string() })).optional() })

let emu: Emulator

beforeEach(async () => {
  emu = await startEmulator({ keys: { [KEY]: { scopes: ['read'] } } })
})
afterEach(async () => {
  await emu.close()
})

interface Answer {
  status: number
  contentType: string
  text: string
  body: unknown
}

async function get(endpoint: string, query: Record<string, string | number> = {}, key: string | null = KEY): Promise<Answer> {
  const url = new URL(`${emu.url}${endpoint.startsWith('/') ? endpoint : `${BASE}/${endpoint}`}`)
  for (const [name, value] of Object.entries(query)) url.searchParams.set(name, String(value))
  const res = await fetch(url, { headers: key === null ? {} : { Authorization: `Bearer ${key}` } })
  const text = await res.text()
  const contentType = res.headers.get('content-type') ?? ''
  return { status: res.status, contentType, text, body: contentType.startsWith('application/json') ? JSON.parse(text) : undefined }
}

async function ok<T>(schema: z.ZodType<T>, endpoint: string, query: Record<string, string | number> = {}): Promise<T> {
  const answer = await get(endpoint, query)
  expect(answer.status, answer.text.slice(0, 300)).toBe(200)
  return schema.parse(answer.body)
}

/** Reads every page by the endpoint's cursor; fails on a page that does not move on. */
async function readByCursor<T extends { nextCursor: string | null }>(
  schema: z.ZodType<T>,
  endpoint: string,
  query: Record<string, string | number> = {}
): Promise<T[]> {
  const pages: T[] = []
  let cursor: string | null = null
  const seen = new Set<string>()
  do {
    const page: T = await ok(schema, endpoint, cursor === null ? query : { ...query, cursor })
    pages.push(page)
    cursor = page.nextCursor
    if (cursor !== null) {
      expect(seen.has(cursor)).toBe(false)
      seen.add(cursor)
    }
  } while (cursor !== null && pages.length < 50)
  return pages
}

describe('views (offset paging, like visitors)', () => {
  it('serves every row by offset, 50 by default, with the site totals on every page', async () => {
    const data = defaultViews()
    const first = await ok(ViewsResponse, 'views')
    expect(first.views).toHaveLength(50)
    expect(first.hasMore).toBe(true)
    const rows = []
    for (let offset = 0; ; offset += 50) {
      const page = await ok(ViewsResponse, 'views', { limit: 50, offset })
      expect(page.totals).toEqual(data.totals)
      rows.push(...page.views)
      if (!page.hasMore) break
    }
    expect(rows).toEqual(data.rows)
    expect(rows.map((r) => r.path)).toContain('/<img src=x onerror=alert(1)>')
    expect(rows.some((r) => r.total < 0) && rows.some((r) => !Number.isInteger(r.total))).toBe(true)
    expect((await ok(ViewsResponse, 'views', { limit: 250 })).views).toHaveLength(data.rows.length)
    expect(await ok(ViewsResponse, 'views', { offset: 1000 })).toEqual({ totals: data.totals, views: [], hasMore: false })
  })

  it('serves the data a test sets, for every range or for one', async () => {
    emu.setViews({ totals: { human: 1, ai: 2, total: 3 }, rows: visitorRows(3) })
    const week = { dateFrom: '2026-11-01', dateTo: '2026-11-08' }
    emu.setViews({ totals: { human: 0, ai: 0, total: 0 }, rows: [] }, week)
    expect((await ok(ViewsResponse, 'views')).views).toEqual(visitorRows(3))
    expect(await ok(ViewsResponse, 'views', week)).toEqual({ totals: { human: 0, ai: 0, total: 0 }, views: [], hasMore: false })
  })
})

describe('searches (cursor paging without hasMore)', () => {
  it('serves every term by hits descending, following nextCursor', async () => {
    const pages = await readByCursor(SearchesResponse, 'searches')
    expect(pages).toHaveLength(3)
    expect(pages.map((p) => p.searches.length)).toEqual([50, 50, 32])
    const rows = pages.flatMap((p) => p.searches)
    const expected = defaultSearches().rows
    expect(rows).toHaveLength(expected.length)
    expect(rows).toEqual(expect.arrayContaining(expected))
    const hits = rows.map((r) => r.hits)
    expect(hits).toEqual([...hits].sort((a, b) => b - a))
    const sum = expected.reduce((total, row) => total + row.hits, 0)
    expect(pages.every((p) => p.totalSearches === Math.round(sum))).toBe(true)
    expect(rows.map((r) => r.searchQuery)).toEqual(expect.arrayContaining(['', LONG_LINE, '::set-output name=x::y']))
    expect(rows.some((r) => r.topClickedPage === null)).toBe(true)
  })

  it('takes totalSearches as set, and answers a cursor it did not give with a 400', async () => {
    emu.setSearches({ rows: [], totalSearches: 0 })
    expect(await ok(SearchesResponse, 'searches')).toEqual({ searches: [], totalSearches: 0, nextCursor: null })
    for (const cursor of ['not a cursor', 'abc', Buffer.from('feedback:50').toString('base64url')]) {
      const answer = await get('searches', { cursor })
      expect(answer.status).toBe(400)
      expect(ErrorResponse.parse(answer.body)).toEqual({
        error: 'Invalid query parameters or cursor',
        details: [{ message: 'cursor is not valid' }]
      })
    }
  })
})

describe('feedback/by-page (one request, no way to page)', () => {
  it('serves 10 pages by default and says there are more, and all of them at a larger limit', async () => {
    const rows = defaultFeedbackByPage()
    expect(await ok(FeedbackByPageResponse, 'feedback/by-page')).toEqual({ feedback: rows.slice(0, 10), hasMore: true })
    expect(await ok(FeedbackByPageResponse, 'feedback/by-page', { limit: 100 })).toEqual({ feedback: rows, hasMore: false })
    // cursor and offset are not parameters of this endpoint: the same first page comes back.
    expect(await ok(FeedbackByPageResponse, 'feedback/by-page', { offset: 10, cursor: 'x' })).toEqual({
      feedback: rows.slice(0, 10),
      hasMore: true
    })
    expect(rows.some((r) => r.total < 0) && rows.some((r) => !Number.isInteger(r.thumbsDown))).toBe(true)
  })

  it('checks source and status, and serves what a test sets', async () => {
    emu.setFeedbackByPage([{ path: '/a', thumbsUp: 1, thumbsDown: 2, code: 3, total: 6 }])
    expect(await ok(FeedbackByPageResponse, 'feedback/by-page', { source: 'contextual', status: 'pending,resolved' })).toEqual({
      feedback: [{ path: '/a', thumbsUp: 1, thumbsDown: 2, code: 3, total: 6 }],
      hasMore: false
    })
    const answer = await get('feedback/by-page', { source: 'email', status: 'open' })
    expect(answer.status).toBe(400)
    expect(ErrorResponse.parse(answer.body).details).toHaveLength(2)
  })

  it('counts rows set by status only for the statuses asked, added up per page', async () => {
    emu.setFeedbackByPage([
      { path: '/a', thumbsUp: 1, thumbsDown: 2, code: 0, total: 3, status: 'pending' },
      { path: '/b', thumbsUp: 0, thumbsDown: 5, code: 0, total: 5, status: 'dismissed' },
      { path: '/a', thumbsUp: 4, thumbsDown: 1, code: 1, total: 6, status: 'resolved' },
      { path: '/a', thumbsUp: 0, thumbsDown: 7, code: 0, total: 7, status: 'dismissed' }
    ])
    expect(await ok(FeedbackByPageResponse, 'feedback/by-page', { status: 'pending,in_progress,resolved' })).toEqual({
      feedback: [{ path: '/a', thumbsUp: 5, thumbsDown: 3, code: 1, total: 9 }],
      hasMore: false
    })
    expect(await ok(FeedbackByPageResponse, 'feedback/by-page')).toEqual({
      feedback: [
        { path: '/a', thumbsUp: 5, thumbsDown: 10, code: 1, total: 16 },
        { path: '/b', thumbsUp: 0, thumbsDown: 5, code: 0, total: 5 }
      ],
      hasMore: false
    })
  })
})

describe('feedback (cursor paging with hasMore)', () => {
  it('serves every row of the three documented variants, following nextCursor', async () => {
    const pages = await readByCursor(FeedbackResponse, 'feedback', { limit: 100 })
    expect(pages.map((p) => [p.feedback.length, p.hasMore])).toEqual([
      [100, true],
      [30, false]
    ])
    const rows = pages.flatMap((p) => p.feedback)
    expect(rows).toEqual(defaultFeedback())
    const contextual = rows.filter((r) => r.source === 'contextual')
    expect(contextual.every((r) => 'helpful' in r && 'contact' in r)).toBe(true)
    expect(contextual.map((r) => ('contact' in r ? r.contact : undefined))).toContain('jane.doe@example.com')
    expect(rows.filter((r) => r.source === 'code_snippet').every((r) => 'code' in r && 'lang' in r)).toBe(true)
    expect(rows.filter((r) => r.source === 'agent' || r.source === 'thumbs_only').every((r) => Object.keys(r).length === 6)).toBe(true)
    expect(rows.map((r) => r.comment)).toEqual(expect.arrayContaining([...HOSTILE_TEXT, null]))
    expect(rows.some((r) => r.createdAt === null)).toBe(true)
  })

  it('pages 50 at a time by default, and filters by source and a list of statuses', async () => {
    const first = await ok(FeedbackResponse, 'feedback')
    expect(first.feedback).toHaveLength(50)
    expect(first.hasMore).toBe(true)
    const pages = await readByCursor(FeedbackResponse, 'feedback', { source: 'code_snippet', status: 'pending,dismissed', limit: 5 })
    const rows = pages.flatMap((p) => p.feedback)
    const expected = defaultFeedback().filter((r) => r.source === 'code_snippet' && (r.status === 'pending' || r.status === 'dismissed'))
    expect(rows).toEqual(expected)
    expect(pages.at(-1)).toMatchObject({ nextCursor: null, hasMore: false })
  })

  it('answers a bad source, status or cursor with a 400 that lists each', async () => {
    const answer = await get('feedback', { source: 'email', status: 'pending,open', cursor: '%%%' })
    expect(answer.status).toBe(400)
    expect(ErrorResponse.parse(answer.body)).toEqual({
      error: 'Invalid query parameters',
      details: [
        { message: 'cursor is not valid' },
        { message: 'source must be one of code_snippet, contextual, agent, thumbs_only' },
        { message: 'status must be a comma-separated list of pending, in_progress, resolved, dismissed' }
      ]
    })
  })
})

describe('assistant (ULID cursor with hasMore)', () => {
  it('serves every turn newest first, 100 by default, the cursor being the last id', async () => {
    const pages = await readByCursor(AssistantResponse, 'assistant')
    expect(pages.map((p) => [p.conversations.length, p.hasMore])).toEqual([
      [100, true],
      [100, true],
      [50, false]
    ])
    for (const page of pages.slice(0, -1)) expect(page.nextCursor).toBe(page.conversations.at(-1)?.id)
    const rows = pages.flatMap((p) => p.conversations)
    const expected = defaultAssistant().reverse()
    expect(rows).toEqual(expected)
    expect(rows.every((r) => /^[0-9A-HJKMNP-TV-Z]{26}$/.test(r.id))).toBe(true)
    expect(new Set(rows.map((r) => r.responseType))).toEqual(new Set([undefined, 'answer', 'clarifying_question']))
    expect(rows.some((r) => r.pageUrl === null) && rows.some((r) => r.queryCategory === null)).toBe(true)
    expect((await ok(AssistantResponse, 'assistant', { limit: 1000 })).conversations).toHaveLength(250)
  })

  it('answers a cursor that is not a ULID with a 400, and one past the end with an empty last page', async () => {
    const answer = await get('assistant', { cursor: 'fb_0001' })
    expect(answer.status).toBe(400)
    expect(ErrorResponse.parse(answer.body).details).toEqual([{ message: 'cursor is not valid' }])
    expect(await ok(AssistantResponse, 'assistant', { cursor: '00000000000000000000000000' })).toEqual({
      conversations: [],
      nextCursor: null,
      hasMore: false
    })
  })
})

describe('assistant/caller-stats', () => {
  it('serves the counts by caller', async () => {
    expect(await ok(CallerStatsResponse, 'assistant/caller-stats')).toEqual(defaultCallerStats())
    emu.setCallerStats({ web: 0, api: 0, other: 0, total: 0 }, { dateFrom: '2026-01-01', dateTo: '2026-02-01' })
    expect(await ok(CallerStatsResponse, 'assistant/caller-stats', { dateFrom: '2026-01-01', dateTo: '2026-02-01' })).toEqual({
      web: 0,
      api: 0,
      other: 0,
      total: 0
    })
  })
})

describe('every analytics endpoint', () => {
  const limits: [string, number, boolean][] = [
    ['visitors', 250, true],
    ['views', 250, true],
    ['searches', 100, false],
    ['feedback', 100, false],
    ['feedback/by-page', 100, false],
    ['assistant', 1000, false]
  ]

  it.each(limits)('%s takes limit 1 to %i and answers anything else with a 400', async (endpoint, max, integer) => {
    for (const limit of [1, max]) expect((await get(endpoint, { limit })).status).toBe(200)
    for (const limit of ['0', String(max + 1), '-1', 'ten', '', '1e2']) {
      const answer = await get(endpoint, { limit })
      expect(answer.status, `limit=${limit}`).toBe(400)
      expect(ErrorResponse.parse(answer.body).details).toEqual([
        { message: `limit must be ${integer ? 'an integer' : 'a number'} from 1 to ${max}` }
      ])
    }
    // The document types this limit as an integer, or as any number.
    expect((await get(endpoint, { limit: '2.5' })).status).toBe(integer ? 400 : 200)
  })

  const all = [...limits.map(([endpoint]) => endpoint), 'assistant/caller-stats']

  it.each(all)('%s checks dateFrom and dateTo, the key and the project', async (endpoint) => {
    expect((await get(endpoint, { dateFrom: '2026-11-01', dateTo: '2026-11-08T00:00:00Z' })).status).toBe(200)
    const bad = await get(endpoint, { dateFrom: '11/01/2026', dateTo: '2026-13-45' })
    expect(bad.status).toBe(400)
    expect(ErrorResponse.parse(bad.body).details).toEqual([
      { message: 'dateFrom must be a date in ISO 8601 or YYYY-MM-DD format' },
      { message: 'dateTo must be a date in ISO 8601 or YYYY-MM-DD format' }
    ])
    expect((await get(endpoint, {}, null)).status).toBe(401)
    expect((await get(endpoint, {}, 'mint_other')).status).toBe(401)
    expect((await get(`/v1/analytics/proj_other/${endpoint}`)).status).toBe(403)
  })

  it('spends one hourly budget across all of them, without counting refused requests', async () => {
    await emu.close()
    emu = await startEmulator({ keys: { [KEY]: {} }, analyticsLimitPerHour: 8 })
    for (const endpoint of all) expect((await get(endpoint)).status).toBe(200)
    expect((await get('views', { limit: 0 })).status).toBe(400)
    expect((await get('/v1/analytics/proj_other/views')).status).toBe(403)
    expect((await get('searches')).status).toBe(200)
    for (const endpoint of all) {
      const answer = await get(endpoint)
      expect(answer.status).toBe(429)
      expect(ErrorResponse.parse(answer.body)).toEqual({ error: 'Rate limit exceeded' })
    }
  })

  it('answers other methods and unknown analytics paths with a 404', async () => {
    expect((await get('views/extra')).status).toBe(404)
    expect((await get('threads')).status).toBe(404)
    const post = await fetch(`${emu.url}${BASE}/views`, { method: 'POST', headers: { Authorization: `Bearer ${KEY}` } })
    expect(post.status).toBe(403) // a read-only key; with a write key the path is simply not found
  })
})

describe('faults on the analytics paths', () => {
  it('repeatCursor gives back the cursor the request sent, so following it never ends', async () => {
    emu.fault({ path: `${BASE}/searches`, kind: 'repeatCursor', times: Infinity })
    const first = await ok(SearchesResponse, 'searches')
    expect(first.searches).toHaveLength(50)
    const cursor = first.nextCursor ?? ''
    const second = await ok(SearchesResponse, 'searches', { cursor })
    const third = await ok(SearchesResponse, 'searches', { cursor: second.nextCursor ?? '' })
    expect([second.nextCursor, third.nextCursor]).toEqual([cursor, cursor])
    expect(third).toEqual(second)

    emu.fault({ path: `${BASE}/assistant`, query: { limit: '100' }, kind: 'repeatCursor', times: 2 })
    const last = await ok(AssistantResponse, 'assistant', { limit: 200 })
    const again = await ok(AssistantResponse, 'assistant', { limit: 100, cursor: last.nextCursor ?? '' })
    expect(again.conversations).toHaveLength(50)
    expect([again.nextCursor, again.hasMore]).toEqual([last.nextCursor, true])
  })

  it('emptyPage answers no rows and says there are more', async () => {
    emu.fault(
      { path: `${BASE}/feedback`, query: { limit: '100' }, kind: 'emptyPage' },
      { path: `${BASE}/views`, kind: 'emptyPage' },
      { path: `${BASE}/searches`, kind: 'emptyPage' },
      { path: `${BASE}/feedback/by-page`, kind: 'emptyPage' }
    )
    const feedback = await ok(FeedbackResponse, 'feedback', { limit: 100 })
    expect(feedback).toMatchObject({ feedback: [], hasMore: true })
    expect(feedback.nextCursor).not.toBeNull()
    expect(await ok(FeedbackByPageResponse, 'feedback/by-page')).toEqual({ feedback: [], hasMore: true })
    expect(await ok(ViewsResponse, 'views')).toMatchObject({ views: [], hasMore: true })
    const searches = await ok(SearchesResponse, 'searches')
    expect(searches.searches).toEqual([])
    expect(searches.nextCursor).not.toBeNull()
    // Each fault answered once; the next requests are normal.
    expect((await ok(ViewsResponse, 'views')).views).toHaveLength(50)
  })

  it('a 429 can come as text/plain, with Retry-After', async () => {
    emu.fault({ path: `${BASE}/assistant`, kind: 'status', status: 429, contentType: 'text/plain', retryAfter: '30' })
    const url = `${emu.url}${BASE}/assistant`
    const res = await fetch(url, { headers: { Authorization: `Bearer ${KEY}` } })
    expect([res.status, res.headers.get('content-type'), res.headers.get('retry-after'), await res.text()]).toEqual([
      429,
      'text/plain',
      '30',
      'Rate limit exceeded'
    ])
    emu.fault({ path: `${BASE}/views`, kind: 'status', status: 500 })
    const json = await get('views')
    expect([json.status, json.contentType, json.body]).toEqual([500, 'application/json', { error: 'Internal server error' }])
  })

  it('the other fault kinds match the new paths by method, path and query', async () => {
    emu.fault({ method: 'GET', path: `${BASE}/feedback/by-page`, query: { limit: '5' }, kind: 'html' })
    expect((await get('feedback/by-page', { limit: 4 })).status).toBe(200)
    const html = await get('feedback/by-page', { limit: 5 })
    expect([html.status, html.contentType]).toEqual([502, 'text/html'])
    expect(emu.count('GET', `${BASE}/feedback`)).toBe(2)
  })
})

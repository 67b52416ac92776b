// How the service's answers are read: agent jobs whose fields may be absent or null, the known job
// statuses, error bodies with or without details, and pages of visitor analytics.
import { describe, expect, it } from 'vitest'
import type { z } from 'zod'
import { agentJobSchema, errorBodySchema, isKnownStatus, KNOWN_STATUSES, TERMINAL_STATUSES } from '../../../src/api/schemas.js'
import { assistantPageSchema, callerStatsSchema } from '../../../src/sections/assistant/schema.js'
import { FEEDBACK_SOURCES, FEEDBACK_STATUSES, feedbackByPageSchema, feedbackPageSchema } from '../../../src/sections/feedback/schema.js'
import { searchesPageSchema } from '../../../src/sections/searches/schema.js'
import { viewsPageSchema, visitorsPageSchema } from '../../../src/sections/traffic/schema.js'

/** A copy of the value without one of its fields. */
function without<T extends object, K extends keyof T>(value: T, key: K): Omit<T, K> {
  return Object.fromEntries(Object.entries(value).filter(([name]) => name !== key)) as Omit<T, K>
}

/** Where each problem is, and what it is, as the client reports them. */
function problems(schema: z.ZodType, value: unknown): string[] {
  const result = schema.safeParse(value)
  expect(result.success).toBe(false)
  return (result.error?.issues ?? []).map((i) => `${i.path.join('.')}: ${i.message}`)
}

describe('agentJobSchema', () => {
  it('reads every documented field of a job', () => {
    const job = {
      id: 'j1',
      status: 'completed',
      source: { repository: 'https://github.com/acme/docs', ref: 'main' },
      model: 'claude-sonnet-4-5',
      prLink: 'https://github.com/acme/docs/pull/7',
      createdAt: '2026-11-21T10:00:00Z',
      archivedAt: '2026-11-21T11:00:00Z'
    }
    expect(agentJobSchema.parse(job)).toEqual(job)
  })

  it('reads a null as absent, in every field and in the source', () => {
    const job = agentJobSchema.parse({
      id: null,
      status: null,
      source: { repository: null, ref: null },
      model: null,
      prLink: null,
      createdAt: null,
      archivedAt: null
    })
    expect(job).toEqual({ source: {} })
    expect(Object.values(job.source ?? {})).toEqual([undefined, undefined])
    expect(agentJobSchema.parse({ source: null }).source).toBeUndefined()
  })

  it('accepts a job with no fields at all, as the documents allow', () => {
    expect(agentJobSchema.parse({})).toEqual({})
  })

  it('rejects a field of the wrong type, naming where it is', () => {
    const result = agentJobSchema.safeParse({ id: 42, source: { ref: 7 } })
    expect(result.success).toBe(false)
    expect(result.error?.issues.map((i) => i.path.join('.'))).toEqual(['id', 'source.ref'])
  })
})

describe('job statuses', () => {
  it('knows the four documented statuses, three of which end a job', () => {
    expect([...KNOWN_STATUSES]).toEqual(['active', 'completed', 'archived', 'failed'])
    expect([...TERMINAL_STATUSES]).toEqual(['completed', 'archived', 'failed'])
  })

  it('tells a documented status from any other', () => {
    for (const status of KNOWN_STATUSES) expect(isKnownStatus(status)).toBe(true)
    expect(isKnownStatus('queued')).toBe(false)
    expect(isKnownStatus('Completed')).toBe(false)
    expect(isKnownStatus('')).toBe(false)
    expect(isKnownStatus(undefined)).toBe(false)
  })
})

describe('errorBodySchema', () => {
  it('reads the error text alone, or with details', () => {
    expect(errorBodySchema.parse({ error: 'Job not found' })).toEqual({ error: 'Job not found' })
    expect(errorBodySchema.parse({ error: 'Invalid query', details: [{ message: 'limit' }, { message: 'offset' }] })).toEqual({
      error: 'Invalid query',
      details: [{ message: 'limit' }, { message: 'offset' }]
    })
    expect(errorBodySchema.parse({})).toEqual({})
  })

  it('keeps the error text when the details are not the documented shape', () => {
    expect(errorBodySchema.parse({ error: 'Bad', details: 'limit too big' })).toEqual({ error: 'Bad', details: undefined })
    expect(errorBodySchema.parse({ error: 'Bad', details: [{ text: 'x' }] })).toEqual({ error: 'Bad', details: undefined })
  })

  it('rejects an error that is not text', () => {
    expect(errorBodySchema.safeParse({ error: 500 }).success).toBe(false)
  })
})

describe('visitorsPageSchema', () => {
  const page = {
    totals: { human: 3, ai: 1, total: 4 },
    visitors: [{ path: '/intro', human: 3, ai: 1, total: 4 }],
    hasMore: false
  }

  it('reads a page of visitor counts', () => {
    expect(visitorsPageSchema.parse(page)).toEqual(page)
  })

  it('reads negative and fractional counts as they are, since the documents set no minimum', () => {
    const odd = { totals: { human: -1, ai: 0.5, total: -0.5 }, visitors: [{ path: '/x', human: 1.25, ai: -2, total: 0 }], hasMore: true }
    expect(visitorsPageSchema.parse(odd)).toEqual(odd)
  })

  it('drops fields the documents do not list', () => {
    expect(visitorsPageSchema.parse({ ...page, extra: 1, visitors: [{ ...page.visitors[0], title: 'Intro' }] })).toEqual(page)
  })

  it('rejects missing counts, counts that are not numbers and a missing hasMore, naming where they are', () => {
    expect(problems(visitorsPageSchema, { ...page, visitors: [{ path: '/x', human: 1, ai: 0 }] })).toEqual([
      'visitors.0.total: Invalid input: expected number, received undefined'
    ])
    expect(problems(visitorsPageSchema, { ...page, totals: { human: '3', ai: 1, total: 4 } })).toEqual([
      'totals.human: Invalid input: expected number, received string'
    ])
    expect(problems(visitorsPageSchema, { totals: page.totals, visitors: [] })).toEqual([
      'hasMore: Invalid input: expected boolean, received undefined'
    ])
  })
})

describe('viewsPageSchema', () => {
  const page = {
    totals: { human: 120, ai: -3, total: 117.5 },
    views: [{ path: '/intro', human: 100, ai: 0.5, total: 100.5 }],
    hasMore: true
  }

  it('reads a page of view counts, negative and fractional ones included', () => {
    expect(viewsPageSchema.parse(page)).toEqual(page)
    expect(viewsPageSchema.parse({ ...page, views: [], extra: 'x' })).toEqual({ ...page, views: [] })
  })

  it('rejects a missing field or a field of the wrong type, naming where it is', () => {
    expect(problems(viewsPageSchema, { ...page, totals: { human: 1, ai: 0 } })).toEqual([
      'totals.total: Invalid input: expected number, received undefined'
    ])
    expect(problems(viewsPageSchema, { ...page, views: [{ path: null, human: 1, ai: 0, total: 1 }] })).toEqual([
      'views.0.path: Invalid input: expected string, received null'
    ])
    expect(problems(viewsPageSchema, { totals: page.totals, visitors: [], hasMore: 'no' })).toEqual([
      'views: Invalid input: expected array, received undefined',
      'hasMore: Invalid input: expected boolean, received string'
    ])
  })
})

describe('searchesPageSchema', () => {
  const row = { searchQuery: 'install', hits: 12, ctr: 0.5, topClickedPage: '/install', lastSearchedAt: '2026-11-07T10:00:00Z' }
  const page = { searches: [row, { ...row, hits: -1.5, ctr: 2, topClickedPage: null }], totalSearches: 10, nextCursor: 'c2' }

  it('reads search terms with a null top page, and a null cursor on the last page', () => {
    expect(searchesPageSchema.parse(page)).toEqual(page)
    expect(searchesPageSchema.parse({ ...page, nextCursor: null, totalSearches: 0, hasMore: true })).toEqual({
      ...page,
      nextCursor: null,
      totalSearches: 0
    })
  })

  it('requires the cursor and the top page, and a whole number of at least 0 of searches in all', () => {
    const noTopPage = without(row, 'topClickedPage')
    expect(problems(searchesPageSchema, { searches: [noTopPage], totalSearches: 1 })).toEqual([
      'searches.0.topClickedPage: Invalid input: expected string, received undefined',
      'nextCursor: Invalid input: expected string, received undefined'
    ])
    expect(problems(searchesPageSchema, { ...page, totalSearches: -1 })).toEqual(['totalSearches: Too small: expected number to be >=0'])
    expect(problems(searchesPageSchema, { ...page, totalSearches: 1.5 })).toEqual([
      'totalSearches: Invalid input: expected int, received number'
    ])
    expect(problems(searchesPageSchema, { ...page, searches: [{ ...row, ctr: '50%' }] })).toEqual([
      'searches.0.ctr: Invalid input: expected number, received string'
    ])
  })
})

describe('feedbackPageSchema', () => {
  const base = { id: 'f3', path: '/faq', comment: null, createdAt: null, source: 'thumbs_only', status: 'dismissed' }
  const contextual = {
    ...base,
    id: 'f1',
    comment: 'Clear',
    createdAt: '2026-11-02',
    source: 'contextual',
    status: 'pending',
    helpful: false
  }
  const code = { ...base, id: 'f2', source: 'code_snippet', status: 'in_progress', code: 'npm i', filename: 'a.sh', lang: null }
  const page = { feedback: [contextual, code, base], nextCursor: 'n1', hasMore: true }

  it('reads the three kinds of row, with their nulls', () => {
    expect(feedbackPageSchema.parse(page)).toEqual(page)
    expect(feedbackPageSchema.parse({ ...page, nextCursor: null, hasMore: false })).toMatchObject({ nextCursor: null, hasMore: false })
  })

  it('never keeps the contact address a reader left, whatever its form', () => {
    for (const contact of ['a@example.com', null, 42]) {
      expect(feedbackPageSchema.parse({ ...page, feedback: [{ ...contextual, contact }] }).feedback).toEqual([contextual])
    }
  })

  it('reads every documented source and status', () => {
    for (const source of FEEDBACK_SOURCES) {
      for (const status of FEEDBACK_STATUSES) {
        expect(feedbackPageSchema.parse({ ...page, feedback: [{ ...base, source, status }] }).feedback).toEqual([
          { ...base, source, status }
        ])
      }
    }
    expect([...FEEDBACK_SOURCES]).toEqual(['code_snippet', 'contextual', 'agent', 'thumbs_only'])
    expect([...FEEDBACK_STATUSES]).toEqual(['pending', 'in_progress', 'resolved', 'dismissed'])
  })

  it('drops fields no variant lists, and reads a row with only part of a variant as the base row', () => {
    const parsed = feedbackPageSchema.parse({
      ...page,
      feedback: [
        { ...contextual, rating: 5 },
        { ...base, filename: 'a.sh' }
      ]
    })
    expect(parsed.feedback).toEqual([contextual, base])
  })

  it('rejects a row whose base fields are missing or of the wrong type, naming the field', () => {
    const noComment = without(base, 'comment')
    expect(problems(feedbackPageSchema, { ...page, feedback: [code, noComment] })).toEqual([
      'feedback.1.comment: Invalid input: expected string, received undefined'
    ])
    expect(problems(feedbackPageSchema, { ...page, feedback: [{ ...contextual, id: 1 }] })).toEqual([
      'feedback.0.id: Invalid input: expected string, received number'
    ])
    expect(problems(feedbackPageSchema, { ...page, feedback: [{ ...base, source: 'email' }] })).toEqual([
      'feedback.0.source: Invalid option: expected one of "code_snippet"|"contextual"|"agent"|"thumbs_only"'
    ])
    expect(problems(feedbackPageSchema, { ...page, feedback: [{ ...base, status: 'open' }] })).toEqual([
      'feedback.0.status: Invalid option: expected one of "pending"|"in_progress"|"resolved"|"dismissed"'
    ])
  })

  it('requires the cursor and hasMore', () => {
    expect(problems(feedbackPageSchema, { feedback: [] })).toEqual([
      'nextCursor: Invalid input: expected string, received undefined',
      'hasMore: Invalid input: expected boolean, received undefined'
    ])
  })
})

describe('feedbackByPageSchema', () => {
  const page = { feedback: [{ path: '/intro', thumbsUp: 4, thumbsDown: -1, code: 0.5, total: 3.5 }], hasMore: true }

  it('reads counts per page, negative and fractional ones included, and drops other fields', () => {
    expect(feedbackByPageSchema.parse(page)).toEqual(page)
    expect(feedbackByPageSchema.parse({ ...page, nextCursor: 'x' })).toEqual(page)
  })

  it('rejects a missing count or one that is not a number', () => {
    expect(problems(feedbackByPageSchema, { feedback: [{ path: '/x', thumbsUp: '4', thumbsDown: 0, code: 0 }], hasMore: false })).toEqual([
      'feedback.0.thumbsUp: Invalid input: expected number, received string',
      'feedback.0.total: Invalid input: expected number, received undefined'
    ])
    expect(problems(feedbackByPageSchema, { feedback: page.feedback })).toEqual([
      'hasMore: Invalid input: expected boolean, received undefined'
    ])
  })
})

describe('assistantPageSchema', () => {
  const row = {
    id: '01JD0000000000000000000000',
    timestamp: '2026-11-03T12:00:00Z',
    query: 'How do I deploy?',
    response: 'Which host do you use?',
    responseType: 'clarifying_question',
    sources: [{ title: 'Deploy', url: 'https://docs.example.com/deploy' }],
    resolutionStatus: 'unanswered',
    queryCategory: null,
    pageUrl: null
  }
  const page = { conversations: [row], nextCursor: null, hasMore: false }

  it('reads a turn with its nulls, and both documented response types', () => {
    expect(assistantPageSchema.parse(page)).toEqual(page)
    const answered = { ...row, responseType: 'answer', resolutionStatus: 'answered', queryCategory: 'deploy', pageUrl: 'https://x' }
    expect(assistantPageSchema.parse({ ...page, conversations: [answered], nextCursor: 'n' })).toEqual({
      ...page,
      conversations: [answered],
      nextCursor: 'n'
    })
  })

  it('reads an absent response type as an answer, and drops fields the documents do not list', () => {
    const noType = without(row, 'responseType')
    expect(assistantPageSchema.parse({ ...page, conversations: [{ ...noType, conversationId: 'c1' }] }).conversations).toEqual([
      { ...noType, responseType: 'answer' }
    ])
  })

  it('rejects a missing nullable field, an unknown response type and a source without its URL', () => {
    const noPageUrl = without(row, 'pageUrl')
    expect(problems(assistantPageSchema, { ...page, conversations: [noPageUrl] })).toEqual([
      'conversations.0.pageUrl: Invalid input: expected string, received undefined'
    ])
    expect(
      problems(assistantPageSchema, { ...page, conversations: [{ ...row, responseType: 'refusal', sources: [{ title: 'T' }] }] })
    ).toEqual([
      'conversations.0.responseType: Invalid option: expected one of "answer"|"clarifying_question"',
      'conversations.0.sources.0.url: Invalid input: expected string, received undefined'
    ])
    expect(problems(assistantPageSchema, { ...page, conversations: [{ ...row, resolutionStatus: 'maybe' }] })).toEqual([
      'conversations.0.resolutionStatus: Invalid option: expected one of "answered"|"unanswered"'
    ])
  })
})

describe('callerStatsSchema', () => {
  it('reads the four counts, negative and fractional ones included, and drops other fields', () => {
    expect(callerStatsSchema.parse({ web: -1, api: 0.5, other: 0, total: 1e9, mcp: 2 })).toEqual({
      web: -1,
      api: 0.5,
      other: 0,
      total: 1e9
    })
  })

  it('rejects a missing count or one that is not a number', () => {
    expect(problems(callerStatsSchema, { web: 1, api: null, other: 0 })).toEqual([
      'api: Invalid input: expected number, received null',
      'total: Invalid input: expected number, received undefined'
    ])
  })
})

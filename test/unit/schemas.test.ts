// How the service's answers are read: agent jobs whose fields may be absent or null, the known job
// statuses, error bodies with or without details, and pages of visitor analytics.
import { describe, expect, it } from 'vitest'
import {
  agentJobSchema,
  errorBodySchema,
  isKnownStatus,
  KNOWN_STATUSES,
  TERMINAL_STATUSES,
  visitorsPageSchema
} from '../../src/api/schemas.js'

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

  it('rejects negative counts, missing rows and a missing hasMore', () => {
    expect(visitorsPageSchema.safeParse({ ...page, totals: { human: -1, ai: 1, total: 0 } }).success).toBe(false)
    expect(visitorsPageSchema.safeParse({ ...page, visitors: [{ path: '/x', human: 1, ai: 0 }] }).success).toBe(false)
    expect(visitorsPageSchema.safeParse({ totals: page.totals, visitors: [] }).success).toBe(false)
  })
})

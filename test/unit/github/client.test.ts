// The GitHub client's rules, in process: when a failed request is tried again and after how long
// (retryWait, with a fixed jitter and clock), and how a failed write reads in the log
// (githubWriteFailure, githubFailure, mayHaveLanded); and, through a recording fetch, the check run
// fields a request sends and the check run read back.
import { describe, expect, it } from 'vitest'
import { NEVER_SENT_CODES } from '../../../src/api/retry.js'
import { GitHubClient, githubFailure, githubWriteFailure, mayHaveLanded, RETRY, retryWait } from '../../../src/github/client.js'

// Full jitter at its middle: the first retry waits half of 1 s, the second half of 2 s.
const policy = { ...RETRY, random: () => 0.5 }
const NOW = 1_700_000_000_000
const at = (method: string, attempt = 1, timedOut = false) => ({ method, attempt, timedOut, now: NOW })
const answer = (status: number, headers: Record<string, string | number | undefined> = {}) => ({ status, response: { headers } })
const unanswered = (code: string, nested = false) => ({ cause: nested ? { cause: { code } } : { code } })

describe('retryWait', () => {
  it('tries a read again after no answer, with a backoff that grows, and stops at the last try', () => {
    const error = new Error('socket hang up')
    expect(retryWait(error, at('GET', 1), policy)).toBe(500)
    expect(retryWait(error, at('get', 2), policy)).toBe(1000)
    expect(retryWait(error, at('HEAD', 1), policy)).toBe(500)
    expect(retryWait(error, at('GET', 3), policy)).toBeUndefined()
  })

  it('tries a write again after no answer only when it never left, and not when it timed out', () => {
    expect(retryWait(unanswered('ECONNREFUSED'), at('POST'), policy)).toBe(500)
    expect(retryWait(unanswered('ENOTFOUND', true), at('PATCH'), policy)).toBe(500)
    expect(retryWait(unanswered('ECONNREFUSED'), at('POST', 1, true), policy)).toBeUndefined()
    expect(retryWait(unanswered('ECONNRESET'), at('POST'), policy)).toBeUndefined()
    expect(retryWait(new Error('socket hang up'), at('POST'), policy)).toBeUndefined()
    expect(retryWait({ cause: { code: 42 } }, at('POST'), policy)).toBeUndefined()
  })

  it("takes every network error of a request that never left for one, as the service's client does (api/retry.ts)", () => {
    for (const code of NEVER_SENT_CODES) expect(retryWait(unanswered(code), at('POST'), policy)).toBe(500)
  })

  it("tries a read again after a 408, as the service's client does, and never a write after one or a 503", () => {
    expect(retryWait(answer(408), at('GET'), policy)).toBe(500)
    expect(retryWait(answer(408), at('POST'), policy)).toBeUndefined()
    expect(retryWait(answer(503), at('PATCH'), policy)).toBeUndefined()
  })

  it('tries a read again after a 5xx, waiting Retry-After when GitHub gives one it may wait, never a write', () => {
    expect(retryWait(answer(502), at('GET'), policy)).toBe(500)
    expect(retryWait(answer(503, { 'retry-after': '60' }), at('GET'), policy)).toBe(60_000)
    expect(retryWait(answer(503, { 'retry-after': 61 }), at('GET'), policy)).toBeUndefined()
    expect(retryWait(answer(502), at('POST'), policy)).toBeUndefined()
    expect(retryWait(answer(500), at('HEAD'), policy)).toBe(500)
  })

  it('never tries again a request GitHub refused otherwise', () => {
    expect(retryWait(answer(404), at('GET'), policy)).toBeUndefined()
    expect(retryWait(answer(422), at('POST'), policy)).toBeUndefined()
    expect(retryWait(answer(403), at('GET'), policy)).toBeUndefined()
    expect(retryWait({ status: '502', response: { headers: {} } }, at('GET'), policy)).toBeUndefined()
  })

  it('takes an error with a status but no answer of GitHub for no answer', () => {
    expect(retryWait({ status: 429 }, at('GET'), policy)).toBe(500)
    expect(retryWait({ status: 502 }, at('POST'), policy)).toBeUndefined()
  })

  it('waits out a rate limit, whatever the method: Retry-After, else until the reset, else a minute', () => {
    expect(retryWait(answer(429, { 'retry-after': '7' }), at('POST'), policy)).toBe(7000)
    expect(retryWait(answer(403, { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': NOW / 1000 + 30 }), at('POST'), policy)).toBe(30_000)
    expect(retryWait(answer(403, { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': NOW / 1000 - 5 }), at('GET'), policy)).toBe(0)
    expect(retryWait(answer(429, { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': 'soon' }), at('GET'), policy)).toBe(60_000)
    expect(retryWait(answer(429, { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': '0' }), at('GET'), policy)).toBe(60_000)
    expect(retryWait(answer(429, { 'x-ratelimit-remaining': '0' }), at('GET'), policy)).toBe(60_000)
  })

  it('does not wait a rate limit longer than the longest wait, nor one GitHub does not announce', () => {
    expect(retryWait(answer(429, { 'retry-after': '60' }), at('GET'), policy)).toBe(60_000)
    expect(retryWait(answer(429, { 'retry-after': '61' }), at('GET'), policy)).toBeUndefined()
    expect(
      retryWait(answer(403, { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': NOW / 1000 + 120 }), at('GET'), policy)
    ).toBeUndefined()
    expect(retryWait(answer(429, { 'x-ratelimit-remaining': '12' }), at('GET'), policy)).toBeUndefined()
    expect(retryWait(answer(429, { 'retry-after': '1' }), at('GET', 3), policy)).toBeUndefined()
  })
})

describe('githubWriteFailure', () => {
  it('names the permission when GitHub answers 403 or 404', () => {
    expect(githubWriteFailure(answer(403), 'issues: write', ' to open the issue')).toBe(
      ' (HTTP 403): give the job `permissions: issues: write` to open the issue.'
    )
    expect(githubWriteFailure(answer(404), 'checks: write')).toBe(' (HTTP 404): give the job `permissions: checks: write`.')
  })

  it('says GitHub refused a request on another 4xx, and could not be reached otherwise', () => {
    expect(githubWriteFailure(Object.assign(new Error('Validation Failed'), { status: 422 }), 'issues: write')).toBe(
      ': GitHub refused it (HTTP 422, Validation Failed).'
    )
    expect(githubWriteFailure(Object.assign(new Error('Bad'), { status: 400 }), 'issues: write')).toBe(
      ': GitHub refused it (HTTP 400, Bad).'
    )
    expect(githubWriteFailure(Object.assign(new Error('Oops'), { status: 500 }), 'issues: write')).toBe(
      ': GitHub could not be reached (HTTP 500, Oops).'
    )
    expect(githubWriteFailure(Object.assign(new Error('Moved'), { status: 399 }), 'issues: write')).toBe(
      ': GitHub could not be reached (HTTP 399, Moved).'
    )
    expect(githubWriteFailure(Object.assign(new Error('connect failed'), unanswered('ECONNREFUSED')), 'issues: write')).toBe(
      ': GitHub could not be reached (connect failed, ECONNREFUSED).'
    )
    expect(githubWriteFailure(Object.assign(new Error(''), { status: 502 }), 'issues: write')).toBe(
      ': GitHub could not be reached (HTTP 502).'
    )
    expect(githubWriteFailure(Object.assign(new Error('Odd'), { status: '422' }), 'issues: write')).toBe(
      ': GitHub could not be reached (Odd).'
    )
  })
})

describe('a failed write', () => {
  it('may have landed on a 5xx or no answer, never on a 4xx', () => {
    expect(mayHaveLanded({ status: 502 })).toBe(true)
    expect(mayHaveLanded({ status: 500 })).toBe(true)
    expect(mayHaveLanded(new Error('socket hang up'))).toBe(true)
    expect(mayHaveLanded(null)).toBe(true)
    expect(mayHaveLanded({ status: 499 })).toBe(false)
    expect(mayHaveLanded({ status: 422 })).toBe(false)
  })

  it('reads as its status, else its message', () => {
    expect(githubFailure({ status: 502 })).toBe('HTTP 502')
    expect(githubFailure(new Error('socket hang up'))).toBe('socket hang up')
    expect(githubFailure(null)).not.toContain('HTTP')
  })
})

describe('check runs through the client', () => {
  /** A client whose every request goes to a recording fetch that answers `reply`. */
  async function clientWith(reply: unknown) {
    const sent: { method: string; url: string; body: unknown }[] = []
    const fetch: typeof globalThis.fetch = (input, init) => {
      const url = input instanceof Request ? input.url : String(input)
      sent.push({ method: init?.method ?? 'GET', url, body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined })
      return Promise.resolve(new Response(JSON.stringify(reply), { status: 200, headers: { 'content-type': 'application/json' } }))
    }
    const client = await GitHubClient.open({
      token: 'test-token',
      repository: { owner: 'acme', name: 'docs' },
      apiUrl: 'http://127.0.0.1:1',
      signal: new AbortController().signal,
      fetch
    })
    return { client, sent }
  }

  it('sends only the fields given, and reads a check run without its optional fields', async () => {
    const { client, sent } = await clientWith({ id: 5, status: 'in_progress', external_id: null, conclusion: null, output: null })
    const made = await client.createCheckRun('abc123', 'Docs', { status: 'in_progress', title: 'Docs', summary: 'Working' })
    expect(made).toEqual({ id: 5, status: 'in_progress', summary: '' })
    expect(sent).toHaveLength(1)
    expect(sent[0]?.method).toBe('POST')
    expect(sent[0]?.body).toEqual({
      head_sha: 'abc123',
      name: 'Docs',
      status: 'in_progress',
      output: { title: 'Docs', summary: 'Working' }
    })
  })

  it('sends every field given, and reads them back', async () => {
    const { client, sent } = await clientWith({
      id: 6,
      status: 'completed',
      external_id: 'run-1',
      conclusion: 'success',
      output: { summary: 'Done' }
    })
    await client.updateCheckRun(6, {
      status: 'completed',
      conclusion: 'success',
      externalId: 'run-1',
      detailsUrl: 'http://127.0.0.1/run',
      title: 'Docs',
      summary: 'Done'
    })
    expect(sent[0]?.method).toBe('PATCH')
    expect(sent[0]?.body).toEqual({
      status: 'completed',
      conclusion: 'success',
      external_id: 'run-1',
      details_url: 'http://127.0.0.1/run',
      output: { title: 'Docs', summary: 'Done' }
    })
    const made = await client.createCheckRun('abc123', 'Docs', { status: 'completed', title: 'Docs', summary: 'Done' })
    expect(made).toEqual({ id: 6, status: 'completed', summary: 'Done', externalId: 'run-1', conclusion: 'success' })
  })
})

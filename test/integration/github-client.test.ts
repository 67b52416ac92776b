// Tests the one GitHub client (src/github/client.ts) in process against the GitHub fake on 127.0.0.1
// (test/support/github-fake.js) with faults queued, every wait on a test clock
// (test/support/test-clock.ts): which failures are tried again and which never are (a write that may
// have landed), Retry-After and the secondary rate limit waited out, the paging bound, the run's
// signal and deadline ending a wait, and the advice a failure gets. Outcomes, request counts and the
// clock's time are checked, never the machine's speed.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { Lifetime, StopError } from '../../src/core/lifetime.js'
import { GitHubClient, githubWriteFailure, PAGES, REQUEST_TIMEOUT_MS, RETRY } from '../../src/github/client.js'
import { ACTIONS_WRITER, startGitHubFake } from '../support/github-fake.js'
import { TestClock } from '../support/test-clock.js'

/** Retries with no jitter: each backoff is its whole ceiling (1 s, then 2 s). */
const POLICY = { ...RETRY, random: () => 1 }

let github: Awaited<ReturnType<typeof startGitHubFake>>
beforeAll(async () => {
  github = await startGitHubFake()
})
afterAll(async () => {
  await github.close()
})

let clock: TestClock
beforeEach(() => {
  clock = new TestClock()
  github.requests.length = 0
  github.comments.length = 0
  github.failWith(undefined)
})

/** A client of acme/docs on the fake, under `signal`, on the test clock; `fetch` counts what is sent. */
async function client(options: { signal?: AbortSignal; apiUrl?: string } = {}) {
  const sent = { count: 0 }
  const counted: typeof globalThis.fetch = (input, init) => {
    sent.count++
    return fetch(input, init)
  }
  const opened = await GitHubClient.open({
    token: 'ghs_test',
    repository: { owner: 'acme', name: 'docs' },
    apiUrl: options.apiUrl ?? github.url,
    signal: options.signal ?? new AbortController().signal,
    clock,
    fetch: counted,
    retry: POLICY
  })
  return { github: opened, sent }
}

const requests = () => github.requests.map((r) => `${r.method} ${r.path.replace(/\?.*/, '')}`)
const rateLimited = (headers: Record<string, string>, status = 403) => ({ status, headers })
/** What a client call rejects with, to look at. */
const failure = async (call: Promise<unknown>): Promise<{ status?: number; message?: string }> => {
  try {
    await call
  } catch (error) {
    return error as { status?: number }
  }
  throw new Error('the call did not fail')
}

describe('a read (GET)', () => {
  it('is tried again after a 5xx, with backoff on the clock, and gives GitHub’s answer once it comes', async () => {
    const { github: gh } = await client()
    github.fault({ status: 502 }, { status: 503 })
    const start = clock.now()
    expect(await gh.comments(8)).toEqual([])
    expect(requests()).toEqual(Array(3).fill('GET /repos/acme/docs/issues/8/comments'))
    expect(clock.now() - start).toBe(1000 + 2000)
    expect(github.requests.map((r) => r.auth)).toEqual(Array(3).fill('token ghs_test'))
  })

  it('fails with the last answer after RETRY.maxAttempts tries', async () => {
    const { github: gh } = await client()
    github.fault({ status: 500 }, { status: 500 }, { status: 500 })
    expect((await failure(gh.comments(8))).status).toBe(500)
    expect(github.requests).toHaveLength(RETRY.maxAttempts)
  })

  it('waits what Retry-After says after a 5xx, seconds or a date', async () => {
    const { github: gh } = await client()
    github.fault({ status: 503, headers: { 'retry-after': '7' } })
    let start = clock.now()
    await gh.comments(8)
    expect(clock.now() - start).toBe(7000)
    github.fault({ status: 503, headers: { 'retry-after': new Date(clock.now() + 4000).toUTCString() } })
    start = clock.now()
    await gh.comments(8)
    expect(clock.now() - start).toBe(4000)
    expect(github.requests).toHaveLength(4)
  })

  it('is tried again when the connection drops, or the try runs out of its time', async () => {
    const { github: gh } = await client()
    github.fault({ drop: true })
    expect(await gh.comments(8)).toEqual([])
    expect(github.requests).toHaveLength(2)
    github.requests.length = 0
    github.fault({ hold: () => clock.hold() })
    const start = clock.now()
    expect(await gh.comments(8)).toEqual([])
    expect(github.requests).toHaveLength(2)
    expect(clock.now() - start).toBe(REQUEST_TIMEOUT_MS + 1000)
  })

  it('is not tried again for a 4xx that is no rate limit: a 404, or a 403 without the limit’s headers', async () => {
    const { github: gh } = await client()
    for (const status of [404, 403, 422]) {
      github.requests.length = 0
      github.fault({ status })
      expect((await failure(gh.comments(8))).status).toBe(status)
      expect(github.requests).toHaveLength(1)
    }
  })
})

describe('the secondary rate limit', () => {
  it('is waited out for a write, as Retry-After says, and the write is made once', async () => {
    const { github: gh } = await client()
    github.fault(rateLimited({ 'retry-after': '2' }))
    const start = clock.now()
    const id = await gh.createComment(8, 'hello')
    expect(requests()).toEqual(Array(2).fill('POST /repos/acme/docs/issues/8/comments'))
    expect(github.comments.map((c) => [c.id, c.body])).toEqual([[id, 'hello']])
    expect(clock.now() - start).toBe(2000)
  })

  it('is waited out until x-ratelimit-reset when x-ratelimit-remaining is 0, for a 429 too', async () => {
    const { github: gh } = await client()
    const reset = Math.floor(clock.now() / 1000) + 5
    github.fault(rateLimited({ 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': String(reset) }, 429))
    const start = clock.now()
    await gh.updateComment(github.addComment(8, 'before', ACTIONS_WRITER.user).id, 'after')
    expect(requests()).toEqual(Array(2).fill(`PATCH /repos/acme/docs/issues/comments/${github.comments[0]?.id ?? 0}`))
    expect(github.comments[0]?.body).toBe('after')
    expect(clock.now() - start).toBe(reset * 1000 - start)
  })

  it('is not waited for longer than RETRY.maxWaitMs: the request fails at once, with GitHub’s answer', async () => {
    const { github: gh } = await client()
    github.fault(rateLimited({ 'retry-after': String(RETRY.maxWaitMs / 1000 + 1) }))
    const start = clock.now()
    const error = await failure(gh.createComment(8, 'hello'))
    expect(error.status).toBe(403)
    expect(github.requests).toHaveLength(1)
    expect(clock.now()).toBe(start)
  })
})

describe('a write (POST, PATCH) that may have landed', () => {
  it('is never sent again after a 5xx: GitHub may have made it', async () => {
    const { github: gh } = await client()
    github.fault({ status: 502 })
    expect((await failure(gh.createComment(8, 'hello'))).status).toBe(502)
    github.fault({ status: 500 })
    expect((await failure(gh.updateIssue(1, 'body'))).status).toBe(500)
    expect(requests()).toEqual(['POST /repos/acme/docs/issues/8/comments', 'PATCH /repos/acme/docs/issues/1'])
  })

  it('is never sent again when its connection drops once it was sent, or it runs out of its time', async () => {
    const { github: gh } = await client()
    github.fault({ drop: true })
    await failure(gh.createComment(8, 'hello'))
    github.fault({ hold: () => clock.hold() })
    const start = clock.now()
    await failure(gh.createCheckRun('a'.repeat(40), 'Docs agent', { status: 'in_progress', title: 't', summary: 's' }))
    expect(clock.now() - start).toBe(REQUEST_TIMEOUT_MS)
    expect(requests()).toEqual(['POST /repos/acme/docs/issues/8/comments', 'POST /repos/acme/docs/check-runs'])
    expect(github.comments).toEqual([])
  })

  it('is sent again when it never left: the connection was refused', async () => {
    // A fake that has closed: its port refuses connections.
    const gone = await startGitHubFake()
    await gone.close()
    const { github: gh, sent } = await client({ apiUrl: gone.url })
    const error = await failure(gh.createComment(8, 'hello'))
    expect(githubWriteFailure(error, 'issues: write')).toMatch(/^: GitHub could not be reached \(HTTP 500, .*ECONNREFUSED\)\.$/)
    expect(sent.count).toBe(RETRY.maxAttempts)
  })
})

describe('the run ends a wait', () => {
  it('when its signal aborts, with its reason, and nothing more is sent', async () => {
    const run = new AbortController()
    const { github: gh } = await client({ signal: run.signal })
    github.fault({ status: 503, headers: { 'retry-after': '30' } })
    clock.timer(10_000, () => {
      run.abort(new Error('cancelled'))
    })
    const start = clock.now()
    await expect(gh.comments(8)).rejects.toThrow('cancelled')
    expect(clock.now() - start).toBe(10_000)
    expect(github.requests).toHaveLength(1)
  })

  it('at its deadline, with the StopError of the deadline', async () => {
    const lifetime = new Lifetime(5000, clock)
    try {
      const { github: gh } = await client({ signal: lifetime.signal })
      github.fault(rateLimited({ 'retry-after': '30' }))
      const error: unknown = await failure(gh.createComment(8, 'hello'))
      expect(error).toBeInstanceOf(StopError)
      expect(error instanceof StopError && error.reason).toBe('timeout')
      expect(lifetime.elapsedMs()).toBe(5000)
      expect(github.requests).toHaveLength(1)
    } finally {
      lifetime.dispose()
    }
  })

  it('a stopping run’s last write is one try, not under the ended signal', async () => {
    const run = new AbortController()
    const { github: gh } = await client({ signal: run.signal })
    run.abort(new Error('cancelled'))
    const last = gh.detached(1000)
    github.fault({ status: 502 })
    expect((await failure(last.comments(8))).status).toBe(502)
    expect(await last.createComment(8, 'ended')).toBeGreaterThan(0)
    expect(github.requests).toHaveLength(2)
  })
})

describe('paging', () => {
  it('reads at most PAGES.comments pages of a thread, and stops at the page that holds what is looked for', async () => {
    for (let i = 0; i < PAGES.comments * 100 + 50; i++) github.addComment(9, `comment ${i}`, ACTIONS_WRITER.user)
    const { github: gh } = await client()
    expect(await gh.comments(9)).toHaveLength(PAGES.comments * 100)
    expect(github.requests).toHaveLength(PAGES.comments)
    github.requests.length = 0
    const found = await gh.comments(9, (c) => c.body === 'comment 150')
    expect(found).toHaveLength(200)
    expect(github.requests.map((r) => new URL(r.path, github.url).searchParams.get('page'))).toEqual([null, '2'])
  })

  it('asks for no page after a list that ends on a full page', async () => {
    for (let i = 0; i < 200; i++) github.addComment(10, `comment ${i}`, ACTIONS_WRITER.user)
    const { github: gh, sent } = await client()
    expect(await gh.comments(10)).toHaveLength(200)
    expect(github.requests).toHaveLength(2)
    expect(sent.count).toBe(2)
  })
})

describe('githubWriteFailure', () => {
  it('names the permission for a 403 or 404 from the fake, and never for a 5xx', async () => {
    const { github: gh } = await client()
    github.fault({ status: 404 })
    expect(githubWriteFailure(await failure(gh.createComment(8, 'x')), 'issues: write')).toBe(
      ' (HTTP 404): give the job `permissions: issues: write`.'
    )
    github.fault({ status: 502 })
    expect(githubWriteFailure(await failure(gh.createComment(8, 'x')), 'issues: write')).toBe(
      ': GitHub could not be reached (HTTP 502, Server Error).'
    )
  })
})

describe('a repository’s visibility', () => {
  it('is what GET /repos/{owner}/{repo} says, internal apart from private', async () => {
    github.setVisibility('acme/docs', 'private')
    github.setVisibility('acme/handbook', 'internal')
    github.setVisibility('acme/site', 'public')
    const { github: opened } = await client()
    expect(await opened.visibility('acme', 'docs')).toBe('private')
    expect(await opened.visibility('acme', 'handbook')).toBe('internal')
    expect(await opened.visibility('acme', 'site')).toBe('public')
    expect(requests()).toEqual(['GET /repos/acme/docs', 'GET /repos/acme/handbook', 'GET /repos/acme/site'])
  })

  it.each([
    [{ private: true }, 'private'],
    [{ private: false }, 'public'],
    [{ private: 'true' }, 'public'],
    [{}, 'public'],
    [{ private: true, visibility: 'secret' }, 'public'],
    [{ private: true, visibility: null }, 'public'],
    [{ private: false, visibility: 'private' }, 'private']
  ])('from an answer %j is %s', async (answer, visibility) => {
    const opened = await GitHubClient.open({
      token: 'ghs_test',
      repository: { owner: 'acme', name: 'docs' },
      apiUrl: github.url,
      signal: new AbortController().signal,
      clock,
      fetch: () => Promise.resolve(Response.json({ full_name: 'acme/docs', ...answer })),
      retry: POLICY
    })
    expect(await opened.visibility('acme', 'docs')).toBe(visibility)
  })

  it('fails with GitHub’s status for a repository GitHub does not show', async () => {
    const { github: opened } = await client()
    expect(await failure(opened.visibility('acme', 'unknown'))).toMatchObject({ status: 404 })
  })
})

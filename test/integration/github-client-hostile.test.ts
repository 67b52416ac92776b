// Attacks on the one GitHub client (src/github/client.ts) and the runner's payload (src/github/runner.ts),
// in process, on 127.0.0.1 only, every wait on a test clock: hostile rate-limit headers (bounded tries,
// bounded waits, a permission error never taken for a rate limit), redirects (the token never follows
// one to another origin; a write never lands twice), GitHub's error text (one bounded line, never a
// workflow command, never the token), and hostile event payloads (read once, never trusted for shape).
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { Lifetime, StopError } from '../../src/core/lifetime.js'
import { GitHubClient, githubFailure, githubWriteFailure, RETRY } from '../../src/github/client.js'
import { commandOf } from '../../src/github/follow-up.js'
import { readRunner } from '../../src/github/runner.js'
import { triggerOf } from '../../src/github/trigger.js'
import { CHECK_NAME, CheckRecord } from '../../src/github/check-run.js'
import { CommentThread, commentTarget } from '../../src/github/comment.js'
import { endBody } from '../../src/render/comment-body.js'
import { JOB_REPORTS } from '../support/job-reports.js'
import { SEAL } from '../support/seal.js'
import { startGitHubFake } from '../support/github-fake.js'
import { TestClock } from '../support/test-clock.js'

const TOKEN = 'ghs_Hostile0Token1Value2'
const POLICY = { ...RETRY, random: () => 1 }

let github: Awaited<ReturnType<typeof startGitHubFake>>
/** Another origin on 127.0.0.1: what it is sent, and what it answers (`answer`). */
let other: { url: string; seen: { method: string; url: string; auth: string | undefined }[]; close: () => Promise<void> }
let answer: (req: IncomingMessage, res: ServerResponse) => void

async function server(handle: (req: IncomingMessage, res: ServerResponse) => void) {
  const seen: { method: string; url: string; auth: string | undefined }[] = []
  const s = createServer((req, res) => {
    seen.push({ method: req.method ?? '', url: req.url ?? '', auth: req.headers.authorization })
    req.resume()
    req.on('end', () => {
      handle(req, res)
    })
  })
  await new Promise<void>((resolve) =>
    s.listen(0, '127.0.0.1', () => {
      resolve()
    })
  )
  const address = s.address()
  const port = typeof address === 'object' && address ? address.port : 0
  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        s.closeAllConnections()
        s.close(() => {
          resolve()
        })
      })
  }
}

beforeAll(async () => {
  github = await startGitHubFake()
  other = await server((req, res) => {
    answer(req, res)
  })
})
afterAll(async () => {
  await github.close()
  await other.close()
})

let clock: TestClock
beforeEach(() => {
  clock = new TestClock()
  github.requests.length = 0
  github.comments.length = 0
  github.failWith(undefined)
  other.seen.length = 0
  answer = (_req, res) => {
    res.writeHead(201, { 'Content-Type': 'application/json' })
    res.end(JSON.stringify({ id: 1 }))
  }
})

async function client(options: { signal?: AbortSignal; apiUrl?: string } = {}) {
  return GitHubClient.open({
    token: TOKEN,
    repository: { owner: 'acme', name: 'docs' },
    apiUrl: options.apiUrl ?? github.url,
    signal: options.signal ?? new AbortController().signal,
    clock,
    fetch,
    retry: POLICY
  })
}

const failure = async (call: Promise<unknown>): Promise<{ status?: number; message?: string }> => {
  try {
    await call
  } catch (error) {
    return error as { status?: number }
  }
  throw new Error('the call did not fail')
}

describe('hostile rate-limit headers on a 403', () => {
  // Whether the 403 reads as GitHub's rate limit: a Retry-After that is a wait, however long or past,
  // or no request left, whatever the reset says; else it keeps its permission advice.
  const cases: [string, Record<string, string | string[]>, number, boolean][] = [
    ['a negative Retry-After', { 'retry-after': '-5' }, 1, false],
    ['a fractional Retry-After', { 'retry-after': '1.5' }, 1, false],
    ['a non-numeric Retry-After', { 'retry-after': 'soon' }, 1, false],
    ['a huge Retry-After', { 'retry-after': '9'.repeat(400) }, 1, true],
    ['a Retry-After date far in the future', { 'retry-after': 'Fri, 31 Dec 9999 23:59:59 GMT' }, 1, true],
    ['a repeated Retry-After', { 'retry-after': ['5', '5'] }, 1, false],
    ['an absurd x-ratelimit-reset', { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': '1e300' }, 1, true],
    [
      'a negative x-ratelimit-reset far in the future as a date',
      { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': '99999999999' },
      1,
      true
    ],
    // A permission error carries the primary limit's headers with requests left: never a rate limit.
    ['a permission error with the rate limit’s headers', { 'x-ratelimit-remaining': '4999', 'x-ratelimit-reset': '1' }, 1, false],
    // A date in the past asks for no wait: tried again at once, but never more than RETRY.maxAttempts times.
    ['a Retry-After date far in the past', { 'retry-after': 'Thu, 01 Jan 1970 00:00:00 GMT' }, RETRY.maxAttempts, true]
  ]
  for (const [name, headers, tries, limited] of cases) {
    it(`${name}: ${tries} tr${tries === 1 ? 'y' : 'ies'}, no wait, and ${limited ? 'the rate limit named' : 'the permission advice'}`, async () => {
      const gh = await client()
      // As many faults as tries are expected: one more try would be answered 201, and counted.
      github.fault(
        ...Array<{ status: number; headers: Record<string, string> }>(tries).fill({
          status: 403,
          headers: headers as Record<string, string>
        })
      )
      const start = clock.now()
      const error = await failure(gh.createComment(8, 'hello'))
      expect(error.status).toBe(403)
      expect(github.requests).toHaveLength(tries)
      expect(clock.now() - start).toBe(0)
      expect(githubWriteFailure(error, 'issues: write')).toMatch(
        limited
          ? /^: GitHub refused it for its rate limit \(HTTP 403, .*\)\.$/
          : /^ \(HTTP 403\): give the job `permissions: issues: write`\.$/
      )
      expect(github.comments).toEqual([])
    })
  }

  it('an unreadable x-ratelimit-reset with none left is waited 60 s at most per try, RETRY.maxAttempts tries in all', async () => {
    const gh = await client()
    github.fault(
      ...Array<object>(RETRY.maxAttempts).fill({ status: 429, headers: { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': 'later' } })
    )
    const start = clock.now()
    expect((await failure(gh.createComment(8, 'hello'))).status).toBe(429)
    expect(github.requests).toHaveLength(RETRY.maxAttempts)
    expect(clock.now() - start).toBe((RETRY.maxAttempts - 1) * RETRY.maxWaitMs)
  })

  it('a loop of 429s ends at the run’s deadline, with nothing more sent', async () => {
    const lifetime = new Lifetime(90_000, clock)
    try {
      const gh = await client({ signal: lifetime.signal })
      github.fault(...Array<object>(2).fill({ status: 429, headers: { 'retry-after': '60' } }))
      const error: unknown = await failure(gh.createComment(8, 'hello'))
      expect(error).toBeInstanceOf(StopError)
      expect(lifetime.elapsedMs()).toBe(90_000)
      expect(github.requests).toHaveLength(2)
      expect(github.comments).toEqual([])
    } finally {
      lifetime.dispose()
    }
  })
})

describe('a redirect', () => {
  it('to another origin never carries the token, for a read', async () => {
    const gh = await client()
    answer = (_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' })
      res.end('[]')
    }
    github.fault({ status: 301, headers: { location: `${other.url}/repos/acme/docs/issues/8/comments` } })
    expect(await gh.comments(8)).toEqual([])
    // Refused, and tried again as a read is: never sent to the other origin.
    expect(github.requests.map((r) => r.auth)).toEqual(Array(2).fill(`token ${TOKEN}`))
    expect(other.seen).toEqual([])
  })

  it('to another origin never carries the token, nor the write, for a write', async () => {
    const gh = await client()
    github.fault({ status: 307, headers: { location: `${other.url}/repos/acme/docs/issues/8/comments` } })
    const error = await failure(gh.createComment(8, 'hello'))
    expect(other.seen).toEqual([])
    expect(error.status).toBe(500)
    expect(github.requests).toHaveLength(1)
  })

  it('of a write to itself is refused, never a second write', async () => {
    const gh = await client()
    github.fault({ status: 307, headers: { location: `${github.url}/repos/acme/docs/issues/8/comments` } })
    await gh.createComment(8, 'hello').catch(() => undefined)
    expect(github.requests.filter((r) => r.method === 'POST')).toHaveLength(2)
    expect(github.comments.map((c) => c.body)).toEqual(['hello'])
  })

  it('of a write that changes its method (301, 302, 303) is not followed, nor the write sent again', async () => {
    const gh = await client()
    for (const status of [301, 302, 303]) {
      github.fault({ status, headers: { location: `${github.url}/repos/acme/docs/issues/8/comments` } })
      const error = await failure(gh.createComment(8, 'hello'))
      expect(githubWriteFailure(error, 'issues: write')).toBe(
        `: GitHub could not be reached (HTTP 500, GitHub answered HTTP ${status} with a redirect that is not followed).`
      )
    }
    expect(github.requests.map((r) => r.method)).toEqual(['POST', 'POST', 'POST'])
    expect(github.comments).toEqual([])
  })

  it('looping to itself is followed a bounded number of times', async () => {
    const gh = await client()
    github.fault(...Array<object>(6).fill({ status: 301, headers: { location: `${github.url}/repos/acme/docs/issues/8/comments` } }))
    expect(await gh.comments(8)).toEqual([])
    // One try: the request and five redirects, then refused; the second try is answered.
    expect(github.requests).toHaveLength(7)
  })
})

describe('GitHub’s error text', () => {
  const hostile = `bad\n::error::pwned\r\n##[error]older \u001b[31mred\u001b[0m ${TOKEN} ` + 'x'.repeat(5000)
  for (const status of [422, 500]) {
    it(`of a ${status} is one bounded line, no workflow command, no ANSI, never the token`, async () => {
      const api = await server((_req, res) => {
        res.writeHead(status, { 'Content-Type': 'application/json' })
        res.end(JSON.stringify({ message: hostile, documentation_url: `https://docs.github.com/${TOKEN}` }))
      })
      try {
        const gh = await client({ apiUrl: api.url })
        const error = await failure(gh.createComment(8, 'hello'))
        for (const text of [githubWriteFailure(error, 'issues: write'), githubFailure(error)]) {
          expect(text).not.toMatch(/[\r\n]/)
          expect(text).not.toContain('\u001b')
          // The runner reads a command only at the start of a line (and its older form anywhere).
          expect(text).not.toMatch(/^\s*::/)
          expect(text).not.toContain('##[')
          expect(text).not.toContain(TOKEN)
          expect(text.length).toBeLessThanOrEqual(300)
        }
        // What else may print the error (its message, as errorMessage gives it) never holds the token.
        expect(String(error.message)).not.toContain(TOKEN)
        expect(JSON.stringify(error)).not.toContain(TOKEN)
      } finally {
        await api.close()
      }
    })
  }

  it('of a network failure is one bounded line', async () => {
    const gone = await startGitHubFake()
    await gone.close()
    const gh = await client({ apiUrl: gone.url })
    const error = await failure(gh.comments(8))
    expect(githubFailure(error)).toMatch(/^HTTP 500$|^[^\n]{1,300}$/)
  })
})

describe('a hostile event payload', () => {
  const dirs: string[] = []
  afterAll(async () => {
    await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })))
  })
  const runnerOf = async (text: string, env: Record<string, string> = {}) => {
    const dir = await mkdtemp(join(tmpdir(), 'payload-'))
    dirs.push(dir)
    const path = join(dir, 'event.json')
    await writeFile(path, text)
    return readRunner({ GITHUB_EVENT_PATH: path, GITHUB_REPOSITORY: 'acme/docs', ...env })
  }

  it('that is not JSON is an error to report, not a crash', async () => {
    const runner = await runnerOf('{"pull_request": ')
    expect(runner.payload).toBeUndefined()
    expect(runner.payloadError).toMatch(/JSON/)
  })

  it('nested deeply is read or refused, never a crash', async () => {
    const runner = await runnerOf('['.repeat(200_000) + ']'.repeat(200_000))
    expect(runner.payload !== undefined || runner.payloadError !== undefined).toBe(true)
  })

  it('with __proto__ keys pollutes nothing', async () => {
    const runner = await runnerOf(
      JSON.stringify({ action: 'created' }).replace(
        '{',
        '{"__proto__": {"polluted": true, "number": 8}, "constructor": {"prototype": {"polluted": true}},'
      )
    )
    expect(({} as { polluted?: unknown }).polluted).toBeUndefined()
    expect(triggerOf('pull_request', runner.payload, {})).toBeUndefined()
    expect(commentTarget('issues', runner.payload as object, 'acme/docs')).toBe(
      'comment is true, but the issues event names no issue or pull request.'
    )
  })

  it('with strings where numbers are expected names no target, trigger or command', async () => {
    const runner = await runnerOf(
      JSON.stringify({
        action: 'created',
        number: '8',
        issue: { number: '8/../../orgs', pull_request: {} },
        pull_request: { number: '8', head: { sha: 'a'.repeat(40) } },
        comment: { id: '1', body: '/docs go', user: { login: 'someone', type: 'User' } }
      })
    )
    expect(typeof commentTarget('pull_request', runner.payload as object, 'acme/docs')).toBe('string')
    expect(triggerOf('pull_request', runner.payload, {})).toBeUndefined()
    expect(commandOf(runner.payload, '/docs')).toHaveProperty('quiet')
  })

  it('whose repository differs from GITHUB_REPOSITORY never moves the client: the runner’s repository is the one used', async () => {
    const runner = await runnerOf(
      JSON.stringify({ repository: { full_name: 'evil/elsewhere', private: true }, pull_request: { number: 8 } })
    )
    expect(runner.repository).toEqual({ owner: 'acme', name: 'docs' })
    const target = commentTarget('pull_request', runner.payload as object, runner.repositoryText)
    expect(target).toMatchObject({ owner: 'acme', repo: 'docs', number: 8 })
  })
})

describe('an answer that cannot be read', () => {
  /** An API on 127.0.0.1 that answers `status` with JSON cut short (its connection dropped), or with `body`. */
  const cutShort = (status: number, body?: string) =>
    server((_req, res) => {
      res.writeHead(status, { 'Content-Type': 'application/json' })
      if (body !== undefined) {
        res.end(body)
        return
      }
      res.write('{"id": 12')
      setImmediate(() => res.destroy())
    })

  it('of a write (a 201 cut short, or not JSON) is a failure, and the write is not sent again', async () => {
    for (const api of [await cutShort(201), await cutShort(201, '<html>proxy</html>')]) {
      try {
        const gh = await client({ apiUrl: api.url })
        const error = await failure(gh.createComment(8, 'hello'))
        expect(githubWriteFailure(error, 'issues: write')).toMatch(/^: GitHub could not be reached \(.*answer.*\)\.$/)
        expect(api.seen.map((r) => r.method)).toEqual(['POST'])
      } finally {
        await api.close()
      }
    }
  })

  it('of a read is tried again, and fails once the tries are spent', async () => {
    const api = await cutShort(200)
    try {
      const gh = await client({ apiUrl: api.url })
      await failure(gh.comments(8))
      expect(api.seen).toHaveLength(RETRY.maxAttempts)
    } finally {
      await api.close()
    }
  })
})

describe('a comment whose creation may have landed', () => {
  /** A fetch whose first POST reaches GitHub (the comment is made) but whose answer is `answered`. */
  const landing = (answered: () => Response | Promise<Response>): typeof globalThis.fetch => {
    let first = true
    return async (input, init) => {
      const response = await fetch(input, init)
      if (init?.method !== 'POST' || !first) return response
      first = false
      await response.body?.cancel()
      return answered()
    }
  }
  const answers: [string, () => Response | Promise<Response>][] = [
    ['answered 502', () => new Response('{"message":"Bad Gateway"}', { status: 502, headers: { 'Content-Type': 'application/json' } })],
    [
      'whose connection broke',
      () => Promise.reject(new TypeError('fetch failed', { cause: Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' }) }))
    ]
  ]
  for (const [name, answered] of answers) {
    it(`${name} at the start: the end edits that comment, never posts a second`, async () => {
      const gh = await GitHubClient.open({
        token: TOKEN,
        repository: { owner: 'acme', name: 'docs' },
        apiUrl: github.url,
        signal: new AbortController().signal,
        clock,
        fetch: landing(answered),
        retry: POLICY
      })
      const key = `docs/pull/8@${'a'.repeat(40)}`
      const target = { owner: 'acme', repo: 'docs', number: 8, isPullRequest: true }
      const thread = new CommentThread(gh, gh.detached(1000), target, new AbortController().signal, SEAL, key)
      await thread.start('job_1')
      expect(github.comments).toHaveLength(1)
      await thread.finish(JOB_REPORTS.opened, false)
      expect(github.comments).toHaveLength(1)
      expect(github.comments[0]?.body).toBe(endBody(JOB_REPORTS.opened, undefined, key, { seal: SEAL, place: 'acme/docs thread 8' }))
      expect(github.requests.filter((r) => r.method === 'POST')).toHaveLength(1)
    })
  }
})

describe('a check run whose creation may have landed', () => {
  it('answered 502 at the start: the end completes that check run, never makes a second', async () => {
    let first = true
    const gh = await GitHubClient.open({
      token: TOKEN,
      repository: { owner: 'acme', name: 'docs' },
      apiUrl: github.url,
      signal: new AbortController().signal,
      clock,
      fetch: async (input, init) => {
        const response = await fetch(input, init)
        if (init?.method !== 'POST' || !first) return response
        first = false
        await response.body?.cancel()
        return new Response('{"message":"Bad Gateway"}', { status: 502, headers: { 'Content-Type': 'application/json' } })
      },
      retry: POLICY
    })
    const sha = 'b'.repeat(40)
    const warnings: string[] = []
    const log = {
      info: () => undefined,
      warning: (text: string) => {
        warnings.push(text)
      }
    }
    const record = new CheckRecord(gh, sha, `docs/push@${sha}`, undefined, log, SEAL)
    await record.started('job_1')
    expect(warnings).toHaveLength(1)
    await record.finished(JOB_REPORTS.opened)
    const runs = github.checkRuns.filter((run) => run.head_sha === sha && run.name === CHECK_NAME)
    expect(runs.map((run) => [run.status, run.conclusion])).toEqual([['completed', 'success']])
  })
})

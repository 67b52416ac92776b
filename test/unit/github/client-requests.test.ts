// The GitHub client's requests, in process through a recording fetch and a clock of the test's own:
// what each read and write asks GitHub (path, query, body) and what it gives back, how far a list is
// paged, when a request is tried again (a 5xx, a rate limit, a try that runs out of its time, a
// connection that fails) and when never, what the run's signal and a detached client do, how an
// answer that is no JSON fails, and that the token never stays in a failed request's error.
import { describe, expect, it } from 'vitest'
import type { Clock } from '../../../src/core/clock.js'
import { GitHubClient, githubWriteFailure, lastPage, PAGES, REQUEST_TIMEOUT_MS, RETRY } from '../../../src/github/client.js'

const TOKEN = 'ghs_client0test0token'
const API = 'http://127.0.0.1:1'
const NOW = 1_700_000_000_000

interface Sent {
  method: string
  url: URL
  body: unknown
  signal: AbortSignal
}

const json = (body: unknown, status = 200, headers: Record<string, string> = {}): Response =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } })

/** A clock that stands still: it records every wait (and ends it at once, unless its signal has aborted) and each try's timeout, which a test may fire. */
function stillClock() {
  const waits: number[] = []
  const timeouts: { ms: number; fire: () => void }[] = []
  const clock: Clock = {
    now: () => NOW,
    sleep(ms, signal) {
      waits.push(ms)
      return signal.aborted ? Promise.reject(signal.reason as Error) : Promise.resolve()
    },
    timer: () => () => undefined,
    timeoutSignal(ms) {
      const controller = new AbortController()
      timeouts.push({
        ms,
        fire: () => {
          controller.abort(new DOMException('The operation was aborted due to timeout', 'TimeoutError'))
        }
      })
      return controller.signal
    },
    exchange: (work) => work
  }
  return { clock, waits, timeouts }
}

/** An answer that never comes: it fails, as fetch does, with the reason of the request's signal once that aborts. */
const unanswered = (sent: Sent): Promise<Response> =>
  new Promise((_resolve, reject) => {
    sent.signal.addEventListener('abort', () => {
      reject(sent.signal.reason as Error)
    })
  })

/**
 * A client of acme/docs whose every request goes to `answer` (given the request and how many came
 * before it) and is recorded in `sent`; retries with the jitter at its middle (the first backoff
 * 500 ms, the second 1 s).
 */
async function clientOf(
  answer: (sent: Sent, index: number) => Response | Promise<Response>,
  options: { signal?: AbortSignal; time?: ReturnType<typeof stillClock> } = {}
) {
  const sent: Sent[] = []
  const time = options.time ?? stillClock()
  const fetch: typeof globalThis.fetch = (input, init) => {
    const request: Sent = {
      method: init?.method ?? 'GET',
      url: new URL(input instanceof Request ? input.url : String(input)),
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
      signal: init?.signal as AbortSignal
    }
    sent.push(request)
    return Promise.resolve(answer(request, sent.length - 1))
  }
  const client = await GitHubClient.open({
    token: TOKEN,
    repository: { owner: 'acme', name: 'docs' },
    apiUrl: API,
    signal: options.signal ?? new AbortController().signal,
    clock: time.clock,
    fetch,
    retry: { ...RETRY, random: () => 0.5 }
  })
  return { client, sent, waits: time.waits, timeouts: time.timeouts }
}

/** What a call rejects with, to look at. */
async function failure(call: Promise<unknown>): Promise<Error & { status?: number; response?: { data?: unknown } }> {
  try {
    await call
  } catch (error) {
    return error as Error
  }
  throw new Error('the call did not fail')
}

const query = (sent: Sent | undefined) => Object.fromEntries(sent?.url.searchParams ?? [])
const fileData = (n: number) => ({ filename: `docs/page-${n}.mdx`, status: 'modified', additions: 1, deletions: 0 })
const commitData = (n: number) => ({ sha: `sha${n}`, commit: { message: `commit ${n}` } })
/** The Link header GitHub sends with a page of `total` items: the next page while one follows. */
const link = (sent: Sent, total: number): Record<string, string> => {
  const page = Number(sent.url.searchParams.get('page') ?? '1')
  if (page * 100 >= total) return {}
  const next = new URL(sent.url)
  next.searchParams.set('page', String(page + 1))
  return { link: `<${next.href}>; rel="next", <${API}/last>; rel="last"` }
}
/** Pages of `total` items made by `item`, as GitHub answers `page` of them (100 a page), with its Link header. */
const paged =
  (total: number, item: (n: number) => unknown) =>
  (sent: Sent): Response => {
    const page = Number(sent.url.searchParams.get('page') ?? '1')
    const first = (page - 1) * 100
    return json(
      Array.from({ length: Math.max(0, Math.min(100, total - first)) }, (_, i) => item(first + i)),
      200,
      link(sent, total)
    )
  }
/** The query of the first page (octokit asks for it without a page number) and of the pages after it. */
const pageQuery = (page: number, rest: Record<string, string>) => (page === 1 ? rest : { ...rest, page: String(page) })

describe('the changes of a pull request', () => {
  it('reads its files page by page until a short page, complete, with a renamed file’s old path and a patch only where GitHub gives them', async () => {
    const { client, sent } = await clientOf((request) =>
      request.url.searchParams.get('page') === null
        ? json(
            [
              {
                filename: 'docs/new.mdx',
                status: 'renamed',
                additions: 2,
                deletions: 1,
                previous_filename: 'docs/old.mdx',
                patch: '@@ -1 +1 @@'
              },
              ...Array.from({ length: 99 }, (_, i) => fileData(i))
            ],
            200,
            link(request, 205)
          )
        : paged(205, fileData)(request)
    )
    const { files, complete } = await client.pullFiles(7)
    expect(complete).toBe(true)
    expect(files).toHaveLength(205)
    expect(files[0]).toStrictEqual({
      path: 'docs/new.mdx',
      status: 'renamed',
      additions: 2,
      deletions: 1,
      previousPath: 'docs/old.mdx',
      patch: '@@ -1 +1 @@'
    })
    expect(files[1]).toStrictEqual({ path: 'docs/page-0.mdx', status: 'modified', additions: 1, deletions: 0 })
    expect(sent.map((s) => s.url.pathname)).toEqual(Array(3).fill('/repos/acme/docs/pulls/7/files'))
    expect(sent.map(query)).toEqual([1, 2, 3].map((page) => pageQuery(page, { per_page: '100' })))
  })

  it('reads at most PAGES.files pages of files, and says the list is not complete', async () => {
    const { client, sent } = await clientOf(paged(PAGES.files * 100 + 1, fileData))
    const { files, complete } = await client.pullFiles(7)
    expect(files).toHaveLength(PAGES.files * 100)
    expect(complete).toBe(false)
    expect(sent).toHaveLength(PAGES.files)
  })

  it('reads the files of a pull request in any repository, at most PAGES.moves pages of them', async () => {
    const { client, sent } = await clientOf(paged(PAGES.moves * 100 + 1, fileData))
    const files = await client.pullFilesOf('other', 'site', 9)
    expect(files).toHaveLength(PAGES.moves * 100)
    expect(files[0]).toStrictEqual({ path: 'docs/page-0.mdx', status: 'modified', additions: 1, deletions: 0 })
    expect(PAGES.moves).toBe(3)
    expect(sent.map((s) => s.url.pathname)).toEqual(Array(PAGES.moves).fill('/repos/other/site/pulls/9/files'))
    expect(sent.map(query)).toEqual([1, 2, 3].map((page) => pageQuery(page, { per_page: '100' })))
  })

  it('reads its commits, at most PAGES.commits pages, and says whether the list ended', async () => {
    const whole = await clientOf(paged(150, commitData))
    const read = await whole.client.pullCommits(3)
    expect(read.complete).toBe(true)
    expect(read.commits).toHaveLength(150)
    expect(read.commits[149]).toStrictEqual({ sha: 'sha149', message: 'commit 149' })
    expect(whole.sent.map((s) => s.url.pathname)).toEqual(Array(2).fill('/repos/acme/docs/pulls/3/commits'))
    expect(whole.sent.map(query)).toEqual([1, 2].map((page) => pageQuery(page, { per_page: '100' })))

    const cut = await clientOf(paged(PAGES.commits * 100 + 1, commitData))
    const first = await cut.client.pullCommits(3)
    expect(first.complete).toBe(false)
    expect(first.commits).toHaveLength(PAGES.commits * 100)
    expect(cut.sent).toHaveLength(PAGES.commits)
  })

  it('knows a list that ends on a full page ended, at no further request', async () => {
    for (const pages of [1, 2, PAGES.commits]) {
      const { client, sent } = await clientOf(paged(pages * 100, commitData))
      const read = await client.pullCommits(3)
      expect(read).toMatchObject({ complete: true, commits: { length: pages * 100 } })
      expect(sent).toHaveLength(pages)
    }
  })

  it('follows no Link to another origin: the token stays with the API', async () => {
    const { client, sent } = await clientOf((request) =>
      json([commitData(request.url.origin === API ? 1 : 2)], 200, { link: '<http://127.0.0.2:1/next?page=2>; rel="next"' })
    )
    await expect(client.pullCommits(3)).rejects.toThrow()
    expect(sent.map((s) => s.url.origin)).toEqual([API])
  })

  it('sends every page of a detached client with its one short try', async () => {
    const time = stillClock()
    const { client, sent } = await clientOf(
      (request, index) => (index === 1 ? json({ message: 'Server Error' }, 502) : paged(250, commitData)(request)),
      { time }
    )
    await expect(client.detached(1000).pullCommits(3)).rejects.toThrow()
    expect(sent).toHaveLength(2)
    expect(time.timeouts.map((t) => t.ms)).toEqual([1000, 1000])
  })
})

describe('the changes between commits', () => {
  it('compares two refs, base...head, with their commits, files and the count of all commits', async () => {
    const { client, sent } = await clientOf(() => json({ commits: [commitData(1)], files: [fileData(1)], total_commits: 400 }))
    expect(await client.compare('v1.0', 'main')).toStrictEqual({
      commits: [{ sha: 'sha1', message: 'commit 1' }],
      files: [{ path: 'docs/page-1.mdx', status: 'modified', additions: 1, deletions: 0 }],
      totalCommits: 400
    })
    expect(sent[0]?.url.pathname).toBe('/repos/acme/docs/compare/v1.0...main')
  })

  it('gives no files where GitHub lists none', async () => {
    const compared = await clientOf(() => json({ commits: [], total_commits: 0 }))
    expect(await compared.client.compare('a', 'b')).toStrictEqual({ commits: [], files: [], totalCommits: 0 })
    const one = await clientOf(() => json(commitData(4)))
    expect(await one.client.commit('abc')).toStrictEqual({ commit: { sha: 'sha4', message: 'commit 4' }, files: [] })
    expect(one.sent[0]?.url.pathname).toBe('/repos/acme/docs/commits/abc')
  })

  it('reads one commit with its files', async () => {
    const { client } = await clientOf(() => json({ ...commitData(5), files: [fileData(2)] }))
    expect(await client.commit('main')).toStrictEqual({
      commit: { sha: 'sha5', message: 'commit 5' },
      files: [{ path: 'docs/page-2.mdx', status: 'modified', additions: 1, deletions: 0 }]
    })
  })

  it('lists the latest 100 releases: tag, when made, and whether a draft', async () => {
    const { client, sent } = await clientOf(() =>
      json([
        { tag_name: 'v2', created_at: '2026-11-01T00:00:00Z', draft: true, name: 'Two' },
        { tag_name: 'v1', created_at: '2026-10-01T00:00:00Z', draft: false }
      ])
    )
    expect(await client.releases()).toStrictEqual([
      { tag: 'v2', createdAt: '2026-11-01T00:00:00Z', draft: true },
      { tag: 'v1', createdAt: '2026-10-01T00:00:00Z', draft: false }
    ])
    expect(sent[0]?.url.pathname).toBe('/repos/acme/docs/releases')
    expect(query(sent[0])).toEqual({ per_page: '100' })
  })
})

describe('check runs', () => {
  it('are looked for by name among all of a commit’s, and given newest first', async () => {
    const run = (id: number) => ({ id, status: 'completed', output: { summary: `run ${id}` } })
    const { client, sent } = await clientOf(() => json({ total_count: 3, check_runs: [run(3), run(7), run(5)] }))
    const runs = await client.checkRuns('abc123', 'Docs')
    expect(runs.map((r) => [r.id, r.summary])).toEqual([
      [7, 'run 7'],
      [5, 'run 5'],
      [3, 'run 3']
    ])
    expect(sent[0]?.url.pathname).toBe('/repos/acme/docs/commits/abc123/check-runs')
    expect(query(sent[0])).toEqual({ check_name: 'Docs', filter: 'all', per_page: '100' })
  })
})

describe('comments', () => {
  it('are read with their author, an author gone reading as no one, and a missing body as empty', async () => {
    const { client, sent } = await clientOf(() =>
      json([
        { id: 1, body: 'hello', user: { login: 'alice', type: 'User' } },
        { id: 2, body: null, user: { login: 'docs-bot[bot]', type: 'Bot' } },
        { id: 3, body: 'gone', user: null }
      ])
    )
    expect(await client.comments(8)).toStrictEqual([
      { id: 1, body: 'hello', login: 'alice', isBot: false },
      { id: 2, body: '', login: 'docs-bot[bot]', isBot: true },
      { id: 3, body: 'gone', login: '', isBot: false }
    ])
    expect(sent[0]?.url.pathname).toBe('/repos/acme/docs/issues/8/comments')
    expect(query(sent[0])).toEqual({ per_page: '100' })
  })

  it('are read for at most PAGES.comments pages, or up to the page that holds the one looked for', async () => {
    const comment = (n: number) => ({ id: n, body: `comment ${n}`, user: { login: 'alice', type: 'User' } })
    const all = await clientOf(paged(PAGES.comments * 100 + 5, comment))
    expect(await all.client.comments(8)).toHaveLength(PAGES.comments * 100)
    expect(all.sent).toHaveLength(PAGES.comments)
    const looked = await clientOf(paged(PAGES.comments * 100 + 5, comment))
    expect(await looked.client.comments(8, (c) => c.body === 'comment 250')).toHaveLength(300)
    expect(looked.sent.map((s) => s.url.searchParams.get('page'))).toEqual([null, '2', '3'])
  })
})

describe('latest comments', () => {
  const comment = (n: number) => ({ id: n, body: `comment ${n}`, user: { login: 'alice', type: 'User' } })
  /** Pages of `total` comments, each with the Link header GitHub gives (next and last) while there is more than one page. */
  const linked =
    (total: number) =>
    (sent: Sent): Response => {
      const page = Number(sent.url.searchParams.get('page') ?? '1')
      const first = (page - 1) * 100
      const last = Math.max(1, Math.ceil(total / 100))
      const items = Array.from({ length: Math.max(0, Math.min(100, total - first)) }, (_, i) => comment(first + i))
      const at = (n: number) => `<${API}/repositories/1/issues/8/comments?per_page=100&page=${n}>`
      return json(items, 200, last > 1 ? { link: `${at(page + 1)}; rel="next", ${at(last)}; rel="last"` } : {})
    }

  it('reads the first page for its Link header, then the last and those before it, down to the page that holds the one looked for', async () => {
    const { client, sent } = await clientOf(linked(1500))
    const found = await client.latestComments(8, (c) => c.body === 'comment 1350')
    expect(sent.map((s) => s.url.searchParams.get('page'))).toEqual(['1', '15', '14'])
    expect(sent.every((s) => s.url.pathname === '/repos/acme/docs/issues/8/comments')).toBe(true)
    expect(found.map((c) => c.id)).toContain(1350)
    expect(found).toHaveLength(300)
  })

  it('reads at most PAGES.comments pages from the last, and one request for a thread of one page', async () => {
    const long = await clientOf(linked(5000))
    await long.client.latestComments(8, () => false)
    expect(long.sent.map((s) => s.url.searchParams.get('page'))).toEqual([
      '1',
      ...Array.from({ length: PAGES.comments }, (_, i) => String(50 - i))
    ])
    const short = await clientOf(linked(40))
    expect(await short.client.latestComments(8, () => false)).toHaveLength(40)
    expect(short.sent).toHaveLength(1)
  })
})

describe('lastPage', () => {
  it('reads the last page a Link header names, and nothing from a header that names none or a page that is no page', () => {
    expect(
      lastPage('<https://api.github.com/x?page=2&per_page=100>; rel="next", <https://api.github.com/x?per_page=100&page=16>; rel="last"')
    ).toBe(16)
    expect(lastPage('<https://api.github.com/x?page=16>;rel="last"')).toBe(16)
    expect(lastPage('<https://api.github.com/x?page=16> ;  rel="last" ')).toBe(16)
    expect(lastPage('<https://api.github.com/x?page=1>; rel="last"')).toBe(1)
    // A part with anything before its link or after its rel is not read.
    expect(lastPage('x<https://api.github.com/x?page=16>; rel="last"')).toBeUndefined()
    expect(lastPage('<https://api.github.com/x?page=16>; rel="last"x')).toBeUndefined()
    expect(lastPage('<https://api.github.com/x?page=16>x; rel="last"')).toBeUndefined()
    expect(lastPage('<https://api.github.com/x?page=16>; rel="last" x')).toBeUndefined()
    expect(lastPage(undefined)).toBeUndefined()
    expect(lastPage('')).toBeUndefined()
    expect(lastPage('<https://api.github.com/x?page=2>; rel="next"')).toBeUndefined()
    for (const page of ['0', '-3', '2.5', 'x', ''])
      expect(lastPage(`<https://api.github.com/x?page=${page}>; rel="last"`), page).toBeUndefined()
    expect(lastPage('<not a url>; rel="last"')).toBeUndefined()
    // A page past any thread's is bounded.
    expect(lastPage('<https://api.github.com/x?page=99999999>; rel="last"')).toBe(10_000)
    // Only the header's first 4,000 characters are read, in linear time however long it is.
    expect(lastPage(`${' '.repeat(4000)}, <https://api.github.com/x?page=16>; rel="last"`)).toBeUndefined()
    expect(lastPage(`<${'<'.repeat(100_000)}>; rel="last"`)).toBeUndefined()
  })
})

describe('issues', () => {
  const issue = (n: number) => ({ number: n, title: `Issue ${n}`, state: 'open', html_url: `https://github.invalid/acme/docs/issues/${n}` })

  it('without a label are one page of the newest, open and closed', async () => {
    const { client, sent } = await clientOf(paged(250, issue))
    expect(await client.issues({})).toHaveLength(100)
    expect(sent).toHaveLength(1)
    expect(sent[0]?.url.pathname).toBe('/repos/acme/docs/issues')
    expect(query(sent[0])).toEqual({ state: 'all', per_page: '100' })
  })

  it('under a label are read page by page, at most PAGES.labelledIssues pages, or up to the page enough accepts', async () => {
    const all = await clientOf(paged(PAGES.labelledIssues * 100 + 1, issue))
    expect(await all.client.issues({ label: 'docs-health', sort: 'updated' })).toHaveLength(PAGES.labelledIssues * 100)
    expect(all.sent.map(query)).toEqual(
      Array.from({ length: PAGES.labelledIssues }, (_, i) =>
        pageQuery(i + 1, { labels: 'docs-health', state: 'all', sort: 'updated', per_page: '100' })
      )
    )
    const enough = await clientOf(paged(PAGES.labelledIssues * 100, issue))
    const found = await enough.client.issues({ label: 'docs-health' }, (page) => page.some((i) => i.number === 120))
    expect(found).toHaveLength(200)
    // enough sees every page read, the last short one too.
    const seen: number[] = []
    const short = await clientOf(paged(150, issue))
    await short.client.issues({ label: 'docs-health' }, (page) => {
      seen.push(page.length)
      return false
    })
    expect(seen).toEqual([100, 50])
    expect(enough.sent.map(query)).toEqual([1, 2].map((page) => pageQuery(page, { labels: 'docs-health', state: 'all', per_page: '100' })))
  })

  it('are read and opened one by one', async () => {
    const { client, sent } = await clientOf((request) => (request.method === 'POST' ? json(issue(9), 201) : json(issue(4))))
    expect(await client.issue(4)).toEqual(issue(4))
    expect(await client.createIssue('Docs health', 'All well', ['docs-health'])).toEqual(issue(9))
    expect(sent.map((s) => [s.method, s.url.pathname, s.body])).toEqual([
      ['GET', '/repos/acme/docs/issues/4', undefined],
      ['POST', '/repos/acme/docs/issues', { title: 'Docs health', body: 'All well', labels: ['docs-health'] }]
    ])
  })
})

describe('the state of a pull request', () => {
  const stateOf = async (answer: Record<string, unknown>) => {
    const { client, sent } = await clientOf(() => json({ number: 3, ...answer }))
    const state = await client.pullState('other', 'site', 3)
    expect(sent[0]?.url.pathname).toBe('/repos/other/site/pulls/3')
    return state
  }

  it('is merged, with the day GitHub gives, in any repository', async () => {
    expect(await stateOf({ state: 'closed', merged_at: '2026-11-20T23:59:59Z' })).toStrictEqual({ state: 'merged', mergedOn: '2026-11-20' })
  })

  it('is merged with no day when GitHub’s date does not start with one', async () => {
    expect(await stateOf({ state: 'closed', merged_at: 'x2026-11-20T10:00:00Z' })).toStrictEqual({ state: 'merged' })
    expect(await stateOf({ state: 'closed', merged_at: 'yesterday' })).toStrictEqual({ state: 'merged' })
  })

  it('is closed unmerged, or open', async () => {
    expect(await stateOf({ state: 'closed', merged_at: null })).toStrictEqual({ state: 'closed' })
    expect(await stateOf({ state: 'open', merged_at: null })).toStrictEqual({ state: 'open' })
  })
})

describe('who may push', () => {
  it('is read from GitHub’s answer on the person’s permission', async () => {
    const writer = await clientOf(() => json({ permission: 'write', role_name: 'maintain' }))
    expect(await writer.client.canWrite('alice')).toBe(true)
    expect(writer.sent[0]?.url.pathname).toBe('/repos/acme/docs/collaborators/alice/permission')
    const reader = await clientOf(() => json({ permission: 'read', role_name: 'triage' }))
    expect(await reader.client.canWrite('bob')).toBe(false)
  })
})

describe('a request that fails', () => {
  it('is tried again for a read after a 5xx, after a backoff or what Retry-After says, up to RETRY.maxAttempts tries', async () => {
    const retried = await clientOf((_request, index) =>
      index === 0 ? json({ message: 'Bad gateway' }, 502) : index === 1 ? json({}, 503, { 'retry-after': '3' }) : json([])
    )
    expect(await retried.client.comments(8)).toEqual([])
    expect(retried.waits).toEqual([500, 3000])
    expect(retried.sent).toHaveLength(3)

    const spent = await clientOf(() => json({ message: 'Unavailable' }, 503))
    expect((await failure(spent.client.comments(8))).status).toBe(503)
    expect(spent.sent).toHaveLength(RETRY.maxAttempts)
  })

  it('is never sent again for a write after a 5xx: GitHub may have made it', async () => {
    const { client, sent, waits } = await clientOf(() => json({ message: 'Bad gateway' }, 502))
    expect((await failure(client.createComment(8, 'hello'))).status).toBe(502)
    expect(sent).toHaveLength(1)
    expect(waits).toEqual([])
  })

  it('is waited out for a write on a rate limit, as Retry-After says, and made once', async () => {
    const { client, sent, waits } = await clientOf((_request, index) =>
      index === 0 ? json({ message: 'slow down' }, 429, { 'retry-after': '2' }) : json({ id: 11 }, 201)
    )
    expect(await client.createComment(8, 'hello')).toBe(11)
    expect(waits).toEqual([2000])
    expect(sent.map((s) => s.method)).toEqual(['POST', 'POST'])
  })

  it('is tried again for a read whose try ran out of its time, each try with its own timeout', async () => {
    const time = stillClock()
    const { client, sent, waits, timeouts } = await clientOf(
      (request, index) => {
        if (index > 0) return json([])
        const answer = unanswered(request)
        time.timeouts.at(-1)?.fire()
        return answer
      },
      { time }
    )
    expect(await client.comments(8)).toEqual([])
    expect(sent).toHaveLength(2)
    expect(waits).toEqual([500])
    expect(timeouts.map((t) => t.ms)).toEqual([REQUEST_TIMEOUT_MS, REQUEST_TIMEOUT_MS])
  })

  it('is never sent again for a write whose try ran out of its time, and reads as GitHub out of reach', async () => {
    const time = stillClock()
    const { client, sent } = await clientOf(
      (request) => {
        const answer = unanswered(request)
        time.timeouts.at(-1)?.fire()
        return answer
      },
      { time }
    )
    const error = await failure(client.createComment(8, 'hello'))
    expect(sent).toHaveLength(1)
    expect(githubWriteFailure(error, 'issues: write')).toBe(
      ': GitHub could not be reached (HTTP 500, The operation was aborted due to timeout).'
    )
  })

  it('is sent again for a write whose connection was refused, but not for one whose connection failed otherwise', async () => {
    const refusedOnce = await clientOf((_request, index) =>
      index === 0
        ? Promise.reject(
            new TypeError('fetch failed', { cause: Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:1'), { code: 'ECONNREFUSED' }) })
          )
        : json({ id: 12 }, 201)
    )
    expect(await refusedOnce.client.createComment(8, 'hello')).toBe(12)
    expect(refusedOnce.sent).toHaveLength(2)

    const broken = await clientOf(() => Promise.reject(new Error('socket hang up')))
    const error = await failure(broken.client.createComment(8, 'hello'))
    expect(error.message).toBe('socket hang up')
    expect(broken.sent).toHaveLength(1)
  })

  it('ends at once, neither waited on nor sent again, when the run’s signal aborts during it', async () => {
    const run = new AbortController()
    const { client, sent, waits } = await clientOf(
      (request) => {
        const answer = unanswered(request)
        run.abort(new Error('cancelled'))
        return answer
      },
      { signal: run.signal }
    )
    expect(client.signal).toBe(run.signal)
    await expect(client.comments(8)).rejects.toThrow('cancelled')
    expect(sent).toHaveLength(1)
    expect(waits).toEqual([])
  })
})

describe('a detached client', () => {
  it('makes a stopping run’s last writes: one try with its own timeout, not under the run’s ended signal', async () => {
    const run = new AbortController()
    run.abort(new Error('cancelled'))
    const { client, sent, waits, timeouts } = await clientOf(
      (request) => (request.method === 'POST' ? json({ id: 13 }, 201) : json({ message: 'Bad gateway' }, 502)),
      {
        signal: run.signal
      }
    )
    const last = client.detached(2000)
    expect(await last.createComment(8, 'ended')).toBe(13)
    expect(sent[0]?.signal.aborted).toBe(false)
    expect((await failure(last.comments(8))).status).toBe(502)
    expect((await failure(last.pullState('other', 'site', 3))).status).toBe(502)
    expect(sent).toHaveLength(3)
    expect(waits).toEqual([])
    expect(timeouts.map((t) => t.ms)).toEqual([2000, 2000, 2000])
  })
})

describe('an answer', () => {
  it('with no content (204, 205) is a success', async () => {
    for (const status of [204, 205]) {
      const { client, sent } = await clientOf(() => new Response(null, { status }))
      await expect(client.updateComment(21, 'edited')).resolves.toBeUndefined()
      expect(sent.map((s) => [s.method, s.url.pathname, s.body])).toEqual([
        ['PATCH', '/repos/acme/docs/issues/comments/21', { body: 'edited' }]
      ])
    }
  })

  it('that is no JSON object fails a read after its tries, and a write at once', async () => {
    const nothing = await clientOf(() => new Response('null', { status: 200, headers: { 'content-type': 'application/json' } }))
    expect((await failure(nothing.client.issue(4))).message).toBe("GitHub's answer (HTTP 200) could not be read")
    expect(nothing.sent).toHaveLength(RETRY.maxAttempts)

    const cut = await clientOf(() => new Response('{"id": 1', { status: 201, headers: { 'content-type': 'application/json' } }))
    expect((await failure(cut.client.createComment(8, 'hello'))).message).toBe("GitHub's answer (HTTP 201) could not be read")
    expect(cut.sent).toHaveLength(1)

    // A body of another type, which the GitHub library hands over as bytes.
    const bytes = await clientOf(() => new Response('{"id": 1}', { status: 200, headers: { 'content-type': 'application/octet-stream' } }))
    expect((await failure(bytes.client.issue(4))).message).toBe("GitHub's answer (HTTP 200) could not be read")
  })

  it('of a refusal keeps no token in the error’s message or in GitHub’s answer, JSON or text', async () => {
    const echoed = await clientOf(() => json({ message: `Bad token ${TOKEN}` }, 422))
    const error = await failure(echoed.client.createComment(8, 'hello'))
    expect(error.status).toBe(422)
    expect(error.message).toBe('Bad token ***')
    expect(error.response?.data).toBe(JSON.stringify({ message: 'Bad token ***' }))

    const text = await clientOf(() => new Response(`no such token: ${TOKEN}`, { status: 422, headers: { 'content-type': 'text/plain' } }))
    const refused = await failure(text.client.createComment(8, 'hello'))
    expect(refused.message).toBe('no such token: ***')
    expect(refused.response?.data).toBe('no such token: ***')
  })
})

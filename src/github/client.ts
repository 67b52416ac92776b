// The one GitHub client of a run: the only code that imports @actions/github. It holds the token, the
// run's repository (owner and name split once), the run's deadline and signal, the bounds of every
// paged list, and the retries; it sends every request through the fetch the run gives it
// (api/github-fetch.ts), whose connections the run closes when it ends, and gives back plain data.
// The features (comments, check runs, the change reader, the docs health issue, follow-ups) take
// narrow interfaces of it. It also says, in one place, what a failed request needs a person to do
// (githubWriteFailure) and who may push (push-rule.ts).
//
// Retries. A request is tried at most RETRY.attempts times, each with its own timeout and all under
// the run's signal; every wait goes through the run's clock and ends when the run stops. Whether a
// failure may be repeated is api/retry.ts's mayRepeat, which the service's client follows too.
// - A secondary rate limit (403 or 429 with Retry-After, or with x-ratelimit-remaining: 0) is waited
//   out, as GitHub asks: Retry-After, else until x-ratelimit-reset, whatever the method, since GitHub
//   refused the request before doing it. A wait longer than RETRY.maxWaitMs is not waited: the
//   request fails at once, with GitHub's answer.
// - A 408 or 5xx answer is retried only for a read (GET): GitHub may have done a write it answers 502
//   or 504 to, and a second comment, check run or issue is worse than none.
// - A request that got no answer is retried for a read; a write only when it never left (a network
//   error of api/retry.ts's NEVER_SENT_CODES: the connection refused or not made, the host unknown or
//   unreachable). A write that timed out, or whose connection broke after it was sent, may have
//   landed, and is not sent again.
// Between tries the client waits Retry-After when GitHub gives one, else a backoff with full jitter.
//
// Requests go only to the API's origin (apiUrl), the pages a Link header names too; redirects are
// followed only within it, and a write's only when it keeps its method (307, 308): neither the token
// nor a write's body goes anywhere else. Lists are paged with octokit's paging, bounded by PAGES. The token is taken out
// of the message and the answer of every failed request, since GitHub's answer can echo what it got.
import type { getOctokit } from '@actions/github'
import type { ChangeCommit, ChangedFile } from '../change/change.js'
import { type Clock, realClock } from '../core/clock.js'
import { errorMessage } from '../core/error-message.js'
import { backoffDelay, mayRepeat, neverSent, parseRetryAfter, type RetryPolicy } from '../api/retry.js'
import { logText } from '../text/escape.js'
import { redactor } from '../text/secret.js'
import { mayPush } from './push-rule.js'
import type { Repository } from './runner.js'

type Octokit = ReturnType<typeof getOctokit>

/** How long one try of a request may take. */
export const REQUEST_TIMEOUT_MS = 15_000

/** The retries of every request (the first try counted in `maxAttempts`), and the longest wait a rate limit is waited out for. */
export const RETRY: RetryPolicy & { maxWaitMs: number } = {
  maxAttempts: 3,
  baseMs: 1000,
  capMs: 8000,
  maxWaitMs: 60_000,
  random: Math.random
}

/**
 * The most pages of 100 a list is read for. GitHub lists at most 3,000 files of a pull request and
 * 250 of its commits; the action's comments of a thread are looked for among its first 1,000; the
 * docs health issue among the first 500 issues under its label, and the pages a merged fix moved among
 * its pull request's first 300 files.
 */
export const PAGES = { files: 30, commits: 3, comments: 10, labelledIssues: 5, moves: 3 } as const

/** The items of a page of every list the client reads. */
export const PER_PAGE = 100

/** The highest page number a Link header is believed for. */
const MAX_PAGE = 10_000

/**
 * The number of the last page a list's Link header names (`<…&page=15>; rel="last"`), or undefined
 * when it names none: the list has one page. Read in linear time, from its first 4,000 characters.
 */
export function lastPage(link: string | undefined): number | undefined {
  for (const part of (link ?? '').slice(0, 4000).split(',')) {
    const match = /^\s*<([^<>]*)>\s*;\s*rel="last"\s*$/.exec(part)
    if (!match) continue
    const page = Number(URL.parse(match[1] ?? '')?.searchParams.get('page') ?? '')
    return Number.isSafeInteger(page) && page >= 1 ? Math.min(page, MAX_PAGE) : undefined
  }
  return undefined
}

/** The Link header's next page, found as octokit's paging finds it. */
const NEXT_PAGE = /<([^<>]+)>;\s*rel="next"/

export interface CheckRun {
  id: number
  externalId?: string
  status: string
  conclusion?: string
  /** The summary of its output, where the action keeps its record of the job. */
  summary: string
}

export interface CheckRunFields {
  status: 'in_progress' | 'completed'
  conclusion?: 'success' | 'failure' | 'neutral' | 'cancelled' | 'timed_out' | 'action_required'
  externalId?: string
  detailsUrl?: string
  title: string
  summary: string
}

export interface IssueComment {
  id: number
  body: string
  login: string
  isBot: boolean
}

/** An issue as GitHub lists it, with who opened it. */
export interface IssueData {
  number: number
  title: string
  body?: string | null
  state: string
  html_url: string
  pull_request?: unknown
  user?: { type?: string; login?: string } | null
  performed_via_github_app?: { slug?: string | null; id?: number | null } | null
}

export interface PullState {
  state: 'open' | 'merged' | 'closed'
  mergedOn?: string
}

interface FileData {
  filename: string
  status: string
  additions: number
  deletions: number
  previous_filename?: string
  patch?: string
}

interface CommitData {
  sha: string
  commit: { message: string }
}

/** A comment as GitHub lists it. */
const commentOf = (c: { id: number; body?: string | null; user?: { login?: string; type?: string } | null }): IssueComment => ({
  id: c.id,
  body: c.body ?? '',
  login: c.user?.login ?? '',
  isBot: c.user?.type === 'Bot'
})

const fileOf = (f: FileData): ChangedFile => ({
  path: f.filename,
  status: f.status,
  additions: f.additions,
  deletions: f.deletions,
  ...(f.previous_filename === undefined ? {} : { previousPath: f.previous_filename }),
  ...(typeof f.patch === 'string' ? { patch: f.patch } : {})
})
const commitOf = (c: CommitData): ChangeCommit => ({ sha: c.sha, message: c.commit.message })

const checkOf = (c: {
  id: number
  external_id?: string | null
  status: string
  conclusion?: string | null
  output?: { summary?: string | null }
}): CheckRun => ({
  id: c.id,
  status: c.status,
  summary: c.output?.summary ?? '',
  ...(c.external_id ? { externalId: c.external_id } : {}),
  ...(c.conclusion ? { conclusion: c.conclusion } : {})
})

/** The fields as GitHub names them; one not given is undefined, which the request's JSON body leaves out. */
function checkFields(fields: CheckRunFields): Record<string, unknown> {
  return {
    status: fields.status,
    conclusion: fields.conclusion,
    external_id: fields.externalId,
    details_url: fields.detailsUrl,
    output: { title: fields.title, summary: fields.summary }
  }
}

/** What a failed request carries: its status, GitHub's answer's headers, and the network's error. */
interface FailedRequest {
  status?: unknown
  response?: { headers?: Record<string, string | number | undefined> }
  cause?: { code?: unknown; cause?: { code?: unknown } }
}

/** The network's error code of a failed request, if it has one. */
const networkCode = (error: FailedRequest): string | undefined => {
  const code = error.cause?.code ?? error.cause?.cause?.code
  return typeof code === 'string' ? code : undefined
}

/** Where a request's tries stand, for retryWait. */
export interface Try {
  method: string
  /** The tries made so far, the failed one included. */
  attempt: number
  /** The try ran out of its own time (its timeout, not the run's signal). */
  timedOut: boolean
  now: number
}

/**
 * How long to wait before trying a failed request again, or undefined when it is not tried again
 * (the rules are at the top of this file).
 */
export function retryWait(error: unknown, at: Try, policy: typeof RETRY = RETRY): number | undefined {
  if (at.attempt >= policy.maxAttempts) return undefined
  const failed = (error ?? {}) as FailedRequest
  const backoff = backoffDelay(at.attempt - 1, policy)
  const headers = failed.response?.headers
  // An error without GitHub's answer is no answer: a write left unless its connection was never made
  // and its own time did not run out.
  if (headers === undefined) return mayRepeat(at.method, { sent: at.timedOut || !neverSent(networkCode(failed)) }) ? backoff : undefined
  // 0 when the error carries no status.
  const status = typeof failed.status === 'number' ? failed.status : 0
  const header = (name: string): string | undefined => headers[name]?.toString()
  const retryAfter = parseRetryAfter(header('retry-after'), at.now)
  const exhausted = header('x-ratelimit-remaining') === '0'
  const limited = (status === 403 || status === 429) && (retryAfter !== undefined || exhausted)
  if (!mayRepeat(at.method, { status, refused: limited })) return undefined
  const reset = Number(header('x-ratelimit-reset'))
  const resetWait = Number.isFinite(reset) && reset > 0 ? Math.max(0, reset * 1000 - at.now) : 60_000
  // A 429 that announces no wait is not tried again: its wait is endless.
  const wait = status === 429 || limited ? (retryAfter ?? (exhausted ? resetWait : Infinity)) : (retryAfter ?? backoff)
  return wait <= policy.maxWaitMs ? wait : undefined
}

/**
 * Why a request to GitHub failed and what to do, to follow "Could not …": the permission (and what it
 * is for) only when GitHub answered 403 or 404, as it does to a token without it, and the 403 is no
 * rate limit (one with a readable Retry-After, or no request left); that GitHub refused it for its
 * rate limit; that GitHub refused the request on another 4xx; else that GitHub could not be reached.
 * Each with the status, the message and the network's code (a network failure reads as HTTP 500).
 */
export function githubWriteFailure(error: unknown, permission: string, purpose = ''): string {
  const failed = (error ?? {}) as FailedRequest
  const status = failed.status
  // A 403 that announces a wait GitHub can mean, or says no request is left, is GitHub's rate limit:
  // no permission helps. The time only moves the wait, not whether there is one.
  const headers = failed.response?.headers
  const limited =
    parseRetryAfter(headers?.['retry-after']?.toString(), 0) !== undefined || headers?.['x-ratelimit-remaining']?.toString() === '0'
  if (status === 404 || (status === 403 && !limited)) return ` (HTTP ${status}): give the job \`permissions: ${permission}\`${purpose}.`
  const reason = [
    typeof status === 'number' ? `HTTP ${status}` : undefined,
    logText(errorMessage(error), 200),
    logText(networkCode(failed) ?? '', 40)
  ].filter((part) => part !== undefined && part !== '')
  const refused = typeof status === 'number' && status >= 400 && status < 500
  const why =
    (status === 403 || status === 429) && limited ? 'refused it for its rate limit' : refused ? 'refused it' : 'could not be reached'
  return `: GitHub ${why} (${reason.join(', ')}).`
}

/**
 * Whether a write that failed may still have been made: GitHub answered 5xx, or nothing came back. A
 * 4xx made nothing. The comment and the check run look for such a write before making another.
 */
export function mayHaveLanded(error: unknown): boolean {
  const status = (error as { status?: unknown } | null)?.status
  return typeof status !== 'number' || status >= 500
}

/** A failed GitHub request in a few words: its HTTP status, or its message. */
export function githubFailure(error: unknown): string {
  const status = (error as { status?: unknown } | null)?.status
  return typeof status === 'number' ? `HTTP ${status}` : errorMessage(error)
}

/**
 * Throws when a successful answer has no JSON body: the GitHub library gives back the text it read, or
 * none, when the body is cut short or is not JSON, and bytes when it is of another type; every answer
 * the client asks for is JSON (a 204 aside). It fails as a request with no answer does: a read is
 * tried again, a write that landed is not.
 */
function unreadable(answer: unknown): void {
  const { status, data } = (answer ?? {}) as { status?: unknown; data?: unknown }
  // JSON read is an array or a plain object; a body of another content type comes as bytes.
  const json = Array.isArray(data) || (typeof data === 'object' && data !== null && Object.getPrototypeOf(data) === Object.prototype)
  if (status === 204 || status === 205 || json) return
  throw new Error(`GitHub's answer (HTTP ${String(status)}) could not be read`)
}

/** The most redirects one try of a request follows. */
const REDIRECTS = 5

/**
 * `fetch` of the origin of `apiUrl` alone: a request elsewhere is not sent, and a redirect is followed
 * only within that origin, at most REDIRECTS times, and for a request with a body only when it keeps
 * its method and body (307, 308). Any other redirect fails the try as a network failure would, so
 * that a write is not sent again.
 */
export function apiOnlyFetch(fetch: typeof globalThis.fetch, apiUrl: string): typeof globalThis.fetch {
  const origin = new URL(apiUrl).origin
  const follow = async (input: string | URL | Request, init: RequestInit | undefined, left: number): Promise<Response> => {
    const response = await fetch(input, { ...init, redirect: 'manual' })
    const { status } = response
    if (status < 300 || status > 399 || status === 304) return response
    const location = response.headers.get('location')
    await response.body?.cancel().catch(() => undefined)
    const from = input instanceof Request ? input.url : String(input)
    const to = location === null ? undefined : URL.parse(location, from)
    const method = (init?.method ?? 'GET').toUpperCase()
    const keeps = status === 307 || status === 308 || method === 'GET' || method === 'HEAD'
    if (to?.origin !== origin || left === 0 || !keeps) {
      throw new TypeError('fetch failed', { cause: new Error(`GitHub answered HTTP ${status} with a redirect that is not followed`) })
    }
    return follow(to.href, init, left - 1)
  }
  return (input, init) => {
    // A request to another origin (a next page GitHub's Link header would send elsewhere) is not sent.
    if (URL.parse(input instanceof Request ? input.url : String(input))?.origin !== origin) {
      return Promise.reject(new TypeError('fetch failed', { cause: new Error('a request outside the API is not sent') }))
    }
    return follow(input, init, REDIRECTS)
  }
}

export interface GitHubClientOptions {
  token: string
  repository: Repository
  /** The REST API's base URL. */
  apiUrl: string
  /** The run's signal: it ends every request and every wait. */
  signal: AbortSignal
  /** The clock of every wait and timeout (the system's by default). */
  clock?: Clock
  /** The fetch every request goes through. */
  fetch: typeof globalThis.fetch
  timeoutMs?: number
  retry?: typeof RETRY
}

/** How the client sends: under the run's signal with retries, or (a stopping run's last writes) one short try on its own. */
interface Sending {
  timeoutMs: number
  followRun: boolean
  retry: typeof RETRY
}

export class GitHubClient {
  readonly repository: Repository

  private constructor(
    private readonly octokit: Octokit,
    private readonly options: GitHubClientOptions,
    private readonly sending: Sending
  ) {
    this.repository = options.repository
    this.redact = redactor(options.token)
  }

  /** Takes the token out of a text. */
  private readonly redact: (text: string) => string

  /** A failed request's error without the token in its message or GitHub's answer. */
  private cleaned(error: unknown): unknown {
    if (!(error instanceof Error)) return error
    error.message = this.redact(error.message)
    const response = (error as { response?: { data?: unknown } }).response
    if (response?.data !== undefined) {
      const text = typeof response.data === 'string' ? response.data : JSON.stringify(response.data)
      response.data = this.redact(text)
    }
    return error
  }

  /** A client of `options.repository`; the GitHub library is loaded only when a run talks to GitHub. */
  static async open(options: GitHubClientOptions): Promise<GitHubClient> {
    const { getOctokit } = await import('@actions/github')
    const octokit = getOctokit(options.token, { baseUrl: options.apiUrl, request: { fetch: apiOnlyFetch(options.fetch, options.apiUrl) } })
    const sending: Sending = { timeoutMs: options.timeoutMs ?? REQUEST_TIMEOUT_MS, followRun: true, retry: options.retry ?? RETRY }
    const client = new GitHubClient(octokit, options, sending)
    octokit.hook.wrap('request', (request, route) => client.send(request, route))
    return client
  }

  /** The same client for the last writes of a stopping run: one short try, not under the run's signal, which has ended. */
  detached(timeoutMs: number): GitHubClient {
    return new GitHubClient(this.octokit, this.options, { timeoutMs, followRun: false, retry: { ...this.sending.retry, maxAttempts: 1 } })
  }

  /** The run's signal, which ends every request and wait of this client. */
  get signal(): AbortSignal {
    return this.options.signal
  }

  private get clock(): Clock {
    return this.options.clock ?? realClock
  }

  /** Sends one request with the retries at the top of this file. */
  private async send<Route extends { method: string; request?: Record<string, unknown> }, T>(
    request: (route: Route) => T | Promise<T>,
    route: Route
  ): Promise<T> {
    // Each request carries the client it was made through (this one, or its detached copy).
    const sending = (route.request?.sending as Sending | undefined) ?? this.sending
    const runSignal = this.options.signal
    const { method } = route
    for (let attempt = 1; ; attempt++) {
      const timeout = this.clock.timeoutSignal(sending.timeoutMs)
      const signal = sending.followRun ? AbortSignal.any([runSignal, timeout]) : timeout
      try {
        // The hooks inside this one (the token's) send the options they were given, so the signal is set on them.
        route.request = { ...route.request, signal }
        const answer = await this.clock.exchange(Promise.resolve(request(route)))
        unreadable(answer)
        return answer
      } catch (error) {
        if (sending.followRun && runSignal.aborted) throw this.cleaned(error)
        const wait = retryWait(error, { method, attempt, timedOut: timeout.aborted, now: this.clock.now() }, sending.retry)
        if (wait === undefined) throw this.cleaned(error)
        await this.clock.sleep(wait, sending.followRun ? runSignal : new AbortController().signal)
      }
    }
  }

  /** The owner, the name and how this client sends, for a request. */
  private where(): { owner: string; repo: string; request: { sending: Sending } } {
    return { owner: this.repository.owner, repo: this.repository.name, request: { sending: this.sending } }
  }

  /**
   * The list method `list` sending each page as this client sends: octokit's paging sends the pages
   * after the first with only their method, URL and headers.
   */
  private paged<R extends ((...args: never[]) => unknown) & { endpoint: unknown }>(list: R): R {
    const sending = this.sending
    const send = list as unknown as (options: { request?: object }) => unknown
    return Object.assign((options: { request?: object }) => send({ ...options, request: { ...options.request, sending } }), {
      endpoint: list.endpoint
    }) as unknown as R
  }

  /**
   * The pages of a list (octokit's paging, which follows GitHub's Link header), until the last page,
   * `pages` are read, or `enough` says so of a page; `complete` says whether the list ended. `enough`
   * sees every page read, the last one too: a caller may look at each page there (the docs health
   * issue is looked for page by page). A list that ends on a full page costs no further request.
   */
  private async pages<T>(
    pages: number,
    responses: AsyncIterable<{ data: T[]; headers: { link?: string } }>,
    enough?: (page: T[]) => boolean
  ): Promise<{ items: T[]; complete: boolean }> {
    const items: T[] = []
    let read = 0
    for await (const { data, headers } of responses) {
      items.push(...data)
      read++
      const stop = enough?.(data) === true
      if (!NEXT_PAGE.test(headers.link ?? '')) return { items, complete: true }
      // Leaving the loop ends octokit's paging: no further page is asked for.
      if (stop || read >= pages) break
    }
    return { items, complete: false }
  }

  async pullCommits(number: number): Promise<{ commits: ChangeCommit[]; complete: boolean }> {
    const { items, complete } = await this.pages(
      PAGES.commits,
      this.octokit.paginate.iterator(this.paged(this.octokit.rest.pulls.listCommits), {
        ...this.where(),
        pull_number: number,
        per_page: PER_PAGE
      })
    )
    return { commits: items.map(commitOf), complete }
  }

  async pullFiles(number: number): Promise<{ files: ChangedFile[]; complete: boolean }> {
    const { items, complete } = await this.pages(
      PAGES.files,
      this.octokit.paginate.iterator(this.paged(this.octokit.rest.pulls.listFiles), {
        ...this.where(),
        pull_number: number,
        per_page: PER_PAGE
      })
    )
    return { files: items.map(fileOf), complete }
  }

  /**
   * The files a pull request of this server changed, in any repository: at most PAGES.moves pages of
   * them (what the docs health issue reads of a merged fix, for the pages it renamed or removed).
   */
  async pullFilesOf(owner: string, repo: string, number: number): Promise<ChangedFile[]> {
    const { items } = await this.pages(
      PAGES.moves,
      this.octokit.paginate.iterator(this.paged(this.octokit.rest.pulls.listFiles), {
        owner,
        repo,
        pull_number: number,
        per_page: PER_PAGE
      })
    )
    return items.map(fileOf)
  }

  /** The commits and files between two commits or tags (GitHub lists at most 250 commits and 300 files). */
  async compare(base: string, head: string): Promise<{ commits: ChangeCommit[]; files: ChangedFile[]; totalCommits: number }> {
    const { data } = await this.octokit.rest.repos.compareCommitsWithBasehead({ ...this.where(), basehead: `${base}...${head}` })
    return { commits: data.commits.map(commitOf), files: (data.files ?? []).map(fileOf), totalCommits: data.total_commits }
  }

  async commit(ref: string): Promise<{ commit: ChangeCommit; files: ChangedFile[] }> {
    const { data } = await this.octokit.rest.repos.getCommit({ ...this.where(), ref })
    return { commit: commitOf(data), files: (data.files ?? []).map(fileOf) }
  }

  /** The latest 100 releases: tag, when it was made, and whether it is a draft. */
  async releases(): Promise<{ tag: string; createdAt: string; draft: boolean }[]> {
    const { data } = await this.octokit.rest.repos.listReleases({ ...this.where(), per_page: PER_PAGE })
    return data.map((r) => ({ tag: r.tag_name, createdAt: r.created_at, draft: r.draft }))
  }

  /** The check runs named `name` on commit `sha`, newest first. */
  async checkRuns(sha: string, name: string): Promise<CheckRun[]> {
    const { data } = await this.octokit.rest.checks.listForRef({
      ...this.where(),
      ref: sha,
      check_name: name,
      filter: 'all',
      per_page: PER_PAGE
    })
    return data.check_runs.map(checkOf).sort((a, b) => b.id - a.id)
  }

  async createCheckRun(sha: string, name: string, fields: CheckRunFields): Promise<CheckRun> {
    const { data } = await this.octokit.rest.checks.create({ ...this.where(), head_sha: sha, name, ...checkFields(fields) })
    return checkOf(data)
  }

  async updateCheckRun(id: number, fields: CheckRunFields): Promise<void> {
    await this.octokit.rest.checks.update({ ...this.where(), check_run_id: id, ...checkFields(fields) })
  }

  /**
   * The comments of an issue or pull request, oldest first: the first PAGES.comments pages, or up to
   * the page that holds a comment `found` accepts.
   */
  async comments(number: number, found?: (comment: IssueComment) => boolean): Promise<IssueComment[]> {
    const { items } = await this.pages(
      PAGES.comments,
      this.octokit.paginate.iterator(this.paged(this.octokit.rest.issues.listComments), {
        ...this.where(),
        issue_number: number,
        per_page: PER_PAGE
      }),
      found && ((page) => page.some((c) => found(commentOf(c))))
    )
    return items.map(commentOf)
  }

  /**
   * The latest comments of an issue or pull request, newest page first: the first page, whose Link
   * header names the last, then the last page and those before it, PAGES.comments in all, or down to
   * the page that holds a comment `found` accepts. A thread of one page is read in one request.
   */
  async latestComments(number: number, found: (comment: IssueComment) => boolean): Promise<IssueComment[]> {
    const read = async (page: number): Promise<{ comments: IssueComment[]; link?: string }> => {
      const { data, headers } = await this.octokit.rest.issues.listComments({
        ...this.where(),
        issue_number: number,
        per_page: PER_PAGE,
        page
      })
      return { comments: data.map(commentOf), link: headers.link }
    }
    const first = await read(1)
    const items = [...first.comments]
    const last = lastPage(first.link) ?? 1
    for (let page = last; page > Math.max(1, last - PAGES.comments); page--) {
      const { comments } = await read(page)
      items.push(...comments)
      if (comments.some(found)) break
    }
    return items
  }

  async createComment(number: number, body: string): Promise<number> {
    const { data } = await this.octokit.rest.issues.createComment({ ...this.where(), issue_number: number, body })
    return data.id
  }

  async updateComment(id: number, body: string): Promise<void> {
    await this.octokit.rest.issues.updateComment({ ...this.where(), comment_id: id, body })
  }

  /**
   * The repository's issues and pull requests, newest first (by creation, or by the last update with
   * `sort: 'updated'`), or oldest first by creation with `direction: 'asc'`, open and closed, under
   * `label` when given: PAGES.labelledIssues pages under a label (or up to the page `enough` accepts),
   * one page without.
   */
  async issues(
    query: { label?: string; sort?: 'updated'; direction?: 'asc' },
    enough?: (page: IssueData[]) => boolean
  ): Promise<IssueData[]> {
    const { items } = await this.pages(
      query.label === undefined ? 1 : PAGES.labelledIssues,
      // A label or sort not given is undefined, which the request leaves out.
      this.octokit.paginate.iterator(this.paged(this.octokit.rest.issues.listForRepo), {
        ...this.where(),
        labels: query.label,
        state: 'all',
        sort: query.sort,
        direction: query.direction,
        per_page: PER_PAGE
      }),
      enough
    )
    return items
  }

  async issue(number: number): Promise<IssueData> {
    return (await this.octokit.rest.issues.get({ ...this.where(), issue_number: number })).data
  }

  async createIssue(title: string, body: string, labels: string[]): Promise<IssueData> {
    return (await this.octokit.rest.issues.create({ ...this.where(), title, body, labels })).data
  }

  async updateIssue(number: number, body: string): Promise<IssueData> {
    return (await this.octokit.rest.issues.update({ ...this.where(), issue_number: number, body })).data
  }

  /**
   * The state of a pull request of this server, in any repository: merged (with its day, YYYY-MM-DD,
   * when GitHub gives a date), closed unmerged, or open.
   */
  async pullState(owner: string, repo: string, number: number): Promise<PullState> {
    const { data } = await this.octokit.rest.pulls.get({ owner, repo, pull_number: number, request: { sending: this.sending } })
    if (data.merged_at) {
      const day = /^\d{4}-\d{2}-\d{2}/.exec(data.merged_at)?.[0]
      return day === undefined ? { state: 'merged' } : { state: 'merged', mergedOn: day }
    }
    return { state: data.state === 'closed' ? 'closed' : 'open' }
  }

  /**
   * A repository's visibility as GitHub says it now (`GET /repos/{owner}/{repo}`): `private`,
   * `internal` or `public`. GitHub gives `private: true` for an internal repository as well, so
   * `private` only where `visibility` says so, or, from a server that gives no `visibility`, where
   * `private` is true; any other answer is `public`.
   */
  async visibility(owner: string, repo: string): Promise<'public' | 'private' | 'internal'> {
    const { data } = await this.octokit.rest.repos.get({ owner, repo, request: { sending: this.sending } })
    const said = (data as { visibility?: unknown }).visibility
    if (said === undefined) return (data.private as unknown) === true ? 'private' : 'public'
    return said === 'private' || said === 'internal' ? said : 'public'
  }

  /** Whether `login` may push to the repository (push-rule.ts). */
  async canWrite(login: string): Promise<boolean> {
    const { data } = await this.octokit.rest.repos.getCollaboratorPermissionLevel({ ...this.where(), username: login })
    return mayPush(data)
  }
}

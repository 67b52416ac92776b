// The GitHub client of the run's own repository for the change, its check run and the agent's pull
// request: it owns the token, the API's base URL (GITHUB_API_URL, through @actions/github), a
// deadline and the run's signal on every request, and the paging limits; it gives back plain data.
import { type Octokit, octokitFor } from './octokit.js'
import { mayPush } from './push-rule.js'
import type { ChangeCommit, ChangedFile } from '../change/change.js'

const REQUEST_TIMEOUT_MS = 15_000
/** GitHub lists at most 3,000 files of a pull request and 250 of its commits. */
const FILE_PAGES = 30
const COMMIT_PAGES = 3
const COMMENT_PAGES = 10

export interface CheckRun {
  id: number
  externalId?: string
  status: string
  conclusion?: string
  /** The summary of its output, where the action keeps its record of the job. */
  summary: string
}

export interface IssueComment {
  id: number
  body: string
  login: string
  isBot: boolean
}

export interface CheckRunFields {
  status: 'in_progress' | 'completed'
  conclusion?: 'success' | 'failure' | 'neutral' | 'cancelled' | 'timed_out' | 'action_required'
  externalId?: string
  detailsUrl?: string
  title: string
  summary: string
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

export class GitHubRepo {
  private constructor(
    private readonly octokit: Octokit,
    readonly owner: string,
    readonly repo: string,
    private readonly runSignal: AbortSignal,
    private readonly timeoutMs = REQUEST_TIMEOUT_MS,
    private readonly followRun = true
  ) {}

  /** The same client for the last writes of a stopping run: one short try, not under the run's signal, which has ended. */
  detached(timeoutMs: number): GitHubRepo {
    return new GitHubRepo(this.octokit, this.owner, this.repo, this.runSignal, timeoutMs, false)
  }

  /** A client for `repository` ("owner/name"); the GitHub client is loaded only when it is needed. */
  static async open(token: string, repository: string, runSignal: AbortSignal, fetch: typeof globalThis.fetch): Promise<GitHubRepo> {
    const [owner, repo] = repository.split('/')
    if (!owner || !repo) throw new Error(`the repository is unknown (GITHUB_REPOSITORY is ${JSON.stringify(repository)})`)
    return new GitHubRepo(await octokitFor(token, fetch), owner, repo, runSignal)
  }

  private request(): { owner: string; repo: string; request: { signal: AbortSignal } } {
    const timeout = AbortSignal.timeout(this.timeoutMs)
    return {
      owner: this.owner,
      repo: this.repo,
      request: { signal: this.followRun ? AbortSignal.any([this.runSignal, timeout]) : timeout }
    }
  }

  /** Pages of a list until one comes back short or `pages` are read; `complete` says whether the list ended. */
  private async pages<T>(pages: number, read: (page: number) => Promise<{ data: T[] }>): Promise<{ items: T[]; complete: boolean }> {
    const items: T[] = []
    for (let page = 1; page <= pages; page++) {
      const { data } = await read(page)
      items.push(...data)
      if (data.length < 100) return { items, complete: true }
    }
    return { items, complete: false }
  }

  async pullCommits(number: number): Promise<{ commits: ChangeCommit[]; complete: boolean }> {
    const { items, complete } = await this.pages(COMMIT_PAGES, (page) =>
      this.octokit.rest.pulls.listCommits({ ...this.request(), pull_number: number, per_page: 100, page })
    )
    return { commits: items.map(commitOf), complete }
  }

  async pullFiles(number: number): Promise<{ files: ChangedFile[]; complete: boolean }> {
    const { items, complete } = await this.pages(FILE_PAGES, (page) =>
      this.octokit.rest.pulls.listFiles({ ...this.request(), pull_number: number, per_page: 100, page })
    )
    return { files: items.map(fileOf), complete }
  }

  /** The commits and files between two commits or tags (GitHub lists at most 250 commits and 300 files). */
  async compare(base: string, head: string): Promise<{ commits: ChangeCommit[]; files: ChangedFile[]; totalCommits: number }> {
    const { data } = await this.octokit.rest.repos.compareCommitsWithBasehead({ ...this.request(), basehead: `${base}...${head}` })
    return { commits: data.commits.map(commitOf), files: (data.files ?? []).map(fileOf), totalCommits: data.total_commits }
  }

  async commit(ref: string): Promise<{ commit: ChangeCommit; files: ChangedFile[] }> {
    const { data } = await this.octokit.rest.repos.getCommit({ ...this.request(), ref })
    return { commit: commitOf(data), files: (data.files ?? []).map(fileOf) }
  }

  /** The latest 100 releases: tag, when it was made, and whether it is a draft. */
  async releases(): Promise<{ tag: string; createdAt: string; draft: boolean }[]> {
    const { data } = await this.octokit.rest.repos.listReleases({ ...this.request(), per_page: 100 })
    return data.map((r) => ({ tag: r.tag_name, createdAt: r.created_at, draft: r.draft }))
  }

  /** The check runs named `name` on commit `sha`, newest first. */
  async checkRuns(sha: string, name: string): Promise<CheckRun[]> {
    const { data } = await this.octokit.rest.checks.listForRef({
      ...this.request(),
      ref: sha,
      check_name: name,
      filter: 'all',
      per_page: 100
    })
    return data.check_runs.map(checkOf).sort((a, b) => b.id - a.id)
  }

  async createCheckRun(sha: string, name: string, fields: CheckRunFields): Promise<CheckRun> {
    const { data } = await this.octokit.rest.checks.create({ ...this.request(), head_sha: sha, name, ...checkFields(fields) })
    return checkOf(data)
  }

  async updateCheckRun(id: number, fields: CheckRunFields): Promise<void> {
    await this.octokit.rest.checks.update({ ...this.request(), check_run_id: id, ...checkFields(fields) })
  }

  /** The comments of an issue or pull request, oldest first (the first 1,000). */
  async comments(number: number): Promise<IssueComment[]> {
    const { items } = await this.pages(COMMENT_PAGES, (page) =>
      this.octokit.rest.issues.listComments({ ...this.request(), issue_number: number, per_page: 100, page })
    )
    return items.map((c) => ({ id: c.id, body: c.body ?? '', login: c.user?.login ?? '', isBot: c.user?.type === 'Bot' }))
  }

  async comment(number: number, body: string): Promise<number> {
    const { data } = await this.octokit.rest.issues.createComment({ ...this.request(), issue_number: number, body })
    return data.id
  }

  async updateComment(id: number, body: string): Promise<void> {
    await this.octokit.rest.issues.updateComment({ ...this.request(), comment_id: id, body })
  }

  /** Whether `login` may push to the repository (push-rule.ts). */
  async canWrite(login: string): Promise<boolean> {
    const { data } = await this.octokit.rest.repos.getCollaboratorPermissionLevel({ ...this.request(), username: login })
    return mayPush(data)
  }
}

function checkFields(fields: CheckRunFields): Record<string, unknown> {
  return {
    status: fields.status,
    ...(fields.conclusion === undefined ? {} : { conclusion: fields.conclusion }),
    ...(fields.externalId === undefined ? {} : { external_id: fields.externalId }),
    ...(fields.detailsUrl === undefined ? {} : { details_url: fields.detailsUrl }),
    output: { title: fields.title, summary: fields.summary }
  }
}

// The GitHub client of the dashboard: finds its issue by the project marker in the body (under its
// label, then among the latest issues, so that a renamed or relabelled issue is still found), creates
// and updates it, reads the state of the pull requests its ledger links, and a person's permission.
// Every request has a deadline and the run's signal; the token is the workflow's `githubToken`.
import type { getOctokit } from '@actions/github'

/** The label the dashboard issue carries. */
export const DASHBOARD_LABEL = 'docs-health'
const REQUEST_TIMEOUT_MS = 15_000

export interface DashboardIssue {
  number: number
  title: string
  body: string
  state: 'open' | 'closed'
  url: string
}

type Octokit = ReturnType<typeof getOctokit>

interface IssueData {
  number: number
  title: string
  body?: string | null
  state: string
  html_url: string
  pull_request?: unknown
  user?: { type?: string } | null
}

const issueOf = (data: IssueData): DashboardIssue => ({
  number: data.number,
  title: data.title,
  body: data.body ?? '',
  state: data.state === 'closed' ? 'closed' : 'open',
  url: data.html_url
})

export class GitHubIssues {
  private constructor(
    private readonly octokit: Octokit,
    private readonly owner: string,
    private readonly repo: string,
    private readonly runSignal: AbortSignal
  ) {}

  /** A client for `repository` ("owner/name"); the GitHub client is loaded only when a dashboard is asked for. */
  static async open(token: string, repository: string, runSignal: AbortSignal): Promise<GitHubIssues> {
    const [owner, repo] = repository.split('/')
    if (!owner || !repo) throw new Error(`the repository is unknown (GITHUB_REPOSITORY is ${JSON.stringify(repository)})`)
    const { getOctokit } = await import('@actions/github')
    return new GitHubIssues(getOctokit(token), owner, repo, runSignal)
  }

  private signal(): AbortSignal {
    return AbortSignal.any([this.runSignal, AbortSignal.timeout(REQUEST_TIMEOUT_MS)])
  }

  private where(): { owner: string; repo: string } {
    return { owner: this.owner, repo: this.repo }
  }

  /**
   * The issue whose body holds `marker`: under the label first, then among the 100 latest issues; an
   * open one before a closed one. Only an issue a bot opened (the action, with the workflow's token or
   * an app's) is taken: an issue anyone else opened, with the marker copied into it, is not the
   * dashboard, whatever its label.
   */
  async find(marker: string): Promise<DashboardIssue | undefined> {
    const pick = (list: IssueData[]): DashboardIssue | undefined => {
      const found = list
        .filter((issue) => issue.pull_request === undefined && issue.user?.type === 'Bot' && (issue.body ?? '').includes(marker))
        .map(issueOf)
      return found.find((issue) => issue.state === 'open') ?? found[0]
    }
    const labelled = await this.octokit.rest.issues.listForRepo({
      ...this.where(),
      labels: DASHBOARD_LABEL,
      state: 'all',
      per_page: 100,
      request: { signal: this.signal() }
    })
    const found = pick(labelled.data)
    if (found) return found
    const latest = await this.octokit.rest.issues.listForRepo({
      ...this.where(),
      state: 'all',
      sort: 'updated',
      per_page: 100,
      request: { signal: this.signal() }
    })
    return pick(latest.data)
  }

  /** The issue as it is now: read again just before it is written, so that a person's edit during the run is kept. */
  async get(number: number): Promise<DashboardIssue> {
    const { data } = await this.octokit.rest.issues.get({ ...this.where(), issue_number: number, request: { signal: this.signal() } })
    return issueOf(data)
  }

  async create(title: string, body: string): Promise<DashboardIssue> {
    const { data } = await this.octokit.rest.issues.create({
      ...this.where(),
      title,
      body,
      labels: [DASHBOARD_LABEL],
      request: { signal: this.signal() }
    })
    return issueOf(data)
  }

  async update(number: number, body: string): Promise<DashboardIssue> {
    const { data } = await this.octokit.rest.issues.update({
      ...this.where(),
      issue_number: number,
      body,
      request: { signal: this.signal() }
    })
    return issueOf(data)
  }

  /**
   * The state of a pull request of this server: merged (with its day, YYYY-MM-DD, when GitHub gives
   * a date), closed unmerged, or open; undefined when the token cannot see it.
   */
  async pullState(
    owner: string,
    repo: string,
    number: number
  ): Promise<{ state: 'open' | 'merged' | 'closed'; mergedOn?: string } | undefined> {
    try {
      const { data } = await this.octokit.rest.pulls.get({ owner, repo, pull_number: number, request: { signal: this.signal() } })
      if (data.merged_at) {
        const day = /^\d{4}-\d{2}-\d{2}/.exec(data.merged_at)?.[0]
        return day === undefined ? { state: 'merged' } : { state: 'merged', mergedOn: day }
      }
      return { state: data.state === 'closed' ? 'closed' : 'open' }
    } catch (error) {
      if (this.runSignal.aborted) throw error
      return undefined
    }
  }

  /** Whether `login` may push to the repository (admin, maintain or write). */
  async canWrite(login: string): Promise<boolean> {
    const { data } = await this.octokit.rest.repos.getCollaboratorPermissionLevel({
      ...this.where(),
      username: login,
      request: { signal: this.signal() }
    })
    return ['admin', 'maintain', 'write'].includes(data.permission) || data.role_name === 'maintain'
  }
}

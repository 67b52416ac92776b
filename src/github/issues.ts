// The GitHub client of the docs health issue: finds its issue by the project marker in the body (under its
// label, then among the latest issues, so that a renamed or relabelled issue is still found), creates
// and updates it, reads the state of the pull requests its ledger links, and a person's permission.
// Every request has a deadline and the run's signal; the token is the workflow's `githubToken`.
import { type Octokit, octokitFor } from './octokit.js'
import { mayPush } from './push-rule.js'

/** The label the docs health issue carries. */
export const DASHBOARD_LABEL = 'docs-health'
const REQUEST_TIMEOUT_MS = 15_000
/** Pages of 100 labelled issues looked through for the one whose state verifies. */
const LABELLED_PAGES = 5

export interface HealthIssue {
  number: number
  title: string
  body: string
  state: 'open' | 'closed'
  url: string
  /** Who opened it, as GitHub reports it: the bot's login, and the app it acted through. */
  author: string
}

interface IssueData {
  number: number
  title: string
  body?: string | null
  state: string
  html_url: string
  pull_request?: unknown
  user?: { type?: string; login?: string } | null
  performed_via_github_app?: { slug?: string | null; id?: number | null } | null
}

/** Who wrote an issue or a comment, as GitHub reports it, for the log. */
export function authorOf(data: Pick<IssueData, 'user' | 'performed_via_github_app'>): string {
  const login = data.user?.login ?? 'someone'
  const app = data.performed_via_github_app?.slug
  return app ? `${login} (app ${app})` : login
}

const issueOf = (data: IssueData): HealthIssue => ({
  number: data.number,
  title: data.title,
  body: data.body ?? '',
  state: data.state === 'closed' ? 'closed' : 'open',
  url: data.html_url,
  author: authorOf(data)
})

export class GitHubIssues {
  private constructor(
    private readonly octokit: Octokit,
    private readonly owner: string,
    private readonly repo: string,
    private readonly runSignal: AbortSignal
  ) {}

  /** A client for `repository` ("owner/name"); the GitHub client is loaded only when the docs health issue is asked for. */
  static async open(token: string, repository: string, runSignal: AbortSignal, fetch: typeof globalThis.fetch): Promise<GitHubIssues> {
    const [owner, repo] = repository.split('/')
    if (!owner || !repo) throw new Error(`the repository is unknown (GITHUB_REPOSITORY is ${JSON.stringify(repository)})`)
    return new GitHubIssues(await octokitFor(token, fetch), owner, repo, runSignal)
  }

  private signal(): AbortSignal {
    return AbortSignal.any([this.runSignal, AbortSignal.timeout(REQUEST_TIMEOUT_MS)])
  }

  private where(): { owner: string; repo: string } {
    return { owner: this.owner, repo: this.repo }
  }

  /**
   * The docs health issue: of the issues whose owned part (`owned`) holds `marker`, the oldest that
   * `isOwn` accepts (its sealed state verifies), looked for under the label (up to 500 issues), then
   * among the 100 latest issues. When none is accepted, the oldest of them, unproven (`proven: false`): after the
   * API key changed, the issue the action opened is still the first that carries its marker, as any
   * copy is made after it. Only an issue a bot opened (an app: the workflow's token or another app's)
   * is looked at; one a person opened, with the marker copied into it, never counts, whatever its label.
   * `others` are the issues that carry the marker and were not taken.
   */
  async find(
    marker: string,
    owned: (body: string) => string,
    isOwn: (issue: HealthIssue) => boolean
  ): Promise<{ issue?: HealthIssue; proven: boolean; others: HealthIssue[] }> {
    const seen = new Map<number, HealthIssue>()
    const add = (list: IssueData[]): void => {
      for (const data of list) {
        if (data.pull_request !== undefined || data.user?.type !== 'Bot' || !owned(data.body ?? '').includes(marker)) continue
        seen.set(data.number, issueOf(data))
      }
    }
    const result = (): { issue?: HealthIssue; proven: boolean; others: HealthIssue[] } | undefined => {
      const all = [...seen.values()].sort((a, b) => a.number - b.number)
      const own = all.find(isOwn)
      return own ? { issue: own, proven: true, others: all.filter((i) => i !== own) } : undefined
    }
    // Newest first: the action's issue, older than any copy, may be pages down when others were opened since.
    for (let page = 1; page <= LABELLED_PAGES; page++) {
      const labelled = await this.octokit.rest.issues.listForRepo({
        ...this.where(),
        labels: DASHBOARD_LABEL,
        state: 'all',
        per_page: 100,
        page,
        request: { signal: this.signal() }
      })
      add(labelled.data)
      const proven = result()
      if (proven) return proven
      if (labelled.data.length < 100) break
    }
    const latest = await this.octokit.rest.issues.listForRepo({
      ...this.where(),
      state: 'all',
      sort: 'updated',
      per_page: 100,
      request: { signal: this.signal() }
    })
    add(latest.data)
    const all = [...seen.values()].sort((a, b) => a.number - b.number)
    return result() ?? { issue: all[0], proven: false, others: all.slice(1) }
  }

  /** The issue as it is now: read again just before it is written, so that a person's edit during the run is kept. */
  async get(number: number): Promise<HealthIssue> {
    const { data } = await this.octokit.rest.issues.get({ ...this.where(), issue_number: number, request: { signal: this.signal() } })
    return issueOf(data)
  }

  async create(title: string, body: string): Promise<HealthIssue> {
    const { data } = await this.octokit.rest.issues.create({
      ...this.where(),
      title,
      body,
      labels: [DASHBOARD_LABEL],
      request: { signal: this.signal() }
    })
    return issueOf(data)
  }

  async update(number: number, body: string): Promise<HealthIssue> {
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

  /** Whether `login` may push to the repository (push-rule.ts). */
  async canWrite(login: string): Promise<boolean> {
    const { data } = await this.octokit.rest.repos.getCollaboratorPermissionLevel({
      ...this.where(),
      username: login,
      request: { signal: this.signal() }
    })
    return mayPush(data)
  }
}

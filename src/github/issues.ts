// The docs health issue on GitHub: finds its issue by its sealed state and the project marker in the
// body (under its label, oldest first, then among the latest issues, so that a renamed or relabelled
// issue is still found, and no number of newer issues hides it), creates
// and updates it, comments on it, reads the state of the pull requests its ledger links (and the pages a merged one
// moved), and a person's permission,
// all through the run's GitHub client (client.ts).
import { fileMoves, type PageMove } from '../text/site-moves.js'
import type { GitHubClient, IssueData, PullState } from './client.js'

/** The label the docs health issue carries. */
export const HEALTH_ISSUE_LABEL = 'docs-health'

export interface HealthIssue {
  number: number
  title: string
  body: string
  state: 'open' | 'closed'
  url: string
  /** Who opened it, as GitHub reports it: the bot's login, and the app it acted through. */
  author: string
}

/** What the docs health issue needs of the GitHub client. */
export type IssueReads = Pick<
  GitHubClient,
  'issues' | 'issue' | 'createIssue' | 'updateIssue' | 'createComment' | 'pullState' | 'pullFilesOf' | 'canWrite'
>

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

export class HealthIssues {
  constructor(
    private readonly github: IssueReads,
    /** The run's signal: a pull request's state that cannot be read counts for nothing, unless the run stopped. */
    private readonly runSignal: AbortSignal
  ) {}

  /**
   * The docs health issue: of the issues whose owned part (`owned`) holds `marker`, the oldest that
   * `isOwn` accepts (its sealed state verifies, and the seal names the issue's own number), whoever
   * GitHub says opened it (with a personal access token, the action's issue is a person's). The
   * issues under the label are read oldest first (up to 500), so that no count of newer issues, however
   * many another app opens with the marker, pushes the action's issue out of view; then the 100
   * latest issues, for an issue whose label was taken off. When none is accepted, the oldest a bot
   * opened, unproven (`proven: false`): after the API key changed, the issue the action opened is still
   * the first that carries its marker, as any copy is made after it; an unsealed issue a person opened,
   * with the marker copied into it, never counts. `others` are the issues that carry the marker and
   * were not taken.
   */
  async find(
    marker: string,
    owned: (body: string) => string,
    isOwn: (issue: HealthIssue) => boolean
  ): Promise<{ issue?: HealthIssue; proven: boolean; others: HealthIssue[] }> {
    const seen = new Map<number, { issue: HealthIssue; bot: boolean }>()
    const add = (list: IssueData[]): void => {
      for (const data of list) {
        if (data.pull_request !== undefined || !owned(data.body ?? '').includes(marker)) continue
        seen.set(data.number, { issue: issueOf(data), bot: data.user?.type === 'Bot' })
      }
    }
    const all = (): { issue: HealthIssue; bot: boolean }[] => [...seen.values()].sort((a, b) => a.issue.number - b.issue.number)
    // Each issue's seal is checked once, however many pages are looked at after it.
    const verdicts = new Map<number, boolean>()
    const sealed = (issue: HealthIssue): boolean => {
      let verdict = verdicts.get(issue.number)
      if (verdict === undefined) verdicts.set(issue.number, (verdict = isOwn(issue)))
      return verdict
    }
    const result = (): { issue?: HealthIssue; proven: boolean; others: HealthIssue[] } | undefined => {
      const own = all().find((found) => sealed(found.issue))?.issue
      return own ? { issue: own, proven: true, others: all().flatMap((found) => (found.issue === own ? [] : [found.issue])) } : undefined
    }
    // Oldest first: each page is looked at as it comes, to stop at the first that holds the action's
    // issue; what the list gives back is looked at too, so that it is found whoever asks of which page.
    const labelled = await this.github.issues({ label: HEALTH_ISSUE_LABEL, direction: 'asc' }, (page) => {
      add(page)
      return result() !== undefined
    })
    add(labelled)
    const proven = result()
    if (proven) return proven
    add(await this.github.issues({ sort: 'updated' }))
    const fallback = all().find((found) => found.bot)?.issue
    return (
      result() ?? {
        ...(fallback ? { issue: fallback } : {}),
        proven: false,
        others: all().flatMap((found) => (found.issue === fallback ? [] : [found.issue]))
      }
    )
  }

  /** The issue as it is now: read again just before it is written, so that a person's edit during the run is kept. */
  async get(number: number): Promise<HealthIssue> {
    return issueOf(await this.github.issue(number))
  }

  async create(title: string, body: string): Promise<HealthIssue> {
    return issueOf(await this.github.createIssue(title, body, [HEALTH_ISSUE_LABEL]))
  }

  async update(number: number, body: string): Promise<HealthIssue> {
    return issueOf(await this.github.updateIssue(number, body))
  }

  /** Posts a comment on the issue (a verdict told to the people who asked for the fix): its id. */
  comment(number: number, body: string): Promise<number> {
    return this.github.createComment(number, body)
  }

  /**
   * The state of a pull request of this server: merged (with its day, YYYY-MM-DD, when GitHub gives
   * a date), closed unmerged, or open; undefined when the token cannot see it.
   */
  async pullState(owner: string, repo: string, number: number): Promise<PullState | undefined> {
    try {
      return await this.github.pullState(owner, repo, number)
    } catch (error) {
      if (this.runSignal.aborted) throw error
      return undefined
    }
  }

  /**
   * The pages a merged pull request of this server moved: the page files it renamed or removed
   * (text/site-moves.ts); none when the token cannot read its files.
   */
  async pullMoves(owner: string, repo: string, number: number): Promise<PageMove[]> {
    try {
      return fileMoves(await this.github.pullFilesOf(owner, repo, number))
    } catch (error) {
      if (this.runSignal.aborted) throw error
      return []
    }
  }

  /** Whether `login` may push to the repository (push-rule.ts). */
  canWrite(login: string): Promise<boolean> {
    return this.github.canWrite(login)
  }
}

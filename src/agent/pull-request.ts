// What the service's prLink is: a pull request on the run's GitHub server, named by its repository
// and number, or some other http(s) URL, shown as it is and never called a pull request.
import { plainHttpUrl } from '../text/escape.js'

export interface PullRequestLink {
  /** Scheme, host and path only; nothing in it is special to a shell, HTML or Markdown. */
  url: string
  /** Only for a pull request on the run's GitHub server: "acme/docs" and "42". */
  pullRequest?: { repository: string; number: string }
}

// GitHub's owner names (letters, digits, hyphens; `_` in managed users' names) and repository names
// (letters, digits, `.` `-` `_`), and a pull request's number, on the path exactly.
const PULL_REQUEST_PATH = /^\/([A-Za-z0-9][A-Za-z0-9_-]{0,38})\/([A-Za-z0-9._-]{1,100})\/pull\/([1-9]\d{0,9})$/

/**
 * The link as the report shows it and the outputs carry it, when it is an http(s) URL; a pull
 * request only when its host is `githubServer` (GITHUB_SERVER_URL: github.com, or a GitHub Enterprise
 * Server) and its path is `/{owner}/{repo}/pull/{n}`.
 */
export function pullRequestLink(value: string | null | undefined, githubServer: string): PullRequestLink | undefined {
  const url = plainHttpUrl(value)
  if (url === undefined) return undefined
  const { origin, pathname } = new URL(url)
  const server = URL.canParse(githubServer) ? new URL(githubServer).origin : undefined
  const match = origin === server ? PULL_REQUEST_PATH.exec(pathname) : null
  if (!match) return { url }
  // The URL parser has resolved `.` and `..` segments: neither can be the repository here.
  // Stryker disable next-line StringLiteral: equivalent, each group matches whenever the pattern does
  const [, owner = '', repo = '', number = ''] = match
  return { url, pullRequest: { repository: `${owner}/${repo}`, number } }
}

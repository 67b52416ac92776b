// The code change that triggered a run, as read from GitHub: what it is (a pull request, a push, a
// release), who made it, its commits and its changed files with their diffs. Plain data; every text
// in it is written by whoever made the change, and so is hostile.

/** The events whose change the run can read, with the words the log and the input error use. */
export const CHANGE_EVENTS = ['pull_request', 'pull_request_target', 'push', 'release'] as const
export type ChangeEvent = (typeof CHANGE_EVENTS)[number]

export function isChangeEvent(name: string): name is ChangeEvent {
  return (CHANGE_EVENTS as readonly string[]).includes(name)
}

export interface ChangedFile {
  path: string
  /** GitHub's word: added, removed, modified, renamed, copied, changed or unchanged. */
  status: string
  additions: number
  deletions: number
  /** The path before a rename. */
  previousPath?: string
  /** The file's unified diff, when GitHub gives one (not for a binary file or a very large diff). */
  patch?: string
}

export interface ChangeCommit {
  sha: string
  message: string
}

export interface Change {
  kind: 'pull request' | 'push' | 'release'
  /** One line that names the change: "Pull request #42: Add retries", "Push to main", "Release v2.1.0". */
  title: string
  /** The pull request's description or the release's notes. */
  body?: string
  author?: string
  /** Where the change goes and where it comes from: branches, or the tags a release is compared between. */
  base?: string
  head?: string
  url?: string
  commits: ChangeCommit[]
  files: ChangedFile[]
  /** GitHub listed fewer files or commits than the change has (it stops at 3,000 files and 250 commits). */
  incomplete?: string
}

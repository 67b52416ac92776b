// Reads the change that triggered the run from the event payload and the GitHub API: a pull request
// (its commits and files), a push (the comparison of `before` and `after`), or a release (the
// comparison with the release before it).
import { z } from 'zod'
import { type Change, CHANGE_EVENTS, isChangeEvent } from '../change/change.js'
import { StopError } from '../core/lifetime.js'
import { type GitHubClient, githubWriteFailure } from './client.js'

/** What the change reader needs of the GitHub client. */
export type ChangeReads = Pick<GitHubClient, 'pullCommits' | 'pullFiles' | 'compare' | 'commit' | 'releases'>

/** The change of an event, or why it has none for the docs to follow. */
export type ChangeRead = { change: Change } | { skip: string }

const ZERO_SHA = /^0+$/
const sha = z.string().regex(/^[0-9a-f]{7,64}$/i)
const login = z.object({ login: z.string() }).nullish()

const pullPayload = z.object({
  action: z.string().optional(),
  pull_request: z.object({
    number: z.number().int().positive(),
    title: z.string(),
    body: z.string().nullish(),
    html_url: z.string().optional(),
    user: login,
    merged: z.boolean().nullish(),
    merge_commit_sha: sha.nullish(),
    base: z.object({ ref: z.string() }),
    head: z.object({ ref: z.string(), sha, label: z.string().optional() })
  })
})

const pushPayload = z.object({
  ref: z.string(),
  before: z.string().optional(),
  after: sha,
  compare: z.string().optional(),
  pusher: z.object({ name: z.string().optional() }).optional(),
  sender: login
})

const releasePayload = z.object({
  release: z.object({
    tag_name: z.string().min(1),
    name: z.string().nullish(),
    body: z.string().nullish(),
    html_url: z.string().optional(),
    created_at: z.string(),
    author: login
  })
})

/** A payload that lacks what the change is read from: no request failed, and no permission helps. */
class PayloadError extends Error {}

/** The payload's fields this reader needs, or an error that says what is missing. */
function parsed<T>(schema: z.ZodType<T>, payload: unknown, eventName: string): T {
  const result = schema.safeParse(payload)
  if (!result.success) {
    const where = result.error.issues[0]?.path.join('.') ?? ''
    throw new PayloadError(`the ${eventName} event payload lacks what the change is read from (${where || 'its fields'})`)
  }
  return result.data
}

const short = (commit: string): string => commit.slice(0, 7)

async function pullChange(repo: ChangeReads, eventName: string, payload: unknown): Promise<Change> {
  const { action, pull_request: pr } = parsed(pullPayload, payload, eventName)
  const [{ commits, complete: allCommits }, { files, complete: allFiles }] = await Promise.all([
    repo.pullCommits(pr.number),
    repo.pullFiles(pr.number)
  ])
  const merged = action === 'closed'
  return {
    kind: 'pull request',
    title: `Pull request #${pr.number}${merged ? ' (merged)' : ''}: ${pr.title}`,
    body: pr.body ?? undefined,
    author: pr.user?.login,
    base: pr.base.ref,
    head: pr.head.label ?? pr.head.ref,
    url: pr.html_url,
    commits,
    files,
    incomplete: incompleteNote(allFiles, allCommits)
  }
}

function incompleteNote(allFiles: boolean, allCommits: boolean): string | undefined {
  if (allFiles && allCommits) return undefined
  const what = [allFiles ? '' : 'files', allCommits ? '' : 'commits'].filter((w) => w).join(' and ')
  return `GitHub lists only the first ${what} of a change this large; the rest are not here.`
}

async function pushChange(repo: ChangeReads, payload: unknown): Promise<Change> {
  const push = parsed(pushPayload, payload, 'push')
  const branch = push.ref.replace(/^refs\/(heads|tags)\//, '')
  const base = push.before !== undefined && sha.safeParse(push.before).success && !ZERO_SHA.test(push.before) ? push.before : undefined
  const author = push.pusher?.name ?? push.sender?.login
  if (base === undefined) {
    // A new branch has no `before`: its last commit stands for the change.
    const { commit, files } = await repo.commit(push.after)
    return {
      kind: 'push',
      title: `Push of a new ${branch} at ${short(push.after)}`,
      author,
      commits: [commit],
      files,
      incomplete: 'The push made a new branch: only its last commit is here.'
    }
  }
  const compared = await repo.compare(base, push.after)
  return {
    kind: 'push',
    title: `Push to ${branch}: ${short(base)}..${short(push.after)}`,
    author,
    url: push.compare,
    commits: compared.commits,
    files: compared.files,
    incomplete: comparisonNote(compared.files.length, compared.commits.length, compared.totalCommits)
  }
}

/** GitHub's comparison lists at most 300 files and 250 commits. */
function comparisonNote(files: number, commits: number, totalCommits: number): string | undefined {
  return incompleteNote(files < 300, commits >= totalCommits)
}

async function releaseChange(repo: ChangeReads, payload: unknown): Promise<Change> {
  const { release } = parsed(releasePayload, payload, 'release')
  const earlier = (await repo.releases())
    .filter((r) => !r.draft && r.tag !== release.tag_name && r.createdAt < release.created_at)
    .sort((a, b) => (a.createdAt < b.createdAt ? 1 : -1))[0]
  const compared = earlier ? await repo.compare(earlier.tag, release.tag_name) : undefined
  return {
    kind: 'release',
    title: `Release ${release.name?.trim() ? release.name : release.tag_name}`,
    body: release.body ?? undefined,
    author: release.author?.login,
    base: earlier?.tag,
    head: release.tag_name,
    url: release.html_url,
    commits: compared?.commits ?? [],
    files: compared?.files ?? [],
    incomplete: compared
      ? comparisonNote(compared.files.length, compared.commits.length, compared.totalCommits)
      : 'This is the first release: there is no earlier one to compare with, so only its notes are here.'
  }
}

/**
 * Why the event has no change for the docs to follow (a pull request closed without being merged, a
 * push that deleted a branch), read from the payload alone; undefined when it has one.
 */
export function noChange(eventName: string, payload: unknown): string | undefined {
  const p = (typeof payload === 'object' && payload !== null ? payload : {}) as {
    action?: unknown
    pull_request?: { number?: unknown; merged?: unknown }
    after?: unknown
    ref?: unknown
  }
  if ((eventName === 'pull_request' || eventName === 'pull_request_target') && p.action === 'closed' && p.pull_request?.merged !== true) {
    const number = typeof p.pull_request?.number === 'number' ? ` #${p.pull_request.number}` : ''
    return `Pull request${number} was closed without being merged: there is no change for the docs to follow.`
  }
  if (eventName === 'push' && typeof p.after === 'string' && ZERO_SHA.test(p.after)) {
    const branch = typeof p.ref === 'string' ? p.ref.replace(/^refs\/(heads|tags)\//, '').slice(0, 200) : 'a branch'
    return `The push deleted ${branch}: there is no change for the docs to follow.`
  }
  return undefined
}

/** The permission the token needs to read the change of an event: a push and a release are compared commits. */
export function changePermission(eventName: string): string {
  return eventName === 'push' || eventName === 'release' ? 'contents: read' : 'pull-requests: read'
}

async function changeOf(repo: ChangeReads, eventName: string, payload: unknown): Promise<Change> {
  if (eventName === 'push') return pushChange(repo, payload)
  if (eventName === 'release') return releaseChange(repo, payload)
  return pullChange(repo, eventName, payload)
}

/**
 * The change of the event, or why there is none to follow. A request GitHub refused or that did not
 * reach it fails with what to do (githubWriteFailure): the permission the event's change is read
 * with, on a 403 or 404. The run's deadline and cancellation pass through as they are.
 */
export async function readChange(repo: ChangeReads, eventName: string, payload: unknown): Promise<ChangeRead> {
  if (!isChangeEvent(eventName))
    throw new Error(`context: change reads the change of a ${CHANGE_EVENTS.join(', ')} event, not of ${eventName}`)
  const skip = noChange(eventName, payload)
  if (skip !== undefined) return { skip }
  try {
    return { change: await changeOf(repo, eventName, payload) }
  } catch (error) {
    if (error instanceof PayloadError || error instanceof StopError) throw error
    const advice = githubWriteFailure(error, changePermission(eventName), ', which `context: change` reads it with; or set context: none')
    throw new Error(`Could not read the change of the ${eventName} event${advice}`, { cause: error })
  }
}

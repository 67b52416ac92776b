// @ts-check
// The event a workflow is triggered by, as the runner writes it to the file GITHUB_EVENT_PATH names,
// for `npm run try`: a schedule, a `workflow_dispatch` with its inputs, a merged (or opened) pull
// request with its commits and files, a push, an edit of an issue, a comment. What the action asks
// GitHub of the event (the pull request's files, the commenter's permission) is put in the GitHub fake.
import { scalarText } from './workflow.mjs'

/** The repository a tried workflow runs in: not acme/docs, where the emulator's pull requests open. */
export const REPOSITORY = 'acme/docs-action-try-out'
/** The person who merges, comments and edits: one who may push to the repository. */
export const PERSON = 'a-maintainer'
export const HEAD_SHA = 'b'.repeat(40)
export const MERGE_SHA = 'a'.repeat(40)
export const BEFORE_SHA = 'c'.repeat(40)
/** The comment of an `issue_comment` event unless `--comment` gives another. */
export const DEFAULT_COMMENT = '/docs Explain the new retries option on the client page.'
/** The events `npm run try` can build. */
export const EVENTS = ['schedule', 'workflow_dispatch', 'pull_request', 'pull_request_target', 'push', 'issues', 'issue_comment']

/**
 * @typedef {{ name: string, payload: Record<string, unknown>, sha: string, ref: string }} TriedEvent
 * @typedef {{ setPullChange: (n: number, change: { commits: { sha: string, commit: { message: string } }[], files: { filename: string, status: string, additions: number, deletions: number, patch?: string }[] }) => void,
 *   setPull: (n: number, pull: { state: 'open' | 'closed', merged_at: string | null }) => void,
 *   setComparison: (basehead: string, change: { commits: { sha: string, commit: { message: string } }[], files: { filename: string, status: string, additions: number, deletions: number, patch?: string }[] }) => void,
 *   setPermission: (login: string, permission: string) => void,
 *   setVisibility: (repository: string, visibility: 'public' | 'private' | 'internal') => void }} Fake the part of the GitHub fake an event fills
 */

const repository = { full_name: REPOSITORY, name: REPOSITORY.split('/')[1], owner: { login: REPOSITORY.split('/')[0] }, private: false }
const sender = { login: PERSON, type: 'User' }

/** @param {unknown} value @returns {string[]} */
const list = (value) => (Array.isArray(value) ? value.map(String) : typeof value === 'string' ? [value] : [])

/**
 * A file of the change that the trigger's `paths` filter lets through: its first path, `**` and `*`
 * filled in (src/** gives src/client.ts).
 * @param {Record<string, unknown>} settings
 */
export function changedFile(settings) {
  const first = list(settings.paths).find((path) => !path.startsWith('!'))
  if (first === undefined) return 'src/client.ts'
  const filled = first
    .replace(/\*\*\/?$/, 'client.ts')
    .replace(/\*\*\//g, '')
    .replace(/\*/g, 'client')
  return filled.endsWith('/') ? `${filled}client.ts` : filled
}

/** The change a pull request or push brings: one commit that adds an option, in `filename`. @param {string} filename */
function change(filename) {
  return {
    commits: [{ sha: 'd'.repeat(40), commit: { message: 'Add a retries option to the client\n\nThree retries by default.' } }],
    files: [
      {
        filename,
        status: 'modified',
        additions: 1,
        deletions: 0,
        patch: '@@ -1,2 +1,3 @@\n export class Client {\n+  retries = 3\n }'
      }
    ]
  }
}

/**
 * The inputs of a `workflow_dispatch`: each declared input's value given with `--input`, else its
 * default, else empty; as the `inputs` context has them (a boolean input as a boolean) and as the
 * payload has them (text).
 * @param {Record<string, unknown>} settings the trigger's settings
 * @param {Readonly<Record<string, string>>} given
 */
export function dispatchInputs(settings, given) {
  /** @type {[string, unknown][]} */
  const declared = typeof settings.inputs === 'object' && settings.inputs !== null ? Object.entries(settings.inputs) : []
  /** @type {Record<string, string | boolean>} */
  const context = {}
  /** @type {Record<string, string>} */
  const payload = {}
  for (const [name, value] of declared) {
    const input = /** @type {{ default?: unknown, type?: unknown }} */ (value ?? {})
    const text = given[name] ?? scalarText(input.default)
    payload[name] = text
    context[name] = input.type === 'boolean' ? text === 'true' : text
  }
  return { context, payload }
}

/**
 * The event `name` with the trigger's `settings`, its payload, and its commit; what the action asks
 * GitHub of it is set in `fake`.
 * @param {string} name
 * @param {Record<string, unknown>} settings
 * @param {{ inputs: Readonly<Record<string, string>>, comment: string, issue?: { number: number, title: string, body: string, before: string, labels: string[] } }} given
 * @param {Fake} fake
 * @returns {TriedEvent}
 */
export function buildEvent(name, settings, given, fake) {
  const branch = list(settings.branches)[0] ?? 'main'
  const types = list(settings.types)
  fake.setVisibility(REPOSITORY, 'public')
  fake.setPermission(PERSON, 'write')
  const common = { repository, sender }
  if (name === 'schedule') {
    /** @type {unknown} */
    const entry = Array.isArray(settings.entries) ? settings.entries[0] : undefined
    const first = /** @type {{ cron?: unknown } | undefined} */ (entry)
    const cron = typeof first?.cron === 'string' ? first.cron : ''
    return { name, payload: { schedule: cron }, sha: HEAD_SHA, ref: 'refs/heads/main' }
  }
  if (name === 'workflow_dispatch') {
    return {
      name,
      payload: { ...common, inputs: dispatchInputs(settings, given.inputs).payload, ref: 'refs/heads/main' },
      sha: HEAD_SHA,
      ref: 'refs/heads/main'
    }
  }
  if (name === 'pull_request' || name === 'pull_request_target') {
    const action = types.includes('closed') || types.length === 0 ? 'closed' : (types[0] ?? 'opened')
    const merged = action === 'closed'
    fake.setPullChange(42, change(changedFile(settings)))
    fake.setPull(42, { state: merged ? 'closed' : 'open', merged_at: merged ? new Date().toISOString() : null })
    const pull = {
      number: 42,
      title: 'Add a retries option to the client',
      body: 'Adds a `retries` option to the client: three by default.',
      html_url: `https://github.com/${REPOSITORY}/pull/42`,
      user: sender,
      state: merged ? 'closed' : 'open',
      merged,
      merge_commit_sha: merged ? MERGE_SHA : null,
      base: { ref: branch, repo: repository },
      head: { ref: 'feat/retries', sha: HEAD_SHA, label: 'acme:feat/retries', repo: repository }
    }
    return {
      name,
      payload: { ...common, action, number: 42, pull_request: pull },
      sha: merged ? MERGE_SHA : HEAD_SHA,
      ref: merged ? `refs/heads/${branch}` : 'refs/pull/42/merge'
    }
  }
  if (name === 'push') {
    fake.setComparison(`${BEFORE_SHA}...${HEAD_SHA}`, change(changedFile(settings)))
    const ref = `refs/heads/${branch}`
    return {
      name,
      payload: {
        ...common,
        ref,
        before: BEFORE_SHA,
        after: HEAD_SHA,
        head_commit: { id: HEAD_SHA, message: 'Add a retries option to the client' }
      },
      sha: HEAD_SHA,
      ref
    }
  }
  if (name === 'issues') {
    const action = types[0] ?? 'opened'
    const issue = given.issue ?? {
      number: 1,
      title: 'A question about the docs',
      body: 'Where is the retries option documented?',
      before: '',
      labels: []
    }
    return {
      name,
      payload: {
        ...common,
        action,
        issue: {
          number: issue.number,
          title: issue.title,
          body: issue.body,
          state: 'open',
          labels: issue.labels.map((label) => ({ name: label })),
          user: sender
        },
        ...(action === 'edited' ? { changes: { body: { from: issue.before } } } : {})
      },
      sha: HEAD_SHA,
      ref: 'refs/heads/main'
    }
  }
  if (name === 'issue_comment') {
    const issue = {
      number: 7,
      title: 'Add a retries option to the client',
      body: 'Adds a `retries` option to the client.',
      state: 'open',
      labels: [],
      user: sender,
      pull_request: { url: `https://api.github.com/repos/${REPOSITORY}/pulls/7`, html_url: `https://github.com/${REPOSITORY}/pull/7` }
    }
    const comment = {
      id: 501,
      body: given.comment,
      user: sender,
      author_association: 'MEMBER',
      html_url: `https://github.com/${REPOSITORY}/pull/7#issuecomment-501`
    }
    return { name, payload: { ...common, action: types[0] ?? 'created', issue, comment }, sha: HEAD_SHA, ref: 'refs/heads/main' }
  }
  throw new Error(`npm run try builds no ${name} event; it builds ${EVENTS.join(', ')}.`)
}

/**
 * The body of the docs health issue with the box of its first gap ticked, as a person ticks it; the
 * body as it was when it has no gap to tick.
 * @param {string} body
 */
export function tickFirstGap(body) {
  return body.replace(/^(\s*[-*+] )\[ \]( .*<!-- gap:[0-9a-f]{12} -->\s*)$/m, '$1[x]$2')
}

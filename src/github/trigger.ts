// What started the run, as one key that every run for the same change shares: the same pull request
// at the same commit (its head, or its merge commit once merged), the same push `after`, the same
// release tag, the same comment, or else the same workflow run (a re-run of it). The job created for
// a trigger is recorded under its key, so that a second run watches that job instead of another.
import { payloadObject, type Runner } from './runner.js'

export interface Trigger {
  key: string
  /** The commit a check run for the trigger goes on; none for a comment (it names no commit). */
  sha?: string
}

const SHA = /^[0-9a-f]{40}$|^[0-9a-f]{64}$/i

const object = payloadObject
const text = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined)
const commit = (value: unknown): string | undefined => {
  const v = text(value)
  return v !== undefined && SHA.test(v) && !/^0+$/.test(v) ? v.toLowerCase() : undefined
}

/** The run's trigger, from its event and payload; the run's id and commit (runner.ts) stand for any other event. */
export function triggerOf(eventName: string, payload: unknown, run: Pick<Runner, 'runId' | 'sha'>): Trigger | undefined {
  const p = object(payload) ?? {}
  const pull = object(p.pull_request)
  if ((eventName === 'pull_request' || eventName === 'pull_request_target') && pull && typeof pull.number === 'number') {
    const merged = p.action === 'closed' && pull.merged === true ? commit(pull.merge_commit_sha) : undefined
    const sha = merged ?? commit(object(pull.head)?.sha)
    if (sha) return { key: `pull/${pull.number}@${sha}`, sha }
  }
  if (eventName === 'push') {
    const sha = commit(p.after)
    if (sha) return { key: `push@${sha}`, sha }
  }
  const release = object(p.release)
  if (eventName === 'release' && release && text(release.tag_name)) {
    return { key: `release@${text(release.tag_name)}`, sha: commit(run.sha) }
  }
  const comment = object(p.comment)
  if (eventName === 'issue_comment' && comment && typeof comment.id === 'number') return { key: `comment/${comment.id}` }
  const runId = text(run.runId)
  return runId === undefined ? undefined : { key: `run/${runId}`, sha: commit(run.sha) }
}

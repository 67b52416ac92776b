// The hidden lines that record a job where GitHub keeps it: in the action's comment in a thread and in
// its check run (which job, for which trigger, and how it ended), and on the agent's pull request
// (which job opened it). A later run reads them to watch the job instead of creating another, and a
// follow-up comment to find the job to send to. Only a record at the very start of a text counts, so
// that a marker quoted inside someone else's text is never taken for one.

/** Marks the action's own comment. */
export const COMMENT_MARKER = '<!-- docs-agent-action -->'

/** A job id a marker can hold and a URL can carry as one path segment: what the service gives, bounded. */
export function isMarkableJobId(jobId: string | undefined): jobId is string {
  return jobId !== undefined && /^[\w.:-]{1,200}$/.test(jobId) && !/^\.+$/.test(jobId)
}

export interface JobRecord {
  jobId: string
  /** The run's record key: the project and the trigger (src/github/trigger.ts). */
  key?: string
  /** How the job ended, once it did: the outcome word of the job's report. */
  ended?: string
}

/** The hidden line of a record; '' for a job id a marker cannot hold. */
export function recordMarker(record: { jobId: string | undefined; key?: string; ended?: string }): string {
  if (!isMarkableJobId(record.jobId)) return ''
  const key = record.key === undefined ? '' : ` key=${encodeURIComponent(record.key)}`
  const ended = record.ended === undefined ? '' : ` ended=${encodeURIComponent(record.ended)}`
  return `<!-- docs-agent-action job=${record.jobId}${key}${ended} -->`
}

const RECORD = /^<!-- docs-agent-action job=([\w.:-]{1,200})(?: key=([^\s>]{1,4000}))?(?: ended=([a-z-]{1,20}))? -->/

/** The record at the start of `text` (after `prefix`), if it holds one for `key`. */
export function readRecord(text: string, key: string, prefix = ''): JobRecord | undefined {
  if (!text.startsWith(prefix)) return undefined
  // A key is short but for a release's tag, which may be long and in any script: encoded, each byte takes three characters.
  const match = RECORD.exec(text.slice(prefix.length, prefix.length + 5000))
  if (!match || !isMarkableJobId(match[1]) || match[2] !== encodeURIComponent(key)) return undefined
  return { jobId: match[1], key, ...(match[3] === undefined ? {} : { ended: match[3] }) }
}

/** How a job that is over ended, as a record keeps it; undefined while it may still run. */
export function endedOf(outcome: string): string | undefined {
  return ['opened', 'no-pr', 'failed', 'archived'].includes(outcome) ? outcome : undefined
}

/** The endings after which a later run for the same trigger creates a new job rather than watch this one. */
export const RETRIED_ENDINGS: readonly string[] = ['failed', 'archived']

/** The hidden line that marks the action's comment on the agent's pull request, with the job it is about. */
export function pullMarker(jobId: string): string {
  return isMarkableJobId(jobId) ? `<!-- docs-agent-action pull job=${jobId} -->` : ''
}

/** The job the action's comment on an agent's pull request names: the body must start with its marker. */
export function pullMarkedJob(body: string): string | undefined {
  const match = /^<!-- docs-agent-action pull job=([\w.:-]{1,200}) -->/.exec(body.slice(COMMENT_MARKER.length, COMMENT_MARKER.length + 300))
  return body.startsWith(COMMENT_MARKER) && match && isMarkableJobId(match[1]) ? match[1] : undefined
}

// The hidden lines that record a job where GitHub keeps it: in the action's comment in a thread and in
// its check run (which job, for which trigger, and how it ended), and on the agent's pull request
// (which job opened it). A later run reads them to watch the job instead of creating another, and a
// follow-up comment to find the job to send to. Only a record at the very start of a text counts, so
// that a marker quoted inside someone else's text is never taken for one, and only one whose seal
// (core/record-seal.ts) verifies for the place it is read in (the repository, and in it the thread,
// the commit or the pull request), so that a record another app or workflow wrote, or copied from
// elsewhere (another thread, or the same thread number of another repository that shares the key),
// counts for nothing.
import { JOB_ID_MAX_CHARS, jobIdProblem } from '../api/schemas.js'
import { type RecordSeal, SEAL_PATTERN } from '../core/record-seal.js'

/** Marks the action's own comment. */
export const COMMENT_MARKER = '<!-- docs-agent-action -->'

/** A job id a marker can hold and a URL can carry as one path segment: every id the run takes (jobIdProblem). */
export function isMarkableJobId(jobId: string | undefined): jobId is string {
  return jobId !== undefined && jobIdProblem(jobId) === undefined
}

/**
 * A job id as a marker holds it: percent-encoded, so that no character of it can end the marker or
 * the HTML comment, and whole (the seal is over the id itself).
 */
const markedId = (jobId: string): string => encodeURIComponent(jobId)

/** The most characters of an encoded job id: each character of the id takes at most 9 (three bytes, each as %XX). */
const MARKED_ID_MAX = JOB_ID_MAX_CHARS * 9

/** The id a marker holds, decoded, or undefined when it is not one the run takes. */
function idOfMarker(marked: string): string | undefined {
  let jobId: string
  try {
    jobId = decodeURIComponent(marked)
  } catch {
    return undefined
  }
  return isMarkableJobId(jobId) ? jobId : undefined
}

export interface JobRecord {
  jobId: string
  /** The run's record key: the project and the trigger (src/github/trigger.ts). */
  key?: string
  /** How the job ended, once it did: the outcome word of the job's report. */
  ended?: string
  /** Present when the record is sealed for its place alone, as builds before 1.1.0 sealed it (`EARLIER_SEAL`). */
  earlier?: true
}

/** How a record is named whose seal covers its place alone, as builds before 1.1.0 wrote it. */
export const EARLIER_SEAL = 'sealed by a build before 1.1.0, for its place alone'

/**
 * Where a record is written and read, and the seal it is written with: the place ("acme/docs thread
 * 12", "acme/docs commit <sha>", "acme/docs pull 7", made by `sealedAt`) is sealed with it, so that a
 * record copied to another place does not verify.
 */
export interface SealedAt {
  seal: RecordSeal
  place: string
  /** The place in the repository alone ("thread 12"), which builds before 1.1.0 sealed a record for. */
  where?: string
}

/**
 * Where a record of `repository` ("owner/name") is sealed for: the repository (GitHub's names ignore
 * case, so it is lowercased) and the place in it (`where`: "thread 12", "commit <sha>", "pull 7").
 * Builds before 1.1.0 sealed for `where` alone: a job record or a refusal sealed so is still read
 * (`readRecord`, `isRefusalOf`), a note on a pull request is not (`earlierPullJob`).
 */
export function sealedAt(seal: RecordSeal, repository: string, where: string): SealedAt {
  return { seal, place: `${repository.toLowerCase()} ${where}`, where }
}

/** Whether a seal verifies for the place ('now'), for the place alone as builds before 1.1.0 sealed it ('earlier'), or not at all. */
function sealOf(at: SealedAt, kind: string, fields: (place: string) => string[], seal: string | undefined): 'now' | 'earlier' | undefined {
  if (at.seal.verifies(kind, fields(at.place), seal)) return 'now'
  return at.where !== undefined && at.seal.verifies(kind, fields(at.where), seal) ? 'earlier' : undefined
}

const jobFields = (place: string, jobId: string, key: string | undefined, ended: string | undefined): string[] => [
  place,
  jobId,
  key ?? '',
  ended ?? ''
]

/** The hidden line of a record, sealed when `at` is given; '' for a job id a marker cannot hold. */
export function recordMarker(record: { jobId: string | undefined; key?: string; ended?: string }, at?: SealedAt): string {
  if (!isMarkableJobId(record.jobId)) return ''
  const key = record.key === undefined ? '' : ` key=${encodeURIComponent(record.key)}`
  const ended = record.ended === undefined ? '' : ` ended=${encodeURIComponent(record.ended)}`
  const seal = at === undefined ? '' : ` seal=${at.seal.sign('job', jobFields(at.place, record.jobId, record.key, record.ended))}`
  return `<!-- docs-agent-action job=${markedId(record.jobId)}${key}${ended}${seal} -->`
}

const RECORD = new RegExp(
  `^<!-- docs-agent-action job=([^\\s>]{1,${MARKED_ID_MAX}})(?: key=([^\\s>]{1,4000}))?(?: ended=([a-z-]{1,20}))?(?: seal=(${SEAL_PATTERN}))? -->`
)

/**
 * The record at the start of `text` (after `prefix`), if it holds one for `key` whose seal verifies
 * for the place it is read in. Its key is compared, encoded, before the seal is checked, and nothing
 * else in the record is used before the seal verifies. A record sealed for its place alone, by a build
 * before 1.1.0, is read too (`earlier`): its seal still proves that a holder of the API key wrote it
 * for this project, trigger, prompt and place, and every trigger names a commit or an id of GitHub's
 * that another repository's copy could share only as a mirror of this one (docs/security.md).
 */
export function readRecord(text: string, key: string, at: SealedAt, prefix = ''): JobRecord | undefined {
  if (!text.startsWith(prefix)) return undefined
  // A key is short but for a release's tag, which may be long and in any script: encoded, each byte takes three characters.
  const match = RECORD.exec(text.slice(prefix.length, prefix.length + MARKED_ID_MAX + 5000))
  if (!match) return undefined
  const [, , encodedKey, ended, seal] = match
  // A record of another key, or of none, is not this trigger's: it is only compared, never decoded.
  if (encodedKey !== encodeURIComponent(key)) return undefined
  // The pattern's first group is not optional.
  const jobId = idOfMarker(match[1] as string)
  if (jobId === undefined) return undefined
  const sealed = sealOf(at, 'job', (place) => jobFields(place, jobId, key, ended), seal)
  if (sealed === undefined) return undefined
  return { jobId, key, ...(ended === undefined ? {} : { ended }), ...(sealed === 'earlier' ? { earlier: true as const } : {}) }
}

/** The record of a job with no seal, as builds before records were sealed wrote it, at the start of `text` (after `prefix`): its job id, never believed. */
const UNSEALED = /^<!-- docs-agent-action job=([\w.:-]{1,200})(?: (?:key|trigger)=[^\s>]{1,4000})?(?: ended=[a-z-]{1,20})? -->/

/** The job id of an unsealed record at the start of `text` (after `prefix`), to say that it is not believed; undefined otherwise. */
export function unsealedJob(text: string, prefix = ''): string | undefined {
  if (!text.startsWith(prefix)) return undefined
  return UNSEALED.exec(text.slice(prefix.length, prefix.length + 5000))?.[1]
}

/** How a job that is over ended, as a record keeps it; undefined while it may still run. */
export function endedOf(outcome: string): string | undefined {
  return ['opened', 'no-pr', 'failed', 'archived'].includes(outcome) ? outcome : undefined
}

/** The endings after which a later run for the same trigger creates a new job rather than watch this one. */
export const RETRIED_ENDINGS: readonly string[] = ['failed', 'archived']

/** The hidden line that marks the action's comment on the agent's pull request, with the job it is about, sealed when `at` is given. */
export function pullMarker(jobId: string, at?: SealedAt): string {
  if (!isMarkableJobId(jobId)) return ''
  const seal = at === undefined ? '' : ` seal=${at.seal.sign('pull', [at.place, jobId])}`
  return `<!-- docs-agent-action pull job=${markedId(jobId)}${seal} -->`
}

const PULL = new RegExp(`^<!-- docs-agent-action pull job=([^\\s>]{1,${MARKED_ID_MAX}})(?: seal=(${SEAL_PATTERN}))? -->`)

/** The note's job, and whether its seal is for this pull request now or, as builds before 1.1.0 sealed it, for its number alone. */
function pullNote(body: string, at: SealedAt): { jobId: string; sealed: 'now' | 'earlier' } | undefined {
  if (!body.startsWith(COMMENT_MARKER)) return undefined
  const match = PULL.exec(body.slice(COMMENT_MARKER.length, COMMENT_MARKER.length + MARKED_ID_MAX + 300))
  if (!match) return undefined
  // The pattern's first group is not optional.
  const jobId = idOfMarker(match[1] as string)
  const sealed = jobId === undefined ? undefined : sealOf(at, 'pull', (place) => [place, jobId], match[2])
  return jobId !== undefined && sealed !== undefined ? { jobId, sealed } : undefined
}

/** The job the action's comment on an agent's pull request names: the body must start with its marker, sealed for this pull request. */
export function pullMarkedJob(body: string, at: SealedAt): string | undefined {
  const note = pullNote(body, at)
  return note?.sealed === 'now' ? note.jobId : undefined
}

/**
 * The job a note by a build before 1.1.0 names, sealed for the pull request's number alone: never
 * followed, since a copy into the same number of another repository that shares the key verifies as
 * well, but named, so that the run can say why it sends nothing.
 */
export function earlierPullJob(body: string, at: SealedAt): string | undefined {
  const note = pullNote(body, at)
  return note?.sealed === 'earlier' ? note.jobId : undefined
}

/** The hidden line of the action's refusal of a person's command in a thread, sealed for the thread. */
export function refusalMarker(login: string, at: SealedAt): string {
  const who = login.toLowerCase()
  return `<!-- docs-agent-action refused=${encodeURIComponent(who)} seal=${at.seal.sign('refused', [at.place, who])} -->`
}

const REFUSAL = new RegExp(`^<!-- docs-agent-action refused=([^\\s>]{1,400}) seal=(${SEAL_PATTERN}) -->`)

/**
 * Whether `body` is the action's refusal of `login` in this thread. One sealed for the thread alone,
 * by a build before 1.1.0, counts too: a copy of it can only spare a reader an answer, never send anything.
 */
export function isRefusalOf(body: string, login: string, at: SealedAt): boolean {
  if (!body.startsWith(COMMENT_MARKER)) return false
  const match = REFUSAL.exec(body.slice(COMMENT_MARKER.length, COMMENT_MARKER.length + 600))
  const who = login.toLowerCase()
  return match !== null && match[1] === encodeURIComponent(who) && sealOf(at, 'refused', (place) => [place, who], match[2]) !== undefined
}

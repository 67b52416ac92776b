// The service's response bodies, as its OpenAPI documents declare them. No field of an agent job is
// marked required; prLink, archivedAt and source.ref are nullable. A null where the documents do
// not allow one is read as absent; a value of the wrong type is an invalid response.
import { z } from 'zod'

const text = z
  .string()
  .nullish()
  .transform((v) => v ?? undefined)

export const KNOWN_STATUSES = ['active', 'completed', 'archived', 'failed'] as const
export type KnownStatus = (typeof KNOWN_STATUSES)[number]
export const TERMINAL_STATUSES: readonly KnownStatus[] = ['completed', 'archived', 'failed']

export function isKnownStatus(status: string | undefined): status is KnownStatus {
  return (KNOWN_STATUSES as readonly (string | undefined)[]).includes(status)
}

export const agentJobSchema = z.object({
  id: text,
  status: text,
  source: z
    .object({ repository: text, ref: text })
    .nullish()
    .transform((v) => v ?? undefined),
  model: text,
  prLink: text,
  createdAt: text,
  archivedAt: text
})
/** Every field may be absent, as the documents allow. */
export type AgentJob = Partial<z.infer<typeof agentJobSchema>>

/**
 * The most characters of a job id the run takes: far more than any id the service gives, and few
 * enough that a record on GitHub holds it whole, percent-encoded.
 */
export const JOB_ID_MAX_CHARS = 1000

/**
 * Why a job id cannot be used, or undefined when it can. The documents allow any string, and the run
 * makes every other one safe where it goes: encoded as one path segment of a URL, escaped where it is
 * shown, percent-encoded in records. What no encoding makes safe is refused: an empty id, `.` and `..`
 * (which a URL resolves away as steps in its path), text that is not well-formed Unicode (which has
 * no encoding), and more than JOB_ID_MAX_CHARS characters.
 */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/

export function jobIdProblem(id: string): string | undefined {
  if (id === '') return 'it is empty'
  if (id.length > JOB_ID_MAX_CHARS) return `it is longer than ${JOB_ID_MAX_CHARS} characters`
  if (id === '.' || id === '..') return 'a URL reads it as a step in its path, not as a name'
  if (LONE_SURROGATE.test(id)) return 'it is not well-formed Unicode (a lone surrogate)'
  return undefined
}

/** Error bodies: `{error}` from the agent API; analytics add `details: [{message}]`. */
export const errorBodySchema = z.object({
  error: z.string().optional(),
  details: z
    .array(z.object({ message: z.string() }))
    .optional()
    .catch(undefined)
})

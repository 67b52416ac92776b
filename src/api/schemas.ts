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

/** The most characters of a job id the run takes: far more than any id the service gives. */
export const JOB_ID_MAX_CHARS = 200

/**
 * Why a job id cannot be used, or undefined when it can: the run puts it in a URL as one path
 * segment, in the `jobId` output and in its records. The documents give no format, so anything is
 * taken but what cannot be one segment (empty, only dots, which a URL resolves away, or a separator)
 * and what cannot be shown as it is (spaces, control and invisible characters), up to
 * JOB_ID_MAX_CHARS characters.
 */
export function jobIdProblem(id: string): string | undefined {
  if (id === '') return 'it is empty'
  if (id.length > JOB_ID_MAX_CHARS) return `it is longer than ${JOB_ID_MAX_CHARS} characters`
  if (/^\.+$/.test(id)) return 'a URL reads only dots as a step in its path, not as a name'
  if (/[/\\]/.test(id)) return 'it holds a path separator'
  if (/[\s\p{C}\p{Z}\p{Default_Ignorable_Code_Point}]/u.test(id)) return 'it holds spaces, control or invisible characters'
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

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

/** Error bodies: `{error}` from the agent API; analytics add `details: [{message}]`. */
export const errorBodySchema = z.object({
  error: z.string().optional(),
  details: z
    .array(z.object({ message: z.string() }))
    .optional()
    .catch(undefined)
})

const count = z.number().nonnegative()

export const visitorsPageSchema = z.object({
  totals: z.object({ human: count, ai: count, total: count }),
  visitors: z.array(z.object({ path: z.string(), human: count, ai: count, total: count })),
  hasMore: z.boolean()
})
export type VisitorsPage = z.infer<typeof visitorsPageSchema>
export type VisitorRow = VisitorsPage['visitors'][number]
export type VisitorTotals = VisitorsPage['totals']

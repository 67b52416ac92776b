// Whether a failed request may be sent again (mayRepeat, with the network errors of a request that
// never left), and how long to wait before it: exponential backoff with full jitter, or the server's
// Retry-After when it gives one. The service's client (api/client.ts) and GitHub's (github/client.ts)
// both decide here.

export interface RetryPolicy {
  /** Attempts in all, the first one included. */
  maxAttempts: number
  baseMs: number
  capMs: number
  random: () => number
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  maxAttempts: 5,
  baseMs: 1000,
  capMs: 30_000,
  random: Math.random
}

/** Full jitter: a random wait between 0 and min(cap, base * 2^retry), retry counting from 0. */
export function backoffDelay(retry: number, policy: RetryPolicy): number {
  const ceiling = Math.min(policy.capMs, policy.baseMs * 2 ** retry)
  return Math.floor(policy.random() * ceiling)
}

/** Retry-After as milliseconds from `now`: delay-seconds or an HTTP date. Undefined when absent or unreadable. */
export function parseRetryAfter(value: string | undefined, now: number): number | undefined {
  if (value === undefined) return undefined
  const text = value.trim()
  if (/^\d+$/.test(text)) return Number(text) * 1000
  if (!/[a-z]/i.test(text)) return undefined
  const at = Date.parse(text)
  return Number.isNaN(at) ? undefined : Math.max(0, at - now)
}

/**
 * Network error codes raised before a connection existed: a request that failed with one never left,
 * so the server cannot have acted on it.
 */
export const NEVER_SENT_CODES: ReadonlySet<string> = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'UND_ERR_CONNECT_TIMEOUT'
])

/** Whether a network error code says the request never left. */
export function neverSent(code: string | undefined): boolean {
  return code !== undefined && NEVER_SENT_CODES.has(code)
}

/** What became of a failed try: an answer, or none. */
export type Outcome =
  /** The server answered `status`; `refused` when, beyond a 429, its answer says it did not act (a 503 of the service, a rate limit of GitHub). */
  | { status: number; refused?: boolean }
  /** No answer; `sent` is false only when the request surely never left. */
  | { sent: boolean }

/**
 * Whether a failed request may be sent again. A read (GET, HEAD) may after no answer, or an answer a
 * repeat may change (408, 429, 5xx, a refusal); a write only when the server cannot have acted on
 * it: the request never left, or the server refused it (429, or a refusal it announced). A write
 * answered otherwise, or sent without an answer, may have landed, and a second one is worse than none.
 */
export function mayRepeat(method: string, outcome: Outcome): boolean {
  const read = /^(GET|HEAD)$/i.test(method)
  if ('sent' in outcome) return read || !outcome.sent
  const refused = outcome.status === 429 || outcome.refused === true
  return refused || (read && (outcome.status === 408 || outcome.status >= 500))
}

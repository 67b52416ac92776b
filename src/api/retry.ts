// How long to wait before retrying a request: exponential backoff with full jitter,
// or the service's Retry-After when it gives one.

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

// When to check a job's status. Short jobs are seen quickly (checks after 1, 2 and 3 s), then the
// gap grows by half each time until it reaches the steady interval the user chose. The steady
// interval gets ±10 % jitter, so that many runs started together do not poll in lockstep.

const FIRST_GAP_MS = 1000
const QUICK_CHECKS = 3
const GROWTH = 1.5
const JITTER = 0.1

/** Milliseconds to wait before status check number `check` (0 for the first). */
export function pollDelay(check: number, intervalMs: number, random: () => number = Math.random): number {
  const ramp = FIRST_GAP_MS * GROWTH ** Math.max(0, check - (QUICK_CHECKS - 1))
  if (ramp < intervalMs) return ramp
  const jitter = 1 + JITTER * (2 * random() - 1)
  return Math.round(intervalMs * jitter)
}

// Every wait of the run goes through one clock: the time, a sleep, a timer, a request's timeout, and
// the exchanges with the outside world. The real clock is the system's; a test gives a clock of its
// own, so that retries, Retry-After, polls and deadlines take no real time and happen at known times.

export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number
  /** Waits `ms`, or rejects with the signal's reason as soon as it aborts. */
  sleep(ms: number, signal: AbortSignal): Promise<void>
  /** Calls `fire` after `ms` unless cancelled first; gives back what cancels it. */
  timer(ms: number, fire: () => void): () => void
  /** A signal that aborts after `ms`, with a TimeoutError, like AbortSignal.timeout. */
  timeoutSignal(ms: number): AbortSignal
  /** Waits for an exchange with the outside world (a request and its answer): a test clock stands still while one is under way. */
  exchange<T>(work: Promise<T>): Promise<T>
}

/** Waits `ms` by the system's timers, or rejects with the signal's reason as soon as it aborts. */
function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) {
      reject(signal.reason as Error)
      return
    }
    const onAbort = (): void => {
      clearTimeout(timer)
      reject(signal.reason as Error)
    }
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort)
      resolve()
    }, ms)
    signal.addEventListener('abort', onAbort, { once: true })
  })
}

export const realClock: Clock = {
  now: () => Date.now(),
  sleep,
  timer(ms, fire) {
    const timer = setTimeout(fire, ms)
    return () => {
      clearTimeout(timer)
    }
  },
  timeoutSignal: (ms) => AbortSignal.timeout(ms),
  exchange: (work) => work
}
